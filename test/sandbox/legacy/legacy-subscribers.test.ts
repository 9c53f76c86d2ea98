/**
 * Subscriber transitions of "States and transitions", suppression, the AddAndResubscribe rule,
 * Subscribers.GetActive's date filter, and reports that follow an unsubscribe.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { call, codeFrom, fieldsOf, records, testClock, textOf } from "./legacy-support.js";

const clock = testClock();
let sandbox: LegacySandbox;
beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: clock.now });
});
afterAll(() => sandbox.close());

const add = (op: string, listId: string, email: string, name = "Someone") =>
  codeFrom(sandbox.url, "get", op, { ListID: listId, Email: email, Name: name });
const unsubscribe = (listId: string, email: string) =>
  codeFrom(sandbox.url, "post", "Subscriber.Unsubscribe", { ListID: listId, Email: email });
const activeEmails = async (listId: string, since = "2000-01-01 00:00:00") =>
  records(await call(sandbox.url, "get", "Subscribers.GetActive", { ListID: listId, Date: since })).map(
    (s) => s.EmailAddress,
  );
const stats = async (listId: string) => fieldsOf(await call(sandbox.url, "soap", "List.GetStats", { ListID: listId }));

describe("Subscriber.Add", () => {
  it("adds a new address as Active on a single opt-in list and replaces the name of an Active one", async () => {
    expect(await add("Subscriber.Add", DEMO.lists.newsletter, "new.person@example.com", "First Name")).toBe(0);
    expect(sandbox.store.subscriber(DEMO.lists.newsletter, "new.person@example.com")?.state).toBe("Active");
    expect(await add("Subscriber.Add", DEMO.lists.newsletter, "NEW.Person@example.com", "Second Name")).toBe(0);
    const got = records(
      await call(sandbox.url, "get", "Subscribers.GetActive", {
        ListID: DEMO.lists.newsletter,
        Date: "2000-01-01 00:00:00",
      }),
    );
    expect(got.filter((s) => s.EmailAddress?.toLowerCase() === "new.person@example.com").map((s) => s.Name)).toEqual([
      "Second Name",
    ]);
  });

  it("replaces the given custom field values of an Active subscriber and keeps the others", async () => {
    const code = await codeFrom(sandbox.url, "soap", "Subscriber.AddWithCustomFields", {
      ListID: DEMO.lists.newsletter,
      Email: DEMO.emails.active,
      Name: "Ada King",
      CustomFields: [
        { Key: "[City]", Value: "Paris" },
        { Key: "[Age]", Value: "not a number" },
        { Key: "[Membership]", Value: "silver" },
        { Key: "[Nope]", Value: "ignored" },
      ],
    });
    expect(code).toBe(0);
    const ada = sandbox.store.subscriber(DEMO.lists.newsletter, DEMO.emails.active)!;
    expect(ada.name).toBe("Ada King");
    expect(Object.fromEntries(ada.customFields)).toMatchObject({
      "[City]": ["Paris"],
      "[Age]": ["36"],
      "[Membership]": ["Silver"],
      "[Interests]": ["Music", "Travel"],
    });
  });

  it("refuses addresses by the collection holding them: 204, 205, 206, 207, 208", async () => {
    const e = DEMO.emails;
    for (const op of ["Subscriber.Add", "Subscriber.AddWithCustomFields", "Subscriber.AddWithCustomFieldsWSDL"]) {
      const codes = await Promise.all(
        [e.suppressed, e.deleted, e.unsubscribed, e.bounced, e.unconfirmed].map((email) =>
          codeFrom(sandbox.url, "post", op, {
            ListID: DEMO.lists.newsletter,
            Email: email,
            Name: "x",
            ...(op === "Subscriber.Add" ? {} : { CustomFields: [] }),
          }),
        ),
      );
      expect(codes, op).toEqual([204, 205, 206, 207, 208]);
    }
    expect(sandbox.store.subscriber(DEMO.lists.newsletter, e.deleted)?.state).toBe("Deleted");
  });

  it("answers 1 for a malformed address and 101 for an unknown list", async () => {
    for (const bad of ["", "plainaddress", "a@b", "two@@example.com", "sp ace@example.com", "dot.@example.com"]) {
      expect(await add("Subscriber.Add", DEMO.lists.newsletter, bad), bad).toBe(1);
    }
    expect(await add("Subscriber.Add", "424242", "ok@example.com")).toBe(101);
    expect(await add("Subscriber.Add", "not-a-number", "ok@example.com")).toBe(101);
  });

  it("holds a new address of a double opt-in list as Unconfirmed (208 on a second Add)", async () => {
    expect(await add("Subscriber.Add", DEMO.lists.productUpdates, "double.optin@example.com")).toBe(0);
    expect(sandbox.store.subscriber(DEMO.lists.productUpdates, "double.optin@example.com")?.state).toBe("Unconfirmed");
    expect(await activeEmails(DEMO.lists.productUpdates)).not.toContain("double.optin@example.com");
    expect(await add("Subscriber.Add", DEMO.lists.productUpdates, "double.optin@example.com")).toBe(208);
  });
});

describe("Subscriber.AddAndResubscribe and its variants", () => {
  it("move unsubscribed, deleted, bounced and unconfirmed addresses back to Active", async () => {
    const e = DEMO.emails;
    const cases = [
      ["Subscriber.AddAndResubscribe", e.unsubscribed],
      ["Subscriber.AddAndResubscribeWithCustomFields", e.deleted],
      ["Subscriber.AddAndResubscribeWithCustomFieldsWSDL", e.bounced],
      ["Subscriber.AddAndResubscribe", e.unconfirmed],
    ] as const;
    const emails = cases.map(([, email]) => email);
    for (const [i, [op, email]] of cases.entries()) {
      const params = {
        ListID: DEMO.lists.newsletter,
        Email: email,
        Name: "Back",
        ...(i % 3 === 0 ? {} : { CustomFields: [] }),
      };
      expect(await codeFrom(sandbox.url, "soap", op, params), email).toBe(0);
      const record = sandbox.store.subscriber(DEMO.lists.newsletter, email)!;
      expect(record.state).toBe("Active");
      expect(record.date.getTime()).toBe(clock.now().getTime());
    }
    const active = await activeEmails(DEMO.lists.newsletter);
    for (const email of emails) expect(active).toContain(email);
  });

  it("still refuse a suppressed address with 204", async () => {
    expect(await add("Subscriber.AddAndResubscribe", DEMO.lists.newsletter, DEMO.emails.suppressed)).toBe(204);
  });
});

describe("Subscriber.Unsubscribe", () => {
  it("moves an Active member to Unsubscribed, then answers 202; 202 for a non-member", async () => {
    expect(await add("Subscriber.Add", DEMO.lists.retailers, "leaver@example.com")).toBe(0);
    expect(await unsubscribe(DEMO.lists.retailers, "leaver@example.com")).toBe(0);
    expect(sandbox.store.subscriber(DEMO.lists.retailers, "leaver@example.com")?.state).toBe("Unsubscribed");
    expect(await unsubscribe(DEMO.lists.retailers, "leaver@example.com")).toBe(202);
    expect(await unsubscribe(DEMO.lists.retailers, "never.here@example.com")).toBe(202);
    expect(await unsubscribe(DEMO.lists.retailers, "not-an-address")).toBe(1);
    expect(await unsubscribe("424242", "leaver@example.com")).toBe(101);
    // This list does not feed the suppression list: Add now meets the unsubscribed collection.
    expect(await add("Subscriber.Add", DEMO.lists.retailers, "leaver@example.com")).toBe(206);
  });

  it("adds the address to the client's suppression list when the list is set to", async () => {
    await add("Subscriber.Add", DEMO.lists.newsletter, "suppress.me@example.com");
    expect(await unsubscribe(DEMO.lists.newsletter, "suppress.me@example.com")).toBe(0);
    expect(sandbox.store.client(DEMO.clients.northwind)?.suppression.has("suppress.me@example.com")).toBe(true);
    expect(await add("Subscriber.Add", DEMO.lists.newsletter, "suppress.me@example.com")).toBe(204);
    // Suppression is the client's: another Northwind list refuses it too, another client's does not.
    expect(await add("Subscriber.Add", DEMO.lists.vip, "suppress.me@example.com")).toBe(204);
    expect(await add("Subscriber.Add", DEMO.lists.members, "suppress.me@example.com")).toBe(0);
  });

  it("shows in List.GetStats and in the reports of the campaign the subscriber last received", async () => {
    const before = await stats(DEMO.lists.newsletter);
    const summary = async (id: string) => call(sandbox.url, "get", "Campaign.GetSummary", { CampaignID: id });
    const recentBefore = textOf(await summary(DEMO.campaigns.sentRecently), "Unsubscribed");
    const olderBefore = textOf(await summary(DEMO.campaigns.sent), "Unsubscribed");
    const ada = DEMO.emails.active;

    expect(await unsubscribe(DEMO.lists.newsletter, ada)).toBe(0);

    const after = await stats(DEMO.lists.newsletter);
    expect(Number(after.TotalActiveSubscribers)).toBe(Number(before.TotalActiveSubscribers) - 1);
    expect(Number(after.TotalUnsubscribes)).toBe(Number(before.TotalUnsubscribes) + 1);
    expect(Number(after.UnsubscribesToday)).toBe(Number(before.UnsubscribesToday) + 1);
    expect(Number(after.UnsubscribesThisYear)).toBe(Number(before.UnsubscribesThisYear) + 1);
    expect(textOf(await summary(DEMO.campaigns.sentRecently), "Unsubscribed")).toBe(String(Number(recentBefore) + 1));
    expect(textOf(await summary(DEMO.campaigns.sent), "Unsubscribed")).toBe(olderBefore);
    const unsubscribes = records(
      await call(sandbox.url, "soap", "Campaign.GetUnsubscribes", { CampaignID: DEMO.campaigns.sentRecently }),
    );
    expect(unsubscribes).toContainEqual({ EmailAddress: ada, ListID: DEMO.lists.newsletter });
    expect(await activeEmails(DEMO.lists.newsletter)).not.toContain(ada);
  });
});

describe("follow-up emails", () => {
  type Email = { kind: string; to: string; listId?: string; campaignId?: string; at: string };
  const outboxFor = async (address: string): Promise<Email[]> => {
    const r = await fetch(`${sandbox.url}/__sandbox/outbox`);
    expect(r.status).toBe(200);
    const { emails } = (await r.json()) as { emails: Email[] };
    return emails.filter((e) => e.to.toLowerCase() === address.toLowerCase());
  };

  it("go to new subscribers only: the list's confirmation email, or the verification email on a double opt-in list", async () => {
    const single = "follow.up.single@example.com";
    expect(await add("Subscriber.Add", DEMO.lists.travellers, single)).toBe(0);
    expect(await outboxFor(single)).toEqual([
      { kind: "list-confirmation", to: single, listId: DEMO.lists.travellers, at: clock.now().toISOString() },
    ]);
    // Already Active: the name is replaced, nothing is sent.
    expect(await add("Subscriber.Add", DEMO.lists.travellers, single, "New Name")).toBe(0);
    expect(await outboxFor(single)).toHaveLength(1);

    const double = "follow.up.double@example.com";
    expect(await add("Subscriber.AddWithCustomFields", DEMO.lists.productUpdates, double)).toBe(0);
    expect((await outboxFor(double)).map((e) => [e.kind, e.listId])).toEqual([
      ["verification", DEMO.lists.productUpdates],
    ]);
  });

  it("are not sent for a refused address or a resubscribed one", async () => {
    const e = DEMO.emails;
    expect(await add("Subscriber.Add", DEMO.lists.newsletter, e.suppressed)).toBe(204);
    expect(await outboxFor(e.suppressed)).toEqual([]);
    const returning = "follow.up.returning@example.com";
    sandbox.store.putSubscriber(DEMO.lists.deals, { email: returning, state: "Unsubscribed" });
    expect(await add("Subscriber.Add", DEMO.lists.deals, returning)).toBe(206);
    expect(await add("Subscriber.AddAndResubscribe", DEMO.lists.deals, returning)).toBe(0);
    expect(sandbox.store.subscriber(DEMO.lists.deals, returning)?.state).toBe("Active");
    expect(await outboxFor(returning)).toEqual([]);
  });
});

describe("Subscribers.GetActive", () => {
  it("returns only Active subscribers added strictly after Date, read in the client's time zone", async () => {
    clock.advance(60 * 60_000);
    await add("Subscriber.Add", DEMO.lists.vip, "late.joiner@example.com");
    // 2026-03-18 04:00:00 UTC is 14:00:00 in Sydney (+10:00), the list owner's zone.
    expect(sandbox.store.subscriber(DEMO.lists.vip, "late.joiner@example.com")?.date.toISOString()).toBe(
      "2026-03-18T04:00:00.000Z",
    );
    expect(await activeEmails(DEMO.lists.vip, "2026-03-18 13:59:59")).toEqual(["late.joiner@example.com"]);
    expect(await activeEmails(DEMO.lists.vip, "2026-03-18 14:00:00")).toEqual([]);
    const all = records(
      await call(sandbox.url, "get", "Subscribers.GetActive", { ListID: DEMO.lists.vip, Date: "2000-01-01 00:00:00" }),
    );
    expect(all).toHaveLength(4);
    expect(all.every((s) => s.State === "Active")).toBe(true);
    expect(all.at(-1)?.Date).toBe("2026-03-18 14:00:00");
  });

  it("answers 5 for a date that is not YYYY-MM-DD HH:MM:SS or not a real date, 101 for an unknown list", async () => {
    for (const date of [
      "",
      "yesterday",
      "2026-03-18",
      "2026-02-30 00:00:00",
      "2026-03-18 24:00:00",
      "18/03/2026 10:00:00",
    ]) {
      expect(
        await codeFrom(sandbox.url, "get", "Subscribers.GetActive", { ListID: DEMO.lists.vip, Date: date }),
        date,
      ).toBe(5);
    }
    expect(
      await codeFrom(sandbox.url, "get", "Subscribers.GetActive", { ListID: "1", Date: "2026-01-01 00:00:00" }),
    ).toBe(101);
  });
});

describe("List.GetStats periods", () => {
  it("count a new subscriber today, this week, month and year in the client's time zone", async () => {
    const before = await stats(DEMO.lists.members);
    await add("Subscriber.Add", DEMO.lists.members, "stats.today@example.com");
    const after = await stats(DEMO.lists.members);
    for (const field of [
      "TotalActiveSubscribers",
      "NewActiveSubscribersToday",
      "NewActiveSubscribersThisWeek",
      "NewActiveSubscribersThisMonth",
      "NewActiveSubscribersThisYear",
    ]) {
      expect(Number(after[field]), field).toBe(Number(before[field]) + 1);
    }
    expect(after.NewActiveSubscribersYesterday).toBe(before.NewActiveSubscribersYesterday);
  });
});
