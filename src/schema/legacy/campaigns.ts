/**
 * Campaigns: the Campaign node with its summary, recipient lists and per-subscriber records
 * (bounces, opens, unsubscribes as connections), the `campaign` query, and sendCampaign.
 */
import type {
  LegacyCampaignSummary,
  LegacySubscriberBounce,
  LegacySubscriberOpen,
  LegacySubscriberUnsubscribe,
} from "../../backends/legacy/types.js";
import type { GraphContext } from "../../context.js";
import { builder, type Types } from "../builder.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { findCampaign, findClient, listOrNull } from "./lookups.js";
import { pageByKey } from "../support/pagination.js";
import { CampaignRef, ClientRef, ListRef, type CampaignShape } from "./refs.js";
import { LocalDateTime } from "../support/scalars.js";
import { badValue, wireEnum, wireInt } from "./wire.js";

const BOUNCE_TYPES = { HARD: "Hard", SOFT: "Soft" } as const;

export const BounceType = builder.enumType("BounceType", {
  description: "How an email bounced.",
  values: {
    HARD: { value: "Hard", description: "Permanent: the address does not accept mail." },
    SOFT: { value: "Soft", description: "Temporary: a full mailbox, a server down." },
  } as const,
});

/** A per-subscriber record of a campaign, with the client the campaign belongs to. */
interface Recorded<T> {
  clientId: string;
  record: T;
}

/** Fields every per-subscriber record has: the address and the list it was sent through. */
function recordFields<T extends { EmailAddress: string; ListID: string }>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Recorded<T>>,
) {
  return {
    email: t.string({ resolve: (r) => r.record.EmailAddress }),
    listId: t.string({ description: "The service's ListID.", resolve: (r) => r.record.ListID }),
    list: t.field({
      type: ListRef,
      nullable: true,
      description: "The list, when the campaign's client still has it.",
      resolve: (r, _args, ctx) => listOrNull(ctx, r.clientId, r.record.ListID),
    }),
  };
}

const CampaignBounceRef = builder.objectRef<Recorded<LegacySubscriberBounce>>("CampaignBounce").implement({
  description: "An address the campaign bounced from.",
  fields: (t) => ({
    ...recordFields(t),
    bounceType: t.field({
      type: BounceType,
      resolve: (r) => {
        const type = wireEnum(BOUNCE_TYPES, r.record.BounceType, "bounce type");
        if (type === null) throw badValue("bounce type");
        return type;
      },
    }),
  }),
});

const CampaignOpenRef = builder.objectRef<Recorded<LegacySubscriberOpen>>("CampaignOpen").implement({
  description: "An address that opened the campaign.",
  fields: (t) => ({
    ...recordFields(t),
    numberOfOpens: t.int({ resolve: (r) => wireInt(r.record.NumberOfOpens, "NumberOfOpens") }),
  }),
});

const CampaignUnsubscribeRef = builder.objectRef<Recorded<LegacySubscriberUnsubscribe>>("CampaignUnsubscribe").implement({
  description: "An address that unsubscribed through the campaign.",
  fields: (t) => recordFields(t),
});

const CampaignSummaryRef = builder.objectRef<LegacyCampaignSummary>("CampaignSummary").implement({
  description: "Totals of a sent campaign.",
  fields: (t) => ({
    recipients: t.int({ resolve: (s) => wireInt(s.Recipients, "Recipients") }),
    totalOpened: t.int({ resolve: (s) => wireInt(s.TotalOpened, "TotalOpened") }),
    uniqueOpened: t.int({ resolve: (s) => wireInt(s.UniqueOpened, "UniqueOpened") }),
    clicks: t.int({ resolve: (s) => wireInt(s.Clicks, "Clicks") }),
    unsubscribed: t.int({ resolve: (s) => wireInt(s.Unsubscribed, "Unsubscribed") }),
    bounced: t.int({ resolve: (s) => wireInt(s.Bounced, "Bounced") }),
  }),
});

