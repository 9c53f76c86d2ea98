/**
 * Signers without a backend: header shapes, claims, fresh timestamps and the key-length rule, which
 * start-up configuration applies too.
 */
import { compactVerify, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";
import {
  apiKeySigner,
  HMAC_MIN_KEY_BYTES,
  hmacKeyLongEnough,
  partnerSigner,
  popSigner,
  signerSecrets,
  type HmacAlgorithm,
} from "../../../src/backends/commerce/auth.js";
import { CommerceConfigError } from "../../../src/backends/commerce/errors.js";
import { ConfigError, loadConfig } from "../../../src/config.js";
import { secretOf } from "./support/limits.js";

const SECRET60 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX";
const TOKEN30 = "abcdefghijklmnopqrstuvwxyz0123";
const key = (s: string) => new TextEncoder().encode(s);

async function verify(header: string, scheme: string, secret: string) {
  expect(header.startsWith(`${scheme} `)).toBe(true);
  const jws = header.slice(scheme.length + 1);
  expect(jws.split(".")).toHaveLength(3);
  const { payload, protectedHeader } = await compactVerify(jws, key(secret));
  return { claims: JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>, alg: protectedHeader.alg };
}

describe("apiKeySigner", () => {
  it("sends X-ApiKey and nothing else", async () => {
    const signer = apiKeySigner("key-123456");
    expect(signer.scheme).toBe("apiKey");
    expect(await signer.headers()).toEqual({ "X-ApiKey": "key-123456" });
  });

  it("refuses an empty key or one with a line break, without quoting it", () => {
    expect(() => apiKeySigner("")).toThrow(CommerceConfigError);
    const err = (() => {
      try {
        apiKeySigner("secret-key\r\nX-Evil: 1");
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(CommerceConfigError);
    expect(String(err)).not.toContain("secret-key");
  });
});

describe("popSigner", () => {
  it("signs {at, ts} with the client secret, HS256 by default", async () => {
    const signer = popSigner({
      accessToken: TOKEN30,
      clientSecret: SECRET60,
      now: () => new Date("2025-01-02T03:04:05.999Z"),
    });
    expect(signer.scheme).toBe("pop");
    const { claims, alg } = await verify((await signer.headers()).Authorization!, "PoP", SECRET60);
    expect(alg).toBe("HS256");
    expect(claims).toEqual({ at: TOKEN30, ts: Date.parse("2025-01-02T03:04:05Z") / 1000 });
  });

  it("takes a fresh ts for every request", async () => {
    let t = Date.parse("2025-01-01T00:00:00Z");
    const signer = popSigner({ accessToken: TOKEN30, clientSecret: SECRET60, now: () => new Date(t) });
    const first = await verify((await signer.headers()).Authorization!, "PoP", SECRET60);
    t += 61_000;
    const second = await verify((await signer.headers()).Authorization!, "PoP", SECRET60);
    expect(Number(second.claims.ts) - Number(first.claims.ts)).toBe(61);
  });

  it.each<[HmacAlgorithm, number]>([
    ["HS256", 32],
    ["HS384", 48],
    ["HS512", 64],
  ])("%s accepts a %i-byte secret and refuses one byte less", async (algorithm, bytes) => {
    const signer = popSigner({ accessToken: TOKEN30, clientSecret: secretOf(bytes), algorithm });
    const header = (await signer.headers()).Authorization!;
    expect(decodeProtectedHeader(header.slice(4)).alg).toBe(algorithm);
    await verify(header, "PoP", secretOf(bytes));
    expect(() => popSigner({ accessToken: TOKEN30, clientSecret: secretOf(bytes - 1), algorithm })).toThrow(
      new RegExp(`${algorithm}.*RFC 7518 §3\\.2.*${bytes} bytes`),
    );
  });

  it("refuses HS512 with the spec's 60-character secret, naming algorithm and rule but not the secret", () => {
    let caught: unknown;
    try {
      popSigner({ accessToken: TOKEN30, clientSecret: SECRET60, algorithm: "HS512" });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CommerceConfigError);
    const err = caught as CommerceConfigError;
    expect(err.code).toBe("COMMERCE_CONFIG");
    expect(err.message).toMatch(/HS512/);
    expect(err.message).toMatch(/64 bytes/);
    expect(`${String(err)} ${JSON.stringify(err)}`).not.toContain(SECRET60);
  });

  it("counts bytes, not characters: multi-byte secrets meet the length rule by their UTF-8 size", async () => {
    const secret = "é".repeat(16); // 16 characters, 32 bytes
    const signer = popSigner({ accessToken: TOKEN30, clientSecret: secret });
    await verify((await signer.headers()).Authorization!, "PoP", secret);
  });

  it("refuses an empty access token", () => {
    expect(() => popSigner({ accessToken: "", clientSecret: SECRET60 })).toThrow(/access token is empty/);
  });

  it("registers its secrets for scrubbing", () => {
    expect(signerSecrets(popSigner({ accessToken: TOKEN30, clientSecret: SECRET60 }))).toEqual([TOKEN30, SECRET60]);
  });
});

describe("partnerSigner", () => {
  it("signs {iss, iat} as a Bearer token", async () => {
    const signer = partnerSigner({ appId: "app_42", clientSecret: SECRET60, now: () => new Date(1_700_000_000_500) });
    expect(signer.scheme).toBe("partner");
    const { claims, alg } = await verify((await signer.headers()).Authorization!, "Bearer", SECRET60);
    expect(alg).toBe("HS256");
    expect(claims).toEqual({ iss: "app_42", iat: 1_700_000_000 });
  });

  it("applies the same key-length rule", () => {
    expect(() => partnerSigner({ appId: "a", clientSecret: SECRET60, algorithm: "HS512" })).toThrow(
      CommerceConfigError,
    );
    expect(partnerSigner({ appId: "a", clientSecret: SECRET60, algorithm: "HS384" }).scheme).toBe("partner");
  });
});

describe("hmacKeyLongEnough", () => {
  it.each([
    ["HS256", 32],
    ["HS384", 48],
    ["HS512", 64],
  ] as const)("%s needs %i bytes, counted in UTF-8, and agrees with the signers", (algorithm, bytes) => {
    expect(HMAC_MIN_KEY_BYTES[algorithm]).toBe(bytes);
    expect(hmacKeyLongEnough(secretOf(bytes - 1), algorithm)).toBe(false);
    expect(hmacKeyLongEnough(secretOf(bytes), algorithm)).toBe(true);
    // "é" is two bytes: half as many characters meet the rule.
    expect(hmacKeyLongEnough("é".repeat(bytes / 2), algorithm)).toBe(true);
    expect(() => popSigner({ accessToken: TOKEN30, clientSecret: secretOf(bytes - 1), algorithm })).toThrow(
      CommerceConfigError,
    );
    expect(() => popSigner({ accessToken: TOKEN30, clientSecret: secretOf(bytes), algorithm })).not.toThrow();
  });

  it("is false for an algorithm outside the three", () => {
    expect(hmacKeyLongEnough(secretOf(128), "toString" as HmacAlgorithm)).toBe(false);
  });
});

describe("start-up configuration", () => {
  it("refuses COMMERCE_POP_ALG=HS512 with the spec's 60-character client secret, without showing the secret", () => {
    let caught: unknown;
    try {
      loadConfig({ COMMERCE_POP_ALG: "HS512", COMMERCE_CLIENT_SECRET: SECRET60 });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const err = caught as ConfigError;
    expect(err.problems).toEqual([expect.stringMatching(/COMMERCE_CLIENT_SECRET.*COMMERCE_POP_ALG=HS512.*64 bytes/)]);
    expect(`${String(err)} ${JSON.stringify(err)}`).not.toContain(SECRET60);
  });

  it.each<[HmacAlgorithm, number]>([
    ["HS256", 32],
    ["HS384", 48],
    ["HS512", 64],
  ])("accepts %s with a %i-byte secret and refuses one byte less", (alg, bytes) => {
    expect(loadConfig({ COMMERCE_POP_ALG: alg, COMMERCE_CLIENT_SECRET: secretOf(bytes) }).commerce).toMatchObject({
      popAlgorithm: alg,
    });
    expect(() => loadConfig({ COMMERCE_POP_ALG: alg, COMMERCE_CLIENT_SECRET: secretOf(bytes - 1) })).toThrow(
      ConfigError,
    );
  });

  it("accepts HS256 (the default) and HS384 with a 60-character secret", () => {
    expect(loadConfig({ COMMERCE_CLIENT_SECRET: SECRET60 }).commerce.popAlgorithm).toBe("HS256");
    expect(loadConfig({ COMMERCE_POP_ALG: "HS384", COMMERCE_CLIENT_SECRET: SECRET60 }).commerce.popAlgorithm).toBe(
      "HS384",
    );
  });
});
