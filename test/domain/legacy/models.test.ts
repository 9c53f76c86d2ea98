import { describe, expect, it } from "vitest";
import type { LegacyListStatistics } from "../../../src/backends/legacy/types.js";
import { UnreadableValueError } from "../../../src/domain/errors.js";
import {
  toBounce,
  toCampaign,
  toCampaignSummary,
  toCustomField,
  toListStats,
  toOpen,
  toSubscriber,
} from "../../../src/domain/legacy/models.js";

const PERIODS = ["Today", "Yesterday", "ThisWeek", "ThisMonth", "ThisYear"] as const;

function wireStats(overrides: Partial<LegacyListStatistics> = {}): LegacyListStatistics {
  const stats: Record<string, string> = {};
  for (const [i, prefix] of ["NewActiveSubscribers", "Unsubscribes", "Deleted", "Bounced"].entries()) {
    for (const [j, period] of PERIODS.entries()) stats[`${prefix}${period}`] = String(i * 10 + j);
  }
  Object.assign(stats, { TotalActiveSubscribers: "71", TotalUnsubscribes: "4", TotalDeleted: "2", TotalBounced: "1" });
  return { ...(stats as LegacyListStatistics), ...overrides };
}

const unreadable = (read: () => unknown) => expect(read).toThrow(UnreadableValueError);

describe("legacy records (domain/legacy/models.ts)", () => {
  it("read every field of a list's statistics from the wire text", () => {
    const stats = toListStats(wireStats());
    expect([stats.totalActiveSubscribers, stats.totalUnsubscribes, stats.totalDeleted, stats.totalBounced]).toEqual([
      71, 4, 2, 1,
    ]);
    const { newActiveSubscribers: n, bounced: b } = stats;
    expect([n.today, n.yesterday, n.thisWeek, n.thisMonth, n.thisYear]).toEqual([0, 1, 2, 3, 4]);
    expect([stats.unsubscribes.thisWeek, stats.deleted.thisMonth, b.thisYear]).toEqual([12, 23, 34]);
  });

  it("fail only the field whose wire value is unreadable, when it is read", () => {
    const stats = toListStats(wireStats({ TotalBounced: "many", UnsubscribesThisWeek: "1.5" }));
    unreadable(() => stats.totalBounced);
    unreadable(() => stats.unsubscribes.thisWeek);
    expect(stats.totalActiveSubscribers).toBe(71);
    expect(stats.unsubscribes.today).toBe(10);

    const campaign = toCampaign("c1", {
      CampaignID: "k1",
      Subject: "S",
      Name: "N",
      SentDate: " ",
      TotalRecipients: "x",
    });
    expect(campaign).toMatchObject({ clientId: "c1", campaignId: "k1", subject: "S", name: "N", sentDate: null });
    unreadable(() => campaign.totalRecipients);

    const subscriber = toSubscriber("c1", "l1", {
      EmailAddress: "a@example.com",
      Name: "A",
      Date: "2026-01-02 03:04:05",
      State: "Sleeping",
      CustomFields: [{ Key: "[City]", Value: "Oslo" }],
    });
    expect(subscriber).toMatchObject({ email: "a@example.com", customFields: [{ key: "[City]", value: "Oslo" }] });
    unreadable(() => subscriber.state);
    expect(toSubscriber("c1", "l1", { ...wireSubscriber(), State: "unsubscribed" }).state).toBe("Unsubscribed");

    const field = toCustomField({ FieldName: "City", Key: "[City]", DataType: "Colour", FieldOptions: [] });
    expect(field).toMatchObject({ key: "[City]", fieldName: "City", options: [] });
    unreadable(() => field.dataType);
    expect(toCustomField({ FieldName: "N", Key: "[N]", DataType: "number", FieldOptions: [] }).dataType).toBe("Number");

    const summary = toCampaignSummary({
      Recipients: "10",
      TotalOpened: "5",
      UniqueOpened: "4",
      Clicks: "-",
      Unsubscribed: "1",
      Bounced: "",
    });
    expect([summary.recipients, summary.totalOpened, summary.uniqueOpened, summary.unsubscribed]).toEqual([
      10, 5, 4, 1,
    ]);
    expect(summary.bounced).toBe(0);
    unreadable(() => summary.clicks);

    const bounce = toBounce("c1", { EmailAddress: "b@example.com", ListID: "l1", BounceType: "Medium" });
    expect(bounce).toMatchObject({ clientId: "c1", email: "b@example.com", listId: "l1" });
    unreadable(() => bounce.bounceType);
    const open = toOpen("c1", { EmailAddress: "o@example.com", ListID: "l1", NumberOfOpens: "3" });
    expect(open).toMatchObject({ clientId: "c1", email: "o@example.com", listId: "l1", numberOfOpens: 3 });
  });

  // A getter written in an object literal is a new function per record and makes each record a
  // dictionary-mode object; the checked fields are getters every record of a kind shares.
  it("share one getter per checked field across the records of a kind", () => {
    const pairs: [object, object, string][] = [
      [toListStats(wireStats()), toListStats(wireStats()), "totalActiveSubscribers"],
      [toListStats(wireStats()).bounced, toListStats(wireStats()).deleted, "thisYear"],
      [toSubscriber("c", "l", wireSubscriber()), toSubscriber("c", "l", wireSubscriber()), "state"],
    ];
    for (const [a, b, name] of pairs) {
      expect(Object.getOwnPropertyDescriptor(a, name)).toBeUndefined();
      expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
      expect(typeof Object.getOwnPropertyDescriptor(Object.getPrototypeOf(a), name)?.get).toBe("function");
    }
  });
});

function wireSubscriber() {
  return { EmailAddress: "s@example.com", Name: "S", Date: "", State: "Active", CustomFields: [] };
}
