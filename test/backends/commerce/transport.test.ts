/**
 * The client against a tiny hostile server: size cap, timeouts, HTML and malformed replies,
 * status mapping, refused connections, aborts, foreign nextPage URLs, and scrubbing of
 * credentials a server echoes back.
 */
import { createServer } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeySigner, partnerSigner, popSigner } from "../../../src/backends/commerce/auth.js";
import { CommerceClient } from "../../../src/backends/commerce/client.js";
import {
  type CommerceError,
  type CommerceInsufficientScopeError,
  type CommerceRateLimitedError,
  type CommerceUnauthenticatedError,
  type CommerceValidationError,
} from "../../../src/backends/commerce/errors.js";
import { testLimits } from "./support/limits.js";
import { json, startStub, type Stub } from "./support/stub-server.js";
import { failure } from "./support/sandbox.js";

const API_KEY = "hostile-test-api-key-0001";
const TOKEN = "abcdefghijklmnopqrstuvwxyz0123";
const SECRET = "S".repeat(60);
const auth = apiKeySigner(API_KEY);

let stub: Stub;
let client: CommerceClient;

/** Every way an error can be shown, for leak checks. */
const renderings = (e: CommerceError) => [
  e.message,
  String(e),
  JSON.stringify(e),
  inspect(e, { depth: 10 }),
  inspect(e.cause, { depth: 10 }),
];

beforeAll(async () => {
  stub = await startStub();
  client = new CommerceClient({
    baseUrl: `${stub.url}/api/v1`,
    limits: testLimits({ maxResponseBytes: 4096, headersTimeoutMs: 300, bodyTimeoutMs: 300 }),
  });
});
afterAll(async () => {
  await client.close();
  await stub.close();
});

