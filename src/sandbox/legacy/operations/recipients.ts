/**
 * Who a campaign goes to: the active subscribers of its lists and segments, each address once
 * (counted on the first list that holds it).
 */
import type { CampaignRecord, Recipient } from "../records.js";
import type { LegacyStore } from "../store.js";

export function campaignRecipients(store: LegacyStore, campaign: CampaignRecord): Recipient[] {
  const seen = new Map<string, Recipient>();
  const take = (listId: string, matches: (email: string) => boolean): void => {
    for (const s of store.list(listId)?.subscribers.values() ?? []) {
      const key = s.email.toLowerCase();
      if (s.state === "Active" && matches(key) && !seen.has(key)) seen.set(key, { email: s.email, listId });
    }
  };
  for (const listId of campaign.listIds) take(listId, () => true);
  for (const segmentId of campaign.segmentIds) {
    const segment = store.segment(segmentId);
    if (!segment) continue;
    const domain = segment.emailDomain?.toLowerCase();
    take(segment.listId, (email) => domain === undefined || email.endsWith(`@${domain}`));
  }
  return [...seen.values()];
}
