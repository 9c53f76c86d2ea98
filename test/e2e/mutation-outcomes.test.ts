/**
 * Every Result code of every mutation's operation reaches the caller as its own typed error.
 * The sandbox cannot produce all of them for input that passes the gateway's checks (an empty
 * title never leaves the gateway), so a scripted stand-in answers the write with each code in
 * turn; everything else goes on to the sandbox. Code 100 is UNAUTHENTICATED, as on reads.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { getNamedType, isUnionType, type GraphQLUnionType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_ERROR_NAMES, operation, type OperationName } from "../../src/backends/legacy/catalog.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { schema } from "../../src/schema/index.js";
import { OUTCOME_REASONS, outcomeGroupOf } from "../../src/schema/legacy/outcomes.js";
import type { Gateway } from "../../src/server.js";
import { graphql } from "../gql/index.js";
import { must } from "../support/must.js";
import { asType, postGraphQL, type Response } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { soapResult, startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { startGateway } from "../support/stack.js";

const docs = {
  addSubscriber: graphql(`
    mutation OutcomeAddSubscriber($input: AddSubscriberInput!) {
      result: addSubscriber(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  unsubscribe: graphql(`
    mutation OutcomeUnsubscribe($input: UnsubscribeInput!) {
      result: unsubscribe(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  createList: graphql(`
    mutation OutcomeCreateList($input: CreateListInput!) {
      result: createList(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  updateList: graphql(`
    mutation OutcomeUpdateList($input: UpdateListInput!) {
      result: updateList(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  createCustomField: graphql(`
    mutation OutcomeCreateCustomField($input: CreateCustomFieldInput!) {
      result: createCustomField(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  deleteCustomField: graphql(`
    mutation OutcomeDeleteCustomField($input: DeleteCustomFieldInput!) {
      result: deleteCustomField(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  createClient: graphql(`
    mutation OutcomeCreateClient($input: CreateClientInput!) {
      result: createClient(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  updateClientBasics: graphql(`
    mutation OutcomeUpdateClientBasics($input: UpdateClientBasicsInput!) {
      result: updateClientBasics(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  updateClientAccessAndBilling: graphql(`
    mutation OutcomeUpdateAccess($input: UpdateClientAccessAndBillingInput!) {
      result: updateClientAccessAndBilling(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  sendCampaign: graphql(`
    mutation OutcomeSendCampaign($input: SendCampaignInput!) {
      result: sendCampaign(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
  updateTemplate: graphql(`
    mutation OutcomeUpdateTemplate($input: UpdateTemplateInput!) {
      result: updateTemplate(input: $input) {
        __typename
        ... on LegacyError {
          code
          reason
          message
          operation
        }
      }
    }
  `),
};

type Outcome = {
  result: { __typename: string; code?: number; reason?: string | null; message?: string; operation?: string } | null;
};

interface Case {
  name: string;
  /** The operation this input is sent with. */
  op: OperationName;
  /** Codes of the mutation's union beyond the spec's list for `op`. */
  codes: number[];
  /** Runs the mutation with valid input. */
  run(): Promise<Response<Outcome>>;
}

/** A case whose input is checked against the mutation's input type. */
function mutation<V extends { input: unknown }>(c: {
  name: string;
  document: TypedDocumentNode<Outcome, V>;
  input: V["input"];
  op: OperationName;
  codes: number[];
}): Case {
  return {
    name: c.name,
    op: c.op,
    codes: c.codes,
    run: () => postGraphQL(gateway.url, c.document, { input: c.input } as V),
  };
}

const basics = {
  companyName: "Acme",
  contactName: "Wile E.",
  emailAddress: "wile@acme.example.com",
  country: "Australia",
  timeZone: "(GMT+10:00) Brisbane",
};
const ADD_CODES = operation("Subscriber.Add").errorCodes;

