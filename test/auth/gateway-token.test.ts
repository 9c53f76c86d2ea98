/** Gateway tokens: what a sealed token carries, and every way a token is refused. */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CompactEncrypt } from "jose";
import {
  deriveKey,
  GatewayTokenError,
  openGatewayToken,
  sealGatewayToken,
  tokenKey,
} from "../../src/auth/gateway-token.js";
import { tokenFromArgs } from "../../scripts/token.js";
import { GATEWAY_SECRET } from "./support.js";

const key = tokenKey(GATEWAY_SECRET);
const at = (iso: string) => () => new Date(iso);
const T0 = "2026-03-18T03:00:00Z";

/** Runs `npm run -s token -- ...args` as a user does: its stdout, stderr and exit code. */
function runTokenScript(args: string[], env: Record<string, string>) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      "npm",
      ["run", "-s", "token", "--", ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function refusal(promise: Promise<unknown>): Promise<GatewayTokenError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayTokenError);
  return error as GatewayTokenError;
}

describe("gateway tokens", () => {
  it("carry the credentials, scopes, subject and expiry they were sealed with, unreadable without the key", async () => {
    const token = await sealGatewayToken(
      {
        legacyApiKey: "legacy-k",
        commerce: { kind: "oauth", accessToken: "a".repeat(30) },
        scopes: ["read_segments"],
        subject: "dana",
      },
      key,
      3600,
      at(T0),
    );
    // JWE compact with dir: header..iv.ciphertext.tag, and nothing readable in it.
    expect(token.split(".")).toHaveLength(5);
    expect(JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString())).toEqual({
      alg: "dir",
      enc: "A256GCM",
      typ: "JWT",
    });
    expect(Buffer.from(token.replaceAll(".", ""), "base64url").toString("latin1")).not.toMatch(
      /legacy-k|aaaa|read_segments/,
    );
    expect(await openGatewayToken(token, key, at("2026-03-18T03:59:59Z"))).toEqual({
      legacyApiKey: "legacy-k",
      commerce: { kind: "oauth", accessToken: "a".repeat(30) },
      scopes: ["read_segments"],
      subject: "dana",
      expiresAt: Date.parse(T0) / 1000 + 3600,
    });
  });

  it("refuses an expired token", async () => {
    const token = await sealGatewayToken({ legacyApiKey: "k", scopes: [] }, key, 60, at(T0));
    expect((await refusal(openGatewayToken(token, key, at("2026-03-18T03:01:00Z")))).reason).toBe("expired");
  });

  it("refuses a token changed anywhere: header, iv, ciphertext or tag", async () => {
    const token = await sealGatewayToken({ legacyApiKey: "k", scopes: [] }, key, 60, at(T0));
    const parts = token.split(".");
    for (const index of [0, 2, 3, 4]) {
      const changed = [...parts];
      const part = changed[index]!;
      changed[index] = part.slice(0, 5) + (part[5] === "A" ? "B" : "A") + part.slice(6);
      const error = await refusal(openGatewayToken(changed.join("."), key, at(T0)));
      expect(error.reason).toBe("invalid");
      expect(error.message).not.toContain(part);
    }
  });

  it("refuses a token sealed with another secret, or by anyone with a key of another purpose", async () => {
    const foreign = await sealGatewayToken(
      { legacyApiKey: "k", scopes: [] },
      tokenKey("another-gateway-secret-of-32-bytes-or-more"),
      60,
      at(T0),
    );
    expect((await refusal(openGatewayToken(foreign, key, at(T0)))).reason).toBe("invalid");
    const otherPurpose = await sealGatewayToken(
      { legacyApiKey: "k", scopes: [] },
      deriveKey(GATEWAY_SECRET, "login-state cookie HMAC-SHA256"),
      60,
      at(T0),
    );
    expect((await refusal(openGatewayToken(otherPurpose, key, at(T0)))).reason).toBe("invalid");
  });

  it("refuses a well-encrypted token that is not ours: no expiry, another issuer, no credential", async () => {
    const seal = (claims: Record<string, unknown>) =>
      new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
        .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
        .encrypt(key);
    const iat = Date.parse(T0) / 1000;
    const base = { iss: "mailgraph", aud: "mailgraph", iat, exp: iat + 60, lk: "k" };
    await expect(openGatewayToken(await seal(base), key, at(T0))).resolves.toMatchObject({ legacyApiKey: "k" });
    for (const claims of [
      { ...base, exp: undefined },
      { ...base, iss: "someone-else" },
      { ...base, aud: "another-service" },
      { ...base, lk: undefined },
    ]) {
      expect((await refusal(openGatewayToken(await seal(claims), key, at(T0)))).reason).toBe("invalid");
    }
  });

  it("holds every token the secret can make to the 30-day life: exp required, iat not ahead, exp - iat ≤ 30 days", async () => {
    // Minted with jose and the secret directly, as anyone holding GATEWAY_SECRET could, not by npm run token.
    const mint = (claims: Record<string, unknown>) =>
      new CompactEncrypt(new TextEncoder().encode(JSON.stringify(claims)))
        .setProtectedHeader({ alg: "dir", enc: "A256GCM", typ: "JWT" })
        .encrypt(key);
    const now = Date.parse(T0) / 1000;
    const base = { iss: "mailgraph", aud: "mailgraph", lk: "k", scp: "" };
    const opens = (claims: Record<string, unknown>) =>
      mint({ ...base, ...claims }).then((t) => openGatewayToken(t, key, at(T0)));
    const DAY = 86_400;

    // The longest life there is, and an instance whose clock runs a little ahead, are fine.
    await expect(opens({ iat: now, exp: now + 30 * DAY })).resolves.toMatchObject({ expiresAt: now + 30 * DAY });
    await expect(opens({ iat: now + 60, exp: now + 3600 })).resolves.toMatchObject({ legacyApiKey: "k" });

    const century = await refusal(opens({ iat: now, exp: now + 100 * 365 * DAY }));
    expect(century).toMatchObject({
      reason: "invalid",
      message: expect.stringMatching(/longer than 30 days \(exp - iat\)/),
    });
    expect((await refusal(opens({ iat: now, exp: now + 30 * DAY + 1 }))).message).toMatch(/longer than 30 days/);
    // A life started later than now (so it lasts 30 days past a 30-day window) is refused as well.
    const ahead = await refusal(opens({ iat: now + DAY, exp: now + 2 * DAY }));
    expect(ahead).toMatchObject({ reason: "invalid", message: expect.stringMatching(/issued in the future/) });
    expect((await refusal(opens({ iat: now + 61, exp: now + 3600 }))).message).toMatch(/issued in the future/);
    for (const claims of [{ iat: now }, { exp: now + 60 }, { iat: now, exp: "soon" }]) {
      expect((await refusal(opens(claims))).reason).toBe("invalid");
    }
  });

  it("refuses what is not a token at all, and secrets shorter than 32 bytes", async () => {
    for (const text of ["", "abc", "a.b.c", "x".repeat(9000)]) {
      expect((await refusal(openGatewayToken(text, key))).reason).toBe("malformed");
    }
    expect(() => tokenKey("x".repeat(31))).toThrow(/at least 32 bytes/);
    expect(Buffer.from(tokenKey(GATEWAY_SECRET))).toEqual(Buffer.from(tokenKey(GATEWAY_SECRET)));
    expect(Buffer.from(tokenKey(GATEWAY_SECRET))).not.toEqual(Buffer.from(deriveKey(GATEWAY_SECRET, "other")));
  });

  it("npm run token: seals the arguments' credentials for --ttl, and refuses what it cannot honour", async () => {
    const env = { GATEWAY_SECRET };
    const { token, summary } = await tokenFromArgs(
      ["--legacy-api-key", "L", "--commerce-api-key", "C", "--scopes", "read_customers read_segments", "--ttl", "2h"],
      env,
    );
    expect(summary).toBe(
      "gateway token: legacy API key, commerce API key; scopes: read_customers read_segments; commerce events: none; expires in 2h",
    );
    const opened = await openGatewayToken(token, key);
    expect(opened).toMatchObject({
      legacyApiKey: "L",
      commerce: { kind: "apiKey", apiKey: "C" },
      scopes: ["read_customers", "read_segments"],
    });
    expect(opened.expiresAt - Date.now() / 1000).toBeGreaterThan(7190);
    expect(opened.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(7200);
    expect((await openGatewayToken((await tokenFromArgs(["--commerce-api-key", "C"], env)).token, key)).scopes).toBe(
      "all",
    );
    // Partner access alone is a token of its own; other tokens never carry it.
    const partner = await tokenFromArgs(["--partner"], env);
    expect(partner.summary).toMatch(/^gateway token: partner interface; /);
    expect(await openGatewayToken(partner.token, key)).toMatchObject({ partner: true });
    expect(opened.partner).toBeUndefined();

    await expect(tokenFromArgs(["--legacy-api-key", "L"], {})).rejects.toThrow(/GATEWAY_SECRET must be set/);
    await expect(tokenFromArgs(["--ttl", "12h"], env)).rejects.toThrow(/at least one credential/);
    await expect(tokenFromArgs(["--legacy-api-key", "L", "--ttl", "31d"], env)).rejects.toThrow(/--ttl/);
    await expect(tokenFromArgs(["--commerce-api-key", "C", "--scopes", "read_everything"], env)).rejects.toThrow(
      /unknown scope/,
    );
    await expect(tokenFromArgs(["--legacy-key", "L"], env)).rejects.toThrow(/Unknown option/);
  });

  it("npm run token --commerce-user-id: binds the commerce credential to its store's events", async () => {
    const env = { GATEWAY_SECRET };
    const { token, summary } = await tokenFromArgs(["--commerce-api-key", "C", "--commerce-user-id", "usr_42"], env);
    expect(summary).toBe("gateway token: commerce API key; all scopes; commerce events: store usr_42; expires in 12h");
    expect(await openGatewayToken(token, key)).toMatchObject({ commerceUserId: "usr_42" });
    const unbound = await openGatewayToken((await tokenFromArgs(["--commerce-api-key", "C"], env)).token, key);
    expect(unbound.commerceUserId).toBeUndefined();

    await expect(tokenFromArgs(["--legacy-api-key", "L", "--commerce-user-id", "usr_42"], env)).rejects.toThrow(
      /--commerce-user-id goes with --commerce-api-key or --commerce-access-token/,
    );
    for (const bad of ["", "has space", "x".repeat(201)]) {
      await expect(tokenFromArgs(["--commerce-api-key", "C", "--commerce-user-id", bad], env)).rejects.toThrow(
        /1 to 200 visible ASCII characters/,
      );
    }
    await expect(
      sealGatewayToken({ legacyApiKey: "L", scopes: [], commerceUserId: "usr_42" }, key, 60),
    ).rejects.toThrow(/only with a commerce credential/);
  });

  it("npm run token --help prints the usage on stdout and exits 0; a wrong option still fails on stderr", async () => {
    const help = await runTokenScript(["--help"], {});
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^usage: npm run token -- \[--legacy-api-key K\]/);
    expect(help.stdout).toContain("GATEWAY_SECRET (at least 32 bytes) must be set");
    const wrong = await runTokenScript(["--legacy-key", "L"], { GATEWAY_SECRET });
    expect(wrong).toMatchObject({ code: 2, stdout: "" });
    expect(wrong.stderr).toMatch(/Unknown option '--legacy-key'/);
  }, 30_000);
});
