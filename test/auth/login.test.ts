/**
 * The commerce OAuth login over HTTP, as a browser walks it: the redirect to the authorize page,
 * the state cookie, the callback's session cookie and one-time codes, every failure page, the
 * scopes the user granted, and PoP signing of each commerce call against the sandbox's clock.
 */
import { request } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signValue } from "../../src/auth/cookies.js";
import { deriveKey, openGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import { consentForm, GATEWAY_SECRET, query, startAuthStack, UserAgent, walkLogin, type AuthStack } from "./support.js";

const APP_ORIGIN = "http://app.example.test:5173";
let stack: AuthStack;
beforeAll(async () => {
  stack = await startAuthStack({ AUTH_RETURN_ORIGINS: APP_ORIGIN, COMMERCE_SCOPES: "read_customers read_segments" });
});
afterAll(() => stack.close());
beforeEach(() => stack.commerce.calls.reset());

const SUBSCRIBERS = `query AuthSubscribers { store { customerList(listId: "cl_newsletter") { subscribers(first: 2) { totalCount } } segments { segmentId } } }`;

/** Everything a failure page must never show. */
/** A Set-Cookie as its name=value and its attributes, in any order (their order means nothing). */
function cookieParts(setCookie: string | undefined): { pair: string; attributes: string[] } {
  const [pair = "", ...attributes] = (setCookie ?? "").split("; ");
  return { pair, attributes: attributes.sort() };
}

function expectNoSecrets(html: string, ...secrets: (string | null | undefined)[]) {
  for (const secret of secrets) if (secret) expect(html).not.toContain(secret);
  expect(html).not.toMatch(/\bat .*\.(ts|js):\d+|Error:/);
}

describe("GET /auth/commerce/login", () => {
  it("sends the browser to the authorize page with the app, its callback, the scopes and a fresh state in a signed cookie", async () => {
    const agent = new UserAgent();
    const start = await agent.get(`${stack.gateway.url}/auth/commerce/login`);
    expect(start.status).toBe(302);
    const target = new URL(start.location!);
    expect(target.origin + target.pathname).toBe(`${stack.commerce.url}/oauth/authorize`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      client_id: stack.commerce.demo.app.clientId,
      redirect_uri: `${stack.gateway.url}/auth/commerce/callback`,
      scope: "read_customers read_segments",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{10,}$/),
    });
    const [cookie] = start.setCookies;
    expect(cookieParts(cookie).pair).toMatch(/^mailgraph_oauth_state=[^;]+$/);
    expect(cookieParts(cookie).attributes).toEqual(["HttpOnly", "Max-Age=600", "Path=/auth/commerce", "SameSite=Lax"]);
    // The cookie is signed: its state is not readable as is, and a second login gets another state.
    const again = new URL((await new UserAgent().get(`${stack.gateway.url}/auth/commerce/login`)).location!);
    expect(again.searchParams.get("state")).not.toBe(target.searchParams.get("state"));
  });

  it("marks its cookies Secure when its callback is served over https (COMMERCE_REDIRECT_URI)", async () => {
    const behindTls = (
      await stack.gatewayWith({
        COMMERCE_REDIRECT_URI: "https://mailgraph.example.com/auth/commerce/callback",
        AUTH_MODE: "open",
      })
    ).gateway;
    try {
      const start = await new UserAgent().get(`${behindTls.url}/auth/commerce/login`);
      expect(new URL(start.location!).searchParams.get("redirect_uri")).toBe(
        "https://mailgraph.example.com/auth/commerce/callback",
      );
      expect(start.setCookies).toHaveLength(1);
      expect(cookieParts(start.setCookies[0]).attributes).toEqual([
        "HttpOnly",
        "Max-Age=600",
        "Path=/auth/commerce",
        "SameSite=Lax",
        "Secure",
      ]);
    } finally {
      await behindTls.close();
    }
  });

  it("refuses a return_to outside AUTH_RETURN_ORIGINS with a page, and sets no cookie", async () => {
    const res = await new UserAgent().get(
      `${stack.gateway.url}/auth/commerce/login?return_to=${encodeURIComponent("https://evil.example/steal")}`,
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain("This login cannot return there");
    expect(res.setCookies).toEqual([]);
  });
});

