import { generateKeyPair, CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { ALL_SCOPES, apiKey, call, fakeClock, partnerToken, pop, popToken, signHmac } from "./commerce-support.js";

const clock = fakeClock();
let sandbox: CommerceSandbox;
let fullToken: string;
let jobId: string;

interface Endpoint {
  method: string;
  path: () => string;
  scopes: string[];
  ok: number;
  body?: unknown;
}

const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: () => "/coupons", scopes: [], ok: 200 },
  {
    method: "PUT",
    path: () => "/customer-lists/cl_vip/subscriptions",
    scopes: ["write_customers"],
    ok: 200,
    body: { email: "auth.check@example.com" },
  },
  { method: "GET", path: () => "/customer-lists/cl_vip/subscribers", scopes: ["read_customers"], ok: 200 },
  {
    method: "DELETE",
    path: () => "/customer-lists/cl_vip/subscribers?emails[]=nobody@example.com",
    scopes: ["write_customers"],
    ok: 200,
  },
  { method: "GET", path: () => "/segments", scopes: ["read_segments"], ok: 200 },
  {
    method: "POST",
    path: () => "/segments/seg_all/async-export",
    scopes: ["read_customers", "read_segments"],
    ok: 202,
  },
  { method: "GET", path: () => `/async-jobs/${jobId}`, scopes: ["read_async_job"], ok: 200 },
  { method: "GET", path: () => `/async-jobs/${jobId}/result`, scopes: ["read_async_job"], ok: 200 },
];

const send = (e: Endpoint, headers: Record<string, string>) =>
  call(`${sandbox.baseUrl}${e.path()}`, { method: e.method, headers, body: e.body });

beforeAll(async () => {
  sandbox = await startCommerceSandbox({ now: clock.now, rateLimit: 0 });
  fullToken = sandbox.issueAccessToken({ scopes: ALL_SCOPES });
  const job = await call(`${sandbox.baseUrl}/segments/seg_vip_tier/async-export`, {
    method: "POST",
    headers: apiKey(sandbox),
  });
  jobId = job.body.data.id;
  sandbox.completeJobs();
});
afterAll(() => sandbox.close());

describe("API key", () => {
  it.each(ENDPOINTS)("is accepted on $method $path", async (e) => {
    const res = await send(e, apiKey(sandbox));
    expect(res.status).toBe(e.ok);
  });

  it("refuses an unknown key with 401, a WWW-Authenticate challenge and no echo of the key", async () => {
    const res = await call(`${sandbox.baseUrl}/coupons`, { headers: { "X-ApiKey": "wrong-key-123" } });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ status: 401, code: "unauthenticated" });
    expect(res.headers.get("www-authenticate")).toMatch(/PoP/);
    expect(res.text).not.toContain("wrong-key-123");
  });

  it("refuses a request without credentials", async () => {
    const res = await call(`${sandbox.baseUrl}/segments`);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthenticated");
  });

  it("refuses two credentials at once", async () => {
    const res = await call(`${sandbox.baseUrl}/coupons`, {
      headers: { ...apiKey(sandbox), ...(await pop(sandbox, fullToken, clock)) },
    });
    expect(res.status).toBe(401);
  });
});

