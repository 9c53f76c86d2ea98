/**
 * Active content a template may not carry (codes 4201 Flash, 4202 script, 4203 Java): email
 * clients do not run it, and the service refuses it rather than send it.
 */
import type { MarkupTag } from "./template-markup.js";

const FLASH_CLASSID = /d27cdb6e-ae6d-11cf-96b8-444553540000/i;
const FLASH_TYPE = /shockwave-flash|x-flash/i;
const SWF_FILE = /\.swf(?:[?#]|$)/i;
const JAVA_FILE = /\.(?:class|jar)(?:[?#]|$)/i;

// Flash and Java arrive through plugin elements; <param> carries the movie of an <object>.
const PLUGIN_ELEMENTS = new Set(["object", "embed", "param"]);

function isFlash(tag: MarkupTag): boolean {
  if (!PLUGIN_ELEMENTS.has(tag.name)) return false;
  const type = tag.attrs.get("type") ?? "";
  const classid = tag.attrs.get("classid") ?? "";
  if (FLASH_TYPE.test(type) || FLASH_CLASSID.test(classid)) return true;
  return [...tag.attrs.values()].some((v) => SWF_FILE.test(v.trim()));
}

function isJava(tag: MarkupTag): boolean {
  if (tag.name === "applet") return true;
  if (!PLUGIN_ELEMENTS.has(tag.name)) return false;
  const type = `${tag.attrs.get("type") ?? ""} ${tag.attrs.get("codetype") ?? ""}`;
  if (/x-java/i.test(type) || /^\s*java:/i.test(tag.attrs.get("classid") ?? "")) return true;
  return [...tag.attrs.values()].some((v) => JAVA_FILE.test(v.trim()));
}

/** 4201, 4202 or 4203 for the first kind of active content found (in that order), else 0. */
export function checkForbiddenContent(tags: readonly MarkupTag[]): number {
  const opening = tags.filter((t) => !t.closing);
  if (opening.some(isFlash)) return 4201;
  if (opening.some((t) => t.name === "script")) return 4202;
  if (opening.some(isJava)) return 4203;
  return 0;
}
