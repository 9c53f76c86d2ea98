/**
 * Input is checked before anything is sent: every broken rule comes back as an InputError naming
 * the field (its path in `input`) and the rule, and the backend sees no call at all.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_LENGTH } from "../../src/domain/input-limits.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import type { Response } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { startStack, type Stack } from "../support/stack.js";

const docs = {
  addSubscriber: graphql(`
    mutation ValidateAddSubscriber($input: AddSubscriberInput!) {
      result: addSubscriber(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  unsubscribe: graphql(`
    mutation ValidateUnsubscribe($input: UnsubscribeInput!) {
      result: unsubscribe(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  createList: graphql(`
    mutation ValidateCreateList($input: CreateListInput!) {
      result: createList(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  updateList: graphql(`
    mutation ValidateUpdateList($input: UpdateListInput!) {
      result: updateList(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  createCustomField: graphql(`
    mutation ValidateCreateCustomField($input: CreateCustomFieldInput!) {
      result: createCustomField(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  deleteCustomField: graphql(`
    mutation ValidateDeleteCustomField($input: DeleteCustomFieldInput!) {
      result: deleteCustomField(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  createClient: graphql(`
    mutation ValidateCreateClient($input: CreateClientInput!) {
      result: createClient(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  updateClientBasics: graphql(`
    mutation ValidateUpdateClientBasics($input: UpdateClientBasicsInput!) {
      result: updateClientBasics(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  updateClientAccessAndBilling: graphql(`
    mutation ValidateUpdateAccess($input: UpdateClientAccessAndBillingInput!) {
      result: updateClientAccessAndBilling(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  sendCampaign: graphql(`
    mutation ValidateSendCampaign($input: SendCampaignInput!) {
      result: sendCampaign(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
  updateTemplate: graphql(`
    mutation ValidateUpdateTemplate($input: UpdateTemplateInput!) {
      result: updateTemplate(input: $input) {
        __typename
        ... on InputError {
          field
          rule
          message
          issues {
            field
            rule
            message
          }
        }
      }
    }
  `),
};

type Refusal = {
  result: {
    __typename: string;
    field?: string;
    rule?: string;
    message?: string;
    issues?: { field: string; rule: string; message: string }[];
  } | null;
};

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());
beforeEach(() => stack.legacy.calls.reset());

/** Sends `input`, expects an InputError whose issues are exactly `issues`, and no backend call. */
async function expectRefused<V extends { input: unknown }>(
  document: TypedDocumentNode<Refusal, V>,
  input: V["input"],
  issues: [field: string, rule: string][],
): Promise<void> {
  const res: Response<Refusal> = await stack.gql(document, { input } as V);
  expect(res.errors).toEqual([]);
  const result = res.data!.result!;
  expect(result.__typename).toBe("InputError");
  expect(result.issues!.map((i) => [i.field, i.rule])).toEqual(issues);
  expect([result.field, result.rule]).toEqual(issues[0]);
  expect(result.message).toBe(result.issues![0]?.message);
  // Every message names the field it is about.
  for (const issue of result.issues!) expect(issue.message).toContain(issue.field);
  expect(stack.legacy.calls.total()).toBe(0);
}

const list = demo.newsletter;
const basics = {
  companyName: "Acme",
  contactName: "Wile",
  emailAddress: "wile@acme.example.com",
  country: "Australia",
  timeZone: "(GMT+10:00) Brisbane",
};

