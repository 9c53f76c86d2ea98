/**
 * Every catalog operation through each transport against the sandbox, asserting decoded values.
 * CASES is keyed by OperationName, so a new catalog row without a case fails to compile, and the
 * first test fails at run time as well.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LEGACY_TRANSPORTS,
  OPERATIONS,
  type LegacyTransport,
  type OperationName,
} from "../../../src/backends/legacy/catalog.js";
import type { LegacyParams, LegacyParamsOf } from "../../../src/backends/legacy/types.js";
import { OUTSIDE_PAGE, startFixture, type Fixture } from "./sandbox-fixture.js";

/** One call: its parameters and what to assert about the decoded value. */
interface Call {
  params: LegacyParams;
  check: (value: unknown) => void;
}
/** Builds a call; `tag` keeps records of different transports apart in one sandbox. */
type Case = (fx: Fixture, tag: string) => Call;

const SUCCESS = { Code: "0", Message: "Success" };
const colour = (value: string) => ({ Key: "[Colour]", Value: value });

/** Adds a subscriber and checks the sandbox stored it as sent. */
const addCase =
  (withFields: boolean, resubscribe: boolean): Case =>
  (fx, tag) => {
    const email = `ñame.${tag}@acme.example`;
    if (resubscribe) fx.sandbox.store.putSubscriber(fx.ids.listId, { email, name: "old", state: "Unsubscribed" });
    const params: Record<string, LegacyParams[string]> = {
      ListID: fx.ids.listId,
      Email: email,
      Name: `Ñame ${tag} 漢字 😀`,
    };
    if (withFields) params.CustomFields = [colour("Red"), colour("Green")];
    return {
      params,
      check(value) {
        expect(value).toEqual(SUCCESS);
        const stored = fx.sandbox.store.subscriber(fx.ids.listId, email);
        expect(stored).toMatchObject({ name: `Ñame ${tag} 漢字 😀`, state: "Active" });
        if (withFields) expect(stored?.customFields.get("[Colour]")).toEqual(["Red", "Green"]);
      },
    };
  };