describe("PoP tokens", () => {
  it.each(ENDPOINTS)("are accepted on $method $path", async (e) => {
    const res = await send(e, await pop(sandbox, fullToken, clock));
    expect(res.status).toBe(e.ok);
  });

  it.each(["HS256", "HS384", "HS512"])("are accepted signed with %s and the 60-character secret", async (alg) => {
    expect(sandbox.demo.app.clientSecret).toHaveLength(60);
    const res = await call(`${sandbox.baseUrl}/segments`, { headers: await pop(sandbox, fullToken, clock, alg) });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it.each([-179, 179, -180, 180])("accept a ts %i s away from the service clock", async (offset) => {
    const token = await popToken(sandbox, fullToken, clock.seconds() + offset);
    const res = await call(`${sandbox.baseUrl}/coupons`, { headers: { Authorization: `PoP ${token}` } });
    expect(res.status).toBe(200);
  });

  it.each([-181, 181])("refuse a ts %i s away from the service clock", async (offset) => {
    const token = await popToken(sandbox, fullToken, clock.seconds() + offset);
    const res = await call(`${sandbox.baseUrl}/coupons`, { headers: { Authorization: `PoP ${token}` } });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/ts/);
  });

  it("follow the clock: a token fresh now is stale after 181 s", async () => {
    const clock2 = fakeClock();
    const own = await startCommerceSandbox({ now: clock2.now, seed: false });
    try {
      const at = own.issueAccessToken({ scopes: [] });
      const headers = await pop(own, at, clock2);
      expect((await call(`${own.baseUrl}/coupons`, { headers })).status).toBe(200);
      clock2.advance(181_000);
      expect((await call(`${own.baseUrl}/coupons`, { headers })).status).toBe(401);
    } finally {
      await own.close();
    }
  });

  const refused: Array<[string, () => Promise<string>]> = [
    [
      "alg none",
      () => {
        const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
        return Promise.resolve(`${b64({ alg: "none" })}.${b64({ at: fullToken, ts: clock.seconds() })}.`);
      },
    ],
    [
      "RS256",
      async () => {
        const { privateKey } = await generateKeyPair("RS256");
        return new CompactSign(new TextEncoder().encode(JSON.stringify({ at: fullToken, ts: clock.seconds() })))
          .setProtectedHeader({ alg: "RS256" })
          .sign(privateKey);
      },
    ],
    ["a wrong secret", () => signHmac({ at: fullToken, ts: clock.seconds() }, "x".repeat(60))],
    ["an unknown access token", () => popToken(sandbox, "A".repeat(30), clock.seconds())],
    ["a missing ts", () => signHmac({ at: fullToken }, sandbox.demo.app.clientSecret)],
    ["a string ts", () => signHmac({ at: fullToken, ts: String(clock.seconds()) }, sandbox.demo.app.clientSecret)],
    ["no at claim", () => signHmac({ ts: clock.seconds() }, sandbox.demo.app.clientSecret)],
    ["something that is not a JWS", () => Promise.resolve("not-a-token")],
  ];
  it.each(refused)("are refused with %s", async (_name, make) => {
    const res = await call(`${sandbox.baseUrl}/coupons`, { headers: { Authorization: `PoP ${await make()}` } });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthenticated");
    expect(res.text).not.toContain(fullToken);
  });

  it("refuse an unsupported Authorization scheme", async () => {
    const res = await call(`${sandbox.baseUrl}/coupons`, {
      headers: { Authorization: `Basic ${Buffer.from("a:b").toString("base64")}` },
    });
    expect(res.status).toBe(401);
  });
});

describe("partner tokens", () => {
  it.each(["HS256", "HS384", "HS512"])("are accepted on /partners/ (%s)", async (alg) => {
    const res = await call(`${sandbox.baseUrl}/partners/`, {
      headers: { Authorization: `Bearer ${await partnerToken(sandbox, alg)}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.app).toEqual({ id: sandbox.demo.app.clientId, name: sandbox.demo.app.name });
    expect(typeof res.body.data.users).toBe("number");
  });

  it.each(ENDPOINTS)("are refused with 401 on $method $path", async (e) => {
    const res = await send(e, { Authorization: `Bearer ${await partnerToken(sandbox)}` });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthenticated");
  });

  it("are refused on /partners/ with a wrong secret or an unknown iss", async () => {
    for (const token of [
      await signHmac({ iss: sandbox.demo.app.clientId }, "y".repeat(60)),
      await signHmac({ iss: "someone-else" }, sandbox.demo.app.clientSecret),
    ]) {
      const res = await call(`${sandbox.baseUrl}/partners/`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/Bearer/);
    }
  });

  it("are the only credential /partners/ takes: API key and PoP get 403 forbidden", async () => {
    for (const headers of [apiKey(sandbox), await pop(sandbox, fullToken, clock)]) {
      const res = await call(`${sandbox.baseUrl}/partners/`, { headers });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
  });

  it("count the users who authorized the app", async () => {
    const before = (
      await call(`${sandbox.baseUrl}/partners/`, {
        headers: { Authorization: `Bearer ${await partnerToken(sandbox)}` },
      })
    ).body.data.users;
    sandbox.store.users.set("usr_second", { id: "usr_second", email: "second@demo-store.test", name: "Second" });
    sandbox.issueAccessToken({ scopes: [], userId: "usr_second" });
    const after = (
      await call(`${sandbox.baseUrl}/partners/`, {
        headers: { Authorization: `Bearer ${await partnerToken(sandbox)}` },
      })
    ).body.data.users;
    expect(after).toBe(before + 1);
  });
});

describe("scopes", () => {
  const scoped = ENDPOINTS.filter((e) => e.scopes.length > 0);

  it.each(scoped)("$method $path is 403 insufficient_scope without its scopes, listing them", async (e) => {
    const at = sandbox.issueAccessToken({ scopes: ["read_webhook"] });
    const res = await send(e, await pop(sandbox, at, clock));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("insufficient_scope");
    expect(res.body.error.details.map((d: { rule: string }) => d.rule)).toEqual(e.scopes);
    expect(res.body.error.details.every((d: { field: string }) => d.field === "scope")).toBe(true);
  });

  it.each(scoped)("$method $path is allowed with exactly its scopes", async (e) => {
    const at = sandbox.issueAccessToken({ scopes: e.scopes });
    const res = await send(e, await pop(sandbox, at, clock));
    expect(res.status).toBe(e.ok);
  });

  it("coupons need no scope", async () => {
    const at = sandbox.issueAccessToken({ scopes: [] });
    expect((await call(`${sandbox.baseUrl}/coupons`, { headers: await pop(sandbox, at, clock) })).status).toBe(200);
  });

  it("a write_ scope grants the read_ one, not the other way round", async () => {
    const writer = sandbox.issueAccessToken({ scopes: ["write_customers", "write_segments"] });
    const reader = sandbox.issueAccessToken({ scopes: ["read_customers"] });
    expect(
      (
        await call(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers`, {
          headers: await pop(sandbox, writer, clock),
        })
      ).status,
    ).toBe(200);
    expect((await call(`${sandbox.baseUrl}/segments`, { headers: await pop(sandbox, writer, clock) })).status).toBe(
      200,
    );
    const del = await call(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers?emails[]=nobody@example.com`, {
      method: "DELETE",
      headers: await pop(sandbox, reader, clock),
    });
    expect(del.status).toBe(403);
    expect(del.body.error.details.map((d: { rule: string }) => d.rule)).toEqual(["write_customers"]);
  });

  it("lists only the missing scope when one of two is granted", async () => {
    const at = sandbox.issueAccessToken({ scopes: ["read_customers"] });
    const res = await call(`${sandbox.baseUrl}/segments/seg_all/async-export`, {
      method: "POST",
      headers: await pop(sandbox, at, clock),
    });
    expect(res.status).toBe(403);
    expect(res.body.error.details.map((d: { rule: string }) => d.rule)).toEqual(["read_segments"]);
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After above the limit per credential, and recovers in the next second", async () => {
    const clock3 = fakeClock();
    const own = await startCommerceSandbox({ now: clock3.now, rateLimit: 3, seed: false });
    try {
      const at = own.issueAccessToken({ scopes: [] });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await call(`${own.baseUrl}/coupons`, { headers: apiKey(own) })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await call(`${own.baseUrl}/coupons`, { headers: apiKey(own) });
      expect(limited.body.error).toMatchObject({ status: 429, code: "rate_limited" });
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Another credential has its own budget.
      expect((await call(`${own.baseUrl}/coupons`, { headers: await pop(own, at, clock3) })).status).toBe(200);
      clock3.advance(1000);
      expect((await call(`${own.baseUrl}/coupons`, { headers: apiKey(own) })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("routing and error bodies", () => {
  it("answers 404 not_found for an unknown path, list, segment or job", async () => {
    for (const [method, path] of [
      ["GET", "/nothing-here"],
      ["GET", "/customer-lists/cl_missing/subscribers"],
      ["POST", "/segments/seg_missing/async-export"],
      ["GET", "/async-jobs/job_missing"],
    ] as const) {
      const res = await call(`${sandbox.baseUrl}${path}`, { method, headers: apiKey(sandbox) });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { status: 404, code: "not_found", message: expect.any(String) } });
    }
  });

  it("answers 404 not_found for a method a path does not take", async () => {
    for (const [method, path] of [
      ["POST", "/coupons"],
      ["PATCH", "/segments"],
      ["PUT", "/customer-lists/cl_vip/subscribers"],
      ["GET", "/customer-lists/cl_vip/subscriptions"],
    ] as const) {
      const res = await call(`${sandbox.baseUrl}${path}`, { method, headers: apiKey(sandbox) });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("answers 400 bad_request for a body over 1 MiB, and stores nothing", async () => {
    const before = sandbox.store.customers.size;
    const body = JSON.stringify({ email: "big@example.com", name: "x".repeat(1024 * 1024) });
    const res = await call(`${sandbox.baseUrl}/customer-lists/cl_vip/subscriptions`, {
      method: "PUT",
      headers: { ...apiKey(sandbox), "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      status: 400,
      code: "bad_request",
      message: expect.stringMatching(/exceeds/),
    });
    expect(sandbox.store.customers.size).toBe(before);
  });

  it("counts calls per route pattern", async () => {
    sandbox.calls.reset();
    await call(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers`, { headers: apiKey(sandbox) });
    await call(`${sandbox.baseUrl}/customer-lists/cl_launch/subscribers?limit=5`, { headers: apiKey(sandbox) });
    await call(`${sandbox.baseUrl}/segments`, { headers: apiKey(sandbox) });
    expect(sandbox.calls.count("GET /customer-lists/:id/subscribers")).toBe(2);
    expect(sandbox.calls.count("GET /segments")).toBe(1);
    expect(sandbox.calls.total()).toBe(3);
  });
});
