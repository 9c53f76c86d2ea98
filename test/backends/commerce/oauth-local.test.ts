/**
 * The partner side of OAuth against a scripted token endpoint: the authorize URL, every local
 * refusal (made before any request), the Basic encoding of RFC 6749 §2.3.1 and reply checks.
 */
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CommerceClient } from "../../../src/backends/commerce/client.js";
import { CommerceOAuthError, OAuthDeniedError } from "../../../src/backends/commerce/errors.js";
import { completeAuthorization, createAuthorization, sameState } from "../../../src/backends/commerce/oauth.js";
import { basicAuthorization } from "../../../src/backends/commerce/token-exchange.js";
import { testLimits } from "./support/limits.js";
import { json, startStub, type Stub } from "./support/stub-server.js";
import { failure } from "./support/sandbox.js";

const CLIENT_ID = "app:7 partner";
const SECRET = "p%ss w:rd+".padEnd(60, "x");
const REDIRECT = "https://partner.example/callback?x=1";
const CODE = "ab".repeat(30);
const TOKEN = "T".repeat(30);

let stub: Stub;
let client: CommerceClient;

beforeAll(async () => {
  stub = await startStub();
  client = new CommerceClient({ baseUrl: `${stub.url}/api/v1`, limits: testLimits() });
});
afterAll(async () => {
  await client.close();
  await stub.close();
});
beforeEach(() => {
  stub.received.length = 0;
  stub.handle((_req, res) => json(res, 200, { access_token: TOKEN, token_type: "pop" }));
});

const exchanger = (now?: () => Date) => ({
  client,
  clientId: CLIENT_ID,
  clientSecret: SECRET,
  redirectUri: REDIRECT,
  now,
});

describe("createAuthorization", () => {
  it("builds the authorize URL with client_id, redirect_uri, space-separated scope and a fresh state", () => {
    const createdAt = new Date("2025-05-05T00:00:00Z");
    const a = createAuthorization({
      authUrl: "https://shop.example/",
      clientId: CLIENT_ID,
      redirectUri: REDIRECT,
      scopes: ["read_customers", "read_segments"],
      now: () => createdAt,
    });
    const url = new URL(a.url);
    expect(url.origin + url.pathname).toBe("https://shop.example/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT,
      scope: "read_customers read_segments",
      state: a.state,
    });
    expect(a.state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(a.createdAt).toBe(createdAt);
    const states = new Set(
      Array.from(
        { length: 50 },
        () => createAuthorization({ authUrl: "https://s", clientId: "c", redirectUri: "r", scopes: [] }).state,
      ),
    );
    expect(states.size).toBe(50);
  });

  it("compares states by value", () => {
    expect(sameState("abcdefghijk", "abcdefghijk")).toBe(true);
    expect(sameState("abcdefghijk", "abcdefghijK")).toBe(false);
    expect(sameState("abcdefghijk", "abcdefghijkl")).toBe(false);
  });
});

describe("completeAuthorization: local refusals send nothing", () => {
  const state = "s".repeat(32);

  it("refuses a state mismatch, even on an error redirect", async () => {
    for (const callbackUrl of [
      `${REDIRECT}&code=${CODE}&state=other-state-123`,
      `${REDIRECT}&code=${CODE}`,
      `${REDIRECT}&error=access_denied&state=forged-state-1`,
    ]) {
      expect((await failure(completeAuthorization({ callbackUrl, expectedState: state }, exchanger()))).code).toBe(
        "COMMERCE_OAUTH_STATE_MISMATCH",
      );
    }
    expect(stub.received).toHaveLength(0);
  });

  it("turns access_denied into OAuthDeniedError with the description, other errors into OAuth errors", async () => {
    const denied = await failure(
      completeAuthorization(
        { error: "access_denied", error_description: "The user said no", state, expectedState: state },
        exchanger(),
      ),
    );
    expect(denied).toBeInstanceOf(OAuthDeniedError);
    expect(denied).toMatchObject({
      code: "COMMERCE_OAUTH_DENIED",
      oauthError: "access_denied",
      description: "The user said no",
    });
    const other = await failure(
      completeAuthorization(
        { callbackUrl: `${REDIRECT}&error=server_error&state=${state}`, expectedState: state },
        exchanger(),
      ),
    );
    expect(other).toMatchObject({ code: "COMMERCE_OAUTH_CALLBACK", oauthError: "server_error" });
    expect(stub.received).toHaveLength(0);
  });

  it("refuses a code that is not 60 hex characters", async () => {
    for (const code of [undefined, "ab".repeat(29), `${"ab".repeat(29)}zz`, "ab".repeat(31)]) {
      expect((await failure(completeAuthorization({ code, state, expectedState: state }, exchanger()))).code).toBe(
        "COMMERCE_OAUTH_INVALID_CODE",
      );
    }
    expect(stub.received).toHaveLength(0);
  });

  it("refuses a code received 3 minutes ago or more, accepts one received just under", async () => {
    const receivedAt = new Date("2025-01-01T00:00:00Z");
    const at = (ms: number) => () => new Date(receivedAt.getTime() + ms);
    const expired = await failure(
      completeAuthorization({ code: CODE, state, expectedState: state, receivedAt }, exchanger(at(180_000))),
    );
    expect(expired.code).toBe("COMMERCE_OAUTH_CODE_EXPIRED");
    expect(stub.received).toHaveLength(0);
    const grant = await completeAuthorization(
      { code: CODE, state, expectedState: state, receivedAt },
      exchanger(at(179_999)),
    );
    expect(grant).toEqual({ accessToken: TOKEN, tokenType: "pop" });
    expect(stub.received).toHaveLength(1);
  });
});

