/**
 * List.GetStats, computed from the subscriber records on every call so the numbers always
 * agree with the list: totals count current states, periods count the dates records entered
 * them, seen from now() in the owning client's time zone.
 */
import { clientOffset } from "../client-time.js";
import { statPeriods, type StatPeriod } from "../dates.js";
import type { ClientRecord, ListRecord, SubscriberRecord, SubscriberState } from "../records.js";
import type { WireRecord } from "../wire-xml.js";

const PERIODS: readonly StatPeriod[] = ["Today", "Yesterday", "ThisWeek", "ThisMonth", "ThisYear"];

// Wire name prefixes per counted state; Active counts new subscribers by their subscribe date.
const GROUPS: readonly { state: SubscriberState; total: string; prefix: string }[] = [
  { state: "Active", total: "TotalActiveSubscribers", prefix: "NewActiveSubscribers" },
  { state: "Unsubscribed", total: "TotalUnsubscribes", prefix: "Unsubscribes" },
  { state: "Deleted", total: "TotalDeleted", prefix: "Deleted" },
  { state: "Bounced", total: "TotalBounced", prefix: "Bounced" },
];

const countedDate = (s: SubscriberRecord): number => (s.state === "Active" ? s.date : s.stateDate).getTime();

/** The ListStatistics of a list at `now`. */
export function listStatistics(list: ListRecord, owner: ClientRecord, now: Date): WireRecord {
  const periods = statPeriods(now, clientOffset(owner));
  const subscribers = [...list.subscribers.values()];
  const stats: Record<string, number> = {};
  for (const group of GROUPS) {
    const members = subscribers.filter((s) => s.state === group.state);
    stats[group.total] = members.length;
    for (const period of PERIODS) {
      const { from, to } = periods[period];
      stats[`${group.prefix}${period}`] = members.filter((s) => countedDate(s) >= from && countedDate(s) < to).length;
    }
  }
  return stats;
}
