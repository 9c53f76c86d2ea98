import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { call, fakeClock, pop } from "./commerce-support.js";

const clock = fakeClock();
let sandbox: CommerceSandbox;
const STATE = "state-0123456789";

beforeAll(async () => {
  sandbox = await startCommerceSandbox({ now: clock.now, rateLimit: 0 });
});
afterAll(() => sandbox.close());

function authorizeUrl(overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    client_id: sandbox.demo.app.clientId,
    redirect_uri: sandbox.demo.app.redirectUri,
    scope: "read_customers write_customers read_segments",
    state: STATE,
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, v);
  return `${sandbox.url}/oauth/authorize?${query}`;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The hidden fields of the consent page's form. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = unescapeHtml(m[2]!);
  return fields;
}

async function decide(fields: Record<string, string>, decision: string) {
  return call(`${sandbox.url}/oauth/authorize/decision`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, decision }).toString(),
  });
}

/** Runs the consent step and returns the redirect target. */
async function authorize(decision = "approve", overrides: Record<string, string> = {}): Promise<URL> {
  const page = await call(authorizeUrl(overrides));
  expect(page.status).toBe(200);
  const res = await decide(hiddenFields(page.text), decision);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function exchange(
  code: string | undefined,
  redirectUri: string | undefined,
  auth = basic(sandbox.demo.app.clientId, sandbox.demo.app.clientSecret),
) {
  const form = new URLSearchParams();
  if (code !== undefined) form.set("code", code);
  if (redirectUri !== undefined) form.set("redirect_uri", redirectUri);
  return call(`${sandbox.url}/oauth/access-token`, {
    method: "POST",
    headers: { authorization: auth, "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
}

describe("authorize page", () => {
  it("shows the app, the scopes and approve / reject buttons with a CSRF value", async () => {
    const page = await call(authorizeUrl());
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).toContain(sandbox.demo.app.name);
    for (const scope of ["read_customers", "write_customers", "read_segments"]) expect(page.text).toContain(scope);
    expect(page.text).toContain('action="/oauth/authorize/decision"');
    expect(page.text).toMatch(/value="approve"/);
    expect(page.text).toMatch(/value="reject"/);
    const fields = hiddenFields(page.text);
    expect(fields).toMatchObject({
      client_id: sandbox.demo.app.clientId,
      redirect_uri: sandbox.demo.app.redirectUri,
      state: STATE,
    });
    expect(fields.csrf).toMatch(/^[0-9a-f]{64}$/);
    expect(hiddenFields((await call(authorizeUrl())).text).csrf).not.toBe(fields.csrf);
  });

  it("answers 400 with an error page for a parameter given twice", async () => {
    const page = await call(`${authorizeUrl()}&state=${STATE}-again`);
    expect(page.status).toBe(400);
    expect(page.headers.get("location")).toBeNull();
    expect([...page.text.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1])).toEqual(["state is given more than once"]);
  });

  it("does not require response_type or access_type, and ignores them when sent", async () => {
    for (const extra of [{}, { response_type: "code", access_type: "offline" }]) {
      const page = await call(authorizeUrl(extra));
      expect(page.status).toBe(200);
      expect(hiddenFields(page.text)).toMatchObject({ client_id: sandbox.demo.app.clientId, state: STATE });
    }
  });

  it.each<[string, Record<string, string | undefined>, RegExp[]]>([
    ["a short state", { state: "short" }, [/state must have at least 10 characters/]],
    ["a missing state", { state: undefined }, [/state is missing/]],
    ["an unknown client", { client_id: "who-is-this" }, [/client_id does not name a registered application/]],
    ["a missing client", { client_id: undefined }, [/client_id is missing/]],
    [
      "a different redirect_uri",
      { redirect_uri: "http://127.0.0.1:4000/oauth/callback/" },
      [/redirect_uri does not match/],
    ],
    [
      "an unknown scope",
      { scope: "read_customers read_everything" },
      [/scope &quot;read_everything&quot; is not a known scope/],
    ],
    [
      "several problems at once",
      { client_id: undefined, redirect_uri: undefined, state: "abc" },
      [/client_id is missing/, /redirect_uri is missing/, /state must have at least 10 characters/],
    ],
  ])(
    "answers 400 with an error page for %s, listing each problem, without redirect",
    async (_name, overrides, problems) => {
      const page = await call(authorizeUrl(overrides));
      expect(page.status).toBe(400);
      expect(page.headers.get("location")).toBeNull();
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      const items = [...page.text.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]);
      expect(items).toHaveLength(problems.length);
      problems.forEach((p, i) => expect(items[i]).toMatch(p));
    },
  );
});

describe("decision", () => {
  it("reject redirects with access_denied, the fixed description and the state", async () => {
    const target = await authorize("reject");
    expect(`${target.origin}${target.pathname}`).toBe(sandbox.demo.app.redirectUri);
    expect(target.searchParams.get("error")).toBe("access_denied");
    expect(target.searchParams.get("error_description")).toBe("The user denied the authorization request.");
    expect(target.searchParams.get("state")).toBe(STATE);
    expect(target.searchParams.get("code")).toBeNull();
  });

  it("approve redirects with a 60-hex-character code and the state", async () => {
    const target = await authorize();
    expect(target.searchParams.get("code")).toMatch(/^[0-9a-f]{60}$/);
    expect(target.searchParams.get("state")).toBe(STATE);
  });

  it("refuses a reused CSRF value, an unknown one and tampered parameters", async () => {
    const fields = hiddenFields((await call(authorizeUrl())).text);
    expect((await decide(fields, "approve")).status).toBe(302);
    expect((await decide(fields, "approve")).status).toBe(400);
    expect((await decide({ ...fields, csrf: "0".repeat(64) }, "approve")).status).toBe(400);
    const fresh = hiddenFields((await call(authorizeUrl())).text);
    const tampered = await decide({ ...fresh, scope: "write_customers write_segments" }, "approve");
    expect(tampered.status).toBe(400);
    expect(tampered.headers.get("location")).toBeNull();
  });
});

describe("access token", () => {
  it("exchanges a code for a 30-character pop token that signs API requests with the granted scopes", async () => {
    const code = (await authorize()).searchParams.get("code")!;
    const res = await exchange(code, sandbox.demo.app.redirectUri);
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe("pop");
    expect(res.body.access_token).toHaveLength(30);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const headers = await pop(sandbox, res.body.access_token, clock);
    const listing = await call(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers?limit=1`, { headers });
    expect(listing.status).toBe(200);
    expect(listing.body.data).toHaveLength(1);
    const job = await call(`${sandbox.baseUrl}/async-jobs/job_000001`, { headers });
    expect(job.status).toBe(403);
    expect(job.body.error.details[0].rule).toBe("read_async_job");
    expect(sandbox.store.accessTokens.get(res.body.access_token)).toMatchObject({
      userId: sandbox.demo.user.id,
      appId: sandbox.demo.app.clientId,
    });
  });

  it("refuses a reused code with invalid_grant", async () => {
    const code = (await authorize()).searchParams.get("code")!;
    expect((await exchange(code, sandbox.demo.app.redirectUri)).status).toBe(200);
    const again = await exchange(code, sandbox.demo.app.redirectUri);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: "invalid_grant", error_description: "the code has already been used" });
  });

  it("refuses a code older than 3 minutes and accepts one just younger", async () => {
    const young = (await authorize()).searchParams.get("code")!;
    const old = (await authorize()).searchParams.get("code")!;
    clock.advance(179_000);
    expect((await exchange(young, sandbox.demo.app.redirectUri)).status).toBe(200);
    clock.advance(2_000);
    const res = await exchange(old, sandbox.demo.app.redirectUri);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "invalid_grant", error_description: "the code has expired" });
  });

  it("refuses a redirect_uri other than the one the code was issued for, and keeps the code usable", async () => {
    const code = (await authorize()).searchParams.get("code")!;
    const res = await exchange(code, `${sandbox.demo.app.redirectUri}?x=1`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_grant");
    expect((await exchange(code, sandbox.demo.app.redirectUri)).status).toBe(200);
  });

  it("refuses a wrong secret, an unknown app and missing Basic credentials with 401 invalid_client", async () => {
    const code = (await authorize()).searchParams.get("code")!;
    for (const auth of [
      basic(sandbox.demo.app.clientId, "z".repeat(60)),
      basic("other-app", sandbox.demo.app.clientSecret),
      "",
    ]) {
      const res = await exchange(code, sandbox.demo.app.redirectUri, auth);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("invalid_client");
      expect(res.headers.get("www-authenticate")).toMatch(/^Basic/);
      expect(res.text).not.toContain(sandbox.demo.app.clientSecret);
    }
    expect((await exchange(code, sandbox.demo.app.redirectUri)).status).toBe(200);
  });

  it("refuses a code presented by another registered app with invalid_grant, and keeps it usable by its own", async () => {
    const other = {
      id: "other-app",
      name: "Other App",
      secret: "o".repeat(60),
      redirectUri: sandbox.demo.app.redirectUri,
    };
    sandbox.store.apps.set(other.id, other);
    try {
      const code = (await authorize()).searchParams.get("code")!;
      const res = await exchange(code, sandbox.demo.app.redirectUri, basic(other.id, other.secret));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "invalid_grant",
        error_description: "the code was not issued to this application",
      });
      const own = await exchange(code, sandbox.demo.app.redirectUri);
      expect(own.status).toBe(200);
      expect(sandbox.store.accessTokens.get(own.body.access_token)?.appId).toBe(sandbox.demo.app.clientId);
    } finally {
      sandbox.store.apps.delete(other.id);
    }
  });

  it("accepts Basic credentials form-urlencoded before base64 (RFC 6749 §2.3.1)", async () => {
    const code = (await authorize()).searchParams.get("code")!;
    const auth = basic(
      encodeURIComponent(sandbox.demo.app.clientId),
      encodeURIComponent(sandbox.demo.app.clientSecret),
    );
    expect((await exchange(code, sandbox.demo.app.redirectUri, auth)).status).toBe(200);
  });

  it("refuses missing fields and a body that is not a form with invalid_request", async () => {
    const missing = await exchange(undefined, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("invalid_request");
    expect(missing.body.error_description).toMatch(/code, redirect_uri/);
    const jsonBody = await call(`${sandbox.url}/oauth/access-token`, {
      method: "POST",
      headers: { authorization: basic(sandbox.demo.app.clientId, sandbox.demo.app.clientSecret) },
      body: { code: "x", redirect_uri: sandbox.demo.app.redirectUri },
    });
    expect(jsonBody.status).toBe(400);
    expect(jsonBody.body.error).toBe("invalid_request");
  });

  it("refuses an unknown code with invalid_grant", async () => {
    const res = await exchange("a".repeat(60), sandbox.demo.app.redirectUri);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_grant");
  });
});