describe("addSubscriber and unsubscribe", () => {
  it("refuses a malformed email", () =>
    expectRefused(docs.addSubscriber, { listId: list, email: "not-an-email" }, [["email", "EMAIL"]]));
  it("refuses an address with surrounding spaces rather than trimming it", async () => {
    await expectRefused(docs.addSubscriber, { listId: list, email: " a@example.com " }, [["email", "EMAIL"]]);
    const res = await stack.gql(docs.addSubscriber, { input: { listId: list, email: "a@example.com\t" } });
    expect(res.data!.result).toMatchObject({ __typename: "InputError", message: expect.stringMatching(/spaces/) });
  });
  it("refuses an id that is not a list's", () =>
    expectRefused(docs.addSubscriber, { listId: demo.northwind, email: "a@example.com" }, [["listId", "GLOBAL_ID"]]));
  it("refuses text the XML wire cannot carry", () =>
    expectRefused(docs.addSubscriber, { listId: list, email: "a@example.com", name: "Bell\u0007" }, [
      ["name", "XML_CHARACTERS"],
    ]));
  it("reports every broken rule, custom fields by index", () =>
    expectRefused(
      docs.addSubscriber,
      {
        listId: "garbage",
        email: " ",
        customFields: [
          { key: "[City]", value: "Perth" },
          { key: "", value: "x" },
        ],
      },
      [
        ["listId", "GLOBAL_ID"],
        ["email", "REQUIRED"],
        ["customFields[1].key", "REQUIRED"],
      ],
    ));
  it("refuses a blank email to unsubscribe", () =>
    expectRefused(docs.unsubscribe, { listId: list, email: "" }, [["email", "REQUIRED"]]));
});

describe("lengths and counts", () => {
  it("refuses a name of 100,000 characters before sending (it would not fit the GET transport's URL)", () =>
    expectRefused(docs.addSubscriber, { listId: list, email: "a@example.com", name: "n".repeat(100_000) }, [
      ["name", "MAX_LENGTH"],
    ]));
  it("refuses an email over 254 characters", () =>
    expectRefused(docs.addSubscriber, { listId: list, email: `${"a".repeat(250)}@example.com` }, [
      ["email", "MAX_LENGTH"],
    ]));
  it("refuses more than 50 custom field entries", () =>
    expectRefused(
      docs.addSubscriber,
      {
        listId: list,
        email: "a@example.com",
        customFields: Array.from({ length: 51 }, () => ({ key: "[City]", value: "x" })),
      },
      [["customFields", "MAX_COUNT"]],
    ));
  it("refuses over-long URLs, titles and client details", async () => {
    await expectRefused(
      docs.createList,
      {
        clientId: demo.northwind,
        title: "t".repeat(201),
        unsubscribePage: `https://example.com/${"p".repeat(2048)}`,
        confirmOptIn: false,
      },
      [
        ["title", "MAX_LENGTH"],
        ["unsubscribePage", "MAX_LENGTH"],
      ],
    );
    await expectRefused(docs.createClient, { ...basics, companyName: "c".repeat(201), contactName: "c".repeat(201) }, [
      ["companyName", "MAX_LENGTH"],
      ["contactName", "MAX_LENGTH"],
    ]);
  });
  it("refuses an over-long id before decoding it", () =>
    expectRefused(docs.addSubscriber, { listId: "A".repeat(MAX_LENGTH.globalId + 1), email: "a@example.com" }, [
      ["listId", "MAX_LENGTH"],
    ]));
});

describe("custom field options the wire cannot carry", () => {
  const field = { listId: list, fieldName: "Pipes", dataType: "MULTI_SELECT_MANY" as const };
  it("refuses options starting or ending with |, which would merge with the || separator", () =>
    expectRefused(docs.createCustomField, { ...field, options: ["a|", "|b", "c"] }, [
      ["options[0]", "OPTION_EDGE"],
      ["options[1]", "OPTION_EDGE"],
    ]));
  it("refuses empty and repeated options, which the service would drop", () =>
    expectRefused(docs.createCustomField, { ...field, options: ["a", "", "A"] }, [
      ["options[1]", "REQUIRED"],
      ["options[2]", "DUPLICATE"],
    ]));
  it("refuses options for a Date field, which the service would ignore", () =>
    expectRefused(docs.createCustomField, { ...field, dataType: "DATE", options: ["x"] }, [
      ["options", "NOT_ALLOWED"],
    ]));
});

