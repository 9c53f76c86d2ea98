/**
 * The sandbox's template tag language (the spec names the checks, not the tags); the table in
 * docs/decisions.md describes each tag.
 */
import type { MarkupTag } from "./template-markup.js";

/** Tag names of the template language. */
export const TEMPLATE_TAG = Object.freeze({
  title: "cm-title",
  description: "cm-description",
  image: "cm-image",
  repeater: "cm-repeater",
  row: "cm-row",
  toc: "cm-toc",
  repeaterTitle: "cm-repeatertitle",
  unsubscribe: "cm-unsubscribe",
} as const);

/** The attribute that flags the repeater feeding the table of contents. */
export const TOC_FLAG = "toc";

/** True for a start or self-closing tag named `name`. */
export function opens(tag: MarkupTag, name: string): boolean {
  return tag.name === name && !tag.closing;
}

/** True when an image tag states its width as a positive whole number of pixels. */
export function hasPixelWidth(tag: MarkupTag): boolean {
  const width = (tag.attrs.get("width") ?? "").trim();
  return /^\d+$/.test(width) && Number(width) > 0;
}
