/**
 * Subscriber listings across pages against the sandbox: every entry exactly once, the count equal
 * to the reported total and to what the store holds, for the default listing (cursor) and the
 * pending and unsubscriber listings (page numbers), following only nextPage.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubscriberKind } from "../../../src/backends/commerce/types.js";
import { must } from "../../support/must.js";
import { startRig, type Rig } from "./support/sandbox.js";

const ROUTE = "GET /customer-lists/:id/subscribers";
let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

const stored = (kind: SubscriberKind) =>
  rig.sb.store.entries(rig.sb.store.lists.get(rig.sb.demo.lists.newsletter)!, kind).map((e) => e.customer.email);

describe.each<[SubscriberKind, number]>([
  ["subscribed", 37],
  ["pending", 7],
  ["unsubscribed", 10],
])("the %s listing, %i a page", (kind, limit) => {
  it("yields every entry once, in as many requests as pages", async () => {
    const { newsletter } = rig.sb.demo.lists;
    const first = await rig.client.listSubscribers(rig.apiKey, newsletter, { kind, limit });
    const total = first.total!;
    expect(total).toBe(stored(kind).length);
    expect(first.nextPage).toBeDefined();

    rig.sb.calls.reset();
    const seen: string[] = [];
    for await (const entry of rig.client.subscribers(rig.apiKey, newsletter, { kind, limit })) seen.push(entry.email);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(new Set(seen)).toEqual(new Set(stored(kind)));
    expect(rig.sb.calls.count(ROUTE)).toBe(Math.ceil(total / limit));
  });

  it("can be walked by hand with fetchSubscriberPage", async () => {
    const { newsletter } = rig.sb.demo.lists;
    let page = await rig.client.listSubscribers(rig.apiKey, newsletter, { kind, limit });
    const seen = page.entries.map((e) => e.email);
    while (page.nextPage) {
      page = await rig.client.fetchSubscriberPage(rig.apiKey, page.nextPage);
      seen.push(...page.entries.map((e) => e.email));
      // The pending and unsubscriber entries are read for their email only.
      if (kind !== "subscribed") for (const e of page.entries) expect(Object.keys(e)).toEqual(["email"]);
    }
    expect(seen.sort()).toEqual(stored(kind).sort());
  });
});

it("starts the default listing after a given cursor", async () => {
  const { newsletter } = rig.sb.demo.lists;
  const first = await rig.client.listSubscribers(rig.apiKey, newsletter, { limit: 5 });
  const next = await rig.client.listSubscribers(rig.apiKey, newsletter, { limit: 5, searchAfter: first.searchAfter });
  const all = await rig.client.listSubscribers(rig.apiKey, newsletter, { limit: 10 });
  expect([...first.entries, ...next.entries]).toEqual(all.entries);
});

it.each<SubscriberKind>(["pending", "unsubscribed"])(
  "reads a numbered page of the %s listing from its page number and size",
  async (kind) => {
    const { newsletter } = rig.sb.demo.lists;
    const first = await rig.client.listSubscribers(rig.apiKey, newsletter, { kind, limit: 4 });
    const second = await rig.client.listSubscribers(rig.apiKey, newsletter, { kind, limit: 4, page: 2 });
    const both = await rig.client.listSubscribers(rig.apiKey, newsletter, { kind, limit: 8 });
    expect([...first.entries, ...second.entries]).toEqual(both.entries);
    expect(new URL(must(second.nextPage, "a nextPage")).searchParams.get("page")).toBe("3");
  },
);
