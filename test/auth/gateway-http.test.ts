/**
 * AUTH_MODE=token over HTTP and graphql-ws: what a request without a valid gateway token gets
 * (401 UNAUTHENTICATED, close code 4401), what a token's credentials reach, the credential
 * headers rule, and that cookie sessions cannot be driven by other pages (no mutation over GET,
 * CSRF prevention).
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CompactEncrypt } from "jose";
import { WebSocket } from "ws";
import { sealGatewayToken, tokenKey, type GatewayClaims } from "../../src/auth/gateway-token.js";
import { loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { createGateway, type Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import { LIST_FEED } from "../schema/events/subscriptions-support.js";
import { GATEWAY_SECRET, query, startAuthStack, type AuthStack } from "./support.js";

let stack: AuthStack;
/** The same backends behind a gateway that also takes X-*-Api-Key headers. */
let withHeaders: Gateway;
beforeAll(async () => {
  stack = await startAuthStack({ LEGACY_API_KEY: DEMO.apiKey, COMMERCE_API_KEY: "demo-commerce-key" });
  withHeaders = await createGateway(
    loadConfig({
      HOST: "127.0.0.1",
      PORT: "0",
      LEGACY_URL: stack.legacy.url,
      COMMERCE_URL: stack.commerce.baseUrl,
      GATEWAY_SECRET,
      ALLOW_CREDENTIAL_HEADERS: "true",
    }),
  );
});
afterAll(async () => {
  await withHeaders.close();
  await stack.close();
});

const CLIENTS = "query AuthClients { clients { name } }";
const SEGMENTS_AND_SUBSCRIBERS = `query AuthScopes { store { segments { segmentId } customerList(listId: "cl_newsletter") { subscribers(first: 1) { totalCount } } } }`;
const key = tokenKey(GATEWAY_SECRET);
const tokenFor = (claims: GatewayClaims, ttl = 600, now?: () => Date) => sealGatewayToken(claims, key, ttl, now);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function expectUnauthenticated(res: Awaited<ReturnType<typeof query>>, message: RegExp) {
  expect(res.status).toBe(401);
  expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors).toEqual([
    { message: expect.stringMatching(message), extensions: { code: "UNAUTHENTICATED" } },
  ]);
}

