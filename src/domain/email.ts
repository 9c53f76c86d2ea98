/**
 * Email addresses as the gateway checks and compares them, for both backends.
 *
 * Shape: deliberately the shape only (one @, no spaces or control characters, a dot in the
 * domain): each service has the final word on what it accepts and answers with its own code when
 * it disagrees. Lengths are checked before, as MAX_LENGTH.
 *
 * Comparison: surrounding white space aside (the backends' own addresses are read trimmed), and
 * without regard to the case of ASCII letters only. Full Unicode case mapping
 * (String.prototype.toLowerCase) makes different addresses equal: the Kelvin sign U+212A lowers to
 * `k`, so `\u212Aate@example.com` matched kate@example.com and unsubscribeEverywhere unsubscribed
 * her. Neither spec says how a backend compares addresses; DNS compares domain names in ASCII case
 * only, and mailbox providers fold ASCII case in local parts. Anything else must match exactly.
 */

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
// \s in EMAIL misses NUL and most other control characters; no address holds one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const NON_ASCII = /[^\u0000-\u007f]/;

/** Whether `text` has the shape of an email address. */
export function isEmailShape(text: string): boolean {
  return EMAIL.test(text) && !CONTROL.test(text);
}

/** The key addresses are compared by (see above). */
export function emailKey(email: string): string {
  const text = email.trim();
  // ASCII text lowers as it is (a tenth of the time: a large list indexes every address); only
  // text with other characters needs its ASCII letters lowered one run at a time.
  return NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text.toLowerCase();
}
