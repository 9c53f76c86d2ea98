/**
 * Every error code whose trigger the spec states, provoked through the client against the sandbox
 * and decoded to LegacyResultError with that code. Cases rotate over the three transports.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_TRANSPORTS, OPERATIONS, type OperationName } from "../../../src/backends/legacy/catalog.js";
import { LegacyResultError } from "../../../src/backends/legacy/errors.js";
import type { LegacyParams, LegacyParamsOf } from "../../../src/backends/legacy/types.js";
import { must } from "../../support/must.js";
import { GMT, OUTSIDE_PAGE, startFixture, type Fixture } from "./sandbox-fixture.js";

/** One provoked error: the operation, its parameters (built against the fixture) and the key. */
interface ErrorCase {
  code: number;
  op: OperationName;
  params(fx: Fixture): LegacyParams;
  apiKey?: string;
}

const UNSUB = "<cm-unsubscribe>Unsubscribe</cm-unsubscribe>";
const TITLE = "<cm-title>News</cm-title>";
const REPEATER = "<cm-repeater><cm-title>Item</cm-title></cm-repeater>";

// Template HTML for each content code, hosted by the sandbox at /files/<code>.html.
const TEMPLATE_HTML: Record<number, string> = {
  4101: UNSUB,
  4102: `<cm-repeater><cm-title>Item</cm-title>${UNSUB}`,
  4103: `<cm-repeater><cm-image></cm-repeater>${TITLE}${UNSUB}`,
  4104: `<cm-repeater><p>plain</p></cm-repeater>${TITLE}${UNSUB}`,
  4108: `<cm-toc><cm-repeatertitle>${REPEATER}${UNSUB}`,
  4109: `<cm-toc></cm-toc>${REPEATER}${UNSUB}`,
  4110: `<cm-toc><cm-repeatertitle></cm-toc><cm-repeatertitle>${REPEATER}${UNSUB}`,
  4111: `<cm-repeatertitle>${REPEATER}${UNSUB}`,
  4118: `<cm-toc><cm-repeatertitle></cm-toc>${TITLE}${UNSUB}`,
  4120: `<cm-repeater><cm-title>a</cm-title><cm-title>b</cm-title></cm-repeater>${UNSUB}`,
  4121: `<cm-repeater><cm-description>a</cm-description><cm-description>b</cm-description></cm-repeater>${UNSUB}`,
  4123: `<cm-repeater><cm-image width="10"><cm-image width="20"></cm-repeater>${TITLE}${UNSUB}`,
  4124: `${TITLE}<cm-image>${UNSUB}`,
  4125: `${TITLE}<cm-unsubscribe><a href="#">Unsubscribe</a></cm-unsubscribe>`,
  4126: `</cm-repeater>${TITLE}${UNSUB}`,
  4127: `<cm-repeater toc><cm-title>a</cm-title></cm-repeater><cm-repeater toc><cm-title>b</cm-title></cm-repeater>${UNSUB}`,
  4128: `<cm-repeater><cm-repeater><cm-title>a</cm-title></cm-repeater></cm-repeater>${UNSUB}`,
  4129: `<cm-repeater><table><cm-row><tr></tr></cm-row><cm-row><tr></tr></cm-row></table><cm-title>a</cm-title></cm-repeater>${UNSUB}`,
  4201: `<embed src="movie.swf">${TITLE}${UNSUB}`,
  4202: `<script>alert(1)</script>${TITLE}${UNSUB}`,
  4203: `<applet code="Game.class"></applet>${TITLE}${UNSUB}`,
  4300: TITLE,
  4301: `${TITLE}<!-- <cm-unsubscribe>old</cm-unsubscribe> -->${UNSUB}`,
  4302: `${TITLE}<cm-unsubscribe>ab</cm-unsubscribe>`,
  4303: `${TITLE}<cm-unsubscribe>www.example.com</cm-unsubscribe>`,
  4304: `${TITLE}<cm-unsubscribe>Unsubscribe`,
  4350: `${TITLE}<img src="images/logo.png" width="10">${UNSUB}`,
};