describe("AUTH_MODE=token over HTTP", () => {
  it("is the default with backend URLs, and needs GATEWAY_SECRET of 32 bytes", () => {
    const env = { LEGACY_URL: stack.legacy.url };
    expect(loadConfig({ ...env, GATEWAY_SECRET }).auth.mode).toBe("token");
    expect(loadConfig({}).auth.mode).toBe("open");
    expect(() => loadConfig(env)).toThrow(/GATEWAY_SECRET is required with AUTH_MODE=token \(the default/);
    expect(() => loadConfig({ ...env, GATEWAY_SECRET: "short-secret" })).toThrow(
      /GATEWAY_SECRET must have at least 32 bytes/,
    );
    try {
      loadConfig({ ...env, GATEWAY_SECRET: "short-secret" });
    } catch (error) {
      expect(String(error)).not.toContain("short-secret");
    }
  });

  it("refuses a request without a token with 401 UNAUTHENTICATED, and never calls a backend", async () => {
    const before = stack.legacy.calls.entries().length;
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS), /gateway token is required/);
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS, { authorization: "Basic dXNlcjpwYXNz" }), /Bearer/);
    expect(stack.legacy.calls.entries().length).toBe(before);
  });

  it("refuses tampered, expired and foreign-key tokens with 401 UNAUTHENTICATED", async () => {
    const good = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] });
    const parts = good.split(".");
    const ciphertext = parts[3]!;
    parts[3] = (ciphertext[0] === "A" ? "B" : "A") + ciphertext.slice(1);
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS, bearer(parts.join("."))), /not valid/);

    const expired = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] }, 60, () => new Date(Date.now() - 61_000));
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS, bearer(expired)), /expired/);

    const foreign = await sealGatewayToken(
      { legacyApiKey: DEMO.apiKey, scopes: [] },
      tokenKey("a-different-gateway-secret-32-bytes+"),
      600,
    );
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS, bearer(foreign)), /not valid/);
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS, bearer("not-a-token")), /not a token/);

    const ok = await query(stack.gateway.url, CLIENTS, bearer(good));
    expect(ok.status).toBe(200);
    expect((ok.body.data?.clients as unknown[]).length).toBe(Object.keys(DEMO.clients).length);
  });

  it("refuses a token minted with the secret to live beyond 30 days, or issued in the future", async () => {
    const mint = (iat: number, exp: number) =>
      new CompactEncrypt(
        new TextEncoder().encode(JSON.stringify({ iss: "mailgraph", aud: "mailgraph", iat, exp, lk: DEMO.apiKey })),
      )
        .setProtectedHeader({ alg: "dir", enc: "A256GCM", typ: "JWT" })
        .encrypt(key);
    const now = Math.floor(Date.now() / 1000);
    const century = await mint(now, now + 100 * 365 * 86_400);
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS, bearer(century)), /lives longer than 30 days/);
    const ahead = await mint(now + 86_400, now + 2 * 86_400);
    expectUnauthenticated(await query(stack.gateway.url, CLIENTS, bearer(ahead)), /issued in the future/);
    expect((await query(stack.gateway.url, CLIENTS, bearer(await mint(now, now + 600)))).status).toBe(200);
  });

  it("uses only the token's credentials: the configured keys serve no caller", async () => {
    // A commerce-only token: legacy fields have no key (the configured LEGACY_API_KEY is not used).
    const commerceOnly = await tokenFor({ commerce: { kind: "apiKey", apiKey: "demo-commerce-key" }, scopes: "all" });
    const res = await query(
      stack.gateway.url,
      "query AuthBoth { clients { name } store { segments { segmentId } } }",
      bearer(commerceOnly),
    );
    expect(res.status).toBe(200);
    expect(res.body.errors?.map((e) => [e.path?.join("."), e.extensions?.code])).toEqual([
      ["clients", "UNAUTHENTICATED"],
    ]);
    expect((res.body.data?.store as { segments: unknown[] }).segments.length).toBeGreaterThan(0);
  });

  it("narrows a commerce API key to the token's scopes: FORBIDDEN on fields needing more", async () => {
    const narrowed = await tokenFor({
      commerce: { kind: "apiKey", apiKey: "demo-commerce-key" },
      scopes: ["read_segments"],
    });
    stack.commerce.calls.reset();
    const res = await query(stack.gateway.url, SEGMENTS_AND_SUBSCRIBERS, bearer(narrowed));
    expect(res.body.errors?.map((e) => [e.path?.join("."), e.extensions?.code])).toEqual([
      ["store.customerList.subscribers", "FORBIDDEN"],
    ]);
    expect(stack.commerce.calls.count("GET /customer-lists/:id/subscribers")).toBe(0);
  });

  it("refuses raw backend keys in headers unless ALLOW_CREDENTIAL_HEADERS=true", async () => {
    expectUnauthenticated(
      await query(stack.gateway.url, CLIENTS, { "x-legacy-api-key": DEMO.apiKey }),
      /not accepted by this gateway/,
    );
    const token = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] });
    expectUnauthenticated(
      await query(stack.gateway.url, CLIENTS, { ...bearer(token), "x-commerce-api-key": "demo-commerce-key" }),
      /not accepted/,
    );
    const allowed = await query(withHeaders.url, CLIENTS, { "x-legacy-api-key": DEMO.apiKey });
    expect(allowed.status).toBe(200);
    expect(allowed.body.errors).toBeUndefined();
    expectUnauthenticated(await query(withHeaders.url, CLIENTS), /gateway token is required/);
  });

  it("reads the partner interface only for tokens made for it, never for other tokens, sessions or header keys", async () => {
    const PARTNER = "query AuthPartner { partnerRoot { appId } }";
    const partnerCalls = () => stack.commerce.calls.count("GET /partners/");
    const before = partnerCalls();
    const storeUser = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] });
    for (const headers of [bearer(storeUser), { cookie: `mailgraph_session=${storeUser}` }]) {
      const refused = await query(stack.gateway.url, PARTNER, headers);
      expect(refused.body.data).toEqual({ partnerRoot: null });
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({
        code: "FORBIDDEN",
        requiredCredential: "partner",
      });
    }
    const viaHeader = await query(withHeaders.url, PARTNER, { "x-commerce-api-key": "demo-commerce-key" });
    expect(viaHeader.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(partnerCalls()).toBe(before);

    const operator = await tokenFor({ partner: true, scopes: [] });
    const allowed = await query(stack.gateway.url, PARTNER, bearer(operator));
    expect(allowed.body.errors).toBeUndefined();
    expect(allowed.body.data).toEqual({ partnerRoot: { appId: stack.commerce.demo.app.clientId } });
    expect(partnerCalls()).toBe(before + 1);
  });

  it("still serves GraphiQL's page without a token (logging in starts from there)", async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<html/i);
  });
});

