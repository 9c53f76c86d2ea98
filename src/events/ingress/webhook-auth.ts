/**
 * Authentication of webhook senders. The legacy service signs nothing, so its URL carries a secret
 * token; the commerce service sends `Authorization: Bearer <compact JWS>` (HS256 over
 * `{"iat", "sha256"}`, see docs/decisions.md). Every comparison of secret-derived values is
 * constant-time over equal-length digests.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { compactVerify } from "jose";
import { IngressError } from "./errors.js";

/** Shortest commerce webhook secret accepted: HS256 needs a key at least as long as its output. */
export const MIN_COMMERCE_SECRET_BYTES = 32;
/** Shortest legacy ingress token accepted, so the URL secret cannot be guessed. */
export const MIN_INGRESS_TOKEN_LENGTH = 16;
/** How far a JWS `iat` may be from the gateway's clock, either way. */
export const MAX_IAT_SKEW_SECONDS = 300;

const digest = (value: string | Uint8Array): Buffer => createHash("sha256").update(value).digest();

/** Equality of two values in time that depends on neither's content nor length. */
export function constantTimeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

/** base64url SHA-256 of the raw bytes, as the JWS payload carries it. */
export function bodySha256(body: Uint8Array): string {
  return createHash("sha256").update(body).digest("base64url");
}

/** Refuses a legacy request whose URL token is not the configured one. */
export function checkIngressToken(given: string, expected: string): void {
  if (!constantTimeEqual(given, expected)) throw new IngressError(401, "bad_token", "the ingress token is not valid");
}

// Three base64url segments; each class excludes ".", so the match is linear.
const BEARER_JWS = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/** The claims of a verified commerce webhook JWS. */
export interface CommerceClaims {
  /** When the sender signed, in Unix seconds. */
  readonly iat: number;
  /** base64url SHA-256 of the body the JWS covers. */
  readonly sha256: string;
}

// base64url of 32 bytes, unpadded: 42 characters, then one that carries the last 4 bits and 2 zero bits.
const BASE64URL_SHA256 = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/**
 * Verifies what a commerce webhook's bearer JWS says without its body: the HS256 signature with
 * the shared secret (algorithm pinned, so `none` and other algorithms fail), the claims' shape, and
 * `iat` within MAX_IAT_SKEW_SECONDS of `nowMs`. Runs before the body is read, so a request without
 * a JWS made with the secret costs no body buffer; checkBodyHash then ties the claims to the body.
 */
export async function verifyCommerceJws(
  authorization: string | undefined,
  key: Uint8Array,
  nowMs: number,
): Promise<CommerceClaims> {
  const token = authorization === undefined ? undefined : BEARER_JWS.exec(authorization.trim())?.[1];
  if (token === undefined) {
    throw new IngressError(401, "bad_signature", "expected Authorization: Bearer <compact JWS>");
  }
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, key, { algorithms: ["HS256"] }));
  } catch {
    throw new IngressError(401, "bad_signature", "the JWS does not verify (HS256 with the webhook secret)");
  }
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(payload));
  } catch {
    throw new IngressError(401, "bad_signature", "the JWS payload is not JSON");
  }
  if (typeof claims !== "object" || claims === null || Array.isArray(claims)) {
    throw new IngressError(401, "bad_signature", "the JWS payload is not a JSON object");
  }
  const { iat, sha256 } = claims as Record<string, unknown>;
  if (typeof iat !== "number" || !Number.isFinite(iat) || typeof sha256 !== "string") {
    throw new IngressError(401, "bad_signature", "the JWS payload needs a numeric iat and a sha256 string");
  }
  // A sha256 that no body can hash to is refused now, not after reading the body to compare.
  if (!BASE64URL_SHA256.test(sha256)) {
    throw new IngressError(401, "bad_signature", "the JWS sha256 must be a base64url SHA-256 (43 characters)");
  }
  if (Math.abs(nowMs / 1000 - iat) > MAX_IAT_SKEW_SECONDS) {
    throw new IngressError(401, "stale_signature", `the JWS iat is more than ${MAX_IAT_SKEW_SECONDS} s from now`);
  }
  return { iat, sha256 };
}

/** Refuses a body whose SHA-256 is not the one the verified JWS carries (constant time). */
export function checkBodyHash(claims: CommerceClaims, body: Uint8Array): void {
  if (!constantTimeEqual(claims.sha256, bodySha256(body))) {
    throw new IngressError(401, "body_hash_mismatch", "the JWS sha256 does not match the request body");
  }
}
