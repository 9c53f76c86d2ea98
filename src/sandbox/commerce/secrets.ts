/**
 * Random secrets the sandbox hands out (codes, access tokens, CSRF values) and constant-time
 * comparison of presented ones.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** `bytes` random bytes as lower-case hex (twice as many characters). */
export const randomHex = (bytes: number): string => randomBytes(bytes).toString("hex");

/** A random alphanumeric string of exactly `length` characters. */
export function randomAlphanumeric(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** Compares two secrets without leaking where they differ (hashing equalizes the lengths). */
export function sameSecret(presented: string, expected: string): boolean {
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