describe("cookie sessions and cross-site requests", () => {
  const MUTATION = `mutation AuthGetWrite { subscribeToCustomerList(input: { listId: "cl_newsletter", email: "get-write@example.org" }) { __typename } }`;

  it("runs no mutation over GET, even with a valid session cookie", async () => {
    const token = await tokenFor({ commerce: { kind: "apiKey", apiKey: "demo-commerce-key" }, scopes: "all" });
    stack.commerce.calls.reset();
    const res = await fetch(`${stack.gateway.url}/graphql?query=${encodeURIComponent(MUTATION)}`, {
      headers: { cookie: `mailgraph_session=${token}`, "x-graphql-yoga-csrf": "1", accept: "application/json" },
    });
    expect(res.status).toBe(405);
    expect(stack.commerce.calls.count("PUT /customer-lists/:id/subscriptions")).toBe(0);
  });

  it("refuses a simple cross-site form post carrying the cookie (CSRF prevention)", async () => {
    const token = await tokenFor({ commerce: { kind: "apiKey", apiKey: "demo-commerce-key" }, scopes: "all" });
    stack.commerce.calls.reset();
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: "POST",
      headers: { cookie: `mailgraph_session=${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["query", MUTATION]]).toString(),
    });
    expect(res.status).toBe(403);
    expect(stack.commerce.calls.count("PUT /customer-lists/:id/subscriptions")).toBe(0);
  });

  it("treats a stale session cookie as a 401 that says to log in again", async () => {
    const stale = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] }, 60, () => new Date(Date.now() - 120_000));
    expectUnauthenticated(
      await query(stack.gateway.url, CLIENTS, { cookie: `other=1; mailgraph_session=${stale}` }),
      /login session is no longer valid \(it has expired\): log in again/,
    );
  });
});

describe("AUTH_MODE=token over graphql-ws", () => {
  /** Opens a graphql-ws socket, sends connection_init with `payload`, and reports how it ended. */
  function connect(gateway: Gateway, payload: unknown, headers: Record<string, string> = {}) {
    return new Promise<{ acked: boolean; code: number | undefined; socket: WebSocket }>((resolve, reject) => {
      const socket = new WebSocket(`${gateway.url.replace("http", "ws")}/graphql`, "graphql-transport-ws", { headers });
      socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init", payload })));
      socket.once("message", (data) => {
        const message = JSON.parse((data as Buffer).toString("utf8")) as { type: string };
        resolve({ acked: message.type === "connection_ack", code: undefined, socket });
      });
      socket.once("close", (code) => resolve({ acked: false, code, socket }));
      socket.once("error", reject);
    });
  }

  async function subscribeOnce(socket: WebSocket, source: string): Promise<unknown> {
    return new Promise((resolve) => {
      socket.on("message", (data) => {
        const message = JSON.parse((data as Buffer).toString("utf8")) as { type: string; payload?: unknown };
        if (message.type === "next" || message.type === "error") resolve(message.payload);
      });
      socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: source } }));
    });
  }

  it("closes a connection without a token with 4401", async () => {
    expect((await connect(stack.gateway, {})).code).toBe(4401);
    expect((await connect(stack.gateway, { authorization: "Bearer not-a-token" })).code).toBe(4401);
    const expired = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] }, 60, () => new Date(Date.now() - 61_000));
    expect((await connect(stack.gateway, { authorization: `Bearer ${expired}` })).code).toBe(4401);
  });

  it("closes a connection with 4401 when the token that opened it expires", async () => {
    const token = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] }, 2);
    const opened = await connect(stack.gateway, { authorization: `Bearer ${token}` });
    expect(opened.acked).toBe(true);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      opened.socket.once("close", (code, reason) => resolve({ code, reason: reason.toString("utf8") })),
    );
    expect(closed).toEqual({ code: 4401, reason: "Token expired" });
  });

  it("closes an SSE stream when the token that opened it expires, as it does a websocket", async () => {
    const token = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] }, 2);
    const { port } = new URL(stack.gateway.url);
    const body = JSON.stringify({ query: LIST_FEED, variables: { list: demo.newsletter } });
    const opened = Date.now();
    const outcome = await new Promise<{ status: number | undefined; contentType: string | undefined; ms: number }>(
      (resolve, reject) => {
        const req = request({
          host: "127.0.0.1",
          port,
          path: "/graphql",
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            accept: "text/event-stream",
            authorization: `Bearer ${token}`,
          },
        });
        req.once("error", reject);
        req.once("response", (res) => {
          res.resume();
          // Cut rather than completed: the response ends with an error (aborted), not a clean end.
          res.once("close", () =>
            resolve({ status: res.statusCode, contentType: res.headers["content-type"], ms: Date.now() - opened }),
          );
        });
        req.end(body);
      },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.contentType).toMatch(/^text\/event-stream/);
    // The token lived 2 s (whole seconds, so 1–2 s were left when the stream opened).
    expect(outcome.ms).toBeGreaterThan(500);
    expect(outcome.ms).toBeLessThan(5_000);
  });

  it("accepts the token in connection_init, or the session cookie, and runs with its credentials", async () => {
    const token = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] });
    const viaParams = await connect(stack.gateway, { authorization: `Bearer ${token}` });
    expect(viaParams.acked).toBe(true);
    expect(await subscribeOnce(viaParams.socket, CLIENTS)).toMatchObject({ data: { clients: expect.any(Array) } });
    viaParams.socket.close();

    const viaCookie = await connect(stack.gateway, {}, { cookie: `mailgraph_session=${token}` });
    expect(viaCookie.acked).toBe(true);
    expect(await subscribeOnce(viaCookie.socket, CLIENTS)).toMatchObject({ data: { clients: expect.any(Array) } });
    viaCookie.socket.close();
  });

  it("takes the session cookie only from pages whose origin may use cookies, not from one let in by CORS_ORIGINS=*", async () => {
    const gatewayFor = (origins: string) =>
      createGateway(
        loadConfig({
          HOST: "127.0.0.1",
          PORT: "0",
          LEGACY_URL: stack.legacy.url,
          GATEWAY_SECRET,
          CORS_ORIGINS: origins,
        }),
      );
    const any = await gatewayFor("*");
    const named = await gatewayFor("https://app.example.com");
    try {
      const token = await tokenFor({ legacyApiKey: DEMO.apiKey, scopes: [] });
      const cookie = `mailgraph_session=${token}`;
      // A sibling subdomain is the same site: a browser sends a SameSite=Lax cookie with its upgrade.
      const sibling = await connect(any, {}, { cookie, origin: "https://evil.example.com" });
      expect(sibling.code).toBe(4401);
      // The page may still connect, with credentials of its own.
      const ownToken = await connect(any, { authorization: `Bearer ${token}` }, { origin: "https://evil.example.com" });
      expect(ownToken.acked).toBe(true);
      ownToken.socket.close();
      // The gateway's own pages (GraphiQL) and origins named one by one keep the cookie.
      const own = await connect(any, {}, { cookie, origin: new URL(any.url).origin });
      expect(own.acked).toBe(true);
      own.socket.close();
      const listed = await connect(named, {}, { cookie, origin: "https://app.example.com" });
      expect(listed.acked).toBe(true);
      listed.socket.close();
    } finally {
      await any.close();
      await named.close();
    }
  });
});
