/**
 * Campaign.Send: the checks in the order docs/decisions.md records, then the campaign becomes
 * sent (or scheduled) and its recipients are fixed. Success answers a Result whose Code is the
 * campaign id.
 */
import { ACCESS, accessAllows } from "../../../backends/legacy/reference.js";
import { parseClientTime } from "../client-time.js";
import { wholeSeconds } from "../dates.js";
import { isValidEmail } from "../email.js";
import type { CardState, ClientRecord } from "../records.js";
import type { LegacyStore } from "../store.js";
import { campaignRecipients } from "./recipients.js";
import { param, result, type Handler } from "./types.js";

/** Sends to this many recipients or fewer use the test-campaign quota instead of payment. */
const TEST_SEND_LIMIT = 5;

const cardCode = (card: CardState): number => (card === "none" ? 335 : card === "declined" ? 336 : 0);

/** 0 when the send is paid for (and charges it), else 333, 335 or 336. */
function pay(store: LegacyStore, client: ClientRecord, recipients: number): number {
  if (recipients <= TEST_SEND_LIMIT) {
    if (client.testCampaignsRemaining <= 0) return 333;
    client.testCampaignsRemaining -= 1;
    return 0;
  }
  // A client that cannot send campaigns itself has blank billing: the designer pays.
  const billing = accessAllows(client.accessLevel, ACCESS.createSendCampaigns) ? client.billingType : "";
  if (billing === "ClientPaysAtStandardRate" || billing === "ClientPaysWithMarkup") return cardCode(client.card);
  if (store.designer.credits >= recipients) {
    store.designer.credits -= recipients;
    return 0;
  }
  return cardCode(store.designer.card);
}

const send: Handler = ({ store, args }) => {
  const campaign = store.campaign(param(args, "CampaignID"));
  if (!campaign) return result(301);
  if (campaign.sentDate !== undefined) return result(331);
  const confirmation = param(args, "ConfirmationEmail").trim();
  if (confirmation === "") return result(338);
  if (!isValidEmail(confirmation)) return result(339);

  const client = store.client(campaign.clientId);
  if (!client) return result(301);
  const now = wholeSeconds(store.now());
  const when = param(args, "SendDate").trim();
  let sendAt = now;
  if (when.toLowerCase() !== "immediately") {
    const parsed = parseClientTime(client, when);
    if (!parsed) return result(5);
    if (parsed.getTime() < now.getTime()) return result(337);
    sendAt = parsed;
  }

  if (campaign.listIds.length === 0 && campaign.segmentIds.length === 0) return result(332);
  const recipients = campaignRecipients(store, campaign);
  if (recipients.length === 0) return result(340);
  if (recipients.length > client.approvedRecipients) return result(334);
  if (client.monthlyPaymentFailed) return result(355);
  const paid = pay(store, client, recipients.length);
  if (paid !== 0) return result(paid);

  campaign.sentDate = sendAt;
  campaign.confirmationEmail = confirmation;
  campaign.recipients = recipients;
  store.sendEmail({ kind: "campaign-confirmation", to: confirmation, campaignId: campaign.id });
  return result(Number(campaign.id), "Success");
};

/** Handler of Campaign.Send. */
export const CAMPAIGN_SEND_HANDLERS = { "Campaign.Send": send } as const satisfies Record<string, Handler>;
