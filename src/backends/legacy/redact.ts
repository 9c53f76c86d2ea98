/**
 * Keeps the API key out of error text. Server-supplied text (fault strings, Result messages,
 * status pages) and low-level error messages can echo a request back, so every such text passes
 * through a redactor before it reaches an error message.
 */

/** Replaces every occurrence of a secret (as sent, and URL-encoded) with a marker. */
export type Redactor = (text: string) => string;

const MARKER = "[redacted]";

/** A redactor for one API key; the identity when there is no key. */
export function redactorFor(secret: string | undefined): Redactor {
  if (!secret) return (text) => text;
  const forms = [...new Set([secret, ...encodedForms(secret)])].sort(
    (a, b) => b.length - a.length,
  );
  return (text) => forms.reduce((out, form) => out.split(form).join(MARKER), text);
}

// A key travels URL-encoded over GET/POST, and URLSearchParams writes spaces as "+": an echo of
// the query string could hold either form.
function encodedForms(secret: string): string[] {
  try {
    return [encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2)];
  } catch {
    return []; // a lone surrogate cannot be URL-encoded, so it was never sent that way
  }
}
