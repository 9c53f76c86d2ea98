import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { apiKey, call, fakeClock, type FakeClock } from "./commerce-support.js";

let sandbox: CommerceSandbox;
let clock: FakeClock;

beforeEach(async () => {
  clock = fakeClock();
  sandbox = await startCommerceSandbox({ now: clock.now, rateLimit: 0, jobDelayMs: 1000 });
});
afterEach(() => sandbox.close());

const get = (path: string) => call(`${sandbox.baseUrl}${path}`, { headers: apiKey(sandbox) });
const del = (listId: string, query: string) =>
  call(`${sandbox.baseUrl}/customer-lists/${listId}/subscribers?${query}`, {
    method: "DELETE",
    headers: apiKey(sandbox),
  });
const segmentQuery = (criteria: unknown[]) => `segment=${encodeURIComponent(JSON.stringify({ criteria }))}`;

/** Emails of a list's members with a status, straight from the store. */
function members(
  listId: string,
  status: string,
  filter: (email: string, props: Record<string, unknown>) => boolean = () => true,
): string[] {
  const list = sandbox.store.lists.get(listId)!;
  return [...list.members.values()]
    .filter((m) => m.status === status)
    .map((m) => sandbox.store.customers.get(m.customerId)!)
    .filter((c) => filter(c.email, c.properties))
    .map((c) => c.email);
}

describe("unsubscribe by emails", () => {
  it("unsubscribes known addresses and reports each failure in-band", async () => {
    const [a, b] = members("cl_vip", "subscribed");
    const [gone] = members("cl_vip", "unsubscribed");
    const pending = members("cl_newsletter", "pending")[0]!;
    const query = [a, b, gone, "stranger@example.com", "not-an-email", pending]
      .map((e) => `emails[]=${encodeURIComponent(e!)}`)
      .join("&");
    const res = await del("cl_vip", query);
    expect(res.status).toBe(200);
    expect(res.body.data.unsubscribed).toBe(2);
    expect(res.body.data.failed).toBe(4);
    expect(res.body.data.failedReasons).toEqual([
      `${gone}: already unsubscribed`,
      "stranger@example.com: not subscribed to this list",
      "not-an-email: not a valid email address",
      `${pending}: not subscribed to this list`,
    ]);
    expect(members("cl_vip", "unsubscribed")).toEqual(expect.arrayContaining([a, b]));
    const listing = await get("/customer-lists/cl_vip/subscribers?limit=500");
    expect(listing.body.meta.total).toBe(58);
  });

  it("unsubscribes a pending subscriber of a double opt-in list", async () => {
    const pending = members("cl_newsletter", "pending")[0]!;
    const res = await del("cl_newsletter", `emails[]=${encodeURIComponent(pending)}`);
    expect(res.body.data).toEqual({ unsubscribed: 1, failed: 0, failedReasons: [] });
    expect(members("cl_newsletter", "unsubscribed")).toContain(pending);
  });

  it("answers 400 for neither or both forms, and 404 for an unknown list", async () => {
    expect((await del("cl_vip", "")).status).toBe(400);
    expect((await del("cl_vip", `emails[]=a@example.com&${segmentQuery([])}`)).status).toBe(400);
    expect((await del("cl_missing", "emails[]=a@example.com")).status).toBe(404);
  });
});