describe("lists and custom fields", () => {
  it("refuses a blank title and a page that is not a URL", () =>
    expectRefused(
      docs.createList,
      { clientId: demo.northwind, title: "  ", unsubscribePage: "ftp://example.com/bye", confirmOptIn: false },
      [
        ["title", "REQUIRED"],
        ["unsubscribePage", "URL"],
      ],
    ));
  it("refuses a confirmation page without double opt-in", () =>
    expectRefused(
      docs.createList,
      {
        clientId: demo.northwind,
        title: "T",
        confirmOptIn: false,
        confirmationSuccessPage: "https://example.com/thanks",
      },
      [["confirmationSuccessPage", "NOT_ALLOWED"]],
    ));
  it("refuses updating through an id of another type", () =>
    expectRefused(
      docs.updateList,
      { listId: gid.template(DEMO.templates.newsletter), title: "T", confirmOptIn: true },
      [["listId", "GLOBAL_ID"]],
    ));
  it("refuses options on a Text field", () =>
    expectRefused(docs.createCustomField, { listId: list, fieldName: "F", dataType: "TEXT", options: ["a"] }, [
      ["options", "NOT_ALLOWED"],
    ]));
  it("requires options on a multi-valued field", () =>
    expectRefused(docs.createCustomField, { listId: list, fieldName: "F", dataType: "MULTI_SELECT_ONE" }, [
      ["options", "REQUIRED"],
    ]));
  it("refuses an option holding the || separator, and a blank name", () =>
    expectRefused(
      docs.createCustomField,
      { listId: list, fieldName: "", dataType: "MULTI_SELECT_MANY", options: ["a||b", "c"] },
      [
        ["fieldName", "REQUIRED"],
        ["options[0]", "NO_SEPARATOR"],
      ],
    ));
  it("requires the key of the field to delete", () =>
    expectRefused(docs.deleteCustomField, { listId: list, key: "" }, [["key", "REQUIRED"]]));
});

describe("clients", () => {
  it("refuses a country and a time zone the service does not list", () =>
    expectRefused(docs.createClient, { ...basics, country: "Atlantis", timeZone: "GMT+1" }, [
      ["country", "ONE_OF"],
      ["timeZone", "ONE_OF"],
    ]));
  it("requires the names and a valid email", () =>
    expectRefused(docs.createClient, { ...basics, companyName: "", contactName: " ", emailAddress: "nobody" }, [
      ["companyName", "REQUIRED"],
      ["contactName", "REQUIRED"],
      ["emailAddress", "EMAIL"],
    ]));
  it("refuses updating basics through a list's id", () =>
    expectRefused(docs.updateClientBasics, { clientId: list, ...basics }, [["clientId", "GLOBAL_ID"]]));

  const client = demo.contoso;
  it("requires a login of at least 5 characters for any level but 0", () =>
    expectRefused(docs.updateClientAccessAndBilling, { clientId: client, accessLevel: "LEVEL_3", password: "abc" }, [
      ["username", "REQUIRED"],
      ["password", "MIN_LENGTH"],
    ]));
  it("refuses a login at level 0", () =>
    expectRefused(
      docs.updateClientAccessAndBilling,
      { clientId: client, accessLevel: "LEVEL_0", username: "someone" },
      [["username", "NOT_ALLOWED"]],
    ));
  it("requires a billing type when the level sends campaigns, and refuses one otherwise", async () => {
    await expectRefused(
      docs.updateClientAccessAndBilling,
      { clientId: client, accessLevel: "LEVEL_7", username: "u", password: "secret" },
      [["billingType", "REQUIRED"]],
    );
    await expectRefused(
      docs.updateClientAccessAndBilling,
      {
        clientId: client,
        accessLevel: "LEVEL_3",
        username: "u",
        password: "secret",
        billingType: "USER_PAYS_ON_CLIENTS_BEHALF",
      },
      [["billingType", "NOT_ALLOWED"]],
    );
  });
  it("requires a currency when the client pays", () =>
    expectRefused(
      docs.updateClientAccessAndBilling,
      {
        clientId: client,
        accessLevel: "LEVEL_7",
        username: "u",
        password: "secret",
        billingType: "CLIENT_PAYS_AT_STANDARD_RATE",
      },
      [["currency", "REQUIRED"]],
    ));
  it("requires decimal rates for a markup, and no design fee without that permission", () =>
    expectRefused(
      docs.updateClientAccessAndBilling,
      {
        clientId: client,
        accessLevel: "LEVEL_7",
        username: "u",
        password: "secret",
        billingType: "CLIENT_PAYS_WITH_MARKUP",
        currency: "USD",
        deliveryFee: "$5",
        designAndSpamTestFee: "3",
      },
      [
        ["deliveryFee", "DECIMAL"],
        ["costPerRecipient", "REQUIRED"],
        ["designAndSpamTestFee", "NOT_ALLOWED"],
      ],
    ));
});

