import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InputError } from "../../../src/domain/input-error.js";
import { must } from "../../support/must.js";
import { SUBSCRIBERS, rejection, startDomainRig, type DomainRig } from "./support.js";

/** What a caller's 12345678901234567890 is once JSON.parse has read it: 12345678901234567000. */
const BIG = JSON.parse("12345678901234567890") as number;

let rig: DomainRig;
beforeAll(async () => {
  rig = await startDomainRig();
});
afterAll(() => rig.close());
beforeEach(() => rig.sb.calls.reset());

async function refused(p: Promise<unknown>): Promise<InputError> {
  const error = await rejection(p);
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe("subscribe", () => {
  it("sends the request with its properties and maps the answer", async () => {
    const service = rig.owner();
    const list = rig.sb.demo.lists.vip;
    const answer = await service.subscribe(list, {
      email: "new.person@example.com",
      name: "New Person",
      properties: { tier: "regular", orders_count: 3, city: "Oslo", interests: ["books", "audio"], __proto__x: true },
      source: "domain-test",
      optInText: "Yes, send me mail.",
    });
    expect(answer).toMatchObject({
      email: "new.person@example.com",
      listId: list,
      status: "SUBSCRIBED",
      id: expect.any(String),
    });
    expect(answer.properties).toMatchObject({ tier: "regular", orders_count: 3, interests: ["books", "audio"] });
    expect(rig.calls("PUT /customer-lists/:id/subscriptions")).toBe(1);
  });

  it("forgets the list's pages it read before the write", async () => {
    const service = rig.owner();
    const list = rig.sb.demo.lists.vip;
    const before = await service.subscribersPage(list, { status: "SUBSCRIBED", first: 100 });
    await service.subscribe(list, { email: "late.joiner@example.com" });
    const after = await service.subscribersPage(list, { status: "SUBSCRIBED", first: 100 });
    expect(after.totalCount).toBe((before.totalCount ?? 0) + 1);
    expect(rig.calls(SUBSCRIBERS)).toBe(2);
  });

  it.each([
    ["a key with a character outside the pattern", { "bad key": 1 }, "properties", "PROPERTY_KEY"],
    ["a key over 100 characters", { ["k".repeat(101)]: 1 }, "properties", "PROPERTY_KEY"],
    [
      "more than 20 properties",
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i])),
      "properties",
      "MAX_COUNT",
    ],
    ["an object value", { address: { city: "Oslo" } }, "properties.address", "PROPERTY_VALUE"],
    ["NaN, which JSON would turn into null", { score: Number.NaN }, "properties.score", "PROPERTY_VALUE"],
    ["undefined, which JSON would drop", { score: undefined }, "properties.score", "PROPERTY_VALUE"],
    ["a list mixing kinds", { tags: ["a", 1] }, "properties.tags", "PROPERTY_VALUE"],
    ["a list of lists", { tags: [["a"]] }, "properties.tags", "PROPERTY_VALUE"],
    ["a list holding null", { tags: ["a", null] }, "properties.tags", "PROPERTY_VALUE"],
    ["an invalid date", { seen_at: new Date(Number.NaN) }, "properties.seen_at", "PROPERTY_VALUE"],
    ["text over 1000 characters", { note: "x".repeat(1001) }, "properties.note", "MAX_LENGTH"],
    ["a whole number JSON cannot hold exactly", { n: BIG }, "properties.n", "EXACT_NUMBER"],
    ["such a number in a list", { ids: [1, 2 ** 53] }, "properties.ids[1]", "EXACT_NUMBER"],
    ["text holding NUL", { note: "a\u0000b" }, "properties.note", "TEXT_CHARACTERS"],
    ["a list element holding ESC", { tags: ["a", "\u001b[2J"] }, "properties.tags[1]", "TEXT_CHARACTERS"],
  ])("refuses %s with no call", async (_, properties, field, rule) => {
    const error = await refused(rig.owner().subscribe(rig.sb.demo.lists.vip, { email: "p@example.com", properties }));
    expect(error).toMatchObject({ field, rule });
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("reports every broken rule at once, and refuses bad addresses and long texts", async () => {
    const error = await refused(
      rig.owner().subscribe("", { email: "not-an-address", name: "n".repeat(201), properties: { "a.b": 1, ok: {} } }),
    );
    expect(error.issues.map((i) => [i.field, i.rule])).toEqual([
      ["listId", "REQUIRED"],
      ["email", "EMAIL"],
      ["name", "MAX_LENGTH"],
      ["properties", "PROPERTY_KEY"],
      ["properties.ok", "PROPERTY_VALUE"],
    ]);
    const long = await refused(rig.owner().subscribe("cl_vip", { email: `${"a".repeat(250)}@example.com` }));
    expect(long).toMatchObject({ field: "email", rule: "MAX_LENGTH" });
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("refuses control characters in its texts, and line breaks where the text is one line, with no call", async () => {
    const error = await refused(
      rig.owner().subscribe("cl_vip", {
        email: "ctl@example.com",
        name: "Ann\u0000",
        source: "web\u001b",
        sourceType: "form\nfooter",
        sourceId: "id\ud800",
        optInText: "Yes\u0007",
      }),
    );
    expect(error.issues.map((i) => [i.field, i.rule])).toEqual([
      ["name", "TEXT_CHARACTERS"],
      ["source", "TEXT_CHARACTERS"],
      ["sourceType", "SINGLE_LINE"],
      ["sourceId", "TEXT_CHARACTERS"],
      ["optInText", "TEXT_CHARACTERS"],
    ]);
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("sends opt-in wording over several lines as it is", async () => {
    const answer = await rig.owner().subscribe(rig.sb.demo.lists.vip, {
      email: "lines@example.com",
      optInText: "Yes, send me mail.\r\n\tI can unsubscribe at any time.",
    });
    expect(answer.email).toBe("lines@example.com");
    expect(rig.calls("PUT /customer-lists/:id/subscriptions")).toBe(1);
  });

  it("sends dates as ISO 8601 text and keeps a __proto__ key as an own property", async () => {
    const answer = await rig.owner().subscribe(rig.sb.demo.lists.vip, {
      email: "dated@example.com",
      properties: JSON.parse('{"__proto__": "kept", "signup_at": 1700000000}') as Record<string, unknown>,
    });
    expect(Object.hasOwn(answer.properties, "__proto__")).toBe(true);
    expect(answer.properties.signup_at).toBe(1700000000);
    const dated = await rig.owner().subscribe(rig.sb.demo.lists.vip, {
      email: "dated2@example.com",
      properties: { last_seen: new Date(Date.UTC(2025, 0, 2)) },
    });
    expect(dated.properties.last_seen).toBe("2025-01-02T00:00:00.000Z");
  });
});

describe("unsubscribeEmails", () => {
  it("answers the backend's report, partial failures included", async () => {
    const list = rig.sb.demo.lists.vip;
    const store = rig.sb.store;
    const [a, b] = store.entries(store.lists.get(list)!, "subscribed").map((e) => e.customer.email);
    const report = await rig
      .owner()
      .unsubscribeEmails(list, [
        must(a, "a subscribed email"),
        must(b, "a second subscribed email"),
        "stranger@example.com",
      ]);
    expect(report).toEqual({
      unsubscribed: 2,
      failed: 1,
      failedReasons: [expect.stringContaining("stranger@example.com")],
    });
    expect(rig.calls("DELETE /customer-lists/:id/subscribers")).toBe(1);
  });

  it("refuses an empty, oversized, repeated or malformed list with no call", async () => {
    const service = rig.owner();
    const many = Array.from({ length: 101 }, (_, i) => `u${i}@example.com`);
    const long = Array.from({ length: 40 }, (_, i) => `${"x".repeat(230)}${i}@example.com`);
    expect(await refused(service.unsubscribeEmails("cl_vip", []))).toMatchObject({ field: "emails", rule: "REQUIRED" });
    expect(await refused(service.unsubscribeEmails("cl_vip", many))).toMatchObject({
      field: "emails",
      rule: "MAX_COUNT",
    });
    expect(await refused(service.unsubscribeEmails("cl_vip", long))).toMatchObject({
      field: "emails",
      rule: "MAX_LENGTH",
    });
    expect(await refused(service.unsubscribeEmails("cl_vip", ["a@example.com", "A@example.com"]))).toMatchObject({
      field: "emails[1]",
      rule: "DUPLICATE",
    });
    // Repeats are found in ASCII case only: a Kelvin sign (U+212A) is not a k.
    const kelvin = await service.unsubscribeEmails("cl_vip", ["kate@example.com", "\u212Aate@example.com"]).then(
      () => undefined,
      (error: unknown) => error as { rule?: string },
    );
    expect(kelvin?.rule).not.toBe("DUPLICATE");
    rig.sb.calls.reset();
    expect(await refused(service.unsubscribeEmails("cl_vip", ["a@example.com", "nope"]))).toMatchObject({
      field: "emails[1]",
      rule: "EMAIL",
    });
    expect(rig.sb.calls.total()).toBe(0);
  });
});

describe("unsubscribeSegment", () => {
  it("answers the report for a small audience", async () => {
    const outcome = await rig.owner().unsubscribeSegment(rig.sb.demo.lists.launch, {
      criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "shop.test" }] }],
    });
    expect(outcome.kind).toBe("REPORT");
    if (outcome.kind === "REPORT") expect(outcome.report.unsubscribed).toBeGreaterThan(0);
  });

  it("answers the job a large audience became (202), which completes with its report", async () => {
    const service = rig.owner();
    // Everyone, said with a criterion: no address is at this domain, negated.
    const outcome = await service.unsubscribeSegment(rig.sb.demo.lists.newsletter, {
      criteria: [{ criteriaName: "emailDomain", negate: true, filters: [{ domain: "nowhere.invalid" }] }],
    });
    expect(outcome).toEqual({ kind: "JOB", jobId: expect.any(String) });
    if (outcome.kind !== "JOB") return;
    rig.sb.completeJobs();
    const job = await rig.owner().asyncJob(outcome.jobId);
    expect(job).toMatchObject({ id: outcome.jobId, kind: "segment-unsubscribe", status: "COMPLETED" });
    expect(job.result).toMatchObject({ kind: "segment-unsubscribe", report: { unsubscribed: expect.any(Number) } });
    if (job.result?.kind === "segment-unsubscribe") expect(job.result.report.unsubscribed).toBeGreaterThan(50);
  });

  it("refuses malformed criteria with no call", async () => {
    const error = await refused(
      rig.owner().unsubscribeSegment("cl_vip", {
        criteria: [{ criteriaName: "", negate: "yes" as unknown as boolean, filters: [] }],
      }),
    );
    expect(error.issues.map((i) => [i.field, i.rule])).toEqual([
      ["criteria[0].criteriaName", "REQUIRED"],
      ["criteria[0].negate", "REQUIRED"],
      ["criteria[0].filters", "REQUIRED"],
    ]);
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("refuses an empty criteria list, which the service would read as the whole list, with no call", async () => {
    const list = rig.sb.demo.lists.launch;
    const store = rig.sb.store;
    const members = store.entries(store.lists.get(list)!, "subscribed").length;
    const error = await refused(rig.owner().unsubscribeSegment(list, { criteria: [] }));
    expect(error).toMatchObject({ field: "criteria", rule: "REQUIRED" });
    expect(error.message).toContain("at least one criterion");
    expect(rig.sb.calls.total()).toBe(0);
    expect(store.entries(store.lists.get(list)!, "subscribed")).toHaveLength(members);
  });
});

describe("ids that are dot segments", () => {
  const criteria = { criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "example.com" }] }] };
  it.each([".", ".."])("refuses %j as every id with no call (it would name another endpoint)", async (id) => {
    const service = rig.owner();
    const cases: [string, Promise<unknown>][] = [
      ["listId", service.subscribe(id, { email: "dot@example.com" })],
      ["listId", service.unsubscribeEmails(id, ["nobody@example.com"])],
      ["listId", service.unsubscribeSegment(id, criteria)],
      ["listId", service.subscribersPage(id, { status: "SUBSCRIBED" })],
      ["listId", service.customerList(id)],
      ["segmentId", service.exportSegment(id)],
      ["id", service.asyncJob(id)],
      ["id", service.segment(id)],
    ];
    for (const [field, call] of cases) expect(await refused(call)).toMatchObject({ field, rule: "ID_SEGMENT" });
    expect(rig.sb.calls.total()).toBe(0);
  });
});