describe("unsubscribe by segment", () => {
  it("unsubscribes a small audience at once, answering like the email form", async () => {
    const vips = members("cl_vip", "subscribed", (_e, p) => p.tier === "vip");
    expect(vips.length).toBeGreaterThan(0);
    expect(vips.length).toBeLessThanOrEqual(50);
    const res = await del(
      "cl_vip",
      segmentQuery([{ criteriaName: "property", negate: false, filters: [{ key: "tier", value: "vip" }] }]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ unsubscribed: vips.length, failed: 0, failedReasons: [] });
    expect(members("cl_vip", "subscribed", (_e, p) => p.tier === "vip")).toEqual([]);
    expect(members("cl_vip", "subscribed")).toHaveLength(60 - vips.length);
  });

  it("applies negate and combines criteria with AND", async () => {
    const expected = members("cl_vip", "subscribed", (e, p) => !e.endsWith("@example.com") && p.tier === "regular");
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThanOrEqual(50);
    const res = await del(
      "cl_vip",
      segmentQuery([
        { criteriaName: "emailDomain", negate: true, filters: [{ domain: "example.com" }] },
        { criteriaName: "inSegment", negate: true, filters: [{ segmentId: "seg_vip_tier" }] },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.unsubscribed).toBe(expected.length);
    expect(members("cl_vip", "subscribed", (e, p) => !e.endsWith("@example.com") && p.tier === "regular")).toEqual([]);
  });

  it("turns a large audience into a 202 job that unsubscribes only when it completes", async () => {
    const isCom = (e: string) => e.endsWith("@example.com");
    const audience = [...members("cl_newsletter", "subscribed", isCom), ...members("cl_newsletter", "pending", isCom)];
    expect(audience.length).toBeGreaterThan(50);
    const res = await del(
      "cl_newsletter",
      segmentQuery([{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "example.com" }] }]),
    );
    expect(res.status).toBe(202);
    const jobId = res.body.data.asyncJobId;
    expect(typeof jobId).toBe("string");

    const job = async () => (await get(`/async-jobs/${jobId}`)).body.data;
    expect(await job()).toMatchObject({
      id: jobId,
      kind: "segment-unsubscribe",
      status: "pending",
      completedAt: null,
      result: null,
    });
    expect(members("cl_newsletter", "subscribed", isCom).length).toBeGreaterThan(0);

    // One member leaves on their own while the job waits: the job reports it as a failure.
    const early = audience[0]!;
    await del("cl_newsletter", `emails[]=${encodeURIComponent(early)}`);

    clock.advance(500);
    expect((await job()).status).toBe("running");
    expect(members("cl_newsletter", "subscribed", isCom).length).toBeGreaterThan(0);

    clock.advance(500);
    const done = await job();
    expect(done.status).toBe("completed");
    expect(done.completedAt).toBe(clock.now().toISOString());
    expect(done.result).toEqual({
      unsubscribed: audience.length - 1,
      failed: 1,
      failedReasons: [`${early}: already unsubscribed`],
    });
    expect(members("cl_newsletter", "subscribed", isCom)).toEqual([]);
    expect(members("cl_newsletter", "pending", isCom)).toEqual([]);
    const listing = await get("/customer-lists/cl_newsletter/subscribers?limit=500");
    expect(listing.body.data.some((s: { email: string }) => isCom(s.email))).toBe(false);
    const result = await get(`/async-jobs/${jobId}/result`);
    expect(result.body.data).toEqual(done.result);
  });

  it("runs an audience of exactly the threshold at once and one of threshold + 1 as a job", async () => {
    const query = segmentQuery([{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "shop.test" }] }]);
    const size = members("cl_vip", "subscribed", (e) => e.endsWith("@shop.test")).length;
    expect(size).toBeGreaterThan(1);
    for (const [threshold, status] of [
      [size, 200],
      [size - 1, 202],
    ] as const) {
      const own = await startCommerceSandbox({ syncThreshold: threshold, rateLimit: 0 });
      try {
        const res = await call(`${own.baseUrl}/customer-lists/cl_vip/subscribers?${query}`, {
          method: "DELETE",
          headers: apiKey(own),
        });
        expect(res.status).toBe(status);
        if (status === 200) expect(res.body.data).toEqual({ unsubscribed: size, failed: 0, failedReasons: [] });
        else expect(Object.keys(res.body.data)).toEqual(["asyncJobId"]);
      } finally {
        await own.close();
      }
    }
  });

  it("honours a custom synchronous threshold", async () => {
    const own = await startCommerceSandbox({ syncThreshold: 500, rateLimit: 0 });
    try {
      const res = await call(`${own.baseUrl}/customer-lists/cl_newsletter/subscribers?${segmentQuery([])}`, {
        method: "DELETE",
        headers: apiKey(own),
      });
      expect(res.status).toBe(200);
      expect(res.body.data.unsubscribed).toBe(280 + 25);
    } finally {
      await own.close();
    }
  });

  it.each<[string, string]>([
    ["not JSON", "segment=%7Bnope"],
    ["no criteria array", `segment=${encodeURIComponent(JSON.stringify({ rules: [] }))}`],
    [
      "an unknown criteria name",
      segmentQuery([{ criteriaName: "favouriteColour", negate: false, filters: [{ v: 1 }] }]),
    ],
    ["empty filters", segmentQuery([{ criteriaName: "emailDomain", negate: false, filters: [] }])],
    [
      "a filter without its field",
      segmentQuery([{ criteriaName: "emailDomain", negate: false, filters: [{ name: "x" }] }]),
    ],
    [
      "a non-boolean negate",
      segmentQuery([{ criteriaName: "emailDomain", negate: "yes", filters: [{ domain: "x.org" }] }]),
    ],
    [
      "a bad date",
      segmentQuery([{ criteriaName: "subscribedBefore", negate: false, filters: [{ date: "last week" }] }]),
    ],
    [
      "an unknown segment",
      segmentQuery([{ criteriaName: "inSegment", negate: false, filters: [{ segmentId: "seg_nope" }] }]),
    ],
  ])("answers 400 bad_request for %s", async (_name, query) => {
    const res = await del("cl_vip", query);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
    expect(members("cl_vip", "subscribed")).toHaveLength(60);
  });
});