describe("campaigns and templates", () => {
  const campaign = { clientId: demo.northwind, campaignId: DEMO.campaigns.ready, confirmationEmail: "me@example.com" };
  it("needs exactly one of sendAt and immediately", async () => {
    await expectRefused(docs.sendCampaign, campaign, [["sendAt", "EXACTLY_ONE"]]);
    await expectRefused(docs.sendCampaign, { ...campaign, immediately: true, sendAt: "2030-01-01T00:00:00Z" }, [
      ["sendAt", "EXACTLY_ONE"],
    ]);
  });
  it("refuses a sendAt that is year 10000 in the client's zone, after reading only the zone", async () => {
    // 9999-12-31T23:00:00-12:00 is 10000-01-01 21:00 in Northwind's zone (GMT+10:00).
    const res = await stack.gql(docs.sendCampaign, { input: { ...campaign, sendAt: "9999-12-31T23:00:00-12:00" } });
    expect(res.errors).toEqual([]);
    expect(res.data?.result).toMatchObject({
      __typename: "InputError",
      field: "sendAt",
      rule: "DATE_RANGE",
      issues: [{ field: "sendAt", rule: "DATE_RANGE" }],
    });
    expect(res.data?.result?.__typename === "InputError" && res.data.result.message).toContain("UTC+10:00");
    // The client's zone needs its one read; nothing else is asked, and nothing is sent.
    expect(stack.legacy.calls.entries().map((c) => c.operation)).toEqual(["Client.GetDetail"]);
  });
  it("requires the campaign and a confirmation address", () =>
    expectRefused(docs.sendCampaign, { ...campaign, campaignId: "", confirmationEmail: "", immediately: true }, [
      ["campaignId", "REQUIRED"],
      ["confirmationEmail", "REQUIRED"],
    ]));
  it("requires a name and absolute URLs for a template", () =>
    expectRefused(
      docs.updateTemplate,
      {
        templateId: gid.template(DEMO.templates.newsletter),
        name: "",
        htmlPageUrl: "page.html",
        screenshotUrl: "javascript:alert(1)",
      },
      [
        ["name", "REQUIRED"],
        ["htmlPageUrl", "URL"],
        ["screenshotUrl", "URL"],
      ],
    ));
});

