/**
 * PoP tokens against the sandbox: the 3-minute ts window on both sides, algorithms, secrets and
 * tokens the signer would never produce (signed by hand with jose), and partner tokens.
 */
import { CompactSign, decodeProtectedHeader, generateKeyPair } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partnerSigner, popSigner } from "../../../src/backends/commerce/auth.js";
import { CommerceConfigError } from "../../../src/backends/commerce/errors.js";
import { failure, rawAuthorization, startRig, type Rig } from "./support/sandbox.js";

let rig: Rig;
let token: string;
beforeAll(async () => {
  rig = await startRig();
  token = rig.sb.issueAccessToken({ scopes: ["read_segments"] });
});
afterAll(() => rig.close());

const secret = () => rig.sb.demo.app.clientSecret;
const bytes = (s: string) => new TextEncoder().encode(s);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/** A PoP token signed by hand: any header, any claims, any key. */
async function handSigned(
  claims: Record<string, unknown>,
  alg: string,
  key: Parameters<CompactSign["sign"]>[0],
): Promise<string> {
  const jws = await new CompactSign(bytes(JSON.stringify(claims))).setProtectedHeader({ alg }).sign(key);
  return `PoP ${jws}`;
}

const nowTs = () => Math.floor(rig.clock.ms / 1000);

describe("ts window", () => {
  it.each([-179, 179, 0])("accepts a signer clock %i s away from the service", async (offset) => {
    const signer = popSigner({ accessToken: token, clientSecret: secret(), now: rig.clock.skewed(offset * 1000) });
    expect((await rig.client.listSegments(signer)).length).toBeGreaterThan(0);
  });

  it.each([-181, 181])("refuses a signer clock %i s away", async (offset) => {
    const signer = popSigner({ accessToken: token, clientSecret: secret(), now: rig.clock.skewed(offset * 1000) });
    const err = await failure(rig.client.listSegments(signer));
    expect(err.code).toBe("COMMERCE_UNAUTHENTICATED");
    expect(err.message).toMatch(/ts/);
  });

  it("follows the service clock: a token fine now is stale once the service moves 181 s on", async () => {
    const frozen = rig.clock.ms;
    const signer = popSigner({ accessToken: token, clientSecret: secret(), now: () => new Date(frozen) });
    expect((await rig.client.listSegments(signer)).length).toBeGreaterThan(0);
    rig.clock.advance(181_000);
    try {
      expect((await failure(rig.client.listSegments(signer))).code).toBe("COMMERCE_UNAUTHENTICATED");
    } finally {
      rig.clock.ms = frozen;
    }
  });

  it("refuses a token without ts", async () => {
    const auth = rawAuthorization(await handSigned({ at: token }, "HS256", bytes(secret())));
    expect((await failure(rig.client.listSegments(auth))).message).toMatch(/ts/);
  });
});

describe("algorithms and keys", () => {
  it("accepts HS256 and HS384 signers", async () => {
    for (const algorithm of ["HS256", "HS384"] as const) {
      const signer = popSigner({ accessToken: token, clientSecret: secret(), algorithm, now: rig.clock.now });
      expect((await rig.client.listSegments(signer)).length).toBeGreaterThan(0);
    }
  });

  it("refuses to build HS512 with the 60-character secret, builds it with a 64-byte one", async () => {
    expect(secret()).toHaveLength(60);
    expect(() => popSigner({ accessToken: token, clientSecret: secret(), algorithm: "HS512" })).toThrow(
      CommerceConfigError,
    );
    const long = popSigner({
      accessToken: token,
      clientSecret: secret().padEnd(64, "0"),
      algorithm: "HS512",
      now: rig.clock.now,
    });
    expect((await long.headers()).Authorization).toMatch(/^PoP eyJ/);
    // The service keys with its 60-character secret, so a 64-byte key is a different key: refused.
    expect((await failure(rig.client.listSegments(long))).code).toBe("COMMERCE_UNAUTHENTICATED");
  });

  it("signs HS512 PoP and partner tokens the service accepts when the app's secret has 64 bytes", async () => {
    const app = {
      id: "hs512-app",
      name: "HS512 App",
      secret: "k".repeat(32) + "K".repeat(32),
      redirectUri: "http://127.0.0.1:4000/cb",
    };
    rig.sb.store.apps.set(app.id, app);
    try {
      const at = rig.sb.store.issueAccessToken(app.id, rig.sb.demo.user.id, ["read_segments"]).token;
      const pop = popSigner({ accessToken: at, clientSecret: app.secret, algorithm: "HS512", now: rig.clock.now });
      expect(decodeProtectedHeader((await pop.headers()).Authorization!.slice("PoP ".length)).alg).toBe("HS512");
      expect((await rig.client.listSegments(pop)).map((s) => s.id)).toContain(rig.sb.demo.segments.all);
      const partner = partnerSigner({
        appId: app.id,
        clientSecret: app.secret,
        algorithm: "HS512",
        now: rig.clock.now,
      });
      expect((await rig.client.partnerRoot(partner)).app).toEqual({ id: app.id, name: app.name });
      // The same token signed with the demo app's secret is another app's signature: refused.
      const forged = popSigner({ accessToken: at, clientSecret: secret(), now: rig.clock.now });
      expect((await failure(rig.client.listSegments(forged))).code).toBe("COMMERCE_UNAUTHENTICATED");
    } finally {
      rig.sb.store.apps.delete(app.id);
    }
  });

  it("refuses a token signed with another secret", async () => {
    const auth = rawAuthorization(await handSigned({ at: token, ts: nowTs() }, "HS256", bytes("x".repeat(60))));
    expect((await failure(rig.client.listSegments(auth))).message).toMatch(/signature/);
  });

  it("refuses alg none and asymmetric algorithms", async () => {
    const unsigned = `PoP ${b64({ alg: "none" })}.${b64({ at: token, ts: nowTs() })}.`;
    expect((await failure(rig.client.listSegments(rawAuthorization(unsigned)))).code).toBe("COMMERCE_UNAUTHENTICATED");
    const { privateKey } = await generateKeyPair("ES256");
    const es256 = rawAuthorization(await handSigned({ at: token, ts: nowTs() }, "ES256", privateKey));
    expect((await failure(rig.client.listSegments(es256))).code).toBe("COMMERCE_UNAUTHENTICATED");
  });

  it("refuses an unknown access token and a token that is not a JWS", async () => {
    const unknown = popSigner({ accessToken: "Z".repeat(30), clientSecret: secret(), now: rig.clock.now });
    expect((await failure(rig.client.listSegments(unknown))).message).toMatch(/unknown access token/);
    expect((await failure(rig.client.listSegments(rawAuthorization("PoP not-a-jws")))).code).toBe(
      "COMMERCE_UNAUTHENTICATED",
    );
  });
});

describe("partner tokens", () => {
  it("accept HS256 and HS384, refuse another secret and an unknown app", async () => {
    const { clientId } = rig.sb.demo.app;
    for (const algorithm of ["HS256", "HS384"] as const) {
      const root = await rig.client.partnerRoot(partnerSigner({ appId: clientId, clientSecret: secret(), algorithm }));
      expect(root.app.id).toBe(clientId);
    }
    const wrongSecret = partnerSigner({ appId: clientId, clientSecret: "y".repeat(60) });
    expect((await failure(rig.client.partnerRoot(wrongSecret))).code).toBe("COMMERCE_UNAUTHENTICATED");
    const unknownApp = partnerSigner({ appId: "someone-else", clientSecret: secret() });
    expect((await failure(rig.client.partnerRoot(unknownApp))).code).toBe("COMMERCE_UNAUTHENTICATED");
  });
});
