/**
 * sendCampaign: schedules a campaign immediately or at an instant. The service takes the date as
 * a wall time of the client's time zone; LegacyService converts the instant with the offset of the
 * client's zone before it is sent.
 */
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { builder } from "../builder.js";
import { localIdOf } from "../support/global-id.js";
import { email, id, inputRules, refuse, required, text } from "../support/input-rules.js";
import { writeErrors } from "../support/payload-errors.js";
import { DateTime, LocalDateTime } from "../support/scalars.js";
import { ClientRef } from "./refs.js";

interface SendPayload {
  clientId: string;
  campaignId: string;
  /** The client's wall time the service was given; null when sent at once. */
  scheduledFor: string | null;
}

const SendCampaignSuccess = builder.objectRef<SendPayload>("SendCampaignSuccess").implement({
  description: "The campaign is scheduled for sending.",
  fields: (t) => ({
    campaignId: t.exposeString("campaignId", { description: "The service's CampaignID." }),
    immediately: t.boolean({ resolve: (p) => p.scheduledFor === null }),
    scheduledFor: t.field({
      type: LocalDateTime,
      nullable: true,
      description: "The wall time in the client's zone the service was given; null when sent immediately.",
      // The gateway's own wall time (wallTime), always YYYY-MM-DD HH:MM:SS.
      resolve: (p) => p.scheduledFor?.replace(" ", "T") ?? null,
    }),
    client: t.field({ type: ClientRef, nullable: true, resolve: (p, _args, ctx) => ctx.legacy.client(p.clientId) }),
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
        "whose every recipient list is one of the client's lists; checked before sending (OwnershipError otherwise). " +
        "A campaign without recipient lists has nobody to send to and is refused by the service (CampaignRecipientsError).",
    }),
    confirmationEmail: t.string({
      required: true,
      description: `Receives the confirmation when the campaign is sent. At most ${MAX_LENGTH.email} characters.`,
    }),
    sendAt: t.field({
      type: DateTime,
      description:
        "When to send; converted to the client's wall time, which must fall in the years 0001–9999 (DATE_RANGE): " +
        "the service writes dates with four-digit years.",
    }),
    immediately: t.boolean({ description: "Send at once." }),
  }),
});

builder.mutationField("sendCampaign", (t) =>
  t.field({
    type: SendCampaignSuccess,
    description: "Schedules a campaign for sending.",
    args: { input: t.arg({ type: SendCampaignInput, required: true }) },
    validate: inputRules<typeof SendCampaignInput.$inferInput>(
      {
        clientId: id("Client", 1),
        campaignId: text(MAX_LENGTH.serviceId, required),
        confirmationEmail: text(MAX_LENGTH.email, required, email),
      },
      (input, ctx) => {
        const now = input.immediately === true;
        if (now === (input.sendAt != null)) {
          refuse(ctx, "sendAt", "EXACTLY_ONE", "Give either sendAt or immediately: true.");
        }
      },
    ),
    nullable: true,
    errors: { types: writeErrors("sendCampaign"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId] = localIdOf(String(input.clientId), "Client", 1);
      const { campaignId } = input;
      const { scheduledFor } = await ctx.legacy.sendCampaign({
        clientId,
        campaignId,
        confirmationEmail: input.confirmationEmail,
        sendAt: input.sendAt ?? null,
      });
      return { clientId, campaignId, scheduledFor };
    },
  }),
);
