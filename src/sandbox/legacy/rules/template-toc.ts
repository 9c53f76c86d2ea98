/**
 * The table of contents and its repeater-title tags (4108, 4111, 4110, 4109, 4118).
 */
import type { MarkupTag } from "./template-markup.js";
import { TEMPLATE_TAG } from "./template-tags.js";

/** The first failing table-of-contents check in the order 4108, 4111, 4110, 4109, 4118, else 0. */
export function checkTableOfContents(tags: readonly MarkupTag[], repeaterCount: number): number {
  let depth = 0;
  let anyTocTag = false;
  let anyToc = false;
  let titleOutside = false;
  let emptyToc = false;
  let titleInCurrent = false;
  for (const tag of tags) {
    if (tag.name === TEMPLATE_TAG.repeaterTitle && !tag.closing) {
      if (depth === 0) titleOutside = true;
      else titleInCurrent = true;
    } else if (tag.name === TEMPLATE_TAG.toc) {
      anyTocTag = true;
      if (tag.closing) {
        // A stray end tag opens nothing; it only tells 4110 from 4111.
        if (depth > 0 && --depth === 0 && !titleInCurrent) emptyToc = true;
      } else {
        anyToc = true;
        if (tag.selfClosing) {
          if (depth === 0) emptyToc = true;
        } else if (depth++ === 0) {
          titleInCurrent = false;
        }
      }
    }
  }
  if (depth > 0) return 4108;
  if (titleOutside) return anyTocTag ? 4110 : 4111;
  if (emptyToc) return 4109;
  if (anyToc && repeaterCount === 0) return 4118;
  return 0;
}
