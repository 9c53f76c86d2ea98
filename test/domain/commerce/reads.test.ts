import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CommerceHttpError } from "../../../src/backends/commerce/errors.js";
import { InputError } from "../../../src/domain/input-error.js";
import type { SubscriberQuery } from "../../../src/backends/commerce/client.js";
import type { CommerceCaller, CommerceService } from "../../../src/domain/commerce/service.js";
import type { CommerceSubscriber, SubscriberStatus } from "../../../src/domain/commerce/models.js";
import { rejection, startDomainRig, SUBSCRIBERS, type DomainRig } from "./support.js";

let rig: DomainRig;
beforeAll(async () => {
  rig = await startDomainRig();
});
afterAll(() => rig.close());
beforeEach(() => rig.sb.calls.reset());

/** Every page of one listing, in order, and how many pages it took. */
async function pageThrough(service: CommerceService, listId: string, status: SubscriberStatus, first: number) {
  const nodes: CommerceSubscriber[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const page = await service.subscribersPage(listId, { status, first, after });
    pages += 1;
    nodes.push(...page.nodes);
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    if (!page.pageInfo.hasNextPage) {
      expect(page.pageInfo.endCursor).toBeNull();
      return { nodes, pages, totalCount: page.totalCount };
    }
    after = page.pageInfo.endCursor;
    expect(after).toEqual(expect.any(String));
  }
}

describe("segments", () => {
  it("is one GET /segments per request however many fields ask", async () => {
    const service = rig.owner();
    const answers = await Promise.all([
      service.segments(),
      service.segments(),
      service.segment(rig.sb.demo.segments.vipTier),
      service.segments(),
    ]);
    await service.segments();
    expect(rig.calls("GET /segments")).toBe(1);
    const [all, , vip] = answers;
    expect((all as { id: string }[]).map((s) => s.id)).toEqual(Object.values(rig.sb.demo.segments));
    expect(vip).toMatchObject({ id: rig.sb.demo.segments.vipTier, name: "VIP tier", editable: false });
    expect(await service.segment("seg_nope")).toBeNull();
    expect(rig.calls("GET /segments")).toBe(1);

    // Another request has its own loaders.
    await rig.owner().segments();
    expect(rig.calls("GET /segments")).toBe(2);
  });
});

