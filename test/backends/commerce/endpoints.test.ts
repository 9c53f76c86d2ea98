/**
 * Every endpoint against the sandbox with each authentication scheme it accepts, and a scheme or
 * scope it refuses; plus 400, 404 and 429.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { apiKeySigner, partnerSigner, popSigner, type CommerceSigner } from "../../../src/backends/commerce/auth.js";
import {
  CommerceInsufficientScopeError,
  CommerceRateLimitedError,
  CommerceUnauthenticatedError,
} from "../../../src/backends/commerce/errors.js";
import { failure, startRig, type Rig } from "./support/sandbox.js";

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const none: CommerceSigner = { scheme: "apiKey", headers: () => Promise.resolve({}) };

describe("GET /coupons", () => {
  it("answers an API key and a PoP token of any scope", async () => {
    for (const auth of [rig.apiKey, rig.pop([])]) {
      const first = await rig.client.listCoupons(auth, { limit: 5 });
      expect(first.coupons).toHaveLength(5);
      expect(first.total).toBe(rig.sb.store.coupons.length);
      expect(first.next).toBeDefined();
      expect(first.coupons[0]).toEqual(rig.sb.store.coupons[0]);
      const last = await rig.client.listCoupons(auth, { limit: 5, page: Math.ceil(first.total / 5) });
      expect(last.next).toBeUndefined();
    }
  });

  it("refuses a partner token and no credentials with 401 naming the schemes", async () => {
    for (const auth of [rig.partner, none]) {
      const err = await failure(rig.client.listCoupons(auth));
      expect(err).toBeInstanceOf(CommerceUnauthenticatedError);
      expect((err as CommerceUnauthenticatedError).challenge).toMatch(/PoP/);
    }
  });
});

describe("PUT /customer-lists/{id}/subscriptions", () => {
  it("subscribes with an API key and with write_customers", async () => {
    const { newsletter, vip } = rig.sb.demo.lists;
    const a = await rig.client.subscribe(rig.apiKey, vip, {
      email: "Key.Holder@Example.com",
      name: "Key Holder",
      properties: { tier: "vip" },
    });
    expect(a).toMatchObject({
      email: "key.holder@example.com",
      listId: vip,
      status: "subscribed",
      properties: { tier: "vip" },
    });
    const b = await rig.client.subscribe(rig.pop(["write_customers"]), newsletter, {
      email: "pop.writer@example.com",
      source: "test",
    });
    expect(b).toMatchObject({ email: "pop.writer@example.com", listId: newsletter, status: "pending" }); // double opt-in list
  });

  it("refuses read_customers alone (insufficient_scope naming write_customers)", async () => {
    const err = await failure(
      rig.client.subscribe(rig.pop(["read_customers"]), rig.sb.demo.lists.vip, { email: "x@example.com" }),
    );
    expect(err).toBeInstanceOf(CommerceInsufficientScopeError);
    expect((err as CommerceInsufficientScopeError).requiredScopes).toEqual(["write_customers"]);
  });

  it("is 404 for an unknown list, path parameters percent-encoded", async () => {
    const err = await failure(rig.client.subscribe(rig.apiKey, "no such/list", { email: "x@example.com" }));
    expect(err).toMatchObject({
      code: "COMMERCE_NOT_FOUND",
      status: 404,
      path: "/api/v1/customer-lists/no%20such%2Flist/subscriptions",
    });
  });
});

describe("GET /customer-lists/{id}/subscribers", () => {
  it("lists with an API key, read_customers and write_customers (write grants read)", async () => {
    for (const auth of [rig.apiKey, rig.pop(["read_customers"]), rig.pop(["write_customers"])]) {
      const page = await rig.client.listSubscribers(auth, rig.sb.demo.lists.vip, { limit: 10 });
      expect(page.entries).toHaveLength(10);
      expect(page.entries[0]).toEqual({
        id: expect.any(String),
        email: expect.stringContaining("@"),
        name: expect.any(String),
        subscribedAt: expect.any(String),
        properties: expect.any(Object),
      });
      expect(page.nextPage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\//);
    }
  });

  it("refuses read_segments, a partner token, and a limit out of range", async () => {
    const scope = await failure(rig.client.listSubscribers(rig.pop(["read_segments"]), rig.sb.demo.lists.vip));
    expect((scope as CommerceInsufficientScopeError).requiredScopes).toEqual(["read_customers"]);
    expect((await failure(rig.client.listSubscribers(rig.partner, rig.sb.demo.lists.vip))).code).toBe(
      "COMMERCE_UNAUTHENTICATED",
    );
    const bad = await failure(rig.client.listSubscribers(rig.apiKey, rig.sb.demo.lists.vip, { limit: 0 }));
    expect(bad).toMatchObject({ code: "COMMERCE_BAD_REQUEST", status: 400, serverCode: "bad_request" });
  });
});

describe("DELETE /customer-lists/{id}/subscribers", () => {
  it("unsubscribes with an API key and with write_customers", async () => {
    const { launch } = rig.sb.demo.lists;
    const [a, b] = (await rig.client.listSubscribers(rig.apiKey, launch, { limit: 2 })).entries;
    expect(await rig.client.unsubscribeEmails(rig.apiKey, launch, [a!.email])).toEqual({
      unsubscribed: 1,
      failed: 0,
      failedReasons: [],
    });
    expect(await rig.client.unsubscribeEmails(rig.pop(["write_customers"]), launch, [b!.email])).toEqual({
      unsubscribed: 1,
      failed: 0,
      failedReasons: [],
    });
  });

  it("unsubscribes by segment with an API key and with write_customers", async () => {
    const { launch } = rig.sb.demo.lists;
    const byDomain = (domain: string) => ({
      criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain }] }],
    });
    for (const [auth, domain] of [
      [rig.apiKey, "shop.test"],
      [rig.pop(["write_customers"]), "example.net"],
    ] as const) {
      const audience = rig.sb.store
        .entries(rig.sb.store.lists.get(launch)!, "subscribed")
        .concat(rig.sb.store.entries(rig.sb.store.lists.get(launch)!, "pending"))
        .filter((e) => e.customer.email.endsWith(`@${domain}`)).length;
      expect(audience).toBeGreaterThan(0);
      expect(await rig.client.unsubscribeSegment(auth, launch, byDomain(domain))).toEqual({
        kind: "done",
        result: { unsubscribed: audience, failed: 0, failedReasons: [] },
      });
    }
    const err = await failure(
      rig.client.unsubscribeSegment(rig.pop(["read_customers"]), launch, byDomain("example.org")),
    );
    expect((err as CommerceInsufficientScopeError).requiredScopes).toEqual(["write_customers"]);
  });

  it("refuses read_customers alone", async () => {
    const err = await failure(
      rig.client.unsubscribeEmails(rig.pop(["read_customers"]), rig.sb.demo.lists.launch, ["a@example.com"]),
    );
    expect((err as CommerceInsufficientScopeError).requiredScopes).toEqual(["write_customers"]);
  });
});

describe("GET /segments", () => {
  it("lists with an API key and read_segments", async () => {
    for (const auth of [rig.apiKey, rig.pop(["read_segments"])]) {
      const segments = await rig.client.listSegments(auth);
      const all = segments.find((s) => s.id === rig.sb.demo.segments.all);
      expect(all).toMatchObject({
        editable: false,
        uses: [{ modelName: "Campaign", models: [{ id: "cmp_welcome", enabled: true }] }],
      });
      expect(segments.find((s) => s.id === rig.sb.demo.segments.exampleOrg)?.editable).toBe(true);
    }
  });

  it("refuses read_customers alone", async () => {
    expect((await failure(rig.client.listSegments(rig.pop(["read_customers"])))).code).toBe(
      "COMMERCE_INSUFFICIENT_SCOPE",
    );
  });
});

describe("POST /segments/{id}/async-export and the job endpoints", () => {
  it("works with an API key and with read_customers + read_segments + read_async_job", async () => {
    for (const auth of [rig.apiKey, rig.pop(["read_customers", "read_segments", "read_async_job"])]) {
      const job = await rig.client.exportSegment(auth, rig.sb.demo.segments.vipTier);
      expect(job).toMatchObject({ kind: "segments-export", status: "pending", result: null });
      expect((await rig.client.getJob(auth, job.id)).id).toBe(job.id);
      rig.sb.completeJobs();
      expect((await rig.client.getJobResult(auth, job.id)).length).toBeGreaterThan(0);
    }
  });

  it("refuses an export without read_customers, and job reads without read_async_job", async () => {
    const exp = await failure(rig.client.exportSegment(rig.pop(["read_segments"]), rig.sb.demo.segments.vipTier));
    expect((exp as CommerceInsufficientScopeError).requiredScopes).toEqual(["read_customers"]);
    const job = await rig.client.exportSegment(rig.apiKey, rig.sb.demo.segments.vipTier);
    const reader = rig.pop(["read_customers", "read_segments"]);
    expect((await failure(rig.client.getJob(reader, job.id))).code).toBe("COMMERCE_INSUFFICIENT_SCOPE");
    expect((await failure(rig.client.getJobResult(reader, job.id))).code).toBe("COMMERCE_INSUFFICIENT_SCOPE");
  });

  it("is 404 for an unknown segment and job", async () => {
    expect((await failure(rig.client.exportSegment(rig.apiKey, "seg_nope"))).code).toBe("COMMERCE_NOT_FOUND");
    expect((await failure(rig.client.getJob(rig.apiKey, "job_nope"))).code).toBe("COMMERCE_NOT_FOUND");
  });
});

describe("GET /partners/", () => {
  it("answers a partner token with the app and its user count", async () => {
    const root = await rig.client.partnerRoot(rig.partner);
    expect(root.app).toEqual({ id: rig.sb.demo.app.clientId, name: rig.sb.demo.app.name });
    expect(root.users).toBe(1); // tokens issued above all belong to the demo user
  });

  it("forbids an API key and a PoP token, and wants credentials", async () => {
    for (const auth of [rig.apiKey, rig.pop(["read_customers"])]) {
      expect(await failure(rig.client.partnerRoot(auth))).toMatchObject({
        code: "COMMERCE_FORBIDDEN",
        status: 403,
        serverCode: "forbidden",
      });
    }
    const err = await failure(rig.client.partnerRoot(none));
    expect(err.code).toBe("COMMERCE_UNAUTHENTICATED");
    expect((err as CommerceUnauthenticatedError).challenge).toMatch(/Bearer/);
  });
});

describe("unknown credentials and rate limits", () => {
  it("refuses an unknown API key", async () => {
    expect((await failure(rig.client.listSegments(apiKeySigner("not-the-demo-key")))).code).toBe(
      "COMMERCE_UNAUTHENTICATED",
    );
  });

  it("is RATE_LIMITED past the limit, with Retry-After, until the clock moves on", async () => {
    const limited = await startRig({ rateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++) await limited.client.listSegments(limited.apiKey);
      const err = await failure(limited.client.listSegments(limited.apiKey));
      expect(err).toBeInstanceOf(CommerceRateLimitedError);
      expect((err as CommerceRateLimitedError).retryAfter).toBe(1);
      // Another credential has its own budget; the next second restores this one's.
      expect((await limited.client.listSegments(limited.pop(["read_segments"]))).length).toBeGreaterThan(0);
      limited.clock.advance(1000);
      expect((await limited.client.listSegments(limited.apiKey)).length).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe("credentials in errors", () => {
  it("never shows the API key, access token, client secret, PoP or partner token", async () => {
    const { clientId, clientSecret } = rig.sb.demo.app;
    const accessToken = rig.sb.issueAccessToken({ scopes: ["read_customers"] });
    // HMAC signing is deterministic, so the tokens sent can be rebuilt with the same clock.
    const pop = popSigner({ accessToken, clientSecret, now: rig.clock.now });
    const partner = partnerSigner({ appId: clientId, clientSecret, now: rig.clock.now });
    const wrongKey = apiKeySigner("wrong-key-0123456789");
    const popToken = (await pop.headers()).Authorization!.split(" ")[1]!;
    const partnerToken = (await partner.headers()).Authorization!.split(" ")[1]!;
    const secrets = [rig.sb.demo.apiKey, "wrong-key-0123456789", accessToken, clientSecret, popToken, partnerToken];

    const errors = await Promise.all([
      failure(rig.client.partnerRoot(rig.apiKey)),
      failure(rig.client.partnerRoot(pop)),
      failure(rig.client.listSegments(pop)),
      failure(rig.client.listSegments(partner)),
      failure(rig.client.listSegments(wrongKey)),
      failure(rig.client.subscribe(pop, rig.sb.demo.lists.vip, { email: "nope" })),
      failure(rig.client.getJob(rig.apiKey, "job_missing")),
      failure(
        rig.client.exchangeCode({
          clientId,
          clientSecret,
          code: "0".repeat(60),
          redirectUri: rig.sb.demo.app.redirectUri,
        }),
      ),
    ]);
    expect(errors.map((e) => e.code)).toEqual([
      "COMMERCE_FORBIDDEN",
      "COMMERCE_FORBIDDEN",
      "COMMERCE_INSUFFICIENT_SCOPE",
      "COMMERCE_UNAUTHENTICATED",
      "COMMERCE_UNAUTHENTICATED",
      "COMMERCE_INSUFFICIENT_SCOPE",
      "COMMERCE_NOT_FOUND",
      "COMMERCE_OAUTH",
    ]);
    for (const err of errors) {
      const shown = [
        err.message,
        String(err),
        JSON.stringify(err),
        inspect(err, { depth: 10 }),
        inspect(err.cause, { depth: 10 }),
      ].join("\n");
      for (const secret of secrets) expect(shown).not.toContain(secret);
    }
  });
});