const byEmailThenList = (r: Recorded<{ EmailAddress: string; ListID: string }>) =>
  `${r.record.EmailAddress.trim().toLowerCase()}\u0000${r.record.ListID}`;

const recorded = <T>(campaign: CampaignShape, records: T[]): Recorded<T>[] =>
  records.map((record) => ({ clientId: campaign.clientId, record }));

const campaignParams = (campaign: CampaignShape) => ({ CampaignID: campaign.entry.CampaignID });

builder.node(CampaignRef, {
  description: "A sent campaign of a client.",
  id: { resolve: (c) => compositeId(c.clientId, c.entry.CampaignID) },
  loadWithoutCache: (id, ctx) => {
    const [clientId, campaignId] = parseCompositeId(id, 2);
    return findCampaign(ctx, clientId, campaignId);
  },
  fields: (t) => ({
    campaignId: t.string({ description: "The service's CampaignID.", resolve: (c) => c.entry.CampaignID }),
    subject: t.string({ resolve: (c) => c.entry.Subject }),
    name: t.string({ resolve: (c) => c.entry.Name }),
    sentDate: t.field({
      type: LocalDateTime,
      nullable: true,
      description: "When it was sent, in the client's time zone.",
      resolve: (c) => (c.entry.SentDate.trim() === "" ? null : c.entry.SentDate),
    }),
    totalRecipients: t.int({ resolve: (c) => wireInt(c.entry.TotalRecipients, "TotalRecipients") }),
    client: t.field({ type: ClientRef, nullable: true, resolve: (c, _args, ctx) => findClient(ctx, c.clientId) }),
    summary: t.field({
      type: CampaignSummaryRef,
      nullable: true,
      description: "Totals (Campaign.GetSummary).",
      resolve: (c, _args, ctx) => ctx.legacy.read("Campaign.GetSummary", campaignParams(c)),
    }),
    lists: t.field({
      type: [ListRef],
      nullable: true,
      description: "The lists the campaign went to (Campaign.GetLists).",
      resolve: async (c, _args, ctx) =>
        (await ctx.legacy.read("Campaign.GetLists", campaignParams(c))).map((l) => ({
          clientId: c.clientId,
          listId: l.ListID,
          name: l.Name,
        })),
    }),
    bounces: t.connection(
      {
        type: CampaignBounceRef,
        nullable: true,
        description: "Bounced addresses, ordered by email then list (Campaign.GetBounces).",
        resolve: async (c, args, ctx) =>
          pageByKey(recorded(c, await ctx.legacy.read("Campaign.GetBounces", campaignParams(c))), byEmailThenList, args),
      },
      { name: "CampaignBounceConnection" },
      { name: "CampaignBounceEdge" },
    ),
    opens: t.connection(
      {
        type: CampaignOpenRef,
        nullable: true,
        description: "Addresses that opened it, ordered by email then list (Campaign.GetOpens).",
        resolve: async (c, args, ctx) =>
          pageByKey(recorded(c, await ctx.legacy.read("Campaign.GetOpens", campaignParams(c))), byEmailThenList, args),
      },
      { name: "CampaignOpenConnection" },
      { name: "CampaignOpenEdge" },
    ),
    unsubscribes: t.connection(
      {
        type: CampaignUnsubscribeRef,
        nullable: true,
        description: "Addresses that unsubscribed through it, ordered by email then list (Campaign.GetUnsubscribes).",
        resolve: async (c, args, ctx) =>
          pageByKey(recorded(c, await ctx.legacy.read("Campaign.GetUnsubscribes", campaignParams(c))), byEmailThenList, args),
      },
      { name: "CampaignUnsubscribeConnection" },
      { name: "CampaignUnsubscribeEdge" },
    ),
  }),
});

builder.queryField("campaign", (t) =>
  t.field({
    type: CampaignRef,
    nullable: true,
    description: "One sent campaign by global id; null with a NOT_FOUND error when its client has sent none with that id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx: GraphContext) => {
      const [clientId, campaignId] = localIdOf(String(args.id), "Campaign", 2);
      return findCampaign(ctx, clientId, campaignId);
    },
  }),
);