describe("GET /auth/commerce/callback", () => {
  it("after approval sets an HttpOnly session cookie holding a gateway token with the granted scopes, then opens GraphiQL", async () => {
    const agent = new UserAgent();
    const walk = await walkLogin(agent, stack.gateway.url);
    expect(walk.callback.status).toBe(302);
    expect(walk.callback.location).toBe("/graphql");
    const session = walk.callback.setCookies.find((c) => c.startsWith("mailgraph_session="));
    expect(cookieParts(session).attributes).toEqual(["HttpOnly", "Max-Age=28800", "Path=/", "SameSite=Lax"]);
    expect(walk.callback.setCookies.some((c) => /^mailgraph_oauth_state=; .*Max-Age=0/.test(c))).toBe(true);
    const token = agent.cookie(stack.gateway.url, "mailgraph_session")!;
    const caller = await openGatewayToken(token, tokenKey(GATEWAY_SECRET));
    expect(caller).toMatchObject({ commerce: { kind: "oauth" }, scopes: ["read_customers", "read_segments"] });
    // The access token lives only inside the sealed token: the browser never saw it.
    const accessToken = (caller.commerce as { accessToken: string }).accessToken;
    expect(accessToken).toHaveLength(30);
    expect(walk.callback.text + walk.callback.setCookies.join() + (walk.callback.location ?? "")).not.toContain(
      accessToken,
    );
    expect(stack.commerce.calls.count("POST /oauth/access-token")).toBe(1);

    // The cookie is the session: commerce data, each call signed as PoP for this user.
    const res = await query(stack.gateway.url, SUBSCRIBERS, { cookie: `mailgraph_session=${token}` });
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toMatchObject({
      store: { customerList: { subscribers: { totalCount: expect.any(Number) } } },
    });

    // Neither the session, the access token, the code nor the state reached the log.
    const logged = stack.logLines.join("\n");
    expect(logged).toContain("/auth/commerce/callback");
    const callback = new URL(walk.callbackUrl).searchParams;
    for (const secret of [token, accessToken, callback.get("code")!, callback.get("state")!]) {
      expect(logged).not.toContain(secret);
    }
  });

  it("a user who grants only read_segments gets FORBIDDEN on subscribers, and segments", async () => {
    const agent = new UserAgent();
    const walk = await walkLogin(agent, stack.gateway.url, { grant: ["read_segments"] });
    expect(walk.callback.status).toBe(302);
    const token = agent.cookie(stack.gateway.url, "mailgraph_session")!;
    expect((await openGatewayToken(token, tokenKey(GATEWAY_SECRET))).scopes).toEqual(["read_segments"]);
    stack.commerce.calls.reset();
    const res = await query(stack.gateway.url, SUBSCRIBERS, { authorization: `Bearer ${token}` });
    expect(res.body.data).toMatchObject({
      store: { customerList: { subscribers: null }, segments: expect.any(Array) },
    });
    expect(res.body.errors?.map((e) => [e.path?.join("."), e.extensions?.code])).toEqual([
      ["store.customerList.subscribers", "FORBIDDEN"],
    ]);
    expect(stack.commerce.calls.count("GET /customer-lists/:id/subscribers")).toBe(0);
  });

  it("a rejection is a page saying access was not granted, offering to log in again; no session", async () => {
    const agent = new UserAgent();
    const walk = await walkLogin(agent, stack.gateway.url, { decision: "reject" });
    expect(walk.callback.status).toBe(403);
    expect(walk.callback.text).toContain("Access was not granted");
    expect(walk.callback.text).toContain('href="/auth/commerce/login"');
    expect(agent.cookie(stack.gateway.url, "mailgraph_session")).toBeUndefined();
    expect(stack.commerce.calls.count("POST /oauth/access-token")).toBe(0);
  });

  it("a replayed code is a clear page: the service refuses it the second time", async () => {
    // The first login completes; its callback (URL and state cookie alike) is then replayed.
    const agent = new UserAgent();
    const start = await agent.get(`${stack.gateway.url}/auth/commerce/login`);
    const heldState = agent.cookie(stack.gateway.url, "mailgraph_oauth_state")!;
    const page = await agent.get(start.location!);
    const decided = await agent.post(
      new URL("/oauth/authorize/decision", start.location).href,
      consentForm(page.text, "approve"),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect((await agent.get(decided.location!)).status).toBe(302);
    agent.setCookie(stack.gateway.url, "mailgraph_oauth_state", heldState);
    stack.commerce.calls.reset();
    const replayed = await agent.get(decided.location!);
    expect(replayed.status).toBe(400);
    expect(replayed.text).toContain("The authorization code was refused");
    expect(replayed.text).toMatch(/already used/);
    expect(replayed.text).toContain("Log in again");
    expect(stack.commerce.calls.count("POST /oauth/access-token")).toBe(1);
    const callback = new URL(decided.location!).searchParams;
    expectNoSecrets(replayed.text, callback.get("code"), callback.get("state"), heldState);

    // The same callback in a browser whose own login is pending: not its state, refused before any exchange.
    const other = new UserAgent();
    expect((await other.get(`${stack.gateway.url}/auth/commerce/login`)).status).toBe(302);
    stack.commerce.calls.reset();
    const elsewhere = await other.get(decided.location!);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.text).toContain("does not belong to your login");
    expect(stack.commerce.calls.count("POST /oauth/access-token")).toBe(0);
  });

  it("a callback whose state differs from the cookie's is refused before any exchange", async () => {
    const agent = new UserAgent();
    const start = await agent.get(`${stack.gateway.url}/auth/commerce/login`);
    const forged = new URL(`${stack.gateway.url}/auth/commerce/callback`);
    forged.searchParams.set("code", "a".repeat(60));
    forged.searchParams.set("state", "attacker-chosen-state");
    const res = await agent.get(forged.href);
    expect(start.status).toBe(302);
    expect(res.status).toBe(400);
    expect(res.text).toContain("does not match the login started in this browser");
    expect(stack.commerce.calls.count("POST /oauth/access-token")).toBe(0);
    expectNoSecrets(res.text, "a".repeat(60), "attacker-chosen-state");
  });

  it("a callback without the state cookie (another browser, or a forged link) is refused", async () => {
    const res = await new UserAgent().get(
      `${stack.gateway.url}/auth/commerce/callback?code=${"b".repeat(60)}&state=whatever-state`,
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain("The login cookie is missing");
    expect(res.text).toContain('data-reason="state_missing"');
    expect(stack.commerce.calls.count("POST /oauth/access-token")).toBe(0);
  });

  it("a state cookie changed by the browser is as good as none", async () => {
    const agent = new UserAgent();
    const start = await agent.get(`${stack.gateway.url}/auth/commerce/login`);
    const state = new URL(start.location!).searchParams.get("state")!;
    const held = agent.cookie(stack.gateway.url, "mailgraph_oauth_state")!;
    const [data, mac] = held.split(".");
    const forgedData = Buffer.from(JSON.stringify({ s: state, t: Date.now(), r: "https://evil.example/" })).toString(
      "base64url",
    );
    agent.setCookie(stack.gateway.url, "mailgraph_oauth_state", `${forgedData}.${mac}`);
    const res = await agent.get(`${stack.gateway.url}/auth/commerce/callback?code=${"c".repeat(60)}&state=${state}`);
    expect(data).not.toBe(forgedData);
    expect(res.status).toBe(400);
    expect(res.text).toContain("The login cookie is not valid");
    expect(res.text).toContain('data-reason="state_cookie_invalid"');
    expect(stack.commerce.calls.count("POST /oauth/access-token")).toBe(0);
  });

  it("a code older than its 3 minutes is refused by the service: a page saying so", async () => {
    const agent = new UserAgent();
    const start = await agent.get(`${stack.gateway.url}/auth/commerce/login`);
    const page = await agent.get(start.location!);
    const decided = await agent.post(
      new URL("/oauth/authorize/decision", start.location).href,
      consentForm(page.text, "approve"),
      { "content-type": "application/x-www-form-urlencoded" },
    );
    stack.shiftCommerceClock(3 * 60 * 1000 + 1000);
    try {
      const res = await agent.get(decided.location!);
      expect(res.status).toBe(400);
      expect(res.text).toContain("The authorization code was refused");
      expect(res.text).toMatch(/expired/);
    } finally {
      stack.shiftCommerceClock(-(3 * 60 * 1000 + 1000));
    }
  });
});

/** A GET with the Host header a browser would send for another name of the same address. */
function getWithHost(url: string, host: string): Promise<{ status: number; location?: string; setCookies: string[] }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      res.once("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          setCookies: res.headers["set-cookie"] ?? [],
        }),
      );
    });
    req.once("error", reject);
    req.end();
  });
}

