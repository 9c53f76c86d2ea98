/**
 * Scrubbing of credentials out of text that may end up in an error: a server could echo a header
 * or token back in its message, and transport errors could quote request details.
 */

/** Shorter strings are not scrubbed: they would blank out ordinary words. */
const SHORTEST_SECRET = 4;
/** JWS segments shorter than this are too generic to be worth scrubbing on their own. */
const SHORTEST_SEGMENT = 8;

/**
 * The credential header values of a request as secrets: each whole value, the token after the
 * scheme word, and the token's JWS segments (the scheme word itself is not secret).
 */
export function secretsFromHeaders(credentialHeaders: Record<string, string>): string[] {
  const out: string[] = [];
  for (const value of Object.values(credentialHeaders)) {
    out.push(value);
    const token = /^\S+\s+(\S+)$/.exec(value.trim())?.[1];
    if (token === undefined) continue;
    out.push(token, ...token.split(".").filter((s) => s.length >= SHORTEST_SEGMENT));
  }
  return out;
}

/** Replaces every occurrence of every secret (long enough to be one) with "[redacted]". */
export function redact(text: string, secrets: readonly string[]): string {
  const ordered = [...new Set(secrets)].filter((s) => s.length >= SHORTEST_SECRET).sort((a, b) => b.length - a.length);
  let out = text;
  for (const secret of ordered) out = out.split(secret).join("[redacted]");
  return out;
}

/** A copy of an error safe to keep as `cause`: name, code and a scrubbed message, nothing else. */
export function sanitizedCause(error: unknown, secrets: readonly string[]): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const copy = new Error(redact(source.message, secrets));
  copy.name = source.name;
  const code = (source as { code?: unknown }).code;
  if (typeof code === "string") Object.assign(copy, { code });
  return copy;
}