const cases: Case[] = [
  mutation({
    name: "addSubscriber",
    document: docs.addSubscriber,
    op: "Subscriber.Add",
    codes: [],
    input: { listId: demo.newsletter, email: "x@example.com" },
  }),
  mutation({
    name: "addSubscriber with custom fields",
    document: docs.addSubscriber,
    op: "Subscriber.AddWithCustomFields",
    codes: [],
    input: { listId: demo.newsletter, email: "x@example.com", customFields: [{ key: "[City]", value: "Perth" }] },
  }),
  mutation({
    name: "addSubscriber with resubscribe",
    document: docs.addSubscriber,
    op: "Subscriber.AddAndResubscribe",
    codes: [...ADD_CODES],
    input: { listId: demo.newsletter, email: "x@example.com", resubscribe: true },
  }),
  mutation({
    name: "addSubscriber with resubscribe and custom fields",
    document: docs.addSubscriber,
    op: "Subscriber.AddAndResubscribeWithCustomFields",
    codes: [...ADD_CODES],
    input: {
      listId: demo.newsletter,
      email: "x@example.com",
      resubscribe: true,
      customFields: [{ key: "[City]", value: "Perth" }],
    },
  }),
  mutation({
    name: "unsubscribe",
    document: docs.unsubscribe,
    op: "Subscriber.Unsubscribe",
    codes: [],
    input: { listId: demo.newsletter, email: "x@example.com" },
  }),
  mutation({
    name: "createList",
    document: docs.createList,
    op: "List.Create",
    codes: [],
    input: { clientId: demo.northwind, title: "T", confirmOptIn: false },
  }),
  mutation({
    name: "updateList",
    document: docs.updateList,
    op: "List.Update",
    codes: [],
    input: { listId: demo.vip, title: "T", confirmOptIn: false },
  }),
  mutation({
    name: "createCustomField",
    document: docs.createCustomField,
    op: "List.CreateCustomField",
    codes: [],
    input: { listId: demo.newsletter, fieldName: "F", dataType: "TEXT" },
  }),
  mutation({
    name: "deleteCustomField",
    document: docs.deleteCustomField,
    op: "List.DeleteCustomField",
    codes: [],
    input: { listId: demo.newsletter, key: "[City]" },
  }),
  mutation({ name: "createClient", document: docs.createClient, op: "Client.Create", codes: [], input: basics }),
  mutation({
    name: "updateClientBasics",
    document: docs.updateClientBasics,
    op: "Client.UpdateBasics",
    codes: [102],
    input: { clientId: demo.northwind, ...basics },
  }),
  mutation({
    name: "updateClientAccessAndBilling",
    document: docs.updateClientAccessAndBilling,
    op: "Client.UpdateAccessAndBilling",
    codes: [],
    input: { clientId: demo.northwind, accessLevel: "LEVEL_0" },
  }),
  mutation({
    name: "sendCampaign",
    document: docs.sendCampaign,
    op: "Campaign.Send",
    codes: [],
    input: {
      clientId: demo.northwind,
      campaignId: DEMO.campaigns.ready,
      confirmationEmail: "me@example.com",
      immediately: true,
    },
  }),
  mutation({
    name: "updateTemplate",
    document: docs.updateTemplate,
    op: "Template.Update",
    codes: [],
    input: {
      templateId: gid.template(DEMO.templates.newsletter),
      name: "N",
      htmlPageUrl: "https://example.com/page.html",
    },
  }),
];

const reasonOf = (code: number) => [...OUTCOME_REASONS].find(([, c]) => c === code)?.[0] ?? null;

let sandbox: LegacySandbox;
let proxy: LegacyProxy;
let gateway: Gateway;
beforeAll(async () => {
  sandbox = await startLegacySandbox();
  proxy = await startLegacyProxy(sandbox.url);
  gateway = await startGateway(proxy.url);
});
afterAll(async () => {
  await gateway.close();
  await proxy.close();
  await sandbox.close();
});

async function answerWith(c: Case, code: number) {
  proxy.scriptResult(c.op, code);
  try {
    return await c.run();
  } finally {
    proxy.clear();
  }
}

describe.each(cases)("$name ($op)", (c) => {
  const codes = [...new Set([...operation(c.op).errorCodes, ...c.codes])].filter((code) => code !== 100);

  it("answers each Result code with the typed error of its group, all distinguishable", async () => {
    const seen = new Set<string>();
    for (const code of codes) {
      const { data, errors } = await answerWith(c, code);
      expect(errors, `code ${code}`).toEqual([]);
      expect(data!.result, `code ${code}`).toEqual({
        __typename: outcomeGroupOf(code)!.name,
        code,
        reason: reasonOf(code),
        // The service's own Result message, passed through.
        message: LEGACY_ERROR_NAMES[code],
        operation: c.op,
      });
      seen.add(`${data!.result!.__typename}/${data!.result!.reason}`);
    }
    expect(seen.size).toBe(codes.length);
  });

  it("answers a code it is not documented to give with UnexpectedResultError", async () => {
    const { data } = await answerWith(c, 999);
    expect(data!.result).toEqual({
      __typename: "UnexpectedResultError",
      code: 999,
      reason: null,
      message: "Error",
      operation: c.op,
    });
  });

  it("answers code 100 with UNAUTHENTICATED and no payload", async () => {
    const { status, data, errors } = await answerWith(c, 100);
    expect(status).toBe(200);
    expect(data!.result).toBeNull();
    expect(errors.map((e) => [e.path?.join("."), e.extensions?.code])).toEqual([["result", "UNAUTHENTICATED"]]);
  });
});