describe("structured values with surrounding spaces are refused under their rule, not trimmed", () => {
  /** Every issue's message says what is wrong: the spaces, not the shape. */
  async function expectSpacesRefused<V extends { input: unknown }>(
    document: TypedDocumentNode<Refusal, V>,
    input: V["input"],
    issues: [field: string, rule: string][],
  ): Promise<void> {
    await expectRefused(document, input, issues);
    const res = await stack.gql(document, { input } as V);
    for (const issue of res.data!.result!.issues!) expect(issue.message).toMatch(/must not start or end with spaces/);
  }

  it("list pages, also a page of spaces only (only an empty page is the generic one)", async () => {
    await expectSpacesRefused(
      docs.createList,
      {
        clientId: demo.northwind,
        title: "Padded pages",
        unsubscribePage: " https://example.com/bye",
        confirmOptIn: true,
        confirmationSuccessPage: "https://example.com/thanks\n",
      },
      [
        ["unsubscribePage", "URL"],
        ["confirmationSuccessPage", "URL"],
      ],
    );
    await expectSpacesRefused(
      docs.updateList,
      { listId: list, title: "Newsletter", unsubscribePage: "   ", confirmOptIn: false },
      [["unsubscribePage", "URL"]],
    );
  });

  it("template URLs, also an optional one of spaces only", () =>
    expectSpacesRefused(
      docs.updateTemplate,
      {
        templateId: gid.template(DEMO.templates.newsletter),
        name: " Spring ",
        htmlPageUrl: "https://example.com/page.html ",
        zipFileUrl: "  ",
        screenshotUrl: "\thttps://example.com/shot.jpg",
      },
      [
        ["htmlPageUrl", "URL"],
        ["zipFileUrl", "URL"],
        ["screenshotUrl", "URL"],
      ],
    ));

  it("the username and the rates", () =>
    expectSpacesRefused(
      docs.updateClientAccessAndBilling,
      {
        clientId: demo.contoso,
        accessLevel: "LEVEL_63",
        username: " contoso ",
        password: " pass phrase ",
        billingType: "CLIENT_PAYS_WITH_MARKUP",
        currency: "USD",
        deliveryFee: " 6",
        costPerRecipient: "2 ",
        designAndSpamTestFee: "6\u00a0",
      },
      [
        ["username", "USERNAME"],
        ["deliveryFee", "DECIMAL"],
        ["costPerRecipient", "DECIMAL"],
        ["designAndSpamTestFee", "DECIMAL"],
      ],
    ));

  it("the client's email address", () =>
    expectSpacesRefused(
      docs.updateClientBasics,
      { clientId: demo.contoso, ...basics, emailAddress: " wile@acme.example.com" },
      [["emailAddress", "EMAIL"]],
    ));

  it("a value of spaces only where the combination uses none is NOT_ALLOWED, not dropped as if left out", async () => {
    await expectRefused(
      docs.updateClientAccessAndBilling,
      { clientId: demo.contoso, accessLevel: "LEVEL_0", username: "  ", password: " " },
      [
        ["username", "NOT_ALLOWED"],
        ["password", "NOT_ALLOWED"],
      ],
    );
    await expectRefused(
      docs.updateClientAccessAndBilling,
      {
        clientId: demo.contoso,
        accessLevel: "LEVEL_7",
        username: "contoso",
        password: "secret-5",
        billingType: "CLIENT_PAYS_AT_STANDARD_RATE",
        currency: "USD",
        deliveryFee: " ",
      },
      [["deliveryFee", "NOT_ALLOWED"]],
    );
    await expectRefused(
      docs.createList,
      { clientId: demo.northwind, title: "T", confirmOptIn: false, confirmationSuccessPage: " " },
      [
        ["confirmationSuccessPage", "URL"],
        ["confirmationSuccessPage", "NOT_ALLOWED"],
      ],
    );
  });

  it("an option's edge is its own first and last character: `a |` still merges with the separator", () =>
    expectRefused(
      docs.createCustomField,
      { listId: list, fieldName: "Edges", dataType: "MULTI_SELECT_ONE", options: ["a |", "ok"] },
      [["options[0]", "OPTION_EDGE"]],
    ));
});

describe("values of the wrong type", () => {
  it("are refused by GraphQL itself before anything runs (bad enum value, bad DateTime)", async () => {
    const badEnum = await stack.gql(docs.updateClientAccessAndBilling, {
      input: { clientId: demo.contoso, accessLevel: "LEVEL_4" as "LEVEL_0" },
    });
    expect(badEnum.data ?? null).toBeNull();
    expect(badEnum.errors[0]?.message).toMatch(/AccessLevel/);
    const badDate = await stack.gql(docs.sendCampaign, {
      input: { clientId: demo.northwind, campaignId: "1", confirmationEmail: "me@example.com", sendAt: "tomorrow" },
    });
    expect(badDate.data ?? null).toBeNull();
    expect(badDate.errors[0]?.message).toMatch(/DateTime/);
    expect(stack.legacy.calls.total()).toBe(0);
  });
});
