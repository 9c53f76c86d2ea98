/**
 * References in character data: the five predefined entities and character references, decoded
 * in one left-to-right pass (so `&amp;lt;` becomes `&lt;` exactly once); anything else after an
 * `&` is refused, since entities are never declared nor expanded. The reply reader decodes with
 * these steps too, stopping inside a reference where a slice ends; the sandbox decodes requests
 * with decodeXmlReferences.
 */
import { quoted, XmlReplyError } from "./errors.js";
import { findForbiddenXmlChar } from "./escape.js";

const PREDEFINED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Why a reference could not be decoded; the sandbox maps these onto its own SOAP faults. */
export type XmlReferenceFault = "undeclared-entity" | "bare-ampersand" | "forbidden-character";

/** A reference in character data that XML (with entities off) does not allow. */
export class XmlReferenceError extends XmlReplyError {
  constructor(
    readonly fault: XmlReferenceFault,
    message: string,
    /** The entity name, for an undeclared entity. */
    readonly entity?: string,
  ) {
    super("malformed", message);
    this.name = "XmlReferenceError";
  }
}

export const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
export const isAsciiLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
// The name characters the earlier pattern took ([\w.-]): letters, digits, "_", "." and "-".
const isNameChar = (c: number) => isAsciiLetter(c) || isDigit(c) || c === 0x5f || c === 0x2e || c === 0x2d;

/**
 * Decodes the five predefined entities and character references in one left-to-right pass, so
 * `&amp;lt;` becomes `&lt;` exactly once. Anything else after an `&` throws XmlReferenceError.
 * A scan rather than a pattern: the text is the backend's, and its cost must stay linear.
 */
export function decodeXmlReferences(raw: string): string {
  let amp = raw.indexOf("&");
  if (amp === -1) return raw;
  let out = "";
  let from = 0;
  while (amp !== -1) {
    out += raw.slice(from, amp);
    const { char, end } = referenceAt(raw, amp);
    out += char;
    from = end;
    amp = raw.indexOf("&", from);
  }
  return out + raw.slice(from);
}

// What follows the `&` of a reference: a name, decimal digits (`&#`) or hex digits (`&#x`).
export const NAMED = 0;
const DECIMAL = 1;
const HEX = 2;
export type ReferenceKind = typeof NAMED | typeof DECIMAL | typeof HEX;

/** The kind of the reference at `amp`; throws for a bare `&`. */
export function referenceKind(raw: string, amp: number): ReferenceKind {
  if (raw.charCodeAt(amp + 1) === 0x23 /* # */) return raw.charCodeAt(amp + 2) === 0x78 /* x */ ? HEX : DECIMAL;
  if (!isAsciiLetter(raw.charCodeAt(amp + 1)))
    throw new XmlReferenceError("bare-ampersand", "a bare & in character data");
  return NAMED;
}

export const referenceStart = (amp: number, kind: ReferenceKind) => amp + (kind === NAMED ? 1 : kind === HEX ? 3 : 2);

/** Whether `c` goes on with a reference of `kind` (its name, or its digits). */
export const continuesReference = (kind: ReferenceKind, c: number) =>
  kind === NAMED ? isNameChar(c) : kind === HEX ? isHexDigit(c) : isDigit(c);

/** The character the reference at `amp` stands for, and the index just past its `;`. */
function referenceAt(raw: string, amp: number): { char: string; end: number } {
  const kind = referenceKind(raw, amp);
  const start = referenceStart(amp, kind);
  let i = start;
  // The first digit that is not a leading zero, found on the way.
  let significant = -1;
  for (; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (!continuesReference(kind, c)) break;
    if (significant === -1 && c !== 0x30) significant = i;
  }
  return { char: referenceValue(raw, kind, start, i, significant), end: i + 1 };
}

/**
 * The character of a reference of `kind` whose name or digits run from `start` to `end` (where its
 * `;` should be); `significant` is its first digit other than a leading zero (-1: none). Throws
 * XmlReferenceError for anything but a predefined entity or a character XML allows.
 */
export function referenceValue(
  raw: string,
  kind: ReferenceKind,
  start: number,
  end: number,
  significant: number,
): string {
  if (raw.charCodeAt(end) !== 0x3b /* ; */ || (kind !== NAMED && end === start)) {
    throw new XmlReferenceError("bare-ampersand", "a bare & in character data");
  }
  if (kind === NAMED) {
    const name = raw.slice(start, end);
    const value = Object.hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined;
    if (value === undefined)
      throw new XmlReferenceError("undeclared-entity", `undeclared entity &${quoted(name)};`, name);
    return value;
  }
  const first = significant === -1 ? end - 1 : significant;
  // More digits than 0x10FFFF has in either base is out of range; parsing them would lose precision.
  const codePoint = end - first > 7 ? Infinity : Number.parseInt(raw.slice(first, end), kind === HEX ? 16 : 10);
  const char = codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : "";
  if (char === "" || findForbiddenXmlChar(char) !== -1) {
    throw new XmlReferenceError("forbidden-character", "a character reference to a character XML forbids");
  }
  return char;
}
