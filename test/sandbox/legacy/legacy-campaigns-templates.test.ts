/** Campaign.Send (every outcome the demo sets up), campaign reports, and Template.Update. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { call, codeFrom, codeOf, fieldsOf, records, send, testClock, textOf } from "./legacy-support.js";

let sandbox: LegacySandbox;
beforeAll(async () => {
  // 2026-03-18 03:00 UTC: 13:00 in Sydney (Northwind), 04:00 in Berlin (Tailspin).
  sandbox = await startLegacySandbox({ now: testClock().now });
});
afterAll(() => sandbox.close());

const sendCampaign = (
  id: string,
  SendDate = "Immediately",
  ConfirmationEmail = "ops@example.com",
  transport: "soap" | "get" | "post" = "soap",
) => call(sandbox.url, transport, "Campaign.Send", { CampaignID: id, ConfirmationEmail, SendDate });
const sendCode = async (...args: Parameters<typeof sendCampaign>) => codeOf(await sendCampaign(...args));

describe("Campaign.Send errors", () => {
  const c = DEMO.campaigns;

  it("checks the campaign and the confirmation address: 301, 331, 338, 339", async () => {
    expect(await sendCode(c.unknown)).toBe(301);
    expect(await sendCode(c.sent, "Immediately", "")).toBe(331);
    expect(await sendCode(c.ready, "Immediately", "  ")).toBe(338);
    expect(await sendCode(c.ready, "Immediately", "ops-at-example.com")).toBe(339);
  });

  it("reads SendDate in the client's time zone: 5 for no date, 337 for a past one", async () => {
    expect(await sendCode(c.ready, "tomorrow")).toBe(5);
    expect(await sendCode(c.ready, "2026-13-01 10:00:00", "ops@example.com", "get")).toBe(5);
    // 05:00 would be ahead of 03:00 UTC, but Sydney is already at 13:00.
    expect(await sendCode(c.ready, "2026-03-18 05:00:00")).toBe(337);
    expect(await sendCode(c.ready, "2026-03-18 12:59:59", "ops@example.com", "post")).toBe(337);
    // Berlin is at 04:00: 03:30 there is past although it is ahead in UTC.
    expect(await sendCode(c.paymentFails, "2026-03-18 03:30:00")).toBe(337);
  });

  it("answers 332, 340, 334, 333, 335, 336 and 355 for the campaigns set up for them", async () => {
    expect(await sendCode(c.noLists, "Immediately", "ops@example.com", "get")).toBe(332);
    expect(await sendCode(c.emptyLists, "Immediately", "ops@example.com", "post")).toBe(340);
    expect(await sendCode(c.pendingApproval)).toBe(334);
    expect(await sendCode(c.noTestQuota)).toBe(333);
    expect(await sendCode(c.noSavedCard)).toBe(335);
    expect(await sendCode(c.paymentFails)).toBe(336);
    expect(await sendCode(c.monthlyPaymentFailed)).toBe(355);
    for (const id of [c.noLists, c.emptyLists, c.pendingApproval, c.noTestQuota, c.noSavedCard, c.paymentFails]) {
      expect(sandbox.store.campaign(id)?.sentDate).toBeUndefined();
      expect(sandbox.store.outbox().filter((e) => e.campaignId === id)).toEqual([]);
    }
  });
});

describe("Campaign.Send success", () => {
  it("answers the campaign id as Code, schedules it and lists it among the client's campaigns", async () => {
    const active = [...sandbox.store.list(DEMO.lists.newsletter)!.subscribers.values()].filter(
      (s) => s.state === "Active",
    ).length;
    const result = await sendCampaign(DEMO.campaigns.ready, "2026-03-18 13:30:00");
    expect(fieldsOf(result)).toEqual({ Code: DEMO.campaigns.ready, Message: "Success" });
    const listed = records(await call(sandbox.url, "get", "Client.GetCampaigns", { ClientID: DEMO.clients.northwind }));
    expect(listed[0]).toEqual({
      CampaignID: DEMO.campaigns.ready,
      Subject: "A first look at winter",
      Name: "Winter preview",
      SentDate: "2026-03-18 13:30:00",
      TotalRecipients: String(active),
    });
    expect(sandbox.store.campaign(DEMO.campaigns.ready)?.sentDate?.toISOString()).toBe("2026-03-18T03:30:00.000Z");
    expect(await sendCode(DEMO.campaigns.ready)).toBe(331);
    // The confirmation email goes to the confirmation address, once: the refused resend sends none.
    expect(sandbox.store.outbox().filter((e) => e.campaignId === DEMO.campaigns.ready)).toEqual([
      { kind: "campaign-confirmation", to: "ops@example.com", campaignId: DEMO.campaigns.ready, at: testClock().now() },
    ]);
    expect(
      textOf(
        await call(sandbox.url, "post", "Campaign.GetSummary", { CampaignID: DEMO.campaigns.ready }),
        "Recipients",
      ),
    ).toBe(String(active));
  });

  it("spends the client's test quota on sends to 5 or fewer recipients, then answers 333", async () => {
    const northwind = sandbox.store.client(DEMO.clients.northwind)!;
    expect(northwind.testCampaignsRemaining).toBe(3);
    expect(await sendCode(DEMO.campaigns.readySmall, "immediately")).toBe(Number(DEMO.campaigns.readySmall));
    const addTest = (n: number) =>
      sandbox.store.addCampaign({ clientId: northwind.id, name: `Test ${n}`, subject: "t", listIds: [DEMO.lists.vip] });
    const [first, second, third] = [addTest(1), addTest(2), addTest(3)];
    expect(await sendCode(first.id)).toBe(Number(first.id));
    expect(await sendCode(second.id)).toBe(Number(second.id));
    expect(northwind.testCampaignsRemaining).toBe(0);
    expect(await sendCode(third.id)).toBe(333);
  });

  it("counts 5 recipients as a test send and 6 as a paid one", async () => {
    const { store } = sandbox;
    const client = store.addClient({
      companyName: "Boundary Co",
      contactName: "B",
      emailAddress: "boundary@example.com",
      country: "United Kingdom",
      timeZone: "(GMT) Casablanca, Monrovia",
      accessLevel: 7,
      billingType: "ClientPaysAtStandardRate",
      currency: "GBP",
      card: "none",
      testCampaignsRemaining: 1,
    });
    const campaignTo = (count: number) => {
      const list = store.addList({ clientId: client.id, title: `${count} people` });
      for (let i = 0; i < count; i++) store.putSubscriber(list.id, { email: `p${i}.of${count}@example.com` });
      return store.addCampaign({ clientId: client.id, name: `To ${count}`, subject: "s", listIds: [list.id] }).id;
    };
    const five = campaignTo(5);
    expect(await sendCode(five)).toBe(Number(five));
    expect(client.testCampaignsRemaining).toBe(0);
    // Six recipients need payment: no saved card is 335, not the test quota's 333.
    expect(await sendCode(campaignTo(6))).toBe(335);
    expect(await sendCode(campaignTo(5))).toBe(333);
  });

  it("charges the designer's credits, then the designer's card, for clients the designer pays for", async () => {
    const designer = sandbox.store.designer;
    const campaign = () =>
      sandbox.store.addCampaign({
        clientId: DEMO.clients.fabrikam,
        name: "Events",
        subject: "s",
        listIds: [DEMO.lists.events],
      }).id;
    const credits = designer.credits;
    const first = campaign();
    expect(await sendCode(first)).toBe(Number(first));
    expect(designer.credits).toBe(credits - 8);
    designer.credits = 0;
    designer.card = "declined";
    expect(await sendCode(campaign())).toBe(336);
    designer.card = "none";
    expect(await sendCode(campaign())).toBe(335);
    designer.card = "valid";
    const paid = campaign();
    expect(await sendCode(paid)).toBe(Number(paid));
  });

  it("sends to a segment's part of its list", async () => {
    const segmentOnly = sandbox.store.addCampaign({
      clientId: DEMO.clients.northwind,
      name: "Org readers",
      subject: "s",
      segmentIds: [DEMO.segments.newsletterOrg],
    });
    sandbox.store.client(DEMO.clients.northwind)!.testCampaignsRemaining = 5;
    expect(await sendCode(segmentOnly.id)).toBe(Number(segmentOnly.id));
    expect(segmentOnly.recipients.length).toBeGreaterThan(0);
    expect(
      segmentOnly.recipients.every((r) => r.email.endsWith("@example.org") && r.listId === DEMO.lists.newsletter),
    ).toBe(true);
  });
});

describe("campaign reports", () => {
  it("give bounces (Hard and Soft), opens, unsubscribes and a summary that agree", async () => {
    const id = { CampaignID: DEMO.campaigns.sent };
    const bounces = records(await call(sandbox.url, "get", "Campaign.GetBounces", id));
    expect(bounces).toContainEqual({
      EmailAddress: DEMO.emails.bounced,
      ListID: DEMO.lists.newsletter,
      BounceType: "Hard",
    });
    expect(bounces.some((b) => b.BounceType === "Soft")).toBe(true);
    const opens = records(await call(sandbox.url, "soap", "Campaign.GetOpens", id));
    expect(opens.length).toBeGreaterThan(0);
    expect(opens.every((o) => Number(o.NumberOfOpens) >= 1)).toBe(true);
    const unsubscribes = records(await call(sandbox.url, "post", "Campaign.GetUnsubscribes", id));
    const summary = fieldsOf(await call(sandbox.url, "get", "Campaign.GetSummary", id));
    expect(summary).toMatchObject({
      Bounced: String(bounces.length),
      UniqueOpened: String(opens.length),
      TotalOpened: String(opens.reduce((n, o) => n + Number(o.NumberOfOpens), 0)),
      Unsubscribed: String(unsubscribes.length),
    });
    expect(Number(summary.Recipients)).toBeGreaterThan(50);
  });

  it("list the lists and segments a campaign went to; unsent campaigns have empty reports; 301 for unknown ids", async () => {
    const lists = records(
      await call(sandbox.url, "get", "Campaign.GetLists", { CampaignID: DEMO.campaigns.sentRecently }),
    );
    expect(lists).toEqual([
      { ListID: DEMO.lists.newsletter, Name: "Newsletter" },
      { ListID: DEMO.lists.productUpdates, Name: "Product fans" },
    ]);
    const unsent = { CampaignID: DEMO.campaigns.noSavedCard };
    expect(fieldsOf(await call(sandbox.url, "get", "Campaign.GetSummary", unsent))).toEqual({
      Recipients: "0",
      TotalOpened: "0",
      UniqueOpened: "0",
      Clicks: "0",
      Unsubscribed: "0",
      Bounced: "0",
    });
    expect((await call(sandbox.url, "get", "Campaign.GetBounces", unsent)).children).toEqual([]);
    for (const op of [
      "Campaign.GetSummary",
      "Campaign.GetBounces",
      "Campaign.GetOpens",
      "Campaign.GetUnsubscribes",
      "Campaign.GetLists",
    ]) {
      expect(await codeFrom(sandbox.url, "soap", op, { CampaignID: "12" }), op).toBe(301);
    }
  });
});

describe("templates", () => {
  const file = (name: string) => `${sandbox.url}/files/${name}`;
  const update = (o: Partial<Record<string, string>> = {}) =>
    codeFrom(sandbox.url, "post", "Template.Update", {
      TemplateID: DEMO.templates.productLaunch,
      TemplateName: "Launch",
      HTMLPageURL: file("newsletter.html"),
      ZipFileURL: file("newsletter.zip"),
      ScreenshotURL: file("screenshot.jpg"),
      ...o,
    });

  it("lists a client's templates and answers 4001 for an unknown id", async () => {
    const templates = records(
      await call(sandbox.url, "get", "Client.GetTemplates", { ClientID: DEMO.clients.northwind }),
    );
    expect(templates.map((t) => t.TemplateID)).toEqual([DEMO.templates.newsletter, DEMO.templates.productLaunch]);
    expect(await codeFrom(sandbox.url, "get", "Template.GetDetail", { TemplateID: "nope" })).toBe(4001);
    expect(await update({ TemplateID: "nope" })).toBe(4001);
  });

  it("stores a valid update with the name cut to 30 characters", async () => {
    expect(await update({ TemplateName: "A very long template name that goes on" })).toBe(0);
    const detail = fieldsOf(
      await call(sandbox.url, "get", "Template.GetDetail", { TemplateID: DEMO.templates.productLaunch }),
    );
    expect(detail).toEqual({
      TemplateID: DEMO.templates.productLaunch,
      Name: "A very long template name that",
      PreviewURL: file("newsletter.html"),
      ScreenshotURL: file("screenshot.jpg"),
    });
  });

  it("checks the URLs and the hosted content through the rules", async () => {
    expect(await update({ TemplateName: "" })).toBe(4002);
    expect(await update({ HTMLPageURL: "" })).toBe(4004);
    expect(await update({ HTMLPageURL: file("missing.html") })).toBe(4005);
    expect(await update({ HTMLPageURL: file("newsletter.zip") })).toBe(4005);
    expect(await update({ ZipFileURL: file("screenshot.jpg") })).toBe(4006);
    expect(await update({ ScreenshotURL: file("screenshot-narrow.jpg") })).toBe(4007);
    expect(await update({ ScreenshotURL: file("screenshot.png") })).toBe(4007);
    expect(await update({ HTMLPageURL: file("with-script.html") })).toBe(4202);
    expect(await update({ HTMLPageURL: file("unclosed-repeater.html") })).toBe(4102);
    expect(await update({ HTMLPageURL: file("no-unsubscribe.html") })).toBe(4300);
    expect(await update({ ZipFileURL: file("empty.zip") })).toBe(4350);
    expect(await update({ HTMLPageURL: "https://cdn.example.com/t.html", ZipFileURL: "", ScreenshotURL: "" })).toBe(0);
    expect(sandbox.store.template(DEMO.templates.productLaunch)).toMatchObject({ zipFileUrl: "", screenshotUrl: "" });
  });

  it("hosts files uploaded through /__sandbox/files and checks them", async () => {
    const upload = (body: unknown) =>
      fetch(`${sandbox.url}/__sandbox/files`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const nested =
      "<cm-title>t</cm-title><cm-repeater><cm-repeater><cm-title>x</cm-title></cm-repeater></cm-repeater><cm-unsubscribe>Leave</cm-unsubscribe>";
    const r = await upload({ name: "nested.html", kind: "html", content: nested });
    expect(r.status).toBe(201);
    const { url } = (await r.json()) as { url: string };
    expect(url).toBe(file("nested.html"));
    expect(await (await fetch(url)).text()).toBe(nested);
    expect(await update({ HTMLPageURL: url })).toBe(4128);
    expect((await upload({ name: "bad", kind: "image", format: "bmp", width: 10 })).status).toBe(400);
    expect((await upload({ name: "a/b", kind: "html", content: "" })).status).toBe(400);
    expect((await fetch(file("nothing-here"))).status).toBe(404);
  });
});

describe("sent campaigns from another transport", () => {
  it("answer Campaign.Send over GET with the id in a Result root", async () => {
    const campaign = sandbox.store.addCampaign({
      clientId: DEMO.clients.northwind,
      name: "Over GET",
      subject: "g",
      listIds: [DEMO.lists.newsletter],
    });
    const r = await send(sandbox.url, "get", "Campaign.Send", {
      CampaignID: campaign.id,
      ConfirmationEmail: "ops@example.com",
      SendDate: "Immediately",
    });
    expect(r.doc?.name).toBe("Result");
    expect(fieldsOf(r.doc!)).toEqual({ Code: campaign.id, Message: "Success" });
  });
});