describe("subscribersPage", () => {
  const list = () => rig.sb.demo.lists.newsletter;
  const expected = (status: "subscribed" | "pending" | "unsubscribed") => {
    const store = rig.sb.store;
    return store
      .entries(store.lists.get(list())!, status)
      .map((e) => e.customer.email)
      .sort();
  };

  it("pages the default listing to the end: every subscriber once, one call per page", async () => {
    const service = rig.owner();
    const { nodes, pages, totalCount } = await pageThrough(service, list(), "SUBSCRIBED", 100);
    const emails = nodes.map((n) => n.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect([...emails].sort()).toEqual(expected("subscribed"));
    expect(totalCount).toBe(280);
    expect(pages).toBe(3);
    expect(rig.calls(SUBSCRIBERS)).toBe(3);
    expect(nodes[0]).toMatchObject({ status: "SUBSCRIBED", id: expect.any(String), subscribedAt: expect.any(String) });
    expect(nodes[0]?.properties).toHaveProperty("tier");
  });

  it.each([
    ["PENDING", "pending", 25, 10, 3],
    ["UNSUBSCRIBED", "unsubscribed", 35, 10, 4],
  ] as const)(
    "pages the %s listing by its nextPage: every entry once, one call per page",
    async (status, wire, total, first, pageCount) => {
      const service = rig.owner();
      const { nodes, pages, totalCount } = await pageThrough(service, list(), status, first);
      const emails = nodes.map((n) => n.email);
      expect(new Set(emails).size).toBe(total);
      expect([...emails].sort()).toEqual(expected(wire));
      expect(totalCount).toBe(total);
      expect(pages).toBe(pageCount);
      expect(rig.calls(SUBSCRIBERS)).toBe(pageCount);
      // Only the email is relied on there.
      expect(nodes[0]).toEqual({
        email: expect.any(String),
        status,
        id: null,
        name: null,
        subscribedAt: null,
        properties: null,
      });
    },
  );

  it("fetches each page at most once per request", async () => {
    const service = rig.owner();
    const first = await service.subscribersPage(list(), { status: "SUBSCRIBED", first: 20 });
    const after = first.pageInfo.endCursor;
    const again = await Promise.all([
      service.subscribersPage(list(), { status: "SUBSCRIBED", first: 20 }),
      service.subscribersPage(list(), { status: "SUBSCRIBED", first: 20, after }),
      service.subscribersPage(list(), { status: "SUBSCRIBED", first: 20, after }),
    ]);
    expect(again[0]).toBe(first);
    expect(again[1]).toBe(again[2]);
    expect(rig.calls(SUBSCRIBERS)).toBe(2);
  });

  it("continues the default listing with another page size from the same cursor", async () => {
    const service = rig.owner();
    const a = await service.subscribersPage(list(), { status: "SUBSCRIBED", first: 7 });
    const b = await service.subscribersPage(list(), { status: "SUBSCRIBED", first: 13, after: a.pageInfo.endCursor });
    const whole = await service.subscribersPage(list(), { status: "SUBSCRIBED", first: 20 });
    expect([...a.nodes, ...b.nodes].map((n) => n.email)).toEqual(whole.nodes.map((n) => n.email));
  });

  it("refuses a page size out of range and a cursor of another listing, before any call", async () => {
    const service = rig.owner();
    const pending = await service.subscribersPage(list(), { status: "PENDING", first: 10 });
    const subscribed = await service.subscribersPage(list(), { status: "SUBSCRIBED", first: 10 });
    rig.sb.calls.reset();

    const cases: [Promise<unknown>, string, string][] = [
      [service.subscribersPage(list(), { status: "SUBSCRIBED", first: 101 }), "first", "PAGE_SIZE"],
      [service.subscribersPage(list(), { status: "SUBSCRIBED", first: 0 }), "first", "PAGE_SIZE"],
      [
        service.subscribersPage(list(), { status: "UNSUBSCRIBED", first: 10, after: pending.pageInfo.endCursor }),
        "after",
        "CURSOR",
      ],
      [
        service.subscribersPage(rig.sb.demo.lists.vip, {
          status: "SUBSCRIBED",
          first: 10,
          after: subscribed.pageInfo.endCursor,
        }),
        "after",
        "CURSOR",
      ],
      [service.subscribersPage(list(), { status: "SUBSCRIBED", after: "bm90IGEgY3Vyc29y" }), "after", "CURSOR"],
      // The pending listing numbers its pages by size, so its cursor keeps the size it was made with.
      [
        service.subscribersPage(list(), { status: "PENDING", first: 5, after: pending.pageInfo.endCursor }),
        "first",
        "PAGE_SIZE",
      ],
      [service.subscribersPage("", { status: "SUBSCRIBED" }), "listId", "REQUIRED"],
      [service.subscribersPage(list(), { status: "BOUNCED" as SubscriberStatus }), "status", "ONE_OF"],
    ];
    for (const [promise, field, rule] of cases) {
      const error = await rejection(promise);
      expect(error).toBeInstanceOf(InputError);
      expect(error).toMatchObject({ field, rule });
    }
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("builds each next page from the list, the listing, the checked size and the page number", async () => {
    const queries: SubscriberQuery[] = [];
    const client: CommerceCaller = Object.create(rig.client) as CommerceCaller;
    client.listSubscribers = (signer, listId, query, o) => {
      queries.push({ ...query });
      return rig.client.listSubscribers(signer, listId, query, o);
    };
    const service = rig.owner({ client });
    const { pages } = await pageThrough(service, list(), "PENDING", 10);
    expect(pages).toBe(3);
    expect(queries).toEqual([
      { kind: "pending", limit: 10 },
      { kind: "pending", limit: 10, page: 2 },
      { kind: "pending", limit: 10, page: 3 },
    ]);
  });

  it("keeps the backend's address out of a cursor", async () => {
    const page = await rig.owner().subscribersPage(list(), { status: "UNSUBSCRIBED", first: 10 });
    const text = Buffer.from(page.pageInfo.endCursor ?? "", "base64url").toString("utf8");
    expect(JSON.parse(text.slice("cs1:".length))).toEqual({ l: list(), s: "UNSUBSCRIBED", p: 2, f: 10 });
    expect(text).not.toContain(new URL(rig.sb.baseUrl).host);
  });

  it("sends the page size `first` says whatever an edited cursor claims", async () => {
    const cursor = (payload: object) => Buffer.from(`cs1:${JSON.stringify(payload)}`, "utf8").toString("base64url");
    const service = rig.owner();
    const whole = await service.subscribersPage(list(), { status: "PENDING", first: 25 });
    // A cursor claiming page 3 of pages of 1: the third entry, one entry.
    const third = await service.subscribersPage(list(), {
      status: "PENDING",
      first: 1,
      after: cursor({ l: list(), s: "PENDING", p: 3, f: 1 }),
    });
    expect(third.nodes.map((n) => n.email)).toEqual([whole.nodes[2]?.email]);
    // A default-listing cursor whose values try to carry a page size stays a cursor value.
    const smuggled = await service.subscribersPage(list(), {
      status: "SUBSCRIBED",
      first: 2,
      after: cursor({ l: list(), s: "SUBSCRIBED", a: ["0&limit=500", "0"] }),
    });
    expect(smuggled.nodes).toHaveLength(2);
    rig.sb.calls.reset();

    // The first form of a cursor held the backend's link itself (its limit unchecked): refused.
    const link = `${rig.sb.baseUrl}/customer-lists/${list()}/subscribers?pending=true&limit=500&page=1`;
    const old = await rejection(
      service.subscribersPage(list(), {
        status: "PENDING",
        first: 1,
        after: cursor({ l: list(), s: "PENDING", n: link, f: 1 }),
      }),
    );
    expect(old).toBeInstanceOf(InputError);
    expect(old).toMatchObject({ field: "after", rule: "CURSOR", message: expect.stringMatching(/earlier form/) });
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("lets the client's own errors through unchanged", async () => {
    const error = await rejection(rig.owner().subscribersPage("cl_missing", { status: "SUBSCRIBED" }));
    expect(error).toBeInstanceOf(CommerceHttpError);
    expect(error).toMatchObject({ code: "COMMERCE_NOT_FOUND", status: 404 });
  });
});

describe("customerList", () => {
  it("is the id it is named by, with no call", async () => {
    await expect(rig.owner().customerList("cl_vip")).resolves.toEqual({ id: "cl_vip" });
    expect(rig.sb.calls.total()).toBe(0);
  });
});

describe("coupons", () => {
  it("pages every coupon once, one call per page, the unshown fields kept as JSON", async () => {
    const service = rig.owner();
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await service.coupons({ first: 5, after });
      pages += 1;
      expect(page.totalCount).toBe(12);
      seen.push(...page.nodes.map((c) => c.code));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(pages).toBe(3);
    expect(rig.calls("GET /coupons")).toBe(3);
    expect(seen).toEqual(rig.sb.store.coupons.map((c) => c.code));
    const [welcome] = (await service.coupons({ first: 5 })).nodes;
    expect(rig.calls("GET /coupons")).toBe(3);
    expect(welcome).toMatchObject({
      id: "cpn_001",
      code: "WELCOME10",
      details: { discountType: "percentage", value: 10 },
    });
  });

  it("follows a cursor when first changes between pages", async () => {
    const service = rig.owner();
    const a = await service.coupons({ first: 3 });
    const b = await service.coupons({ first: 5, after: a.pageInfo.endCursor });
    expect([...a.nodes, ...b.nodes].map((c) => c.code)).toEqual(rig.sb.store.coupons.slice(0, 8).map((c) => c.code));
  });
});

describe("partnerRoot", () => {
  it("reads the partner interface with a partner credential, once per request", async () => {
    const service = rig.partnerService();
    const [root] = await Promise.all([service.partnerRoot(), service.partnerRoot()]);
    expect(root).toEqual({
      appId: rig.sb.demo.app.clientId,
      appName: rig.sb.demo.app.name,
      userCount: expect.any(Number),
    });
    expect(rig.calls("GET /partners/")).toBe(1);
  });
});