describe("requests", () => {
  it("sends the API key, Accept JSON, a JSON body, and percent-encodes path parameters", async () => {
    stub.handle((_req, res) =>
      json(res, 200, { data: { id: "s1", email: "a@x.io", listId: "a/b c", status: "subscribed", properties: {} } }),
    );
    const sub = await client.subscribe(auth, "a/b c", { email: "a@x.io", properties: { plan: "pro" } });
    expect(sub).toEqual({ id: "s1", email: "a@x.io", listId: "a/b c", status: "subscribed", properties: {} });
    const req = stub.received.at(-1)!;
    expect(req.method).toBe("PUT");
    expect(req.url).toBe("/api/v1/customer-lists/a%2Fb%20c/subscriptions");
    expect(req.headers["x-apikey"]).toBe(API_KEY);
    expect(req.headers.accept).toBe("application/json");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(req.body)).toEqual({ email: "a@x.io", properties: { plan: "pro" } });
  });

  it("sends emails as repeated emails[] and segment criteria as one JSON value", async () => {
    stub.handle((_req, res) =>
      json(res, 200, { data: { unsubscribed: 1, failed: 1, failedReasons: ["b@x.io: not a member"] } }),
    );
    expect(await client.unsubscribeEmails(auth, "L1", ["a@x.io", "b@x.io"])).toEqual({
      unsubscribed: 1,
      failed: 1,
      failedReasons: ["b@x.io: not a member"],
    });
    const byEmails = new URL(stub.received.at(-1)!.url, stub.url);
    expect(stub.received.at(-1)!.method).toBe("DELETE");
    expect(byEmails.searchParams.getAll("emails[]")).toEqual(["a@x.io", "b@x.io"]);

    const criteria = { criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "x.io" }] }] };
    stub.handle((_req, res) => json(res, 202, { data: { asyncJobId: "job-9" } }));
    expect(await client.unsubscribeSegment(auth, "L1", criteria)).toEqual({ kind: "job", asyncJobId: "job-9" });
    expect(JSON.parse(new URL(stub.received.at(-1)!.url, stub.url).searchParams.get("segment")!)).toEqual(criteria);
  });

  it("keeps the connection alive between requests", async () => {
    stub.handle((_req, res) => json(res, 200, { data: [] }));
    for (let i = 0; i < 6; i++) expect(await client.listSegments(auth)).toEqual([]);
    const ports = stub.received.slice(-6).map((r) => r.remotePort);
    expect(ports.every((p) => p! > 0)).toBe(true);
    // The pool may spread requests over a second socket, but a new socket per request means no keep-alive.
    expect(new Set(ports).size).toBeLessThan(ports.length);
    expect(stub.received.at(-1)!.headers.connection).not.toBe("close");
  });

  it("refuses an empty email list before sending", async () => {
    const before = stub.received.length;
    expect((await failure(client.unsubscribeEmails(auth, "L1", []))).code).toBe("COMMERCE_INVALID_INPUT");
    expect(stub.received.length).toBe(before);
  });

  it("refuses an id that is a dot segment or empty, or holds an unpaired surrogate, before sending", async () => {
    stub.handle((_req, res) => json(res, 200, { data: {} }));
    const before = stub.received.length;
    const criteria = { criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "x.io" }] }] };
    for (const id of [".", "..", "", "L\ud800"]) {
      for (const call of [
        client.subscribe(auth, id, { email: "a@x.io" }),
        client.listSubscribers(auth, id),
        client.unsubscribeEmails(auth, id, ["a@x.io"]),
        client.unsubscribeSegment(auth, id, criteria),
        client.exportSegment(auth, id),
        client.getJob(auth, id),
        client.getJobResult(auth, id),
      ]) {
        const err = await failure(call);
        expect(err.code).toBe("COMMERCE_INVALID_INPUT");
      }
    }
    expect((await failure(client.unsubscribeEmails(auth, "L1", ["a\udc00@x.io"]))).message).toBe(
      "the emails[] parameter of customer-lists holds an unpaired surrogate",
    );
    expect(stub.received.length).toBe(before);
  });

  it("keeps an id with dots that is no dot segment in its one segment, and the partner root's trailing slash", async () => {
    stub.handle((_req, res) => json(res, 200, { data: { id: "j", kind: "segments-export", status: "pending" } }));
    await client.getJob(auth, "...");
    expect(stub.received.at(-1)!.url).toBe("/api/v1/async-jobs/...");
    await client.getJob(auth, "a/../b");
    expect(stub.received.at(-1)!.url).toBe("/api/v1/async-jobs/a%2F..%2Fb");
    stub.handle((_req, res) => json(res, 200, { data: { app: { id: "a", name: "A" }, users: 0 } }));
    await client.partnerRoot(auth);
    expect(stub.received.at(-1)!.url).toBe("/api/v1/partners/");
  });
});

