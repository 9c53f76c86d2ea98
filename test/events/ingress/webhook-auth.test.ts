/**
 * The commerce JWS is verified in two steps: verifyCommerceJws before the body is read (signature,
 * claims, iat), checkBodyHash after. The claims' shape check must never refuse a hash a real body
 * has.
 */
import { randomBytes } from "node:crypto";
import { CompactSign } from "jose";
import { describe, expect, it } from "vitest";
import { IngressError } from "../../../src/events/ingress/errors.js";
import { bodySha256, checkBodyHash, verifyCommerceJws } from "../../../src/events/ingress/webhook-auth.js";

const key = new TextEncoder().encode("webhook-auth-unit-test-secret-0123456789");
const NOW_MS = Date.parse("2024-03-04T10:00:00Z");

async function bearer(claims: Record<string, unknown>): Promise<string> {
  const token = await new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: "HS256" })
    .sign(key);
  return `Bearer ${token}`;
}

async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IngressError);
  return [(error as IngressError).status, (error as IngressError).code];
}

describe("verifyCommerceJws", () => {
  it("takes the sha256 of any body: 500 random ones of 0 to 64 bytes", async () => {
    for (let i = 0; i < 500; i++) {
      const body = randomBytes(i % 65);
      const claims = await verifyCommerceJws(
        await bearer({ iat: NOW_MS / 1000, sha256: bodySha256(body) }),
        key,
        NOW_MS,
      );
      expect(() => checkBodyHash(claims, body)).not.toThrow();
    }
  });

  it("refuses a sha256 claim no body can hash to, before any body is seen", async () => {
    const real = bodySha256(new Uint8Array([1, 2, 3]));
    for (const sha256 of ["", "abc", `${real}=`, real.slice(1), `${real.slice(0, -1)}B`, `${real.slice(0, -1)}+`]) {
      expect(await refusal(verifyCommerceJws(await bearer({ iat: NOW_MS / 1000, sha256 }), key, NOW_MS))).toEqual([
        401,
        "bad_signature",
      ]);
    }
  });

  it("refuses a stale iat and a forged signature without a body", async () => {
    const sha256 = bodySha256(new Uint8Array(0));
    expect(await refusal(verifyCommerceJws(await bearer({ iat: NOW_MS / 1000 - 301, sha256 }), key, NOW_MS))).toEqual([
      401,
      "stale_signature",
    ]);
    // The first character of the signature carries 6 bits of it, all significant.
    const [head, payload, signature = ""] = (await bearer({ iat: NOW_MS / 1000, sha256 })).split(".");
    const forged = `${head}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect(await refusal(verifyCommerceJws(forged, key, NOW_MS))).toEqual([401, "bad_signature"]);
  });
});

describe("checkBodyHash", () => {
  it("refuses a body other than the one the claims cover", async () => {
    const claims = await verifyCommerceJws(
      await bearer({ iat: NOW_MS / 1000, sha256: bodySha256(Buffer.from("{}")) }),
      key,
      NOW_MS,
    );
    expect(() => checkBodyHash(claims, Buffer.from("{ }"))).toThrow(
      expect.objectContaining({ status: 401, code: "body_hash_mismatch" }),
    );
  });
});
