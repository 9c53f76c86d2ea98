/**
 * The request authenticator on its own: which credential a request ends with, and that an OAuth
 * user's commerce calls are signed as PoP ({at, ts}) with the app's secret and the configured
 * algorithm.
 */
import { describe, expect, it } from "vitest";
import { compactVerify, decodeProtectedHeader } from "jose";
import { sealGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import { createRequestAuthenticator, type RequestAuthOptions } from "../../src/auth/request-auth.js";
import { GATEWAY_SECRET } from "./support.js";

const key = tokenKey(GATEWAY_SECRET);
const CLIENT_SECRET = "c".repeat(60);
const ACCESS_TOKEN = "A".repeat(30);

const options = (over: Partial<RequestAuthOptions> = {}): RequestAuthOptions => ({
  mode: "token",
  tokenKey: key,
  allowCredentialHeaders: false,
  configured: { legacyApiKey: "configured-legacy", commerce: undefined },
  pop: { clientSecret: CLIENT_SECRET, algorithm: "HS384" },
  ...over,
});

describe("createRequestAuthenticator", () => {
  it("signs an OAuth user's calls as PoP with a fresh ts, the app's secret and the configured algorithm", async () => {
    const token = await sealGatewayToken(
      { commerce: { kind: "oauth", accessToken: ACCESS_TOKEN }, scopes: ["read_segments"], subject: "dana" },
      key,
      600,
    );
    const credentials = await createRequestAuthenticator(options())(new Headers({ authorization: `Bearer ${token}` }));
    expect(credentials.legacyApiKey).toBeUndefined();
    expect(credentials.subject).toBe("dana");
    expect(credentials.commerce?.scopes).toEqual(["read_segments"]);
    expect(credentials.commerce?.signer.scheme).toBe("pop");
    const { Authorization } = await credentials.commerce!.signer.headers();
    const jws = Authorization!.replace(/^PoP /, "");
    expect(decodeProtectedHeader(jws)).toEqual({ alg: "HS384" });
    const { payload } = await compactVerify(jws, new TextEncoder().encode(CLIENT_SECRET));
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { at: string; ts: number };
    expect(claims.at).toBe(ACCESS_TOKEN);
    expect(Math.abs(claims.ts - Date.now() / 1000)).toBeLessThan(5);
  });

  it("in token mode never falls back to the configured keys; in open mode fills what the token lacks", async () => {
    const token = await sealGatewayToken({ commerce: { kind: "apiKey", apiKey: "ck" }, scopes: "all" }, key, 600);
    const headers = new Headers({ authorization: `Bearer ${token}` });
    expect((await createRequestAuthenticator(options())(headers)).legacyApiKey).toBeUndefined();
    const open = await createRequestAuthenticator(options({ mode: "open" }))(headers);
    expect(open.legacyApiKey).toBe("configured-legacy");
    expect(open.commerce?.scopes).toBe("all");
    expect(open.commerce?.signer.scheme).toBe("apiKey");
  });

  it("refuses an OAuth token when the gateway has no client secret to sign with", async () => {
    const token = await sealGatewayToken(
      { commerce: { kind: "oauth", accessToken: ACCESS_TOKEN }, scopes: [] },
      key,
      600,
    );
    const authenticate = createRequestAuthenticator(options({ pop: { clientSecret: undefined, algorithm: "HS256" } }));
    await expect(authenticate(new Headers({ authorization: `Bearer ${token}` }))).rejects.toMatchObject({
      extensions: { code: "UNAUTHENTICATED" },
      message: expect.stringMatching(/no COMMERCE_CLIENT_SECRET/),
    });
  });

  it("lets allowed credential headers win over the token's part for the same backend", async () => {
    const token = await sealGatewayToken({ legacyApiKey: "from-token", scopes: [] }, key, 600);
    const authenticate = createRequestAuthenticator(options({ allowCredentialHeaders: true }));
    const both = await authenticate(
      new Headers({ authorization: `Bearer ${token}`, "x-legacy-api-key": "from-header", "x-commerce-api-key": "ck" }),
    );
    expect(both.legacyApiKey).toBe("from-header");
    expect(both.commerce?.scopes).toBe("all");
    expect((await authenticate(new Headers({ "x-legacy-api-key": "only-header" }))).legacyApiKey).toBe("only-header");
  });
});
