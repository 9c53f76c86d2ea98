/**
 * Keeps credentials out of error text, for both backends. Server-supplied text (fault strings,
 * error bodies, status pages) and low-level error messages can echo a request back, so every such
 * text passes through a redactor built from the secrets that request carried.
 */

/** Replaces every occurrence of the secrets it was built for with "[redacted]". */
export type Redactor = (text: string) => string;

const MARKER = "[redacted]";
/** JWS segments shorter than this are too generic to be worth scrubbing on their own. */
const SHORTEST_SEGMENT = 8;

/**
 * A redactor for some secrets, each scrubbed as sent and in its URL-encoded forms (a key travels
 * in a GET query or a form body, so an echo of either holds the encoded form). Empty and missing
 * secrets are skipped; with none left, the redactor is the identity.
 */
export function redactorFor(secrets: string | undefined | readonly (string | undefined)[]): Redactor {
  const list = typeof secrets === "string" || secrets === undefined ? [secrets] : secrets;
  const forms = new Set<string>();
  for (const secret of list) {
    if (!secret) continue;
    forms.add(secret);
    for (const form of encodedForms(secret)) forms.add(form);
  }
  // Longest first, so a secret that contains another is replaced whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text) => ordered.reduce((out, form) => out.split(form).join(MARKER), text);
}

// URLSearchParams writes spaces as "+", encodeURIComponent as "%20": an echo could hold either.
function encodedForms(secret: string): string[] {
  try {
    return [encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2)];
  } catch {
    return []; // a lone surrogate cannot be URL-encoded, so it was never sent that way
  }
}

/** Replaces every occurrence of every secret with "[redacted]". */
export function redact(text: string, secrets: readonly string[]): string {
  return redactorFor(secrets)(text);
}

/**
 * The credential header values of a request as secrets: each whole value, the token after the
 * scheme word, and the token's JWS segments (the scheme word itself is not secret).
 */
export function secretsFromHeaders(credentialHeaders: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const value of Object.values(credentialHeaders)) {
    out.push(value);
    const token = /^\S+\s+(\S+)$/.exec(value.trim())?.[1];
    if (token === undefined) continue;
    out.push(token, ...token.split(".").filter((s) => s.length >= SHORTEST_SEGMENT));
  }
  return out;
}

/** A copy of an error safe to keep as `cause`: name, code and a scrubbed message, nothing else. */
export function sanitizedCause(error: unknown, redactText: Redactor): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redactText(source.message));
  copy.name = source.name;
  const code = (source as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code });
  return copy;
}
