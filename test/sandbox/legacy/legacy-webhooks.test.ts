/**
 * List webhooks of the legacy sandbox: the spec's event types and fields for changes made through
 * the API, JSON and XML bodies, batches of at most 1,000 events of one list, retries on the
 * sandbox clock and deactivation after a week of failures, and the control endpoints.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { childNamed, parseXml } from "../../../src/backends/legacy/xml.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox, type ListEvent } from "../../../src/sandbox/legacy/index.js";
import { FAILURE_WINDOW_MS, RETRY_DELAYS_MS } from "../../../src/sandbox/legacy/webhooks.js";
import { codeFrom, FIXED_NOW, testClock } from "./legacy-support.js";
import { startReceiver, type Receiver } from "../webhook-receiver.js";

const clock = testClock();
let sandbox: LegacySandbox;
let receiver: Receiver;
beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: clock.now, webhookAutoDeliver: false });
  receiver = await startReceiver(() => clock.now().getTime());
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
afterEach(() => {
  for (const hook of sandbox.webhooks.list()) sandbox.webhooks.remove(hook.id);
  receiver.received.length = 0;
  receiver.status = 200;
  clock.set(FIXED_NOW);
});

/** A fresh Northwind (Sydney, +10:00) list with a Text field [City]. */
function freshList(): string {
  const list = sandbox.store.addList({ clientId: DEMO.clients.northwind, title: "Webhook list" });
  list.customFields.push({ fieldName: "City", key: "[City]", dataType: "Text", options: [] });
  return list.id;
}

const ALL = ["Subscribe", "Update", "Deactivate"] as const;
const hook = (listId: string, format: "json" | "xml" = "json", events: readonly (typeof ALL)[number][] = ALL) =>
  sandbox.webhooks.add({ listId, url: receiver.url, format, events });

const bodies = (): { Events: ListEvent[]; ListID: string }[] =>
  receiver.received.map((r) => JSON.parse(r.body) as { Events: ListEvent[]; ListID: string });
const events = (): ListEvent[] => bodies().flatMap((b) => b.Events);

/** 2026-03-18 03:00 UTC in Sydney. */
const SYDNEY_NOW = "2026-03-18 13:00:00";

describe("events of API changes", () => {
  it("Subscriber.AddWithCustomFields of a new address is a Subscribe with the spec's fields, in order", async () => {
    const listId = freshList();
    hook(listId);
    const code = await codeFrom(sandbox.url, "soap", "Subscriber.AddWithCustomFields", {
      ListID: listId,
      Email: "ada@example.com",
      Name: "Ada",
      CustomFields: [{ Key: "[City]", Value: "Sydney" }],
    });
    expect(code).toBe(0);
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(bodies()[0]?.ListID).toBe(listId);
    const [event] = events();
    expect(event).toEqual({
      Type: "Subscribe",
      Date: SYDNEY_NOW,
      EmailAddress: "ada@example.com",
      Name: "Ada",
      SignupIPAddress: "API",
      CustomFields: [{ Key: "[City]", Value: "Sydney" }],
    });
    expect(Object.keys(event ?? {})).toEqual([
      "Type",
      "Date",
      "EmailAddress",
      "Name",
      "SignupIPAddress",
      "CustomFields",
    ]);
  });

  it("re-adding an Active address is an Update; unsubscribing a Deactivate; resubscribing a Subscribe", async () => {
    const listId = freshList();
    hook(listId);
    const add = (op: string, name: string) =>
      codeFrom(sandbox.url, "get", op, { ListID: listId, Email: "Bob@Example.com", Name: name });
    expect(await add("Subscriber.Add", "Bob")).toBe(0);
    clock.advance(60_000);
    expect(await add("Subscriber.Add", "Robert")).toBe(0);
    expect(
      await codeFrom(sandbox.url, "post", "Subscriber.Unsubscribe", { ListID: listId, Email: "bob@example.com" }),
    ).toBe(0);
    expect(await add("Subscriber.Add", "Rob")).toBe(206);
    expect(await add("Subscriber.AddAndResubscribe", "Rob")).toBe(0);
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    const got = events();
    expect(got.map((e) => e.Type)).toEqual(["Subscribe", "Update", "Deactivate", "Subscribe"]);
    expect(got[1]).toEqual({
      Type: "Update",
      Date: "2026-03-18 13:01:00",
      OldEmailAddress: "Bob@Example.com",
      EmailAddress: "Bob@Example.com",
      Name: "Robert",
      State: "Active",
      CustomFields: [],
    });
    expect(Object.keys(got[1] ?? {})).toEqual([
      "Type",
      "Date",
      "OldEmailAddress",
      "EmailAddress",
      "Name",
      "State",
      "CustomFields",
    ]);
    expect(got[2]).toEqual({
      Type: "Deactivate",
      Date: "2026-03-18 13:01:00",
      EmailAddress: "Bob@Example.com",
      Name: "Robert",
      State: "Unsubscribed",
      CustomFields: [],
    });
    expect(got[3]).toMatchObject({ Type: "Subscribe", Name: "Rob", SignupIPAddress: "API" });
  });

  it("fires nothing for refused changes, unverified double opt-in adds or event types not registered", async () => {
    hook(DEMO.lists.productUpdates);
    const listId = freshList();
    hook(listId, "json", ["Deactivate"]);
    expect(
      await codeFrom(sandbox.url, "get", "Subscriber.Add", {
        ListID: DEMO.lists.productUpdates,
        Email: "u@example.com",
        Name: "U",
      }),
    ).toBe(0);
    expect(
      await codeFrom(sandbox.url, "get", "Subscriber.Add", { ListID: listId, Email: "c@example.com", Name: "C" }),
    ).toBe(0);
    expect(
      await codeFrom(sandbox.url, "post", "Subscriber.Unsubscribe", { ListID: listId, Email: "x@example.com" }),
    ).toBe(202);
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(0);
    expect(
      await codeFrom(sandbox.url, "post", "Subscriber.Unsubscribe", { ListID: listId, Email: "c@example.com" }),
    ).toBe(0);
    await sandbox.webhooks.deliverDue();
    expect(events().map((e) => [e.Type, e.EmailAddress])).toEqual([["Deactivate", "c@example.com"]]);
  });
});

