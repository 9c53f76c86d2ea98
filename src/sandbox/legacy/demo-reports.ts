/**
 * Report records of the demo's sent campaigns, consistent with the subscriber records: the
 * recipients are the addresses on the campaign's lists at the send time, hard bounces and
 * unsubscribes are the Bounced and Unsubscribed records, counted against the latest campaign
 * each address received before changing state (the rule Subscriber.Unsubscribe follows too).
 */
import type { CampaignRecord, Recipient, SubscriberRecord } from "./records.js";
import type { LegacyStore } from "./store.js";
import type { Random } from "../random.js";

/** Active at `at`: subscribed by then and not yet out of the Active state (Unconfirmed never was). */
const activeAt = (s: SubscriberRecord, at: number): boolean =>
  s.state !== "Unconfirmed" && s.date.getTime() <= at && (s.state === "Active" || s.stateDate.getTime() > at);

function recipientsAt(store: LegacyStore, campaign: CampaignRecord, at: number): Recipient[] {
  const seen = new Map<string, Recipient>();
  const take = (listId: string, domain?: string): void => {
    for (const s of store.list(listId)?.subscribers.values() ?? []) {
      const key = s.email.toLowerCase();
      if (!activeAt(s, at) || seen.has(key) || (domain !== undefined && !key.endsWith(`@${domain}`))) continue;
      seen.set(key, { email: s.email, listId });
    }
  };
  for (const listId of campaign.listIds) take(listId);
  for (const id of campaign.segmentIds) {
    const segment = store.segment(id);
    if (segment) take(segment.listId, segment.emailDomain);
  }
  return [...seen.values()];
}

/** Marks a demo campaign sent at `sentDate` and gives it opens, clicks and soft bounces. */
export function sendDemoCampaign(store: LegacyStore, random: Random, campaign: CampaignRecord, sentDate: Date): void {
  campaign.sentDate = sentDate;
  campaign.confirmationEmail = "reports@example.com";
  campaign.recipients = recipientsAt(store, campaign, sentDate.getTime());
  const stillActive = campaign.recipients.filter((r) => store.subscriber(r.listId, r.email)?.state === "Active");
  for (const r of random.some(stillActive, 3)) campaign.bounces.push({ ...r, type: "Soft" });
  for (const r of stillActive) {
    if (random.chance(0.45)) campaign.opens.push({ ...r, count: random.int(1, 4) });
  }
  campaign.clicks = campaign.opens.reduce((sum, o) => sum + random.int(0, o.count), 0);
}

/** Counts each Bounced and Unsubscribed record against the campaign that preceded its change. */
export function attributeDemoStateChanges(store: LegacyStore): void {
  const sent = store.campaigns().filter((c) => c.sentDate !== undefined);
  for (const list of store.lists()) {
    for (const s of list.subscribers.values()) {
      if (s.state !== "Bounced" && s.state !== "Unsubscribed") continue;
      const at = s.stateDate.getTime();
      const latest = sent
        .filter((c) => (c.sentDate?.getTime() ?? Infinity) <= at)
        .filter((c) =>
          c.recipients.some((r) => r.listId === list.id && r.email.toLowerCase() === s.email.toLowerCase()),
        )
        .sort((a, b) => (b.sentDate?.getTime() ?? 0) - (a.sentDate?.getTime() ?? 0))[0];
      if (!latest) continue;
      const recipient = { email: s.email, listId: list.id };
      if (s.state === "Bounced") latest.bounces.push({ ...recipient, type: "Hard" });
      else latest.unsubscribes.push(recipient);
    }
  }
}