let sequence = 0;
/** A name no other case uses. */
const unique = (prefix: string) => `${prefix}-${++sequence}`;

const hosted = (fx: Fixture, name: string) => `${fx.sandbox.url}/files/${name}`;

/** Template.Update of a fresh template with the given parameters. */
const templateUpdate = (code: number, extra: (fx: Fixture) => LegacyParams): ErrorCase => ({
  code,
  op: "Template.Update",
  params: (fx) => ({
    TemplateID: fx.sandbox.store.addTemplate({ clientId: fx.ids.clientId, name: "T" }).id,
    TemplateName: "Name",
    HTMLPageURL: OUTSIDE_PAGE,
    ...extra(fx),
  }),
});

const contentCase = (code: number): ErrorCase =>
  templateUpdate(code, (fx) => {
    fx.sandbox.store.putFile(`${code}.html`, {
      kind: "html",
      content: `<html><body>${TEMPLATE_HTML[code]}</body></html>`,
    });
    const params: Record<string, string> = { HTMLPageURL: hosted(fx, `${code}.html`) };
    if (code === 4350) {
      fx.sandbox.store.putFile("4350.zip", { kind: "zip", entries: ["images/other.png"] });
      params.ZipFileURL = hosted(fx, "4350.zip");
    }
    return params;
  });

/** Subscriber.Add of an address the fixture's list holds in `state`. */
const heldAddress = (code: number, state: "Deleted" | "Unsubscribed" | "Bounced" | "Unconfirmed"): ErrorCase => ({
  code,
  op: "Subscriber.Add",
  params: (fx) => {
    const email = `${state.toLowerCase()}@held.example`;
    fx.sandbox.store.putSubscriber(fx.ids.listId, { email, state });
    return { ListID: fx.ids.listId, Email: email, Name: "" };
  },
});

const newClient = (fx: Fixture, extra: Partial<Parameters<Fixture["sandbox"]["store"]["addClient"]>[0]> = {}) =>
  fx.sandbox.store.addClient({
    companyName: "Case",
    contactName: "C",
    emailAddress: `${unique("case")}@case.example`,
    country: "United Kingdom",
    timeZone: GMT,
    createdAt: new Date("2020-01-01T00:00:00Z"),
    ...extra,
  });

/** Client.UpdateAccessAndBilling of a fresh client. */
const billing = (code: number, params: LegacyParams): ErrorCase => ({
  code,
  op: "Client.UpdateAccessAndBilling",
  params: (fx) => ({ ClientID: newClient(fx).id, ...params }),
});

const markup = (extra: LegacyParams): LegacyParams => ({
  AccessLevel: 63,
  Username: unique("markup"),
  Password: "long-enough",
  BillingType: "ClientPaysWithMarkup",
  Currency: "USD",
  DeliveryFee: "10",
  CostPerRecipient: "2",
  DesignAndSpamTestFee: "10",
  ...extra,
});

const clientCreate = (code: number, extra: LegacyParams): ErrorCase => ({
  code,
  op: "Client.Create",
  params: () => ({
    CompanyName: "Co",
    ContactName: "Cy",
    EmailAddress: `create.${code}@case.example`,
    Country: "United Kingdom",
    Timezone: GMT,
    ...extra,
  }),
});

/** Campaign.Send of a fresh campaign of a fresh client with `active` subscribers on its list. */
const send = (
  code: number,
  setup: {
    active?: number;
    client?: Parameters<typeof newClient>[1];
    lists?: boolean;
    sendDate?: string;
    confirm?: string;
  },
): ErrorCase => ({
  code,
  op: "Campaign.Send",
  params: (fx) => {
    const { store } = fx.sandbox;
    const client = newClient(fx, setup.client);
    const list = store.addList({ clientId: client.id, title: "Recipients" });
    for (let i = 0; i < (setup.active ?? 1); i++) store.putSubscriber(list.id, { email: `r${i}@send.example` });
    const campaign = store.addCampaign({
      clientId: client.id,
      subject: "S",
      name: "N",
      listIds: setup.lists === false ? [] : [list.id],
    });
    return {
      CampaignID: campaign.id,
      ConfirmationEmail: setup.confirm ?? "confirm@send.example",
      SendDate: setup.sendDate ?? "Immediately",
    };
  },
});