describe("reply checks", () => {
  it("caps the body: declared too large, and streamed past the cap", async () => {
    stub.handle((_req, res) => json(res, 200, { data: [], pad: "x".repeat(10_000) }));
    const declared = await failure(client.listSegments(auth));
    expect(declared.code).toBe("COMMERCE_TOO_LARGE");
    expect(declared.message).toContain("4096 bytes");

    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }); // chunked, no length
      for (let i = 0; i < 10; i++) res.write("x".repeat(1000));
      res.end();
    });
    expect((await failure(client.listSegments(auth))).code).toBe("COMMERCE_TOO_LARGE");
  });

  it("times out when headers never come, and when the body stalls", async () => {
    stub.handle(() => undefined); // never answers
    expect((await failure(client.listSegments(auth))).code).toBe("COMMERCE_TIMEOUT");

    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"data": ['); // and then nothing
    });
    expect((await failure(client.listSegments(auth))).code).toBe("COMMERCE_TIMEOUT");
  });

  it("calls an HTML page, malformed JSON, an empty body and a wrong shape bad responses", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<!doctype html><title>Login</title>");
    });
    expect(await failure(client.listSegments(auth))).toMatchObject({
      code: "COMMERCE_BAD_RESPONSE",
      message: expect.stringMatching(/HTML/),
    });

    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    expect((await failure(client.listSegments(auth))).message).toMatch(/malformed JSON/);

    stub.handle((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end());
    expect((await failure(client.listSegments(auth))).message).toMatch(/empty body/);

    stub.handle((_req, res) => json(res, 200, { data: [{ id: 7, name: "n", editable: true, uses: [] }] }));
    const shape = await failure(client.listSegments(auth));
    expect(shape.code).toBe("COMMERCE_BAD_RESPONSE");
    expect(shape.message).toContain("body.data[0].id must be a string (got number)");
  });

  it("refuses a job status outside the documented set and a CSV result that is not CSV", async () => {
    stub.handle((_req, res) => json(res, 200, { data: { id: "j", kind: "segments-export", status: "exploded" } }));
    expect((await failure(client.getJob(auth, "j"))).message).toMatch(/status must be one of/);
    stub.handle((_req, res) => json(res, 200, { data: [] }));
    expect((await failure(client.getJobResult(auth, "j"))).code).toBe("COMMERCE_BAD_RESPONSE");
  });

  it("refuses a count the graph's Int cannot carry: a total, a report's counts, a page's meta", async () => {
    const coupons = (total: unknown) =>
      stub.handle((_req, res) => json(res, 200, { data: [], meta: { total, _links: {} } }));
    for (const total of [1e20, 1.5, -1, 2 ** 31]) {
      coupons(total);
      const err = await failure(client.listCoupons(auth));
      expect(err.code).toBe("COMMERCE_BAD_RESPONSE");
      expect(err.message).toContain("body.meta.total must be a whole number from 0 to 2147483647");
    }
    coupons(2 ** 31 - 1);
    expect((await client.listCoupons(auth)).total).toBe(2 ** 31 - 1);

    stub.handle((_req, res) => json(res, 200, { data: { unsubscribed: 1, failed: -2, failedReasons: [] } }));
    expect((await failure(client.unsubscribeEmails(auth, "L1", ["a@x.io"]))).code).toBe("COMMERCE_BAD_RESPONSE");

    stub.handle((_req, res) =>
      json(res, 200, { data: [{ id: "c1", email: "a@x.io" }], meta: { total: 1e20, searchAfter: [] } }),
    );
    expect((await failure(client.listSubscribers(auth, "L1"))).code).toBe("COMMERCE_BAD_RESPONSE");
    // The pending listing's meta is read only when usable: a count it cannot be is left out.
    stub.handle((_req, res) => json(res, 200, { data: [{ email: "a@x.io" }], meta: { total: 1.5 } }));
    expect((await client.listSubscribers(auth, "L1", { kind: "pending" })).total).toBeUndefined();
  });

  it("is UNAVAILABLE when nothing listens", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const dead = new CommerceClient({ baseUrl: `http://127.0.0.1:${port}/api/v1`, limits: testLimits() });
    try {
      expect((await failure(dead.listSegments(auth))).code).toBe("COMMERCE_UNAVAILABLE");
    } finally {
      await dead.close();
    }
  });

  it("is ABORTED when the caller's signal fires", async () => {
    stub.handle(() => undefined);
    const controller = new AbortController();
    const pending = client.listSegments(auth, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await failure(pending)).code).toBe("COMMERCE_ABORTED");
  });
});

