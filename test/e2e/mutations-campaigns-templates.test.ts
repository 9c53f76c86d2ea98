/** sendCampaign and updateTemplate against the sandbox: successes and every outcome it produces. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { demo, gid } from "./support/ids.js";
import { FIXED_NOW, startStack, type Stack } from "../support/stack.js";

const SendCampaign = graphql(`
  mutation SendCampaign($input: SendCampaignInput!) {
    sendCampaign(input: $input) {
      __typename
      ... on SendCampaignSuccess {
        campaignId
        immediately
        scheduledFor
        client {
          id
        }
      }
      ... on LegacyError {
        code
        reason
        operation
      }
      ... on OwnershipError {
        field
        ownershipRule
        message
      }
    }
  }
`);

const SentCampaigns = graphql(`
  query SentCampaigns($id: ID!) {
    client(id: $id) {
      campaigns {
        campaignId
        sentDate
      }
    }
  }
`);

const UpdateTemplate = graphql(`
  mutation UpdateTemplate($input: UpdateTemplateInput!) {
    updateTemplate(input: $input) {
      __typename
      ... on UpdateTemplateSuccess {
        templateId
        template {
          id
          name
          previewUrl
          screenshotUrl
        }
      }
      ... on LegacyError {
        code
        reason
      }
      ... on InputError {
        field
        rule
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const { campaigns, clients } = DEMO;
const send = (
  clientId: string,
  campaignId: string,
  extra: { sendAt?: string; immediately?: boolean; confirmationEmail?: string } = {},
) =>
  stack.gql(SendCampaign, {
    input: {
      clientId: gid.client(clientId),
      campaignId,
      confirmationEmail: "owner@example.com",
      immediately: true,
      ...extra,
    },
  });

describe("sendCampaign", () => {
  it("sends immediately; the campaign then appears among the client's sent campaigns", async () => {
    const { data, errors } = await send(clients.northwind, campaigns.ready);
    expect(errors).toEqual([]);
    expect(data!.sendCampaign).toEqual({
      __typename: "SendCampaignSuccess",
      campaignId: campaigns.ready,
      immediately: true,
      scheduledFor: null,
      client: { id: demo.northwind },
    });
    const sent = (await stack.gql(SentCampaigns, { id: demo.northwind })).data!.client!.campaigns!;
    expect(sent.map((c) => c.campaignId)).toContain(campaigns.ready);
  });

  it("sends the campaign id exactly as given, spaces included: the service answers for it", async () => {
    stack.legacy.calls.reset();
    const padded = ` ${campaigns.sent} `;
    const { data, errors } = await send(clients.northwind, padded);
    expect(errors).toEqual([]);
    // This service finds ids whatever spaces surround them; what it answers is its own outcome.
    expect(data!.sendCampaign).toMatchObject({ __typename: "CampaignAlreadySentError" });
    const call = stack.legacy.calls.entries().find((c) => c.operation === "Campaign.Send");
    expect(call?.params["CampaignID"]).toBe(padded);
  });

  it("schedules at an instant, sent as the wall time of the client's zone", async () => {
    stack.legacy.calls.reset();
    // 2026-03-20T00:30Z is 10:30 in Sydney (GMT+10:00), Northwind's zone.
    const sendAt = new Date(FIXED_NOW + 2 * 86_400_000 - 150 * 60_000).toISOString().replace(".000Z", "Z");
    expect(sendAt).toBe("2026-03-20T00:30:00Z");
    const { data } = await send(clients.northwind, campaigns.readySmall, { sendAt, immediately: undefined });
    expect(data!.sendCampaign).toMatchObject({
      __typename: "SendCampaignSuccess",
      immediately: false,
      scheduledFor: "2026-03-20T10:30:00",
    });
    const call = stack.legacy.calls.entries().find((c) => c.operation === "Campaign.Send")!;
    expect(call.params).toMatchObject({ CampaignID: campaigns.readySmall, SendDate: "2026-03-20 10:30:00" });
    expect(stack.legacy.calls.count("Client.GetDetail")).toBe(1);
  });

  it.each([
    ["sent", clients.northwind, campaigns.sent, "CampaignAlreadySentError", 331],
    ["emptyLists", clients.northwind, campaigns.emptyLists, "CampaignRecipientsError", 340],
    ["noTestQuota", clients.contoso, campaigns.noTestQuota, "CampaignPaymentError", 333],
    ["noSavedCard", clients.contoso, campaigns.noSavedCard, "CampaignPaymentError", 335],
    ["pendingApproval", clients.fabrikam, campaigns.pendingApproval, "CampaignPendingApprovalError", 334],
    ["paymentFails", clients.tailspin, campaigns.paymentFails, "CampaignPaymentError", 336],
    ["monthlyPaymentFailed", clients.wingtip, campaigns.monthlyPaymentFailed, "CampaignPaymentError", 355],
  ])("campaign %s answers %s (%i)", async (_name, clientId, campaignId, typename, code) => {
    const { data } = await send(clientId, campaignId);
    expect(data!.sendCampaign).toMatchObject({ __typename: typename, code, operation: "Campaign.Send" });
  });

  it("answers CampaignNotFoundError (301) from the ownership read for a campaign that does not exist, and never sends", async () => {
    stack.legacy.calls.reset();
    const { data } = await send(clients.northwind, campaigns.unknown);
    expect(data!.sendCampaign).toMatchObject({
      __typename: "CampaignNotFoundError",
      code: 301,
      operation: "Campaign.GetLists",
    });
    expect(stack.legacy.calls.count("Campaign.Send")).toBe(0);
  });

  it("answers SendDateInPastError (337) for an instant before the service's now", async () => {
    const { data } = await send(clients.northwind, campaigns.emptyLists, {
      sendAt: "2026-03-01T00:00:00Z",
      immediately: undefined,
    });
    expect(data!.sendCampaign).toMatchObject({
      __typename: "SendDateInPastError",
      code: 337,
      reason: "SEND_DATE_IN_PAST",
    });
  });

  it("answers ConfirmationEmailError CONFIRMATION_EMAIL_INVALID (339)", async () => {
    const { data } = await send(clients.contoso, campaigns.noSavedCard, { confirmationEmail: "who..me@example.com" });
    expect(data!.sendCampaign).toMatchObject({
      __typename: "ConfirmationEmailError",
      code: 339,
      reason: "CONFIRMATION_EMAIL_INVALID",
    });
  });

  it("answers ClientNotFoundError (102) when the client whose zone applies does not exist", async () => {
    stack.legacy.calls.reset();
    const { data } = await send("19999", campaigns.ready, { sendAt: "2030-01-01T00:00:00Z", immediately: undefined });
    expect(data!.sendCampaign).toMatchObject({
      __typename: "ClientNotFoundError",
      code: 102,
      operation: "Client.GetDetail",
    });
    expect(stack.legacy.calls.count("Campaign.Send")).toBe(0);
  });
});

describe("sendCampaign checks that the campaign is the client's before sending", () => {
  it("refuses another client's unsent campaign (Fabrikam's id, Northwind's 30005) with OwnershipError", async () => {
    stack.legacy.calls.reset();
    const { data } = await send(clients.fabrikam, campaigns.ready);
    expect(data!.sendCampaign).toMatchObject({
      __typename: "OwnershipError",
      field: "campaignId",
      ownershipRule: "CAMPAIGN_OF_CLIENT",
    });
    expect(stack.legacy.calls.count("Campaign.Send")).toBe(0);
  });

  it("never converts a send date in another client's zone (Wingtip's id, Northwind's campaign)", async () => {
    stack.legacy.calls.reset();
    const { data } = await send(clients.wingtip, campaigns.ready, {
      sendAt: "2026-12-01T12:00:00Z",
      immediately: undefined,
    });
    expect(data!.sendCampaign).toMatchObject({ __typename: "OwnershipError", ownershipRule: "CAMPAIGN_OF_CLIENT" });
    expect(stack.legacy.calls.count("Campaign.Send")).toBe(0);
  });

  it("refuses another client's sent campaign too", async () => {
    const { data } = await send(clients.contoso, campaigns.sent);
    expect(data!.sendCampaign).toMatchObject({ __typename: "OwnershipError", ownershipRule: "CAMPAIGN_OF_CLIENT" });
  });

  it("answers ClientNotFoundError (102) for an unknown client sending immediately, not the campaign's own outcome", async () => {
    stack.legacy.calls.reset();
    const { data } = await send("19999", campaigns.noLists);
    expect(data!.sendCampaign).toMatchObject({ __typename: "ClientNotFoundError", code: 102 });
    expect(stack.legacy.calls.count("Campaign.Send")).toBe(0);
  });

  it("lets an unsent campaign without lists through: the service refuses it with 332, typed, whoever asks", async () => {
    for (const clientId of [clients.northwind, clients.fabrikam]) {
      stack.legacy.calls.reset();
      const { data } = await send(clientId, campaigns.noLists);
      expect(data!.sendCampaign).toMatchObject({
        __typename: "CampaignRecipientsError",
        code: 332,
        reason: "NO_RECIPIENTS_ADDED",
        operation: "Campaign.Send",
      });
      expect(stack.legacy.calls.count("Campaign.Send")).toBe(1);
    }
    const sent = (await stack.gql(SentCampaigns, { id: demo.northwind })).data!.client!.campaigns!;
    expect(sent.map((c) => c.campaignId)).not.toContain(campaigns.noLists);
  });
});

describe("updateTemplate", () => {
  const templateId = gid.template(DEMO.templates.productLaunch);
  const file = (name: string) => `${stack.legacy.url}/files/${name}`;

  it("replaces a template and answers it as the service describes it now", async () => {
    const { data, errors } = await stack.gql(UpdateTemplate, {
      input: {
        templateId,
        name: "Launch, second edition",
        htmlPageUrl: file("newsletter.html"),
        zipFileUrl: file("newsletter.zip"),
        screenshotUrl: file("screenshot.jpg"),
      },
    });
    expect(errors).toEqual([]);
    expect(data!.updateTemplate).toEqual({
      __typename: "UpdateTemplateSuccess",
      templateId: DEMO.templates.productLaunch,
      template: {
        id: templateId,
        name: "Launch, second edition",
        previewUrl: file("newsletter.html"),
        screenshotUrl: file("screenshot.jpg"),
      },
    });
  });

  it("refuses a name longer than the 30 characters the service keeps, instead of letting it be cut", async () => {
    stack.legacy.calls.reset();
    const { data } = await stack.gql(UpdateTemplate, {
      input: {
        templateId,
        name: "A template name that is much longer than thirty",
        htmlPageUrl: file("newsletter.html"),
      },
    });
    expect(data!.updateTemplate).toEqual({ __typename: "InputError", field: "name", rule: "MAX_LENGTH" });
    expect(stack.legacy.calls.total()).toBe(0);
  });

  it("refuses a name holding < or > (the service's 4003) before sending", async () => {
    stack.legacy.calls.reset();
    for (const name of ["<b>Bold</b>", "Sale > 50%"]) {
      const { data } = await stack.gql(UpdateTemplate, {
        input: { templateId, name, htmlPageUrl: file("newsletter.html") },
      });
      expect(data!.updateTemplate).toEqual({ __typename: "InputError", field: "name", rule: "NO_ANGLE_BRACKETS" });
    }
    expect(stack.legacy.calls.total()).toBe(0);
  });

  type Change = { name?: string; htmlPageUrl?: string; zipFileUrl?: string; screenshotUrl?: string };
  it.each<[string, Change, string, number]>([
    ["an HTML page that is not there", { htmlPageUrl: "missing.html" }, "TemplateDetailsError", 4005],
    ["a zip URL that is a page", { zipFileUrl: "newsletter.html" }, "TemplateDetailsError", 4006],
    ["a narrow screenshot", { screenshotUrl: "screenshot-narrow.jpg" }, "TemplateDetailsError", 4007],
    ["a page with a script", { htmlPageUrl: "with-script.html" }, "TemplateContentError", 4202],
    ["an unclosed repeater", { htmlPageUrl: "unclosed-repeater.html" }, "TemplateContentError", 4102],
    ["no unsubscribe tag", { htmlPageUrl: "no-unsubscribe.html" }, "TemplateContentError", 4300],
    ["files missing from the zip", { zipFileUrl: "empty.zip" }, "TemplateContentError", 4350],
  ])("answers %s with %s (%i)", async (_what, change, typename, code) => {
    const input = {
      templateId,
      name: change.name ?? "Checked",
      htmlPageUrl: file(change.htmlPageUrl ?? "newsletter.html"),
      zipFileUrl: change.zipFileUrl ? file(change.zipFileUrl) : undefined,
      screenshotUrl: change.screenshotUrl ? file(change.screenshotUrl) : undefined,
    };
    const { data } = await stack.gql(UpdateTemplate, { input });
    expect(data!.updateTemplate).toMatchObject({ __typename: typename, code });
  });

  it("sends the name as given (the service trims it) and an empty screenshot URL left out", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(UpdateTemplate, {
      input: { templateId, name: "  Launch, third edition ", htmlPageUrl: file("newsletter.html"), screenshotUrl: "" },
    });
    expect(errors).toEqual([]);
    expect(data!.updateTemplate).toMatchObject({
      __typename: "UpdateTemplateSuccess",
      template: { name: "Launch, third edition", screenshotUrl: null },
    });
    const call = stack.legacy.calls.entries().find((c) => c.operation === "Template.Update")!;
    // A parameter left out reads as empty in the sandbox's log.
    expect(call.params).toMatchObject({
      TemplateName: "  Launch, third edition ",
      HTMLPageURL: file("newsletter.html"),
      ScreenshotURL: "",
    });
  });

  it("refuses URLs with surrounding spaces, also one of spaces only, and sends nothing", async () => {
    stack.legacy.calls.reset();
    const padded = await stack.gql(UpdateTemplate, {
      input: { templateId, name: "Padded", htmlPageUrl: ` ${file("newsletter.html")}` },
    });
    expect(padded.data!.updateTemplate).toEqual({ __typename: "InputError", field: "htmlPageUrl", rule: "URL" });
    const blank = await stack.gql(UpdateTemplate, {
      input: { templateId, name: "Padded", htmlPageUrl: file("newsletter.html"), zipFileUrl: "   " },
    });
    expect(blank.data!.updateTemplate).toEqual({ __typename: "InputError", field: "zipFileUrl", rule: "URL" });
    expect(stack.legacy.calls.total()).toBe(0);
  });

  it("answers TemplateNotFoundError (4001)", async () => {
    const { data } = await stack.gql(UpdateTemplate, {
      input: { templateId: gid.template("no-such-template"), name: "X", htmlPageUrl: file("newsletter.html") },
    });
    expect(data!.updateTemplate).toMatchObject({
      __typename: "TemplateNotFoundError",
      code: 4001,
      reason: "INVALID_TEMPLATE_ID",
    });
  });
});
