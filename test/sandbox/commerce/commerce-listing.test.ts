import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../src/config.js";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { must } from "../../support/must.js";
import { apiKey, call } from "./commerce-support.js";

let sandbox: CommerceSandbox;

beforeAll(async () => {
  sandbox = await startCommerceSandbox({ rateLimit: 0 });
});
afterAll(() => sandbox.close());

const get = (url: string) => call(url, { headers: apiKey(sandbox) });

/** One page of a listing as decoded: its entries and its paging metadata. */
interface Page {
  data: Record<string, unknown>[];
  meta: Record<string, unknown>;
}

/** Follows nextPage from `first` to the end, returning every page. */
async function walk(first: string): Promise<Page[]> {
  const pages: Page[] = [];
  let next: string | undefined = first;
  while (next) {
    const res = await get(next);
    expect(res.status).toBe(200);
    pages.push(res.body);
    next = res.body.meta.nextPage;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

const expectedEmails = (listId: string, status: string): string[] => {
  const list = sandbox.store.lists.get(listId)!;
  return [...list.members.values()]
    .filter((m) => m.status === status)
    .map((m) => sandbox.store.customers.get(m.customerId)!.email);
};

describe("default listing", () => {
  it("walks nextPage over the 280-subscriber list with no duplicates, no gaps, matching total", async () => {
    const pages = await walk(`${sandbox.baseUrl}/customer-lists/${sandbox.demo.lists.newsletter}/subscribers?limit=40`);
    const emails = pages.flatMap((p) => p.data.map((s) => s.email));
    expect(pages).toHaveLength(7);
    expect(emails).toHaveLength(280);
    expect(new Set(emails).size).toBe(280);
    expect([...emails].sort()).toEqual(expectedEmails(sandbox.demo.lists.newsletter, "subscribed").sort());
    for (const page of pages) expect(page.meta).toMatchObject({ total: 280, pages: 7, limit: 40 });
    expect(pages.at(-1)!.meta.nextPage).toBeUndefined();
    // Entries are in subscription order and carry the documented fields.
    const times = pages.flatMap((p) => p.data.map((s) => s.subscribedAt));
    expect([...times].sort()).toEqual(times);
    expect(Object.keys(must(pages[0]?.data[0], "a first entry")).sort()).toEqual([
      "email",
      "id",
      "name",
      "properties",
      "subscribedAt",
    ]);
  });

  it("uses the default limit of 100 and echoes limit and searchAfter[] in an absolute nextPage", async () => {
    const res = await get(`${sandbox.baseUrl}/customer-lists/${sandbox.demo.lists.newsletter}/subscribers`);
    expect(res.body.data).toHaveLength(100);
    expect(res.body.meta.limit).toBe(100);
    const last = res.body.data[99];
    expect(res.body.meta.searchAfter).toEqual([last.subscribedAt, last.id]);
    const next = new URL(res.body.meta.nextPage);
    expect(`${next.origin}${next.pathname}`).toBe(
      `${sandbox.baseUrl}/customer-lists/${sandbox.demo.lists.newsletter}/subscribers`,
    );
    expect(next.searchParams.get("limit")).toBe("100");
    expect(next.searchParams.getAll("searchAfter[]")).toEqual(res.body.meta.searchAfter);
  });

  it("continues after a cursor sent by hand", async () => {
    const first = await get(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers?limit=10`);
    const [t, id] = first.body.meta.searchAfter;
    const second = await get(
      `${sandbox.baseUrl}/customer-lists/cl_vip/subscribers?limit=10&searchAfter[]=${encodeURIComponent(t)}&searchAfter[]=${id}`,
    );
    const whole = await get(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers?limit=20`);
    expect([...first.body.data, ...second.body.data]).toEqual(whole.body.data);
  });

  it("answers a single page without nextPage when everything fits", async () => {
    const res = await get(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers?limit=500`);
    expect(res.body.data).toHaveLength(60);
    expect(res.body.meta).toMatchObject({ total: 60, pages: 1, limit: 500 });
    expect(res.body.meta.nextPage).toBeUndefined();
  });

  it.each([
    "limit=0",
    "limit=501",
    "limit=ten",
    "searchAfter[]=only-one",
    "pending=maybe",
    "pending=true&unsubscribers=true",
  ])("answers 400 bad_request for %s", async (query) => {
    const res = await get(`${sandbox.baseUrl}/customer-lists/cl_vip/subscribers?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
  });
});

describe("pending and unsubscriber listings", () => {
  it.each([
    ["pending", "pending", 25],
    ["unsubscribers", "unsubscribed", 35],
  ])("%s=true walks page by page to every %s email", async (flag, status, count) => {
    const pages = await walk(
      `${sandbox.baseUrl}/customer-lists/${sandbox.demo.lists.newsletter}/subscribers?${flag}=true&limit=10`,
    );
    const emails = pages.flatMap((p) => p.data.map((e) => e.email));
    expect(pages).toHaveLength(Math.ceil(count / 10));
    expect(emails).toHaveLength(count);
    expect([...emails].sort()).toEqual(expectedEmails(sandbox.demo.lists.newsletter, status).sort());
    for (const page of pages) for (const entry of page.data) expect(Object.keys(entry)).toEqual(["email"]);
    expect(pages[0]!.meta.total).toBe(count);
  });
});

describe("coupons", () => {
  it("pages with limit and page, links self and next, and drops next on the last page", async () => {
    const first = await get(`${sandbox.baseUrl}/coupons?limit=5`);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(5);
    expect(first.body.meta.total).toBeGreaterThanOrEqual(10);
    expect(first.body.meta._links.self.href).toBe(`${sandbox.baseUrl}/coupons?limit=5&page=1`);
    const seen: string[] = [];
    let href: string | undefined = first.body.meta._links.self.href;
    while (href) {
      const page = await get(href);
      seen.push(...page.body.data.map((c: { code: string }) => c.code));
      href = page.body.meta._links.next?.href;
    }
    expect(seen).toHaveLength(first.body.meta.total);
    expect(new Set(seen).size).toBe(seen.length);
    const coupon = first.body.data[0];
    expect(Object.keys(coupon).sort()).toEqual([
      "code",
      "currency",
      "description",
      "discountType",
      "expiresAt",
      "id",
      "usageCount",
      "value",
    ]);
    expect(["percentage", "fixed"]).toContain(coupon.discountType);
  });

  it("answers 400 for a page of 0", async () => {
    expect((await get(`${sandbox.baseUrl}/coupons?page=0`)).status).toBe(400);
  });
});

describe("demo data", () => {
  it("is the same on every start", async () => {
    const other = await startCommerceSandbox();
    try {
      const a = await get(`${sandbox.baseUrl}/customer-lists/cl_launch/subscribers?limit=500`);
      const b = await call(`${other.baseUrl}/customer-lists/cl_launch/subscribers?limit=500`, {
        headers: apiKey(other),
      });
      expect(b.body.data).toEqual(a.body.data);
    } finally {
      await other.close();
    }
  });

  it("is what the README's commerce table says: credentials, ids, counts and editable flags", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");
    const section = readme.slice(readme.indexOf("### Commerce REST interface"));
    const table = section.slice(0, section.indexOf("\n## "));
    const row = (what: string): string => table.split("\n").find((line) => line.startsWith(`| ${what}`)) ?? "";
    const { demo, store } = sandbox;
    expect(table).toContain("`http://127.0.0.1:4102/api/v1`");
    expect(loadConfig({}).sandbox.commercePort).toBe(4102);
    expect(row("API key")).toContain(`\`${demo.apiKey}\``);
    expect(row("partner app id")).toContain(`\`${demo.app.clientId}\``);
    expect(row("partner app client secret")).toContain(`\`${demo.app.clientSecret}\``);
    expect(row("registered redirect URI")).toContain(`\`${demo.app.redirectUri}\``);
    expect(row("OAuth")).toContain(
      "`http://127.0.0.1:4102/oauth/authorize`, `http://127.0.0.1:4102/oauth/access-token`",
    );
    expect(row("signed-in user")).toContain(`\`${demo.user.id}\` (${demo.user.email})`);
    for (const list of store.lists.values()) {
      const counts = (["subscribed", "pending", "unsubscribed"] as const).map((s) => store.entries(list, s).length);
      const shown = new RegExp(
        `\`${list.id}\` \\((double opt-in, )?${counts[0]}( subscribed)? / ${counts[1]}( pending)? / ${counts[2]}`,
      );
      expect(row("customer lists")).toMatch(shown);
      expect(row("customer lists").includes(`\`${list.id}\` (double opt-in`)).toBe(list.doubleOptIn);
    }
    for (const segment of store.segments.values()) {
      expect(row(segment.editable ? "custom segments" : "default segments")).toContain(`\`${segment.id}\``);
    }
  });

  it("names lists, segments, app and user in COMMERCE_DEMO", () => {
    const { demo } = sandbox;
    for (const id of Object.values(demo.lists)) expect(sandbox.store.lists.has(id)).toBe(true);
    for (const id of Object.values(demo.segments)) expect(sandbox.store.segments.has(id)).toBe(true);
    expect(demo.app.clientSecret).toHaveLength(60);
    expect(demo.apiKey).toBe("demo-commerce-key");
    expect(sandbox.store.users.has(demo.user.id)).toBe(true);
  });
});
