/**
 * The content checks of Template.Update (spec: "Template content checks"), in the order written
 * down in docs/decisions.md: active content, repeaters, table of contents, title/description and
 * images, unsubscribe tag, zip references. Markup inside HTML comments is ignored, except that an
 * unsubscribe tag there is itself an error (4301).
 */
import { readMarkup } from "./template-markup.js";
import { checkForbiddenContent } from "./template-forbidden.js";
import { checkRepeaters, insideRepeater, readRepeaters } from "./template-repeaters.js";
import { checkTableOfContents } from "./template-toc.js";
import { checkUnsubscribe } from "./template-unsubscribe.js";
import { checkZipReferences } from "./template-zip-references.js";
import { TEMPLATE_TAG, hasPixelWidth, opens } from "./template-tags.js";

/** 0 when `html` passes every content check, else the first failing code. */
export function checkTemplateContent(html: string, zipEntries?: readonly string[]): number {
  const markup = readMarkup(html);
  const { tags } = markup;

  const forbidden = checkForbiddenContent(tags);
  if (forbidden !== 0) return forbidden;

  const reading = readRepeaters(tags);
  if (reading.code !== 0) return reading.code;
  const { repeaters } = reading;
  const repeaterCode = checkRepeaters(tags, repeaters);
  if (repeaterCode !== 0) return repeaterCode;

  const tocCode = checkTableOfContents(tags, repeaters.length);
  if (tocCode !== 0) return tocCode;

  if (!tags.some((t) => opens(t, TEMPLATE_TAG.title) || opens(t, TEMPLATE_TAG.description))) return 4101;
  const looseImageWithoutWidth = tags.some(
    (t, i) => opens(t, TEMPLATE_TAG.image) && !insideRepeater(i, repeaters) && !hasPixelWidth(t),
  );
  if (looseImageWithoutWidth) return 4124;

  const unsubscribeCode = checkUnsubscribe(markup);
  if (unsubscribeCode !== 0) return unsubscribeCode;

  return zipEntries === undefined ? 0 : checkZipReferences(tags, zipEntries);
}