const CASES: Record<OperationName, Case> = {
  "Subscriber.Add": addCase(false, false),
  "Subscriber.AddWithCustomFields": addCase(true, false),
  "Subscriber.AddAndResubscribe": addCase(false, true),
  "Subscriber.AddAndResubscribeWithCustomFields": addCase(true, true),
  "Subscriber.AddWithCustomFieldsWSDL": addCase(true, false),
  "Subscriber.AddAndResubscribeWithCustomFieldsWSDL": addCase(true, true),
  "Subscriber.Unsubscribe": (fx, tag) => {
    const email = `leaving.${tag}@acme.example`;
    fx.sandbox.store.putSubscriber(fx.ids.listId, { email, name: "Leaving" });
    return {
      params: { ListID: fx.ids.listId, Email: email },
      check(value) {
        expect(value).toEqual(SUCCESS);
        expect(fx.sandbox.store.subscriber(fx.ids.listId, email)?.state).toBe("Unsubscribed");
      },
    };
  },
  "Subscribers.GetActive": (fx) => ({
    params: { ListID: fx.ids.listId, Date: "2024-06-01 00:00:00" },
    check(value) {
      expect((value as unknown[])[0]).toEqual({
        EmailAddress: "zoë@acme.example",
        Name: "Zoë 😀",
        Date: "2024-06-10 08:00:00",
        State: "Active",
        CustomFields: [colour("Red"), colour("Green")],
      });
    },
  }),
  "List.Create": (fx, tag) => ({
    params: { ClientID: fx.ids.clientId, Title: `Created ${tag} «ü»`, ConfirmOptIn: false },
    check(value) {
      expect(value).toMatch(/^\d+$/);
      expect(fx.sandbox.store.list(value as string)?.title).toBe(`Created ${tag} «ü»`);
    },
  }),
  "List.Update": (fx, tag) => {
    const list = fx.sandbox.store.addList({ clientId: fx.ids.clientId, title: `To update ${tag}` });
    return {
      params: {
        ListID: list.id,
        Title: `Updated ${tag}`,
        UnsubscribePage: "https://acme.example/bye",
        ConfirmOptIn: true,
        ConfirmationSuccessPage: "https://acme.example/thanks",
      },
      check(value) {
        expect(value).toEqual(SUCCESS);
        expect(fx.sandbox.store.list(list.id)).toMatchObject({ title: `Updated ${tag}`, confirmOptIn: true });
      },
    };
  },
  "List.GetStats": (fx, tag) => {
    const list = fx.sandbox.store.addList({ clientId: fx.ids.clientId, title: `Stats ${tag}` });
    fx.sandbox.store.putSubscriber(list.id, { email: "a@acme.example", date: new Date("2024-06-15T08:00:00Z") });
    fx.sandbox.store.putSubscriber(list.id, {
      email: "b@acme.example",
      state: "Bounced",
      date: new Date("2024-01-15T08:00:00Z"),
      stateDate: new Date("2024-06-14T08:00:00Z"),
    });
    return {
      params: { ListID: list.id },
      check(value) {
        const stats = value as Record<string, string>;
        expect(Object.keys(stats)).toHaveLength(24);
        expect(stats).toMatchObject({
          TotalActiveSubscribers: "1",
          NewActiveSubscribersToday: "1",
          NewActiveSubscribersYesterday: "0",
          TotalBounced: "1",
          BouncedYesterday: "1",
          BouncedToday: "0",
          TotalUnsubscribes: "0",
        });
      },
    };
  },
  "List.GetCustomFields": (fx) => ({
    params: { ListID: fx.ids.listId },
    check(value) {
      expect((value as unknown[])[0]).toEqual({
        FieldName: "Colour",
        Key: "[Colour]",
        DataType: "MultiSelectMany",
        FieldOptions: ["Red", "Green"],
      });
    },
  }),
  "List.CreateCustomField": (fx, tag) => ({
    params: { ListID: fx.ids.listId, FieldName: `Size ${tag}`, DataType: "MultiSelectOne", Options: "S||M||L" },
    check(value) {
      expect(value).toEqual(SUCCESS);
      const field = fx.sandbox.store.list(fx.ids.listId)?.customFields.find((f) => f.fieldName === `Size ${tag}`);
      expect(field?.options).toEqual(["S", "M", "L"]);
    },
  }),
  "List.DeleteCustomField": (fx, tag) => {
    const key = `[Gone${tag}]`;
    fx.sandbox.store
      .list(fx.ids.listId)
      ?.customFields.push({ fieldName: `Gone${tag}`, key, dataType: "Text", options: [] });
    return {
      params: { ListID: fx.ids.listId, Key: key },
      check(value) {
        expect(value).toEqual(SUCCESS);
        expect(fx.sandbox.store.list(fx.ids.listId)?.customFields.some((f) => f.key === key)).toBe(false);
      },
    };
  },
  "User.GetClients": (fx) => ({
    params: {},
    check(value) {
      expect((value as unknown[]).slice(0, 2)).toEqual([
        { ClientID: fx.ids.clientId, Name: "Acme & Söhne" },
        { ClientID: fx.ids.otherClientId, Name: "Beta 漢字" },
      ]);
    },
  }),
  "Client.Create": (fx, tag) => ({
    params: {
      CompanyName: `New ${tag} <Co>`,
      ContactName: "Nia",
      EmailAddress: `new.${tag}@client.example`,
      Country: "United Kingdom",
      Timezone: "(GMT) Casablanca, Monrovia",
    },
    check(value) {
      expect(value).toMatch(/^\d+$/);
      expect(fx.sandbox.store.client(value as string)?.companyName).toBe(`New ${tag} <Co>`);
    },
  }),
  "Client.UpdateBasics": (fx, tag) => {
    const c = fx.sandbox.store.addClient({
      companyName: "Before",
      contactName: "X",
      emailAddress: `before.${tag}@x.example`,
      country: "United Kingdom",
      timeZone: "(GMT) Casablanca, Monrovia",
      createdAt: new Date("2020-01-01T00:00:00Z"),
    });
    return {
      params: {
        ClientID: c.id,
        CompanyName: "After ' \" &",
        ContactName: "Y",
        EmailAddress: `after.${tag}@x.example`,
        Country: "Germany",
        Timezone: "(GMT) Casablanca, Monrovia",
      },
      check(value) {
        expect(value).toEqual(SUCCESS);
        expect(fx.sandbox.store.client(c.id)).toMatchObject({ companyName: "After ' \" &", country: "Germany" });
      },
    };
  },
  "Client.UpdateAccessAndBilling": (fx, tag) => {
    const c = fx.sandbox.store.addClient({
      companyName: "Billing",
      contactName: "X",
      emailAddress: `billing.${tag}@x.example`,
      country: "United Kingdom",
      timeZone: "(GMT) Casablanca, Monrovia",
      createdAt: new Date("2020-01-01T00:00:00Z"),
    });
    return {
      params: {
        ClientID: c.id,
        AccessLevel: 63,
        Username: `user-${tag}`,
        Password: "secret-pw",
        BillingType: "ClientPaysWithMarkup",
        Currency: "EUR",
        DeliveryFee: 10,
        CostPerRecipient: 1.5,
        DesignAndSpamTestFee: 6,
      },
      check(value) {
        expect(value).toEqual(SUCCESS);
        expect(fx.sandbox.store.client(c.id)).toMatchObject({
          accessLevel: 63,
          costPerRecipient: "1.5",
          currency: "EUR",
        });
      },
    };
  },
  "Client.GetDetail": (fx) => ({
    params: { ClientID: fx.ids.clientId },
    check(value) {
      expect(value).toEqual({
        BasicDetails: {
          ClientID: fx.ids.clientId,
          CompanyName: "Acme & Söhne",
          ContactName: "Ann Öberg",
          EmailAddress: "ann@acme.example",
          Country: "United Kingdom",
          TimeZone: "(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London",
        },
        AccessAndBilling: {
          AccessLevel: "0",
          Username: "",
          Password: "Deprecated",
          BillingType: "",
          Currency: "",
          DeliveryFee: "",
          CostPerRecipient: "",
          DesignAndSpamTestFee: "",
        },
      });
    },
  }),
  "Client.GetLists": (fx) => ({
    params: { ClientID: fx.ids.otherClientId },
    check(value) {
      expect(value).toEqual([{ ListID: fx.ids.segmentListId, Name: "Customers" }]);
    },
  }),
  "Client.GetSegments": (fx) => ({
    params: { ClientID: fx.ids.otherClientId },
    check(value) {
      expect(value).toEqual([{ ListID: fx.ids.segmentListId, Name: "VIPs" }]);
    },
  }),
  "Client.GetCampaigns": (fx) => ({
    params: { ClientID: fx.ids.clientId },
    check(value) {
      expect(value).toContainEqual({
        CampaignID: fx.ids.sentCampaignId,
        Subject: "June <news>",
        Name: "June",
        SentDate: "2024-06-14 09:30:00",
        TotalRecipients: "1",
      });
    },
  }),
  "Client.GetTemplates": (fx) => ({
    params: { ClientID: fx.ids.clientId },
    check(value) {
      expect(value).toContainEqual({
        TemplateID: fx.ids.templateId,
        Name: "Plain",
        PreviewURL: OUTSIDE_PAGE,
        ScreenshotURL: "",
      });
    },
  }),
  "Campaign.Send": (fx, tag) => {
    const campaign = fx.sandbox.store.addCampaign({
      clientId: fx.ids.clientId,
      subject: tag,
      name: tag,
      listIds: [fx.ids.listId],
    });
    return {
      params: { CampaignID: campaign.id, ConfirmationEmail: "ann@acme.example", SendDate: "Immediately" },
      check(value) {
        expect(value).toEqual({ Code: campaign.id, Message: "Success" });
        expect(fx.sandbox.store.campaign(campaign.id)?.sentDate).toBeDefined();
      },
    };
  },
  "Campaign.GetSummary": (fx) => ({
    params: { CampaignID: fx.ids.sentCampaignId },
    check(value) {
      expect(value).toEqual({
        Recipients: "1",
        TotalOpened: "3",
        UniqueOpened: "1",
        Clicks: "2",
        Unsubscribed: "1",
        Bounced: "1",
      });
    },
  }),
  "Campaign.GetBounces": (fx) => ({
    params: { CampaignID: fx.ids.sentCampaignId },
    check(value) {
      expect(value).toEqual([{ EmailAddress: "bad@acme.example", ListID: fx.ids.listId, BounceType: "Hard" }]);
    },
  }),
  "Campaign.GetOpens": (fx) => ({
    params: { CampaignID: fx.ids.sentCampaignId },
    check(value) {
      expect(value).toEqual([{ EmailAddress: "zoë@acme.example", ListID: fx.ids.listId, NumberOfOpens: "3" }]);
    },
  }),
  "Campaign.GetUnsubscribes": (fx) => ({
    params: { CampaignID: fx.ids.sentCampaignId },
    check(value) {
      expect(value).toEqual([{ EmailAddress: "gone@acme.example", ListID: fx.ids.listId }]);
    },
  }),
  "Campaign.GetLists": (fx) => ({
    params: { CampaignID: fx.ids.sentCampaignId },
    check(value) {
      expect(value).toEqual([{ ListID: fx.ids.listId, Name: "Newsletter" }]);
    },
  }),
  "Template.GetDetail": (fx) => ({
    params: { TemplateID: fx.ids.templateId },
    check(value) {
      expect(value).toEqual({
        TemplateID: fx.ids.templateId,
        Name: "Plain",
        PreviewURL: OUTSIDE_PAGE,
        ScreenshotURL: "",
      });
    },
  }),
  "Template.Update": (fx, tag) => {
    const template = fx.sandbox.store.addTemplate({ clientId: fx.ids.clientId, name: "Old" });
    return {
      params: { TemplateID: template.id, TemplateName: `Renamed ${tag} ✓`, HTMLPageURL: OUTSIDE_PAGE },
      check(value) {
        expect(value).toEqual(SUCCESS);
        expect(fx.sandbox.store.template(template.id)?.name).toBe(`Renamed ${tag} ✓`);
      },
    };
  },
};

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

it("has a case for every catalog operation", () => {
  expect(OPERATIONS.filter((op) => typeof CASES[op.name] !== "function").map((op) => op.name)).toEqual([]);
});

describe.each(LEGACY_TRANSPORTS.map((t) => [t]))("over %s", (transport: LegacyTransport) => {
  it.each(OPERATIONS.map((op) => [op.name]))("%s", async (name) => {
    const { params, check } = CASES[name](fx, transport);
    const before = fx.sandbox.calls.count(name);
    // Cases are keyed by catalog row, so their parameters are the row's (checked by the sandbox).
    const value = await fx.client(transport).call(name, params as LegacyParamsOf<typeof name>);
    check(value);
    expect(fx.sandbox.calls.count(name)).toBe(before + 1);
    expect(fx.sandbox.calls.entries().at(-1)?.transport).toBe(transport);
  });
});