describe("exportSegment and asyncJob", () => {
  it("starts a job, which completes with the export's rows, read only when asked for", async () => {
    const service = rig.owner();
    const started = await service.exportSegment(rig.sb.demo.segments.vipTier);
    expect(started).toMatchObject({ kind: "segments-export", status: "PENDING", result: null });
    // The job the export answered is this request's view of it: no second read.
    expect(await service.asyncJob(started.id)).toBe(started);
    expect(rig.calls("GET /async-jobs/:id")).toBe(0);

    rig.sb.completeJobs();
    const later = rig.owner();
    const [done] = await Promise.all([later.asyncJob(started.id), later.asyncJob(started.id)]);
    expect(done).toMatchObject({ id: started.id, status: "COMPLETED", completedAt: expect.any(String) });
    expect(done.result).toEqual({ kind: "segments-export", jobId: started.id });
    expect(rig.calls("GET /async-jobs/:id")).toBe(1);
    // The job alone does not read its file.
    expect(rig.calls("GET /async-jobs/:id/result")).toBe(0);

    const rows = await later.exportRows(started.id, { first: 500 });
    expect(rows.nodes.length).toBeGreaterThan(0);
    expect(rows.totalCount).toBe(rows.nodes.length);
    for (const row of rows.nodes) {
      expect(row.email).toContain("@");
      expect(["SUBSCRIBED", "PENDING", "UNSUBSCRIBED"]).toContain(row.status);
    }
    expect(rig.calls("GET /async-jobs/:id/result")).toBe(1);
  });

  it("lets an unknown job's 404 through as the client's error", async () => {
    expect(await rejection(rig.owner().asyncJob("job_missing"))).toMatchObject({ code: "COMMERCE_NOT_FOUND" });
  });
});
