/**
 * How long an HMAC key must be (RFC 7518 §3.2: at least the hash's output size). jose does not
 * check it, so start-up checks and the signers both ask here: one statement of the rule.
 */

/** The HMAC algorithms of JWS that the gateway signs and verifies with. */
export type HmacAlgorithm = "HS256" | "HS384" | "HS512";

/** Minimum key length in bytes per algorithm. */
export const HMAC_MIN_KEY_BYTES: Readonly<Record<HmacAlgorithm, number>> = Object.freeze({
  HS256: 32,
  HS384: 48,
  HS512: 64,
});

/** True when a secret, as the UTF-8 bytes HMAC is keyed with, is long enough for the algorithm. */
export function hmacKeyLongEnough(secret: string, algorithm: HmacAlgorithm): boolean {
  if (!Object.hasOwn(HMAC_MIN_KEY_BYTES, algorithm)) return false;
  return Buffer.byteLength(secret, "utf8") >= HMAC_MIN_KEY_BYTES[algorithm];
}
