/** fast-check arbitraries for text the legacy codec must carry exactly, or refuse. */
import fc from "fast-check";
import { findForbiddenXmlChar } from "../../../src/backends/legacy/xml.js";

const isLegal = (text: string) => findForbiddenXmlChar(text) === -1;

// Characters that need escaping, whitespace that must survive, and a few scripts.
const MARKUP_AND_SPACE = fc.constantFrom(
  "<",
  ">",
  "&",
  '"',
  "'",
  "\t",
  "\n",
  "\r",
  " ",
  "&amp;",
  "]]>",
  "😀",
  "漢",
  "ש",
);

/** Any XML-legal Unicode text: code points of every plane, graphemes, markup characters. */
export const legalText: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.string({ unit: MARKUP_AND_SPACE, maxLength: 20 }),
  )
  .filter(isLegal);

const mailboxUnit = fc.oneof(
  fc.constantFrom("a", "z", "0", ".", "-", "_", "+", "ü", "é", "漢", "字", "😀", "ש"),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
);

/** A non-empty XML-legal Unicode text without spaces, `@` or `<`: a plausible mailbox part. */
const mailboxPart = fc
  .string({ unit: mailboxUnit, minLength: 1, maxLength: 16 })
  .filter((s) => isLegal(s) && !/[\s@<>"',;:()[\]\\]/.test(s))
  .filter((s) => !s.startsWith(".") && !s.endsWith(".") && !s.includes(".."));

/** An address with a Unicode local part and domain label. */
export const unicodeEmail: fc.Arbitrary<string> = fc
  .tuple(mailboxPart, mailboxPart, fc.constantFrom("com", "org", "de", "中国"))
  .map(([local, label, tld]) => `${local}@${label.replace(/\./g, "")}.${tld}`)
  .filter((email) => !email.includes("@."));

const FORBIDDEN = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001f",
  "\uFFFE",
  "\uFFFF",
  "\uD800",
  "\uDBFF",
  "\uDC00",
  "\uDFFF",
];

/** Text with at least one character XML 1.0 forbids, anywhere. */
export const forbiddenText: fc.Arbitrary<string> = fc
  .tuple(legalText, fc.constantFrom(...FORBIDDEN), legalText)
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** One code point of a letter or digit from any script (what the sandbox's address rule accepts). */
const letterOrDigit = fc
  .integer({ min: 0x30, max: 0x2ffff })
  .map((cp) => String.fromCodePoint(cp))
  .filter((c) => /^[\p{L}\p{N}]$/u.test(c));

/**
 * An internationalised address the sandbox accepts: letters and digits of any script in the
 * local part and the domain, an alphabetic top-level label.
 */
export const acceptedEmail: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(letterOrDigit, { minLength: 1, maxLength: 12 }),
    fc.array(letterOrDigit, { minLength: 1, maxLength: 12 }),
    fc.constantFrom("com", "de", "中国", "рф", "みんな"),
  )
  .map(([local, label, tld]) => `${local.join("")}@${label.join("")}.${tld}`);