describe("payload unions", () => {
  // Each mutation: the operations it may send and the codes its union carries beyond their lists.
  const unions: [mutation: string, ops: OperationName[], extra: number[]][] = [
    [
      "addSubscriber",
      [
        "Subscriber.Add",
        "Subscriber.AddWithCustomFields",
        "Subscriber.AddAndResubscribe",
        "Subscriber.AddAndResubscribeWithCustomFields",
      ],
      [],
    ],
    ["unsubscribe", ["Subscriber.Unsubscribe"], []],
    ["createList", ["List.Create"], []],
    ["updateList", ["List.Update"], []],
    ["createCustomField", ["List.CreateCustomField"], []],
    ["deleteCustomField", ["List.DeleteCustomField"], []],
    ["createClient", ["Client.Create"], []],
    ["updateClientBasics", ["Client.UpdateBasics"], [102]],
    ["updateClientAccessAndBilling", ["Client.UpdateAccessAndBilling"], []],
    ["sendCampaign", ["Campaign.Send"], [102]],
    ["updateTemplate", ["Template.Update"], []],
  ];

  it.each(unions)(
    "%s answers its success type, InputError, a type per spec'd code group and the fallback, nothing else",
    (name, ops, extra) => {
      const field = must(schema.getMutationType()!.getFields()[name], `mutation ${name}`);
      const union = getNamedType(field.type);
      expect(isUnionType(union)).toBe(true);
      const codes = [...ops.flatMap((op) => operation(op).errorCodes), ...extra].filter(
        (code) => code !== 0 && code !== 100,
      );
      const groups = new Set(codes.map((code) => outcomeGroupOf(code)!.name));
      const success = `${name.charAt(0).toUpperCase()}${name.slice(1)}Success`;
      const members = (union as GraphQLUnionType)
        .getTypes()
        .map((t) => t.name)
        .sort();
      // Mutations that take a list or campaign id check it belongs where the input says before writing.
      const owned = [
        "addSubscriber",
        "unsubscribe",
        "updateList",
        "createCustomField",
        "deleteCustomField",
        "sendCampaign",
      ];
      const ownership = owned.includes(name) ? ["OwnershipError"] : [];
      expect(members).toEqual([success, "InputError", ...ownership, "UnexpectedResultError", ...groups].sort());
    },
  );
});

describe("the service's message", () => {
  it("reaches the caller without the API key, even when the service quotes it", async () => {
    const quoting = soapResult("Subscriber.Unsubscribe", 202).replace(
      /<Message>[^<]*<\/Message>/,
      `<Message>Key ${DEMO.apiKey} is not subscribed</Message>`,
    );
    proxy.script("Subscriber.Unsubscribe", { body: quoting });
    try {
      const { data } = await postGraphQL(gateway.url, docs.unsubscribe, {
        input: { listId: demo.newsletter, email: "x@example.com" },
      });
      const error = asType(data!.result, "NotSubscribedError");
      expect(error).toMatchObject({ code: 202, operation: "Subscriber.Unsubscribe" });
      expect(error.message).toMatch(/^Key .+ is not subscribed$/);
      expect(JSON.stringify(data)).not.toContain(DEMO.apiKey);
    } finally {
      proxy.clear();
    }
  });
});

describe("sendCampaign with a date", () => {
  it("answers ClientNotFoundError when the client's zone cannot be read (102), and never sends", async () => {
    proxy.scriptResult("Client.GetDetail", 102);
    proxy.resetCounts();
    try {
      const { data } = await postGraphQL(gateway.url, docs.sendCampaign, {
        input: {
          clientId: demo.northwind,
          campaignId: DEMO.campaigns.ready,
          confirmationEmail: "me@example.com",
          sendAt: "2030-01-01T00:00:00Z",
        },
      });
      expect(data!.result).toEqual({
        __typename: "ClientNotFoundError",
        code: 102,
        reason: "INVALID_CLIENT_ID",
        message: LEGACY_ERROR_NAMES[102],
        operation: "Client.GetDetail",
      });
      expect(proxy.seen("Campaign.Send")).toBe(0);
    } finally {
      proxy.clear();
    }
  });

  it("answers InvalidDateError (5) from the service", async () => {
    proxy.scriptResult("Campaign.Send", 5);
    try {
      const { data } = await postGraphQL(gateway.url, docs.sendCampaign, {
        input: {
          clientId: demo.northwind,
          campaignId: DEMO.campaigns.ready,
          confirmationEmail: "me@example.com",
          sendAt: "2030-01-01T00:00:00Z",
        },
      });
      expect(data!.result).toMatchObject({ __typename: "InvalidDateError", code: 5, reason: "INVALID_DATE" });
    } finally {
      proxy.clear();
    }
  });
});
