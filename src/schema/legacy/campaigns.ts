/**
 * Campaigns: the Campaign node with its summary, recipient lists and per-subscriber records
 * (bounces, opens, unsubscribes as connections), the `campaign` query, and sendCampaign.
 */
import { emailKey } from "../../domain/email.js";
import type {
  LegacyBounce,
  LegacyCampaign,
  LegacyCampaignRecord,
  LegacyCampaignSummary,
  LegacyOpen,
} from "../../domain/legacy/models.js";
import { builder, type Types } from "../builder.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { lookupKey, ownIdDescription } from "../support/lookup-args.js";
import { pageByKey } from "../support/pagination.js";
import { legacyWallTime, LocalDateTime } from "../support/scalars.js";
import { unreadableNull } from "../support/unreadable.js";
import { CampaignRef, ClientRef, ListRef } from "./refs.js";
import { staleness } from "../support/staleness.js";

export const BounceType = builder.enumType("BounceType", {
  description: "How an email bounced.",
  values: {
    HARD: { value: "Hard", description: "Permanent: the address does not accept mail." },
    SOFT: { value: "Soft", description: "Temporary: a full mailbox, a server down." },
  } as const,
});

/** Fields every per-subscriber record has: the address and the list it was sent through. */
function recordFields<T extends LegacyCampaignRecord>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) {
  return {
    email: t.string({ resolve: (r) => r.email }),
    listId: t.string({ description: "The service's ListID.", resolve: (r) => r.listId }),
    list: t.field({
      type: ListRef,
      nullable: true,
      description: "The list, when the campaign's client still has it.",
      resolve: (r, _args, ctx) => ctx.legacy.listOrNull(r.clientId, r.listId),
    }),
  };
}

const CampaignBounceRef = builder.objectRef<LegacyBounce>("CampaignBounce").implement({
  description: "An address the campaign bounced from.",
  fields: (t) => ({
    ...recordFields(t),
    bounceType: t.field({
      type: BounceType,
      nullable: true,
      description: unreadableNull(),
      resolve: (r) => r.bounceType,
    }),
  }),
});

const CampaignOpenRef = builder.objectRef<LegacyOpen>("CampaignOpen").implement({
  description: "An address that opened the campaign.",
  fields: (t) => ({
    ...recordFields(t),
    numberOfOpens: t.exposeInt("numberOfOpens", { nullable: true, description: unreadableNull() }),
  }),
});

const CampaignUnsubscribeRef = builder.objectRef<LegacyCampaignRecord>("CampaignUnsubscribe").implement({
  description: "An address that unsubscribed through the campaign.",
  fields: (t) => recordFields(t),
});

const CampaignSummaryRef = builder.objectRef<LegacyCampaignSummary>("CampaignSummary").implement({
  description: "Totals of a sent campaign.",
  fields: (t) => ({
    recipients: t.exposeInt("recipients", { nullable: true, description: unreadableNull() }),
    totalOpened: t.exposeInt("totalOpened", { nullable: true, description: unreadableNull() }),
    uniqueOpened: t.exposeInt("uniqueOpened", { nullable: true, description: unreadableNull() }),
    clicks: t.exposeInt("clicks", { nullable: true, description: unreadableNull() }),
    unsubscribed: t.exposeInt("unsubscribed", { nullable: true, description: unreadableNull() }),
    bounced: t.exposeInt("bounced", { nullable: true, description: unreadableNull() }),
  }),
});

const byEmailThenList = (r: LegacyCampaignRecord) => `${emailKey(r.email)}\u0000${r.listId}`;

builder.node(CampaignRef, {
  description: "A sent campaign of a client.",
  id: { resolve: (c) => compositeId(c.clientId, c.campaignId) },
  loadWithoutCache: (id, ctx) => {
    const [clientId, campaignId] = parseCompositeId(id, 2);
    return ctx.legacy.campaign(clientId, campaignId);
  },
  fields: (t) => ({
    campaignId: t.exposeString("campaignId", { description: "The service's CampaignID." }),
    subject: t.exposeString("subject"),
    name: t.exposeString("name"),
    sentDate: t.field({
      type: LocalDateTime,
      nullable: true,
      description: "When it was sent, in the client's time zone.",
      resolve: (c) => legacyWallTime(c.sentDate, "campaign sent date"),
    }),
    totalRecipients: t.exposeInt("totalRecipients", { nullable: true, description: unreadableNull() }),
    client: t.field({ type: ClientRef, nullable: true, resolve: (c, _args, ctx) => ctx.legacy.client(c.clientId) }),
    summary: t.field({
      type: CampaignSummaryRef,
      nullable: true,
      description:
        "Totals." +
        staleness("campaignSummary", "a send through this gateway is seen at once, opens and clicks are not reported."),
      resolve: (c, _args, ctx) => ctx.legacy.campaignSummary(c.campaignId),
    }),
    lists: t.field({
      type: [ListRef],
      nullable: true,
      description: "The lists the campaign went to.",
      resolve: (c: LegacyCampaign, _args, ctx) => ctx.legacy.campaignLists(c.clientId, c.campaignId),
    }),
    bounces: t.connection(
      {
        type: CampaignBounceRef,
        nullable: true,
        description: "Bounced addresses, ordered by email then list.",
        resolve: async (c, args, ctx) =>
          pageByKey(await ctx.legacy.campaignBounces(c.clientId, c.campaignId), byEmailThenList, args),
      },
      { name: "CampaignBounceConnection" },
      { name: "CampaignBounceEdge" },
    ),
    opens: t.connection(
      {
        type: CampaignOpenRef,
        nullable: true,
        description: "Addresses that opened it, ordered by email then list.",
        resolve: async (c, args, ctx) =>
          pageByKey(await ctx.legacy.campaignOpens(c.clientId, c.campaignId), byEmailThenList, args),
      },
      { name: "CampaignOpenConnection" },
      { name: "CampaignOpenEdge" },
    ),
    unsubscribes: t.connection(
      {
        type: CampaignUnsubscribeRef,
        nullable: true,
        description: "Addresses that unsubscribed through it, ordered by email then list.",
        resolve: async (c, args, ctx) =>
          pageByKey(await ctx.legacy.campaignUnsubscribes(c.clientId, c.campaignId), byEmailThenList, args),
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
    description:
      "One sent campaign by global id, or by the service's CampaignID with its client's ClientID (exactly one " +
      "way: BAD_USER_INPUT otherwise); null with a NOT_FOUND error when the client has sent none with that id.",
    args: {
      id: t.arg.id({ description: "The campaign's global id." }),
      campaignId: t.arg.string({ description: ownIdDescription("CampaignID", "Needs clientId.") }),
      clientId: t.arg.string({
        description: ownIdDescription(
          "ClientID of the campaign's client",
          "Only with campaignId: a campaign is read from its client's sent campaigns.",
        ),
      }),
    },
    resolve: (_root, args, ctx) => {
      const key = lookupKey("campaign", args.id, { campaignId: args.campaignId, clientId: args.clientId });
      const [clientId, campaignId] =
        "own" in key ? [key.own.clientId, key.own.campaignId] : localIdOf(key.globalId, "Campaign", 2);
      return ctx.legacy.campaign(clientId, campaignId);
    },
  }),
);
