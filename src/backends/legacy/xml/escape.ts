/**
 * What a request needs of XML: escaping of values, and the check for characters XML 1.0 forbids
 * (which no escape can carry). The reply reader runs the same check over a whole reply.
 */

/**
 * A character outside the XML 1.0 Char production: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD,
 * U+10000–U+10FFFF. The `u` flag makes a lone surrogate one code point that falls outside every range.
 */
export const FORBIDDEN_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Index of the first character XML 1.0 forbids (C0 controls, U+FFFE/FFFF, lone surrogates), or -1. */
export function findForbiddenXmlChar(text: string): number {
  const match = FORBIDDEN_XML_CHAR.exec(text);
  return match ? match.index : -1;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // A parser turns a literal CR (and CRLF) into LF; a reference keeps it.
  "\r": "&#xD;",
};

/** Escapes the five XML special characters and CR, so the value survives in text and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => ESCAPES[c] ?? c);
}
