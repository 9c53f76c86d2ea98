/**
 * The unsubscribe tag: present outside comments, closed, and holding plain text of at least three
 * characters (4301, 4300, 4304, 4125, 4303, 4302). The service turns its text into the link, so
 * the author must not put a link there.
 */
import { textOf, type MarkupTag, type TemplateMarkup } from "./template-markup.js";
import { TEMPLATE_TAG, opens } from "./template-tags.js";

const MIN_TEXT_LENGTH = 3;
const URL_TEXT = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bmailto:|\bwww\.)/i;
const OPENING_IN_COMMENT = new RegExp(`<${TEMPLATE_TAG.unsubscribe}(?=[\\s/>])`, "i");

interface UnsubscribeTag {
  open: number;
  /** Index of the end tag; equals `open` for a self-closing tag. */
  close: number;
  openTag: MarkupTag;
  closeTag: MarkupTag;
}

/** The first failing unsubscribe check in the order 4301, 4300, 4304, 4125, 4303, 4302, else 0. */
export function checkUnsubscribe(markup: TemplateMarkup): number {
  if (markup.comments.some((c) => OPENING_IN_COMMENT.test(c))) return 4301;
  const { tags, visible } = markup;
  const found: UnsubscribeTag[] = [];
  for (const [i, tag] of tags.entries()) {
    if (!opens(tag, TEMPLATE_TAG.unsubscribe)) continue;
    if (tag.selfClosing) {
      found.push({ open: i, close: i, openTag: tag, closeTag: tag });
      continue;
    }
    // Closed means: the next unsubscribe tag after this one is its end tag.
    const next = tags.findIndex((t, j) => j > i && t.name === TEMPLATE_TAG.unsubscribe);
    const end = tags[next];
    if (!end?.closing) return 4304;
    found.push({ open: i, close: next, openTag: tag, closeTag: end });
  }
  if (found.length === 0) return 4300;

  const inner = (u: UnsubscribeTag) => tags.slice(u.open + 1, u.close);
  const text = (u: UnsubscribeTag) =>
    u.open === u.close ? "" : textOf(visible.slice(u.openTag.end, u.closeTag.start));
  if (found.some((u) => inner(u).some((t) => opens(t, "a")))) return 4125;
  if (found.some((u) => u.openTag.attrs.has("href") || URL_TEXT.test(text(u)))) return 4303;
  if (found.some((u) => [...text(u)].length < MIN_TEXT_LENGTH)) return 4302;
  return 0;
}