describe("status mapping", () => {
  const cases: [number, string, string][] = [
    [400, "bad_request", "COMMERCE_BAD_REQUEST"],
    [401, "unauthenticated", "COMMERCE_UNAUTHENTICATED"],
    [403, "forbidden", "COMMERCE_FORBIDDEN"],
    [403, "insufficient_scope", "COMMERCE_INSUFFICIENT_SCOPE"],
    [404, "not_found", "COMMERCE_NOT_FOUND"],
    [409, "job_not_ready", "COMMERCE_CONFLICT"],
    [422, "validation_failed", "COMMERCE_VALIDATION"],
    [429, "rate_limited", "COMMERCE_RATE_LIMITED"],
    [503, "internal", "COMMERCE_SERVER"],
    [418, "teapot", "COMMERCE_HTTP_STATUS"],
  ];
  it.each(cases)("%i %s → %s, with status and server message", async (status, code, expected) => {
    stub.handle((_req, res) => json(res, status, { error: { status, code, message: `the ${code} message` } }));
    const err = await failure(client.listSegments(auth));
    expect(err.code).toBe(expected);
    expect(err.message).toBe(`GET /api/v1/segments answered ${status} (${code}: the ${code} message)`);
  });

  it("keeps the details: required scopes, validation fields, Retry-After, WWW-Authenticate", async () => {
    stub.handle((_req, res) =>
      json(res, 403, {
        error: {
          status: 403,
          code: "insufficient_scope",
          message: "m",
          details: [
            { field: "scope", rule: "read_segments", message: "scope read_segments is required" },
            "read_customers",
          ],
        },
      }),
    );
    // Both forms a details list could take: a bare scope string, or an entry naming it.
    const scope = (await failure(client.listSegments(auth))) as CommerceInsufficientScopeError;
    expect(scope.requiredScopes).toEqual(["read_segments", "read_customers"]);

    const details = [{ field: "properties.a b", rule: "key_pattern", message: "bad key" }];
    stub.handle((_req, res) =>
      json(res, 422, { error: { status: 422, code: "validation_failed", message: "m", details } }),
    );
    expect(
      ((await failure(client.subscribe(auth, "L", { email: "a@x.io" }))) as CommerceValidationError).details,
    ).toEqual(details);

    stub.handle((_req, res) =>
      json(res, 429, { error: { status: 429, code: "rate_limited", message: "slow down" } }, { "retry-after": "7" }),
    );
    expect(((await failure(client.listSegments(auth))) as CommerceRateLimitedError).retryAfter).toBe(7);

    stub.handle((_req, res) =>
      json(
        res,
        401,
        { error: { status: 401, code: "unauthenticated", message: "m" } },
        { "www-authenticate": "ApiKey, PoP" },
      ),
    );
    expect(((await failure(client.listSegments(auth))) as CommerceUnauthenticatedError).challenge).toBe("ApiKey, PoP");
  });

  it("maps a proxy's HTML 502 by its status", async () => {
    stub.handle((_req, res) => res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad gateway</html>"));
    const err = await failure(client.listSegments(auth));
    expect(err).toMatchObject({ code: "COMMERCE_SERVER", status: 502 });
  });
});

describe("credentials stay out of errors", () => {
  it("scrubs an API key, PoP token, access token, partner token and client secret a server echoes", async () => {
    const pop = popSigner({ accessToken: TOKEN, clientSecret: SECRET });
    const partner = partnerSigner({ appId: "partner-app", clientSecret: SECRET });
    const cases: [typeof auth, string][] = [
      [auth, `key=${API_KEY}`],
      [pop, `at=${TOKEN} secret=${SECRET}`],
      [partner, `secret=${SECRET}`],
    ];
    for (const [signer, held] of cases) {
      stub.handle((req, res) => {
        const token = req.headers.authorization?.split(" ")[1] ?? "";
        const echoed = `${String(req.headers["x-apikey"] ?? "")} ${req.headers.authorization ?? ""} ${token.split(".")[1] ?? ""} ${held}`;
        json(res, 401, { error: { status: 401, code: "unauthenticated", message: echoed } });
      });
      const err = await failure(client.listSegments(signer));
      const sent = stub.received.at(-1)!.headers.authorization?.split(" ")[1];
      for (const shown of renderings(err)) {
        for (const secret of [API_KEY, TOKEN, SECRET, sent, sent?.split(".")[1]].filter(Boolean))
          expect(shown).not.toContain(secret);
      }
      expect(err.message).toContain("[redacted]");
    }
  });

  it("keeps them out of transport errors and their causes", async () => {
    stub.handle(() => undefined);
    const err = await failure(client.listSegments(auth));
    expect(err.code).toBe("COMMERCE_TIMEOUT");
    for (const shown of renderings(err)) expect(shown).not.toContain(API_KEY);
  });
});

describe("nextPage", () => {
  const page = (nextPage?: string) => ({ data: [{ email: "p@x.io" }], meta: nextPage ? { nextPage } : {} });

  it("refuses a URL on another host, another port, or outside the API path, before sending", async () => {
    const before = stub.received.length;
    for (const url of [
      "http://evil.example/api/v1/customer-lists/L/subscribers",
      stub.url.replace(/:\d+$/, ":1") + "/api/v1/x",
      `${stub.url}/admin`,
      "not a url",
    ]) {
      const err = await failure(client.fetchSubscriberPage(auth, url));
      expect(err.code).toBe("COMMERCE_INVALID_INPUT");
    }
    expect(stub.received.length).toBe(before);
  });

  it("stops iterating when a reply points elsewhere, without sending credentials there", async () => {
    const other = await startStub((_req, res) => json(res, 200, page()));
    try {
      stub.handle((_req, res) =>
        json(res, 200, page(`${other.url}/api/v1/customer-lists/L/subscribers?pending=true&page=2`)),
      );
      const seen: string[] = [];
      const err = await failure(
        (async () => {
          for await (const s of client.subscribers(auth, "L", { kind: "pending" })) seen.push(s.email);
        })(),
      );
      expect(err.code).toBe("COMMERCE_BAD_RESPONSE");
      expect(seen).toEqual(["p@x.io"]);
      expect(other.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it("reads the pending and unsubscriber listings by email and nextPage only, whatever else they carry", async () => {
    // Fields the spec calls a legacy behaviour that may change: odd types must not matter.
    const odd = (n: number, nextPage?: string) => ({
      data: [{ email: `u${n}@x.io`, id: n, unsubscribedAt: { when: "later" } }],
      meta: {
        total: String(n),
        pages: null,
        limit: "one",
        page: [n],
        searchAfter: "cursor",
        ...(nextPage ? { nextPage } : {}),
      },
    });
    for (const [kind, flag] of [
      ["pending", "pending"],
      ["unsubscribed", "unsubscribers"],
    ] as const) {
      stub.handle((req, res) => {
        const page = Number(new URL(req.url, stub.url).searchParams.get("page") ?? "1");
        json(
          res,
          200,
          odd(
            page,
            page < 3 ? `${stub.url}/api/v1/customer-lists/L/subscribers?${flag}=true&page=${page + 1}` : undefined,
          ),
        );
      });
      const seen: unknown[] = [];
      for await (const entry of client.subscribers(auth, "L", { kind })) seen.push(entry);
      expect(seen).toEqual([{ email: "u1@x.io" }, { email: "u2@x.io" }, { email: "u3@x.io" }]);
      const first = await client.listSubscribers(auth, "L", { kind });
      expect(first).toMatchObject({ total: undefined, pages: undefined, limit: undefined, searchAfter: undefined });
    }
    // The default listing documents its meta block, so there a wrong type is a bad response.
    stub.handle((_req, res) => json(res, 200, { data: [], meta: { total: "25" } }));
    expect((await failure(client.listSubscribers(auth, "L"))).message).toContain(
      "body.meta.total must be a whole number from 0 to 2147483647",
    );
  });

  it("detects a listing that loops back to a page already read", async () => {
    stub.handle((_req, res) =>
      json(res, 200, page(`${stub.url}/api/v1/customer-lists/L/subscribers?pending=true&page=2`)),
    );
    const err = await failure(
      (async () => {
        for await (const _ of client.subscribers(auth, "L", { kind: "pending" })) void _;
      })(),
    );
    expect(err.message).toMatch(/loops back/);
  });
});
