/**
 * Email addresses as the gateway checks and compares them, for both backends. The check is of
 * shape only: each service has the final word on what it accepts, and answers with its own code
 * when it disagrees. See docs/decisions.md, "Input is sent as given; addresses compare in ASCII
 * case only".
 */

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
// \s in EMAIL misses NUL and most other control characters; no address holds one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * Whether `text` has the shape of an email address: one @, no spaces or control characters, a dot
 * in the domain. Lengths are checked before, as MAX_LENGTH.
 */
export function isEmailShape(text: string): boolean {
  return EMAIL.test(text) && !CONTROL.test(text);
}

/**
 * The key addresses are compared by: trimmed (the backends' own addresses are read trimmed), ASCII
 * letters lowered, nothing else. Full Unicode case mapping makes different addresses equal (the
 * Kelvin sign U+212A lowers to `k`); DNS compares domain names in ASCII case only.
 */
export function emailKey(email: string): string {
  const text = email.trim();
  // ASCII text lowers in one call, the cheap path (a large list indexes every address); only text
  // with other characters needs its ASCII letters lowered one run at a time.
  return NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text.toLowerCase();
}
