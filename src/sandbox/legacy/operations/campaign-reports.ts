/**
 * Campaign reports, built from the campaign's records on every call: an unsubscribe recorded
 * after sending shows in the summary and the unsubscribe list at once. An unsent campaign has
 * empty reports.
 */
import type { CampaignRecord } from "../records.js";
import type { LegacyStore } from "../store.js";
import type { WireRecord } from "../wire-xml.js";
import { param, result, value, type Handler } from "./types.js";

const forCampaign =
  (read: (campaign: CampaignRecord, store: LegacyStore) => WireRecord | WireRecord[]): Handler =>
  ({ store, args }) => {
    const campaign = store.campaign(param(args, "CampaignID"));
    return campaign ? value(read(campaign, store)) : result(301);
  };

/** Handlers of the campaign report operations. */
export const CAMPAIGN_REPORT_HANDLERS = {
  "Campaign.GetSummary": forCampaign((c) => ({
    Recipients: c.recipients.length,
    TotalOpened: c.opens.reduce((sum, o) => sum + o.count, 0),
    UniqueOpened: c.opens.length,
    Clicks: c.clicks,
    Unsubscribed: c.unsubscribes.length,
    Bounced: c.bounces.length,
  })),
  "Campaign.GetBounces": forCampaign((c) =>
    c.bounces.map((b) => ({ EmailAddress: b.email, ListID: b.listId, BounceType: b.type })),
  ),
  "Campaign.GetOpens": forCampaign((c) =>
    c.opens.map((o) => ({ EmailAddress: o.email, ListID: o.listId, NumberOfOpens: o.count })),
  ),
  "Campaign.GetUnsubscribes": forCampaign((c) =>
    c.unsubscribes.map((u) => ({ EmailAddress: u.email, ListID: u.listId })),
  ),
  // Segments are answered as List entries too: the parent ListID with the segment's name.
  "Campaign.GetLists": forCampaign((c, store) => [
    ...c.listIds.flatMap((id) => {
      const list = store.list(id);
      return list ? [{ ListID: list.id, Name: list.title }] : [];
    }),
    ...c.segmentIds.flatMap((id) => {
      const segment = store.segment(id);
      return segment ? [{ ListID: segment.listId, Name: segment.name }] : [];
    }),
  ]),
} as const satisfies Record<string, Handler>;