describe("a login started under another host name than its callback's", () => {
  const local = () => stack.gateway.url.replace("//127.0.0.1:", "//localhost:");

  it("moves to the callback's loopback name before setting its cookie, keeping return_to, and then completes", async () => {
    const agent = new UserAgent();
    const returnTo = `${APP_ORIGIN}/signed-in`;
    const query = `?return_to=${encodeURIComponent(returnTo)}`;
    const start = await agent.get(`${local()}/auth/commerce/login${query}`);
    expect(start.status).toBe(302);
    expect(start.location).toBe(`${stack.gateway.url}/auth/commerce/login${query}`);
    // No state cookie on the name the callback will not come back to.
    expect(start.setCookies).toEqual([]);
    const walk = await walkLogin(agent, stack.gateway.url, { query });
    expect(walk.callback.status).toBe(302);
    expect(walk.callback.location).toMatch(/#gateway_code=/);
    // A plain login from localhost ends logged in on the callback's name, where GraphiQL opens.
    const plain = new UserAgent();
    expect((await plain.get(`${local()}/auth/commerce/login`)).location).toBe(
      `${stack.gateway.url}/auth/commerce/login`,
    );
    const done = await walkLogin(plain, stack.gateway.url);
    expect(done.callback.location).toBe("/graphql");
    expect(plain.cookie(stack.gateway.url, "mailgraph_session")).toBeDefined();
  });

  it("moves only to the configured callback: COMMERCE_REDIRECT_URI on localhost draws a 127.0.0.1 login there", async () => {
    const port = new URL(stack.gateway.url).port;
    const configured = (
      await stack.gatewayWith({
        COMMERCE_REDIRECT_URI: `http://localhost:${port}/auth/commerce/callback`,
      })
    ).gateway;
    try {
      const start = await new UserAgent().get(`${configured.url}/auth/commerce/login`);
      expect(start).toMatchObject({
        status: 302,
        location: `http://localhost:${port}/auth/commerce/login`,
        setCookies: [],
      });
    } finally {
      await configured.close();
    }
  });

  it("never takes a name from the Host header: an unlisted Host is refused, a listed public one starts where it is", async () => {
    expect((await getWithHost(`${stack.gateway.url}/auth/commerce/login`, "evil.example")).status).toBe(421);
    const listed = (await stack.gatewayWith({ ALLOWED_HOSTS: "gateway.example.test" })).gateway;
    try {
      const start = await getWithHost(`${listed.url}/auth/commerce/login`, "gateway.example.test");
      expect(start.status).toBe(302);
      // Not moved (a proxy may rewrite Host: moving could loop); straight to the authorize page.
      expect(start.location).toMatch(new RegExp(`^${stack.commerce.url}/oauth/authorize\\?`));
      expect(start.setCookies).toHaveLength(1);
      const spoofed = await getWithHost(`${listed.url}/auth/commerce/login`, "localhost:1@evil.example");
      expect(spoofed.location ?? "").not.toContain("evil.example");
    } finally {
      await listed.close();
    }
  });

  it("a callback without the state cookie says why it is likely missing: another host name, blocked cookies, time, or a reload", async () => {
    const callback = `${stack.gateway.url}/auth/commerce/callback?code=${"d".repeat(60)}&state=some-state-value`;
    const bare = await new UserAgent().get(callback);
    expect(bare.text).toContain('data-reason="state_missing"');
    expect(bare.text).toContain(`another host name than ${stack.gateway.url}`);
    expect(bare.text).toContain("localhost and 127.0.0.1 are two sites to a browser");
    expect(bare.text).toContain("blocks cookies");
    expect(bare.text).toContain(`Start the login again from ${stack.gateway.url}/graphql`);
    expect(bare.text).not.toContain("took too long");

    // A browser that sends this site other cookies does not block them: the host name or the time it is.
    const withCookies = new UserAgent();
    withCookies.setCookie(stack.gateway.url, "theme", "dark");
    const sent = await withCookies.get(callback);
    expect(sent.text).toContain("does send this site its other cookies");
    expect(sent.text).not.toContain("blocks cookies");

    // One already logged in most likely opened a finished login again.
    const loggedIn = new UserAgent();
    await walkLogin(loggedIn, stack.gateway.url);
    expect((await loggedIn.get(callback)).text).toContain("already holds a login session here");
  });

  it("a state cookie past its 10 minutes is named as such", async () => {
    const agent = new UserAgent();
    const stale = signValue(
      { s: "some-state-value", t: Date.now() - 11 * 60_000 },
      deriveKey(GATEWAY_SECRET, "login-state cookie HMAC-SHA256"),
    );
    agent.setCookie(stack.gateway.url, "mailgraph_oauth_state", stale);
    const res = await agent.get(
      `${stack.gateway.url}/auth/commerce/callback?code=${"e".repeat(60)}&state=some-state-value`,
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain('data-reason="state_expired"');
    expect(res.text).toContain("started more than 10 minutes ago");
  });
});

describe("login for an app (return_to) and POST /auth/token", () => {
  it("hands the app a one-time code in the URL fragment, exchanged once for the gateway token", async () => {
    const agent = new UserAgent();
    const returnTo = `${APP_ORIGIN}/signed-in?tab=2`;
    const walk = await walkLogin(agent, stack.gateway.url, { query: `?return_to=${encodeURIComponent(returnTo)}` });
    expect(walk.callback.status).toBe(302);
    const target = new URL(walk.callback.location!);
    expect(target.href.split("#")[0]).toBe(returnTo);
    const code = new URLSearchParams(target.hash.slice(1)).get("gateway_code")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(agent.cookie(stack.gateway.url, "mailgraph_session")).toBeUndefined();

    const exchange = (origin: string) =>
      fetch(`${stack.gateway.url}/auth/token`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ code }),
      });
    // Another origin cannot redeem it (nor burn it).
    expect((await exchange("https://evil.example")).status).toBe(403);
    const preflight = await fetch(`${stack.gateway.url}/auth/token`, {
      method: "OPTIONS",
      headers: { origin: APP_ORIGIN, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    const first = await exchange(APP_ORIGIN);
    expect(first.status).toBe(200);
    expect(first.headers.get("access-control-allow-origin")).toBe(APP_ORIGIN);
    const body = (await first.json()) as { token: string; token_type: string; expires_in: number };
    expect(body.token_type).toBe("Bearer");
    expect(body.expires_in).toBeGreaterThan(28790);
    const res = await query(stack.gateway.url, SUBSCRIBERS, { authorization: `Bearer ${body.token}` });
    expect(res.body.errors).toBeUndefined();

    const again = await exchange(APP_ORIGIN);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
  });
});

describe("PoP on every commerce call for an OAuth user", () => {
  it("signs each call with a fresh ts, which the service checks against its 3-minute window", async () => {
    const agent = new UserAgent();
    await walkLogin(agent, stack.gateway.url);
    const headers = { cookie: `mailgraph_session=${agent.cookie(stack.gateway.url, "mailgraph_session")}` };
    const ok = async () => (await query(stack.gateway.url, SUBSCRIBERS, headers)).body;
    try {
      // The service's clock 2:50 ahead: the gateway's ts (its own now) is still inside the window.
      stack.shiftCommerceClock(170_000);
      expect((await ok()).errors).toBeUndefined();
      // 3:10 ahead: outside; the service refuses the PoP token and the fields say UNAUTHENTICATED.
      stack.shiftCommerceClock(20_000);
      const late = await ok();
      expect(late.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED", "UNAUTHENTICATED"]);
      expect(JSON.stringify(late)).not.toContain(headers.cookie.split("=")[1]);
      // 3:10 behind: outside the other way.
      stack.shiftCommerceClock(-380_000);
      expect((await ok()).errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED", "UNAUTHENTICATED"]);
    } finally {
      stack.shiftCommerceClock(190_000);
    }
    // Back on time: a fresh ts again works, so no call reused a stale one.
    expect((await ok()).errors).toBeUndefined();
  });
});

describe("POST /auth/logout", () => {
  it("forgets the session cookie: back to GraphiQL for its form, 204 for a script; GET does nothing", async () => {
    const form = await new UserAgent().post(`${stack.gateway.url}/auth/logout`, "", {
      accept: "text/html",
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(303);
    expect(form.location).toBe("/graphql");
    expect(form.setCookies.map(cookieParts)).toEqual([
      { pair: "mailgraph_session=", attributes: ["HttpOnly", "Max-Age=0", "Path=/", "SameSite=Lax"] },
    ]);
    const script = await new UserAgent().post(`${stack.gateway.url}/auth/logout`, "");
    expect(script.status).toBe(204);
    expect(script.setCookies).toHaveLength(1);
    const get = await new UserAgent().get(`${stack.gateway.url}/auth/logout`);
    expect(get.status).toBe(405);
    expect(get.setCookies).toEqual([]);
  });

  it("GraphiQL's page carries the login bar when the login is available", async () => {
    const page = await (await fetch(`${stack.gateway.url}/graphql`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain('<a id="mailgraph-login" href="/auth/commerce/login">');
    expect(page).toContain('<form method="post" action="/auth/logout"');
  });
});
