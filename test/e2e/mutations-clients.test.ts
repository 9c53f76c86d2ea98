/** createClient, updateClientBasics and updateClientAccessAndBilling against the sandbox. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { asType } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { startStack, testClock, type Stack } from "../support/stack.js";

const CreateClient = graphql(`
  mutation CreateClient($input: CreateClientInput!) {
    createClient(input: $input) {
      __typename
      ... on CreateClientSuccess {
        clientId
        client {
          id
          name
          accessAndBilling {
            accessLevel
          }
        }
      }
      ... on LegacyError {
        code
        reason
        operation
      }
    }
  }
`);

const UpdateClientBasics = graphql(`
  mutation UpdateClientBasics($input: UpdateClientBasicsInput!) {
    updateClientBasics(input: $input) {
      __typename
      ... on UpdateClientBasicsSuccess {
        clientId
        client {
          name
          basicDetails {
            contactName
            timeZone
            utcOffsetMinutes
          }
        }
      }
      ... on LegacyError {
        code
        reason
      }
    }
  }
`);

const UpdateAccess = graphql(`
  mutation UpdateAccess($input: UpdateClientAccessAndBillingInput!) {
    updateClientAccessAndBilling(input: $input) {
      __typename
      ... on UpdateClientAccessAndBillingSuccess {
        clientId
        client {
          accessAndBilling {
            accessLevel
            permissions
            username
            billingType
            currency
            deliveryFee
            costPerRecipient
            designAndSpamTestFee
          }
        }
      }
      ... on LegacyError {
        code
        reason
      }
    }
  }
`);

const basics = (n: string) => ({
  companyName: `Company ${n}`,
  contactName: `Contact ${n}`,
  emailAddress: `owner.${n}@example.com`,
  country: "Canada",
  timeZone: "(GMT-05:00) Eastern Time (US & Canada)",
});

let stack: Stack;
let clock: ReturnType<typeof testClock>;
beforeAll(async () => {
  clock = testClock();
  stack = await startStack({ legacy: { now: clock.now } });
});
afterAll(() => stack.close());
// Each test starts outside the creation window of the ones before.
beforeEach(() => clock.advance(31 * 60_000));

describe("createClient", () => {
  it("creates a client without application access", async () => {
    const { data, errors } = await stack.gql(CreateClient, { input: basics("one") });
    expect(errors).toEqual([]);
    const payload = asType(data!.createClient, "CreateClientSuccess");
    expect(payload.client).toEqual({
      id: gid.client(payload.clientId),
      name: "Company one",
      accessAndBilling: { accessLevel: "LEVEL_0" },
    });
  });

  it("answers ClientDetailsError EMAIL_TAKEN (150) and InvalidEmailError (1)", async () => {
    const taken = await stack.gql(CreateClient, {
      input: { ...basics("two"), emailAddress: "nancy@northwind.example.com" },
    });
    expect(taken.data!.createClient).toMatchObject({
      __typename: "ClientDetailsError",
      code: 150,
      reason: "EMAIL_TAKEN",
    });
    const invalid = await stack.gql(CreateClient, {
      input: { ...basics("two"), emailAddress: "owner..two@example.com" },
    });
    expect(invalid.data!.createClient).toMatchObject({ __typename: "InvalidEmailError", code: 1 });
  });

  it("answers ClientCreationLimitError (172) for a sixth client within thirty minutes", async () => {
    for (const n of ["a", "b", "c", "d", "e"]) {
      expect((await stack.gql(CreateClient, { input: basics(n) })).data!.createClient?.__typename).toBe(
        "CreateClientSuccess",
      );
    }
    const sixth = await stack.gql(CreateClient, { input: basics("f") });
    expect(sixth.data!.createClient).toMatchObject({
      __typename: "ClientCreationLimitError",
      code: 172,
      operation: "Client.Create",
    });
  });
});

describe("updateClientBasics", () => {
  it("replaces the basic details", async () => {
    const { data, errors } = await stack.gql(UpdateClientBasics, {
      input: {
        clientId: demo.contoso,
        ...basics("contoso"),
        companyName: "Contoso Health",
        timeZone: "(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi",
      },
    });
    expect(errors).toEqual([]);
    expect(data!.updateClientBasics).toEqual({
      __typename: "UpdateClientBasicsSuccess",
      clientId: DEMO.clients.contoso,
      client: {
        name: "Contoso Health",
        basicDetails: {
          contactName: "Contact contoso",
          timeZone: "(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi",
          utcOffsetMinutes: 330,
        },
      },
    });
  });

  it("answers ClientDetailsError (150), InvalidEmailError (1) and ClientNotFoundError (102)", async () => {
    const taken = await stack.gql(UpdateClientBasics, {
      input: { clientId: demo.contoso, ...basics("x"), emailAddress: "rhys@fabrikam.example.com" },
    });
    expect(taken.data!.updateClientBasics).toMatchObject({ __typename: "ClientDetailsError", code: 150 });
    const invalid = await stack.gql(UpdateClientBasics, {
      input: { clientId: demo.contoso, ...basics("x"), emailAddress: "x..y@example.com" },
    });
    expect(invalid.data!.updateClientBasics).toMatchObject({ __typename: "InvalidEmailError", code: 1 });
    const gone = await stack.gql(UpdateClientBasics, { input: { clientId: gid.client("19999"), ...basics("x") } });
    expect(gone.data!.updateClientBasics).toMatchObject({ __typename: "ClientNotFoundError", code: 102 });
  });
});

describe("names are sent as given (the service trims them)", () => {
  const sentBy = (operation: string) =>
    stack.legacy.calls
      .entries()
      .filter((c) => c.operation === operation)
      .map((c) => c.params);

  it("createClient and updateClientBasics send the company and contact names with their spaces", async () => {
    stack.legacy.calls.reset();
    const created = await stack.gql(CreateClient, {
      input: { ...basics("spaced"), companyName: " Spaced Co ", contactName: "\tContact spaced" },
    });
    const payload = asType(created.data!.createClient, "CreateClientSuccess");
    expect(sentBy("Client.Create")).toEqual([
      expect.objectContaining({ CompanyName: " Spaced Co ", ContactName: "\tContact spaced" }),
    ]);
    expect(payload.client!.name).toBe("Spaced Co");

    const updated = await stack.gql(UpdateClientBasics, {
      input: { clientId: gid.client(payload.clientId), ...basics("spaced"), contactName: "Contact spaced  " },
    });
    expect(asType(updated.data!.updateClientBasics, "UpdateClientBasicsSuccess").client!.basicDetails).toMatchObject({
      contactName: "Contact spaced",
    });
    expect(sentBy("Client.UpdateBasics")).toEqual([
      expect.objectContaining({ CompanyName: "Company spaced", ContactName: "Contact spaced  " }),
    ]);
  });
});

describe("updateClientAccessAndBilling", () => {
  const fabrikam = gid.client(DEMO.clients.fabrikam);

  it("sets a markup with design and spam tests", async () => {
    const { data, errors } = await stack.gql(UpdateAccess, {
      input: {
        clientId: fabrikam,
        accessLevel: "LEVEL_39",
        username: "fabrikam-owner",
        password: "secret-5",
        billingType: "CLIENT_PAYS_WITH_MARKUP",
        currency: "GBP",
        deliveryFee: "4.50",
        costPerRecipient: "0.9",
        designAndSpamTestFee: "3",
      },
    });
    expect(errors).toEqual([]);
    const payload = asType(data!.updateClientAccessAndBilling, "UpdateClientAccessAndBillingSuccess");
    expect(payload.client!.accessAndBilling).toEqual({
      accessLevel: "LEVEL_39",
      permissions: ["REPORTS", "SUBSCRIBER_MANAGEMENT", "CREATE_SEND_CAMPAIGNS", "DESIGN_AND_SPAM_TESTS"],
      username: "fabrikam-owner",
      billingType: "CLIENT_PAYS_WITH_MARKUP",
      currency: "GBP",
      deliveryFee: "4.50",
      costPerRecipient: "0.9",
      designAndSpamTestFee: "3",
    });
  });

  it("takes a client's access away (level 0 needs nothing else)", async () => {
    const { data } = await stack.gql(UpdateAccess, {
      input: { clientId: gid.client(DEMO.clients.tailspin), accessLevel: "LEVEL_0" },
    });
    const payload = asType(data!.updateClientAccessAndBilling, "UpdateClientAccessAndBillingSuccess");
    expect(payload.client!.accessAndBilling).toMatchObject({
      accessLevel: "LEVEL_0",
      username: null,
      billingType: null,
    });
  });

  const markup = (
    fees: { deliveryFee: string; costPerRecipient: string; designAndSpamTestFee?: string },
    level: "LEVEL_7" | "LEVEL_63" = "LEVEL_7",
  ) => ({
    clientId: gid.client(DEMO.clients.contoso),
    accessLevel: level,
    username: "contoso",
    password: "secret-5",
    billingType: "CLIENT_PAYS_WITH_MARKUP" as const,
    currency: "USD" as const,
    ...fees,
  });

  it.each([
    ["DELIVERY_FEE_BELOW_MINIMUM", 168, markup({ deliveryFee: "1", costPerRecipient: "2" })],
    ["COST_PER_RECIPIENT_BELOW_MINIMUM", 169, markup({ deliveryFee: "6", costPerRecipient: "0.5" })],
    ["MARKUP_RATE_TOO_LOW", 170, markup({ deliveryFee: "5", costPerRecipient: "1" })],
    [
      "DESIGN_AND_SPAM_TEST_FEE_BELOW_MINIMUM",
      171,
      markup({ deliveryFee: "6", costPerRecipient: "2", designAndSpamTestFee: "1" }, "LEVEL_63"),
    ],
  ])("answers ClientBillingError %s (%i)", async (reason, code, input) => {
    const { data } = await stack.gql(UpdateAccess, { input });
    expect(data!.updateClientAccessAndBilling).toMatchObject({ __typename: "ClientBillingError", code, reason });
  });

  it("answers ClientAccessError USERNAME_TAKEN (151) and ClientNotFoundError (102)", async () => {
    const taken = await stack.gql(UpdateAccess, {
      input: {
        clientId: gid.client(DEMO.clients.contoso),
        accessLevel: "LEVEL_3",
        username: "northwind",
        password: "secret-5",
      },
    });
    expect(taken.data!.updateClientAccessAndBilling).toMatchObject({
      __typename: "ClientAccessError",
      code: 151,
      reason: "USERNAME_TAKEN",
    });
    const gone = await stack.gql(UpdateAccess, { input: { clientId: gid.client("19999"), accessLevel: "LEVEL_0" } });
    expect(gone.data!.updateClientAccessAndBilling).toMatchObject({ __typename: "ClientNotFoundError", code: 102 });
  });
});
