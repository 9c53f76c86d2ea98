/**
 * Repeaters: their nesting (4102, 4126, 4128), the table-of-contents flag (4127) and what each
 * holds (4129, 4104, 4120, 4121, 4123, 4103).
 */
import type { MarkupTag } from "./template-markup.js";
import { TEMPLATE_TAG, TOC_FLAG, hasPixelWidth, opens } from "./template-tags.js";

/** One well-formed repeater: indexes of its start and end tags in the tag list. */
export interface Repeater {
  open: number;
  close: number;
}

/** The repeaters of a template, or the structural error that prevents reading them. */
export type RepeaterReading = { code: 0; repeaters: Repeater[] } | { code: 4126 | 4128 | 4102 };

/** Pairs repeater start and end tags; 4126, 4128 and 4102 are checked in that order. */
export function readRepeaters(tags: readonly MarkupTag[]): RepeaterReading {
  const repeaters: Repeater[] = [];
  let depth = 0;
  let openedAt = -1;
  let closedBeforeOpened = false;
  let nested = false;
  tags.forEach((tag, i) => {
    if (tag.name !== TEMPLATE_TAG.repeater) return;
    if (tag.closing) {
      if (depth === 0) closedBeforeOpened = true;
      else if (--depth === 0) repeaters.push({ open: openedAt, close: i });
      return;
    }
    if (depth > 0) nested = true;
    if (tag.selfClosing) {
      if (depth === 0) repeaters.push({ open: i, close: i });
      return;
    }
    if (depth++ === 0) openedAt = i;
  });
  if (closedBeforeOpened) return { code: 4126 };
  if (nested) return { code: 4128 };
  if (depth > 0) return { code: 4102 };
  return { code: 0, repeaters };
}

/** True when tag `index` lies inside one of `repeaters`. */
export function insideRepeater(index: number, repeaters: readonly Repeater[]): boolean {
  return repeaters.some((r) => index > r.open && index < r.close);
}

type ContentRule = [code: number, fails: (inner: readonly MarkupTag[]) => boolean];

const count = (inner: readonly MarkupTag[], name: string) => inner.filter((t) => opens(t, name)).length;

// Checked rule by rule, each across every repeater before the next.
const CONTENT_RULES: readonly ContentRule[] = [
  [4129, (inner) => count(inner, TEMPLATE_TAG.row) > 1],
  [
    4104,
    (inner) =>
      count(inner, TEMPLATE_TAG.title) + count(inner, TEMPLATE_TAG.description) + count(inner, TEMPLATE_TAG.image) ===
      0,
  ],
  [4120, (inner) => count(inner, TEMPLATE_TAG.title) > 1],
  [4121, (inner) => count(inner, TEMPLATE_TAG.description) > 1],
  [4123, (inner) => count(inner, TEMPLATE_TAG.image) > 1],
  [4103, (inner) => inner.some((t) => opens(t, TEMPLATE_TAG.image) && !hasPixelWidth(t))],
];

/** 4127 when several repeaters feed the table of contents, then the content rules; else 0. */
export function checkRepeaters(tags: readonly MarkupTag[], repeaters: readonly Repeater[]): number {
  const flagged = repeaters.filter((r) => tags[r.open]?.attrs.has(TOC_FLAG));
  if (flagged.length > 1) return 4127;
  const inners = repeaters.map((r) => tags.slice(r.open + 1, r.close));
  for (const [code, fails] of CONTENT_RULES) {
    if (inners.some(fails)) return code;
  }
  return 0;
}