describe("formats and batching", () => {
  it("an XML webhook gets <ListEvents> with ListID and one <Event> per event", async () => {
    const listId = freshList();
    hook(listId, "xml");
    await codeFrom(sandbox.url, "soap", "Subscriber.AddWithCustomFields", {
      ListID: listId,
      Email: "x&y@example.com",
      Name: "X <&> Y",
      CustomFields: [{ Key: "[City]", Value: "Kraków" }],
    });
    await sandbox.webhooks.deliverDue();
    expect(receiver.received[0]?.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const doc = parseXml(receiver.received[0]?.body ?? "");
    expect(doc.name).toBe("ListEvents");
    expect(childNamed(doc, "ListID")?.text).toBe(listId);
    const list = childNamed(doc, "Events")?.children ?? [];
    expect(list).toHaveLength(1);
    const event = list[0];
    expect(event?.children.map((c) => c.name)).toEqual([
      "Type",
      "Date",
      "EmailAddress",
      "Name",
      "SignupIPAddress",
      "CustomFields",
    ]);
    expect(event && childNamed(event, "Name")?.text).toBe("X <&> Y");
    expect(event && childNamed(event, "EmailAddress")?.text).toBe("x&y@example.com");
    const field = event && childNamed(event, "CustomFields")?.children[0];
    expect(field?.name).toBe("CustomField");
    expect(field && [childNamed(field, "Key")?.text, childNamed(field, "Value")?.text]).toEqual(["[City]", "Kraków"]);
  });

  it("an import of 6,500 arrives as seven requests of at most 1,000 events, each once and in order", async () => {
    const listId = freshList();
    const other = freshList();
    hook(listId);
    hook(other);
    const res = await fetch(`${sandbox.url}/__sandbox/import`, {
      method: "POST",
      body: JSON.stringify({ listId, count: 6500 }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ listId, imported: 6500 });
    await sandbox.webhooks.deliverDue();
    expect(bodies().map((b) => b.Events.length)).toEqual([1000, 1000, 1000, 1000, 1000, 1000, 500]);
    expect(bodies().every((b) => b.ListID === listId)).toBe(true);
    const emails = events().map((e) => e.EmailAddress);
    const expected = [...(sandbox.store.list(listId)?.subscribers.values() ?? [])].map((s) => s.email);
    expect(emails).toEqual(expected);
    expect(new Set(emails).size).toBe(6500);
    expect(events().every((e) => e.Type === "Subscribe" && e.SignupIPAddress === "Import")).toBe(true);
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(7);
  });
});

describe("failures", () => {
  it("retries a failing URL on the sandbox clock and then delivers, once and in order", async () => {
    const listId = freshList();
    const { id } = hook(listId);
    receiver.status = 500;
    await codeFrom(sandbox.url, "get", "Subscriber.Add", { ListID: listId, Email: "r1@example.com", Name: "R" });
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    expect(sandbox.webhooks.get(id)).toMatchObject({ failures: 1, pending: 1, lastStatus: 500 });
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    clock.advance(RETRY_DELAYS_MS[0] ?? 0);
    await codeFrom(sandbox.url, "get", "Subscriber.Add", { ListID: listId, Email: "r2@example.com", Name: "R" });
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(2);
    receiver.status = 200;
    clock.advance((RETRY_DELAYS_MS[1] ?? 0) - 1);
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(2);
    clock.advance(1);
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(3);
    const last = bodies()[2];
    expect(last?.Events.map((e) => e.EmailAddress)).toEqual(["r1@example.com", "r2@example.com"]);
    expect(sandbox.webhooks.get(id)).toMatchObject({ active: true, failures: 0, pending: 0, failingSince: null });
  });

  it("deactivates a webhook whose URL has been failing for more than a week", async () => {
    const listId = freshList();
    const { id } = hook(listId);
    receiver.status = 503;
    await codeFrom(sandbox.url, "get", "Subscriber.Add", { ListID: listId, Email: "w@example.com", Name: "W" });
    await sandbox.webhooks.deliverDue();
    const start = clock.now().getTime();
    while (clock.now().getTime() - start <= FAILURE_WINDOW_MS) {
      expect(sandbox.webhooks.get(id)?.active).toBe(true);
      clock.advance(6 * 3600_000);
      await sandbox.webhooks.deliverDue();
    }
    expect(sandbox.webhooks.get(id)).toMatchObject({ active: false, lastStatus: 503 });
    expect(sandbox.webhooks.get(id)?.failingSince).toBe(new Date(start).toISOString());
    const attempts = receiver.received.length;
    expect(attempts).toBeGreaterThan(5);
    receiver.status = 200;
    await codeFrom(sandbox.url, "get", "Subscriber.Add", { ListID: listId, Email: "w2@example.com", Name: "W" });
    clock.advance(24 * 3600_000);
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(attempts);
  });

  it("an unreachable URL counts as a failure and never breaks the API call", async () => {
    const listId = freshList();
    const { id } = sandbox.webhooks.add({ listId, url: "http://127.0.0.1:1/none", format: "json", events: ALL });
    expect(
      await codeFrom(sandbox.url, "get", "Subscriber.Add", { ListID: listId, Email: "u@example.com", Name: "U" }),
    ).toBe(0);
    await sandbox.webhooks.deliverDue();
    expect(sandbox.webhooks.get(id)).toMatchObject({ failures: 1, lastStatus: 0, pending: 1 });
  });
});

describe("control endpoints", () => {
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${sandbox.url}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it("registers, lists, reads and deletes webhooks, and refuses bad registrations", async () => {
    const listId = freshList();
    const created = await control("POST", "/__sandbox/webhooks", {
      listId,
      url: receiver.url,
      format: "xml",
      events: ["Update"],
    });
    expect(created.status).toBe(201);
    const view = (await created.json()) as { id: string };
    expect(view).toMatchObject({
      listId,
      url: receiver.url,
      format: "xml",
      events: ["Update"],
      active: true,
      pending: 0,
    });
    const listed = (await (await control("GET", `/__sandbox/webhooks?listId=${listId}`)).json()) as {
      webhooks: unknown[];
    };
    expect(listed.webhooks).toEqual([view]);
    expect((await control("GET", `/__sandbox/webhooks/${view.id}`)).status).toBe(200);
    expect((await control("DELETE", `/__sandbox/webhooks/${view.id}`)).status).toBe(204);
    expect((await control("GET", `/__sandbox/webhooks/${view.id}`)).status).toBe(404);
    for (const bad of [
      { listId: "99999", url: receiver.url, format: "json", events: ["Subscribe"] },
      { listId, url: "ftp://x", format: "json", events: ["Subscribe"] },
      { listId, url: receiver.url, format: "csv", events: ["Subscribe"] },
      { listId, url: receiver.url, format: "json", events: ["Bounce"] },
      { listId, url: receiver.url, format: "json", events: [] },
    ]) {
      expect((await control("POST", "/__sandbox/webhooks", bad)).status).toBe(400);
    }
    expect((await control("POST", "/__sandbox/import", { listId, count: 0 })).status).toBe(400);
    expect((await control("POST", "/__sandbox/import", { listId: "nope", count: 1 })).status).toBe(400);
  });
});

describe("automatic delivery", () => {
  it("delivers right after the change without being asked", async () => {
    const auto = await startLegacySandbox();
    const inbox = await startReceiver();
    try {
      const listId = DEMO.lists.vip;
      auto.webhooks.add({ listId, url: inbox.url, format: "json", events: ["Subscribe"] });
      expect(
        await codeFrom(auto.url, "get", "Subscriber.Add", { ListID: listId, Email: "auto@example.com", Name: "A" }),
      ).toBe(0);
      await inbox.waitFor(1);
      const body = JSON.parse(inbox.received[0]?.body ?? "{}") as { Events: ListEvent[]; ListID: string };
      expect(body.ListID).toBe(listId);
      expect(body.Events.map((e) => e.EmailAddress)).toEqual(["auto@example.com"]);
    } finally {
      await auto.close();
      await inbox.close();
    }
  });
});