const CASES: ErrorCase[] = [
  // Subscribers
  { code: 1, op: "Subscriber.Add", params: (fx) => ({ ListID: fx.ids.listId, Email: "not-an-address", Name: "" }) },
  { code: 1, op: "Subscriber.Unsubscribe", params: (fx) => ({ ListID: fx.ids.listId, Email: "a@@b" }) },
  {
    code: 100,
    op: "Subscriber.Add",
    apiKey: "wrong-key",
    params: (fx) => ({ ListID: fx.ids.listId, Email: "a@b.example", Name: "" }),
  },
  {
    code: 101,
    op: "Subscriber.AddWithCustomFields",
    params: () => ({ ListID: "999999", Email: "a@b.example", Name: "", CustomFields: [] }),
  },
  {
    code: 204,
    op: "Subscriber.Add",
    params: (fx) => {
      fx.sandbox.store.suppress(fx.ids.clientId, "suppressed@held.example");
      return { ListID: fx.ids.listId, Email: "suppressed@held.example", Name: "" };
    },
  },
  heldAddress(205, "Deleted"),
  heldAddress(206, "Unsubscribed"),
  heldAddress(207, "Bounced"),
  heldAddress(208, "Unconfirmed"),
  {
    code: 202,
    op: "Subscriber.Unsubscribe",
    params: (fx) => ({ ListID: fx.ids.listId, Email: "stranger@held.example" }),
  },
  { code: 5, op: "Subscribers.GetActive", params: (fx) => ({ ListID: fx.ids.listId, Date: "2024-02-30 00:00:00" }) },
  { code: 101, op: "Subscribers.GetActive", params: () => ({ ListID: "999999", Date: "2024-01-01 00:00:00" }) },
  // Lists
  { code: 102, op: "List.Create", params: () => ({ ClientID: "999999", Title: "X", ConfirmOptIn: false }) },
  {
    code: 250,
    op: "List.Create",
    params: (fx) => ({ ClientID: fx.ids.clientId, Title: "newsletter", ConfirmOptIn: false }),
  },
  { code: 251, op: "List.Create", params: (fx) => ({ ClientID: fx.ids.clientId, Title: "  ", ConfirmOptIn: true }) },
  {
    code: 251,
    op: "List.Update",
    params: (fx) => ({
      ListID: fx.ids.listId,
      Title: "",
      UnsubscribePage: "",
      ConfirmOptIn: false,
      ConfirmationSuccessPage: "",
    }),
  },
  { code: 101, op: "List.GetStats", params: () => ({ ListID: "999999" }) },
  { code: 101, op: "List.GetCustomFields", params: () => ({ ListID: "999999" }) },
  {
    code: 254,
    op: "List.CreateCustomField",
    params: (fx) => ({ ListID: fx.ids.listId, FieldName: " ", DataType: "Text" }),
  },
  {
    code: 255,
    op: "List.CreateCustomField",
    params: (fx) => ({ ListID: fx.ids.listId, FieldName: "Colour", DataType: "Text" }),
  },
  {
    code: 256,
    op: "List.CreateCustomField",
    params: (fx) => ({ ListID: fx.ids.listId, FieldName: "Age", DataType: "Number", Options: "1||2" }),
  },
  {
    code: 257,
    op: "List.CreateCustomField",
    params: (fx) => ({ ListID: fx.ids.listId, FieldName: "Pick", DataType: "MultiSelectOne", Options: "" }),
  },
  {
    code: 259,
    op: "List.CreateCustomField",
    params: (fx) => ({ ListID: fx.ids.listId, FieldName: "Odd", DataType: "Colour" }),
  },
  { code: 253, op: "List.DeleteCustomField", params: (fx) => ({ ListID: fx.ids.listId, Key: "[NoSuchField]" }) },
  // Clients
  { code: 100, op: "User.GetClients", apiKey: "another-wrong-key", params: () => ({}) },
  clientCreate(154, { CompanyName: "" }),
  clientCreate(155, { ContactName: " " }),
  clientCreate(1, { EmailAddress: "nobody" }),
  clientCreate(150, { EmailAddress: "ann@acme.example" }),
  clientCreate(157, { Country: "Atlantis" }),
  clientCreate(152, { Timezone: "Moon Time" }),
  {
    code: 150,
    op: "Client.UpdateBasics",
    params: (fx) => ({
      ClientID: fx.ids.otherClientId,
      CompanyName: "Beta",
      ContactName: "Bo",
      EmailAddress: "ann@acme.example",
      Country: "Germany",
      Timezone: GMT,
    }),
  },
  billing(102, { ClientID: "999999", AccessLevel: 0 }),
  billing(153, { AccessLevel: 4 }),
  billing(158, { AccessLevel: 1, Username: "", Password: "long-enough" }),
  billing(151, { AccessLevel: 1, Username: "designer", Password: "long-enough" }),
  billing(159, { AccessLevel: 1, Username: "short-pw", Password: "abcd" }),
  billing(160, { AccessLevel: 7, Username: "bt", Password: "long-enough", BillingType: "Barter" }),
  billing(167, {
    AccessLevel: 7,
    Username: "cur",
    Password: "long-enough",
    BillingType: "ClientPaysAtStandardRate",
    Currency: "XYZ",
  }),
  billing(164, markup({ DeliveryFee: "$10" })),
  billing(165, markup({ CostPerRecipient: "1,000" })),
  billing(166, markup({ DesignAndSpamTestFee: "" })),
  billing(168, markup({ DeliveryFee: "1" })),
  billing(169, markup({ CostPerRecipient: "0.5" })),
  billing(171, markup({ DesignAndSpamTestFee: "1" })),
  billing(170, markup({ DeliveryFee: "5", CostPerRecipient: "1" })),
  { code: 102, op: "Client.GetDetail", params: () => ({ ClientID: "999999" }) },
  { code: 102, op: "Client.GetLists", params: () => ({ ClientID: "999999" }) },
  { code: 102, op: "Client.GetSegments", params: () => ({ ClientID: "999999" }) },
  { code: 102, op: "Client.GetCampaigns", params: () => ({ ClientID: "999999" }) },
  { code: 102, op: "Client.GetTemplates", params: () => ({ ClientID: "999999" }) },
  // Campaigns
  {
    code: 301,
    op: "Campaign.Send",
    params: () => ({ CampaignID: "999999", ConfirmationEmail: "c@x.example", SendDate: "Immediately" }),
  },
  {
    code: 331,
    op: "Campaign.Send",
    params: (fx) => ({ CampaignID: fx.ids.sentCampaignId, ConfirmationEmail: "c@x.example", SendDate: "Immediately" }),
  },
  send(338, { confirm: "" }),
  send(339, { confirm: "confirm-at-nowhere" }),
  send(5, { sendDate: "next Tuesday" }),
  send(337, { sendDate: "2024-06-15 11:59:59" }),
  send(332, { lists: false }),
  send(340, { active: 0 }),
  send(334, { client: { approvedRecipients: 0 } }),
  send(355, { client: { monthlyPaymentFailed: true } }),
  send(333, { client: { testCampaignsRemaining: 0 } }),
  send(335, {
    active: 6,
    client: { accessLevel: 7, billingType: "ClientPaysAtStandardRate", currency: "USD", card: "none" },
  }),
  send(336, {
    active: 6,
    client: { accessLevel: 7, billingType: "ClientPaysAtStandardRate", currency: "USD", card: "declined" },
  }),
  { code: 301, op: "Campaign.GetSummary", params: () => ({ CampaignID: "999999" }) },
  { code: 301, op: "Campaign.GetBounces", params: () => ({ CampaignID: "999999" }) },
  { code: 301, op: "Campaign.GetOpens", params: () => ({ CampaignID: "999999" }) },
  { code: 301, op: "Campaign.GetUnsubscribes", params: () => ({ CampaignID: "999999" }) },
  { code: 301, op: "Campaign.GetLists", params: () => ({ CampaignID: "999999" }) },
  // Templates
  { code: 4001, op: "Template.GetDetail", params: () => ({ TemplateID: "no-such-template" }) },
  {
    code: 4001,
    op: "Template.Update",
    params: () => ({ TemplateID: "no-such-template", TemplateName: "N", HTMLPageURL: OUTSIDE_PAGE }),
  },
  templateUpdate(4002, () => ({ TemplateName: "" })),
  templateUpdate(4003, () => ({ TemplateName: "a <b> c" })),
  templateUpdate(4004, () => ({ HTMLPageURL: "" })),
  templateUpdate(4005, (fx) => ({ HTMLPageURL: hosted(fx, "missing.html") })),
  templateUpdate(4006, () => ({ ZipFileURL: "not a url" })),
  templateUpdate(4007, (fx) => {
    fx.sandbox.store.putFile("narrow.jpg", { kind: "image", format: "jpeg", width: 100 });
    return { ScreenshotURL: hosted(fx, "narrow.jpg") };
  }),
  ...Object.keys(TEMPLATE_HTML).map((code) => contentCase(Number(code))),
];

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