describe("segments", () => {
  it("lists default segments as not editable and custom ones as editable, with uses", async () => {
    const res = await get("/segments");
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.map((s: { id: string }) => [s.id, s]));
    expect(byId.seg_all).toMatchObject({ name: "All customers", editable: false });
    expect(byId.seg_vip_tier.editable).toBe(false);
    expect(byId.seg_example_org.editable).toBe(true);
    expect(byId.seg_vip_tier.uses).toEqual([
      { modelName: "NewsletterTemplate", models: [{ id: "nlt_vip_preview", enabled: true }] },
      { modelName: "FollowUpTemplate", models: [{ id: "fut_vip_thanks", enabled: false }] },
    ]);
    for (const s of res.body.data) {
      expect(Object.keys(s).sort()).toEqual(["editable", "id", "name", "uses"]);
      for (const use of s.uses)
        expect(["AsyncJob", "Campaign", "FollowUpTemplate", "NewsletterTemplate", "ReceiptTemplate"]).toContain(
          use.modelName,
        );
    }
  });
});

describe("segment export", () => {
  /** Independent expectation: every customer in a list, best status across lists. */
  function expectedRows(select: (email: string) => boolean): string[] {
    const rank = { subscribed: 2, pending: 1, unsubscribed: 0 } as const;
    const best = new Map<string, keyof typeof rank>();
    for (const list of sandbox.store.lists.values()) {
      for (const m of list.members.values()) {
        const email = sandbox.store.customers.get(m.customerId)!.email;
        const seen = best.get(email);
        if (!seen || rank[m.status] > rank[seen]) best.set(email, m.status);
      }
    }
    return [...best]
      .filter(([email]) => select(email))
      .map(([email, status]) => `${email},${status}`)
      .sort();
  }

  it("creates a pending segments-export job whose result is a CSV of email and status", async () => {
    const res = await call(`${sandbox.baseUrl}/segments/seg_example_org/async-export`, {
      method: "POST",
      headers: apiKey(sandbox),
    });
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({ id: expect.any(String), kind: "segments-export", status: "pending" });
    const id = res.body.data.id;

    const early = await get(`/async-jobs/${id}/result`);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ status: 409, code: "job_not_ready" });

    sandbox.completeJobs();
    const job = (await get(`/async-jobs/${id}`)).body.data;
    expect(job).toMatchObject({ id, kind: "segments-export", status: "completed" });
    expect(job.result.url).toBe(`${sandbox.baseUrl}/async-jobs/${id}/result`);

    const csv = await call(job.result.url, { headers: apiKey(sandbox) });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,status");
    const rows = lines.slice(1);
    expect(rows.length).toBeGreaterThan(10);
    expect([...rows].sort()).toEqual(expectedRows((e) => e.endsWith("@example.org")));
    expect(new Set(rows.map((r) => r.split(",")[1]))).toEqual(new Set(["subscribed", "pending", "unsubscribed"]));
  });

  it("reflects a segment built from other segments (inSegment with negate)", async () => {
    const res = await call(`${sandbox.baseUrl}/segments/seg_example_org_regulars/async-export`, {
      method: "POST",
      headers: apiKey(sandbox),
    });
    clock.advance(1000);
    const csv = await get(`/async-jobs/${res.body.data.id}/result`);
    const rows = csv.text.trimEnd().split("\r\n").slice(1);
    const regular = (email: string) => sandbox.store.customerByEmail(email)!.properties.tier !== "vip";
    expect([...rows].sort()).toEqual(expectedRows((e) => e.endsWith("@example.org") && regular(e)));
  });

  it("answers 404 for an unknown segment and an unknown job", async () => {
    expect(
      (await call(`${sandbox.baseUrl}/segments/seg_nope/async-export`, { method: "POST", headers: apiKey(sandbox) }))
        .status,
    ).toBe(404);
    expect((await get("/async-jobs/job_999999")).status).toBe(404);
    expect((await get("/async-jobs/job_999999/result")).status).toBe(404);
  });
});