describe("code exchange", () => {
  const state = "q".repeat(16);

  it("posts code and redirect_uri with Basic credentials form-encoded before base64", async () => {
    const grant = await completeAuthorization(
      { callbackUrl: `${REDIRECT}&code=${CODE}&state=${state}`, expectedState: state },
      exchanger(),
    );
    expect(grant).toEqual({ accessToken: TOKEN, tokenType: "pop" });
    const req = stub.received[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/oauth/access-token");
    expect(req.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({ code: CODE, redirect_uri: REDIRECT });
    const basic = Buffer.from(req.headers.authorization!.replace(/^Basic /, ""), "base64").toString();
    const [user, pass] = basic.split(":");
    expect(user).toBe("app%3A7+partner");
    expect(decodeURIComponent(pass!.replaceAll("+", " "))).toBe(SECRET);
    expect(basicAuthorization("a b", "c:d")).toBe(`Basic ${Buffer.from("a+b:c%3Ad").toString("base64")}`);
  });

  it("refuses a token_type other than pop and a token that is not 30 characters", async () => {
    stub.handle((_req, res) => json(res, 200, { access_token: TOKEN, token_type: "bearer" }));
    const wrongType = await failure(
      client.exchangeCode({ clientId: CLIENT_ID, clientSecret: SECRET, code: CODE, redirectUri: REDIRECT }),
    );
    expect(wrongType.code).toBe("COMMERCE_BAD_RESPONSE");
    expect(wrongType.message).toMatch(/token_type/);
    stub.handle((_req, res) => json(res, 200, { access_token: "short", token_type: "pop" }));
    expect(
      (
        await failure(
          client.exchangeCode({ clientId: CLIENT_ID, clientSecret: SECRET, code: CODE, redirectUri: REDIRECT }),
        )
      ).message,
    ).toMatch(/30/);
    stub.handle((_req, res) => json(res, 200, { token_type: "pop" }));
    expect(
      (
        await failure(
          client.exchangeCode({ clientId: CLIENT_ID, clientSecret: SECRET, code: CODE, redirectUri: REDIRECT }),
        )
      ).code,
    ).toBe("COMMERCE_BAD_RESPONSE");
  });

  it("turns an RFC 6749 error body into CommerceOAuthError, without the secret or code", async () => {
    stub.handle((_req, res) =>
      json(res, 400, { error: "invalid_grant", error_description: `code ${CODE} was already used` }),
    );
    const err = await failure(
      client.exchangeCode({ clientId: CLIENT_ID, clientSecret: SECRET, code: CODE, redirectUri: REDIRECT }),
    );
    expect(err).toBeInstanceOf(CommerceOAuthError);
    expect(err).toMatchObject({ code: "COMMERCE_OAUTH", oauthError: "invalid_grant", status: 400 });
    for (const shown of [err.message, String(err), JSON.stringify(err), inspect(err)]) {
      expect(shown).not.toContain(CODE);
      expect(shown).not.toContain(SECRET);
    }
  });
});