describe("error codes through the client", () => {
  it("cover every code the catalog lists", () => {
    const listed = new Set<number>(OPERATIONS.flatMap((op) => [...op.errorCodes]));
    const covered = new Set(CASES.map((c) => c.code).concat(172));
    expect([...listed].filter((code) => !covered.has(code))).toEqual([]);
  });

  it.each(CASES.map((c, i) => [c.code, c.op, i] as const))("%i from %s", async (code, op, index) => {
    const transport = must(LEGACY_TRANSPORTS[index % LEGACY_TRANSPORTS.length], "a transport");
    const testCase = must(CASES[index], `case ${index}`);
    const client = fx.client(transport, testCase.apiKey);
    // Cases are keyed by catalog row, so their parameters are the row's (checked by the sandbox).
    const err = await client.call(op, testCase.params(fx) as LegacyParamsOf<typeof op>).then(
      (value) => ({ resolved: value }),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(LegacyResultError);
    expect(err).toMatchObject({ code: "LEGACY_RESULT", resultCode: code, operation: op });
  });

  it("172 after five clients created within thirty minutes, on every transport", async () => {
    const own = await startFixture();
    try {
      const created: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = await own.client(must(LEGACY_TRANSPORTS[i % 3], "a transport")).call("Client.Create", {
          CompanyName: `Burst ${i}`,
          ContactName: "B",
          EmailAddress: `burst.${i}@burst.example`,
          Country: "United Kingdom",
          Timezone: GMT,
        });
        created.push(id);
      }
      expect(new Set(created).size).toBe(5);
      for (const transport of LEGACY_TRANSPORTS) {
        const err = await own
          .client(transport)
          .call("Client.Create", {
            CompanyName: "One more",
            ContactName: "B",
            EmailAddress: `more.${transport}@burst.example`,
            Country: "United Kingdom",
            Timezone: GMT,
          })
          .then(
            () => undefined,
            (e: unknown) => e,
          );
        expect(err).toMatchObject({ code: "LEGACY_RESULT", resultCode: 172 });
      }
    } finally {
      await own.close();
    }
  });
});
