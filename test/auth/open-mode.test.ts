/**
 * AUTH_MODE=open (npm start's default with embedded sandboxes) next to gateway tokens: the
 * configured keys serve callers without one, a token or session wins for the backends it carries,
 * a bad Authorization is still refused, a stale session is ignored. And the auth settings' rules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import { ConfigError, configWarnings, loadConfig } from "../../src/config.js";
import { startStack, type Stack } from "../support/stack.js";
import { GATEWAY_SECRET, query } from "./support.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ commerce: true, env: { GATEWAY_SECRET } });
});
afterAll(() => stack.close());

const BOTH = `query OpenBoth { clients { name } store { customerList(listId: "cl_newsletter") { subscribers(first: 1) { totalCount } } } }`;
const key = tokenKey(GATEWAY_SECRET);
const codesOf = (res: Awaited<ReturnType<typeof query>>) =>
  res.body.errors?.map((e) => [e.path?.join("."), e.extensions?.code]);

describe("AUTH_MODE=open", () => {
  it("serves a caller without a token with the configured keys", async () => {
    const res = await query(stack.gateway.url, BOTH);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });

  it("lets a session's commerce credential and scopes win, the configured legacy key filling in", async () => {
    const session = await sealGatewayToken(
      { commerce: { kind: "apiKey", apiKey: stack.commerce!.demo.apiKey }, scopes: ["read_segments"] },
      key,
      600,
    );
    const res = await query(stack.gateway.url, BOTH, { cookie: `mailgraph_session=${session}` });
    expect(codesOf(res)).toEqual([["store.customerList.subscribers", "FORBIDDEN"]]);
    expect((res.body.data?.clients as unknown[]).length).toBeGreaterThan(0);
  });

  it("refuses an Authorization that does not open, but ignores a stale session cookie", async () => {
    const bad = await query(stack.gateway.url, BOTH, { authorization: "Bearer garbage" });
    expect(bad.status).toBe(401);
    expect(bad.body.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    const stale = await sealGatewayToken(
      { legacyApiKey: "x", scopes: [] },
      tokenKey("another-secret-of-at-least-32-bytes!!"),
      600,
    );
    const res = await query(stack.gateway.url, BOTH, { cookie: `mailgraph_session=${stale}` });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
  });
});

describe("a gateway that cannot run the login", () => {
  it("says so on a page, and GraphiQL offers no login", async () => {
    // This gateway has a GATEWAY_SECRET and a commerce backend, but no partner application.
    const res = await fetch(`${stack.gateway.url}/auth/commerce/login`, { redirect: "manual" });
    expect(res.status).toBe(503);
    const page = await res.text();
    expect(page).toContain("Login is not available");
    expect(page).toContain("COMMERCE_CLIENT_ID and COMMERCE_CLIENT_SECRET");
    const graphiql = await (await fetch(`${stack.gateway.url}/graphql`, { headers: { accept: "text/html" } })).text();
    expect(graphiql).toMatch(/<html/i);
    expect(graphiql).not.toContain("mailgraph-login");
  });
});

describe("auth settings", () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
  };

  it("reads AUTH_MODE, ALLOW_CREDENTIAL_HEADERS, AUTH_RETURN_ORIGINS and AUTH_SESSION_TTL", () => {
    expect(
      loadConfig({
        COMMERCE_URL: "https://shop.example.com/api/v1",
        GATEWAY_SECRET,
        ALLOW_CREDENTIAL_HEADERS: "TRUE",
        AUTH_RETURN_ORIGINS: "https://app.example.com, http://localhost:5173",
        AUTH_SESSION_TTL: "30m",
      }).auth,
    ).toEqual({
      mode: "token",
      secret: GATEWAY_SECRET,
      allowCredentialHeaders: true,
      returnOrigins: ["https://app.example.com", "http://localhost:5173"],
      sessionTtlSeconds: 1800,
    });
    expect(loadConfig({ AUTH_MODE: "Token", GATEWAY_SECRET }).auth).toMatchObject({
      mode: "token",
      allowCredentialHeaders: false,
      returnOrigins: [],
      sessionTtlSeconds: 8 * 3600,
    });
    expect(loadConfig({ LEGACY_URL: "https://lists.example.com", AUTH_MODE: "open" }).auth.mode).toBe("open");
  });

  it("warns at start-up that configured backend keys serve nobody in token mode", () => {
    const env = { LEGACY_URL: "https://lists.example.com", GATEWAY_SECRET };
    expect(configWarnings(loadConfig({ ...env, LEGACY_API_KEY: "k" }))).toEqual([
      expect.stringMatching(/^AUTH_MODE=token: the configured LEGACY_API_KEY .* serve no caller/),
    ]);
    expect(configWarnings(loadConfig(env))).toEqual([]);
  });

  it("names each broken rule, never echoing the secret", () => {
    expect(
      problems({
        AUTH_MODE: "closed",
        GATEWAY_SECRET: "too-short-secret",
        ALLOW_CREDENTIAL_HEADERS: "yes",
        AUTH_RETURN_ORIGINS: "app.example.com",
        AUTH_SESSION_TTL: "2m",
      }),
    ).toEqual([
      "AUTH_MODE must be open or token",
      "GATEWAY_SECRET must have at least 32 bytes (it keys A256GCM through HKDF)",
      "ALLOW_CREDENTIAL_HEADERS must be true or false",
      "AUTH_RETURN_ORIGINS must list origins such as https://app.example.com, comma-separated (item 1 of 1: not a URL)",
      "AUTH_SESSION_TTL must be a duration from 5m to 30d such as 8h (got a duration under 5m)",
    ]);
    expect(problems({ AUTH_MODE: "token" })).toEqual([
      "GATEWAY_SECRET is required with AUTH_MODE=token: set a secret of at least 32 bytes, or AUTH_MODE=open",
    ]);
    expect(problems({ AUTH_MODE: "open", AUTH_RETURN_ORIGINS: "*" })).toEqual([
      "AUTH_RETURN_ORIGINS must name origins one by one, not *",
    ]);
  });
});
