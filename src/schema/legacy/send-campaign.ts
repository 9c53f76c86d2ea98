/**
 * sendCampaign: schedules a campaign immediately or at an instant. The service takes the date as
 * a wall time of the client's time zone, so an instant is converted with the offset of the
 * client's TimeZone (Client.GetDetail) before it is sent.
 */
import { timeZoneOffsetMinutes } from "../../backends/legacy/reference.js";
import type { GraphContext } from "../../context.js";
import { MAX_LENGTH, MAX_COUNT } from "../../domain/input-limits.js";
import { checkCampaignOfClient } from "../../domain/legacy/ownership.js";
import { builder } from "../builder.js";
import { writeOutcomes } from "../support/errors.js";
import { localIdOf } from "../support/global-id.js";
import { inputRules } from "../support/input-rules.js";
import { findClient } from "./lookups.js";
import { ClientRef } from "./refs.js";
import { DateTime, LocalDateTime } from "../support/scalars.js";
import { badValue } from "./wire.js";

/** The SendDate value that sends at once. */
const IMMEDIATELY = "Immediately";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The wall time of `instant` in a zone `offsetMinutes` east of UTC, as the wire writes it. */
export function wallTime(instant: Date, offsetMinutes: number): string {
  const t = new Date(instant.getTime() + offsetMinutes * 60_000);
  return (
    `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

async function clientOffset(ctx: GraphContext, clientId: string): Promise<number> {
  const detail = await ctx.legacy.read("Client.GetDetail", { ClientID: clientId });
  const offset = timeZoneOffsetMinutes(detail.BasicDetails.TimeZone);
  if (offset === undefined) throw badValue("client time zone");
  return offset;
}

interface SendPayload {
  clientId: string;
  campaignId: string;
  /** Wire SendDate: "Immediately" or the client's wall time. */
  sendDate: string;
}

const SendCampaignSuccess = builder.objectRef<SendPayload>("SendCampaignSuccess").implement({
  description: "The campaign is scheduled for sending.",
  fields: (t) => ({
    campaignId: t.exposeString("campaignId", { description: "The service's CampaignID." }),
    immediately: t.boolean({ resolve: (p) => p.sendDate === IMMEDIATELY }),
    scheduledFor: t.field({
      type: LocalDateTime,
      nullable: true,
      description: "The wall time in the client's zone the service was given; null when sent immediately.",
      resolve: (p) => (p.sendDate === IMMEDIATELY ? null : p.sendDate),
    }),
    client: t.field({ type: ClientRef, nullable: true, resolve: (p, _args, ctx) => findClient(ctx, p.clientId) }),
  }),
});

const SendCampaignInput = builder.inputType("SendCampaignInput", {
  description: "Give either `sendAt` or `immediately: true`.",
  fields: (t) => ({
    clientId: t.id({
      required: true,
      description: `Global id of the Client the campaign belongs to (its time zone applies). At most ${MAX_LENGTH.globalId} characters.`,
    }),
    campaignId: t.string({
      required: true,
      description:
        `The service's CampaignID, at most ${MAX_LENGTH.serviceId} characters (the service lists sent campaigns only, ` +
        "so unsent ones have no global id). It must belong to the client: one of its sent campaigns, or a campaign " +
        "whose every recipient list is one of the client's lists; checked before sending (OwnershipError otherwise).",
    }),
    confirmationEmail: t.string({
      required: true,
      description: `Receives the confirmation when the campaign is sent. At most ${MAX_LENGTH.email} characters.`,
    }),
    sendAt: t.field({ type: DateTime, description: "When to send; converted to the client's wall time." }),
    immediately: t.boolean({ description: "Send at once." }),
  }),
});

// The spec lists no "Invalid ClientID" for Campaign.Send: it comes from reading the client's zone.
const outcomes = writeOutcomes(["Campaign.Send"], [102], { checksOwnership: true });

builder.mutationField("sendCampaign", (t) =>
  t.field({
    type: SendCampaignSuccess,
    description: "Schedules a campaign for sending (Campaign.Send).",
    args: { input: t.arg({ type: SendCampaignInput, required: true }) },
    validate: inputRules<{ input: typeof SendCampaignInput.$inferInput }>(({ input }, v) => {
      v.text("clientId", String(input.clientId), MAX_LENGTH.globalId).required().globalId("Client", 1);
      v.text("campaignId", input.campaignId, MAX_LENGTH.serviceId).required();
      v.text("confirmationEmail", input.confirmationEmail, MAX_LENGTH.email).required().email();
      const now = input.immediately === true;
      if (now === (input.sendAt != null)) {
        v.fail("sendAt", "EXACTLY_ONE", "Give either sendAt or immediately: true.");
      }
    }),
    nullable: true,
    errors: { types: outcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId] = localIdOf(String(input.clientId), "Client", 1);
      const campaignId = input.campaignId.trim();
      let sendDate = IMMEDIATELY;
      try {
        // The client first (its zone, and whether it exists at all), then whether the campaign is its.
        await ctx.legacy.read("Client.GetDetail", { ClientID: clientId });
        await checkCampaignOfClient(ctx.legacy, clientId, campaignId);
        if (input.sendAt) sendDate = wallTime(input.sendAt, await clientOffset(ctx, clientId));
      } catch (error) {
        throw outcomes.fromRead(error);
      }
      await outcomes.write(ctx, "Campaign.Send", {
        CampaignID: campaignId,
        ConfirmationEmail: input.confirmationEmail.trim(),
        SendDate: sendDate,
      });
      ctx.legacy.invalidate("Client.GetCampaigns", { ClientID: clientId });
      ctx.legacy.invalidate("Campaign.GetSummary", { CampaignID: campaignId });
      return { clientId, campaignId, sendDate };
    },
  }),
);
