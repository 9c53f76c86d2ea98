/**
 * The names entries are filed under: a scope per credential, an HMAC of the credential's secrets
 * keyed from GATEWAY_SECRET or CACHE_SECRET (the same on every instance), never the credential;
 * and a key per read (the backend, the operation and its parameters, hashed to a bounded length).
 */
import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/** Key material of scopes: derived from a configured secret, or made up for one instance. */
export function scopeKey(secret: string | undefined): Buffer {
  if (secret === undefined) return randomBytes(32);
  return Buffer.from(hkdfSync("sha256", secret, "", "mailgraph cache scope v1", 32));
}

/** The scope of a credential: `kind` (legacy, commerce-apiKey, …) and its secrets, keyed-hashed. */
export function scopeOf(key: Buffer, kind: string, secrets: readonly string[]): string {
  const hmac = createHmac("sha256", key).update(kind);
  // Lengths first, so ["ab","c"] and ["a","bc"] differ.
  for (const secret of secrets) hmac.update(`\u0000${secret.length}:${secret}`);
  return hmac.digest("base64url").slice(0, 32);
}

/** The key of one read: `<backend>:<operation>:<hash of its parameters>`. */
export function readKey(backend: string, operation: string, params: string): string {
  return `${backend}:${operation}:${createHash("sha256").update(params).digest("base64url").slice(0, 22)}`;
}
