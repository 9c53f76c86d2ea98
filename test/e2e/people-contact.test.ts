/**
 * contact(email, customerListIds): one person across the legacy sandbox and the commerce sandbox
 * over real HTTP: memberships in both, each legacy list asked once, cached customer-list pages, a
 * failing commerce backend that leaves the legacy memberships intact, and refused arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMERCE_DEMO } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { listen } from "../../src/util/listen.js";
import { graphql } from "../gql/index.js";
import { errorCodesByPath } from "./support/graphql-http.js";
import { callCounts, startStack, type Stack } from "./support/stack.js";

const Contact = graphql(`
  query PeopleContact($email: String!, $lists: [String!]) {
    contact(email: $email, customerListIds: $lists) {
      email
      memberships {
        backend
        listId
        clientId
        state
        list {
          name
        }
      }
      failures {
        backend
        listId
        clientId
        code
        message
      }
    }
  }
`);

const ContactTwice = graphql(`
  query PeopleContactTwice($email: String!, $lists: [String!]) {
    first: contact(email: $email, customerListIds: $lists) {
      memberships {
        listId
        state
      }
    }
    again: contact(email: $email, customerListIds: $lists) {
      memberships {
        listId
        state
      }
    }
  }
`);

const { ada, jose } = COMMERCE_DEMO.people;
const { newsletter: clNewsletter, vip: clVip } = COMMERCE_DEMO.lists;
const ALL_LEGACY_LISTS = Object.keys(DEMO.lists).length;
const ALL_CLIENTS = Object.keys(DEMO.clients).length;

const legacyNewsletter = {
  backend: "LEGACY",
  listId: DEMO.lists.newsletter,
  clientId: DEMO.clients.northwind,
  state: "ACTIVE",
  list: { name: "Newsletter" },
};

describe("contact over both sandboxes", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ commerce: true });
  });
  afterAll(() => stack.close());

  it("finds ada active on the legacy newsletter and subscribed to both customer lists", async () => {
    const { data, errors } = await stack.gql(Contact, { email: ada, lists: [clNewsletter, clVip] });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    expect(contact.email).toBe(ada);
    expect(contact.failures).toEqual([]);
    expect(contact.memberships).toContainEqual(legacyNewsletter);
    const commerce = contact.memberships.filter((m) => m.backend === "COMMERCE");
    expect(commerce).toEqual([
      { backend: "COMMERCE", listId: clNewsletter, clientId: null, state: "ACTIVE", list: null },
      { backend: "COMMERCE", listId: clVip, clientId: null, state: "ACTIVE", list: null },
    ]);
    // Legacy entries are only ever ACTIVE: the service reads no other state.
    expect(contact.memberships.filter((m) => m.backend === "LEGACY").every((m) => m.state === "ACTIVE")).toBe(true);
  });

  it("finds jose pending on the commerce newsletter and not on the VIP list, whatever the case of the address", async () => {
    const { data, errors } = await stack.gql(Contact, { email: jose.toUpperCase(), lists: [clNewsletter, clVip] });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    expect(contact.memberships).toContainEqual(legacyNewsletter);
    expect(contact.memberships.filter((m) => m.backend === "COMMERCE")).toEqual([
      { backend: "COMMERCE", listId: clNewsletter, clientId: null, state: "PENDING", list: null },
    ]);
    expect(contact.failures).toEqual([]);
  });

  it("asks each legacy list once and reuses customer-list pages within the request", async () => {
    stack.sandbox.calls.reset();
    stack.commerce!.calls.reset();
    const once = await stack.gql(Contact, { email: jose, lists: [clNewsletter, clVip] });
    expect(once.errors).toEqual([]);
    expect(callCounts(stack.sandbox)).toEqual({
      "User.GetClients": 1,
      "Client.GetLists": ALL_CLIENTS,
      "Subscribers.GetActive": ALL_LEGACY_LISTS,
    });
    const commerceCalls = stack.commerce!.calls.total();
    expect(commerceCalls).toBeGreaterThan(0);

    stack.sandbox.calls.reset();
    stack.commerce!.calls.reset();
    const twice = await stack.gql(ContactTwice, { email: jose, lists: [clNewsletter, clVip] });
    expect(twice.errors).toEqual([]);
    expect(twice.data!.again).toEqual(twice.data!.first);
    expect(callCounts(stack.sandbox)["Subscribers.GetActive"]).toBe(ALL_LEGACY_LISTS);
    expect(stack.commerce!.calls.total()).toBe(commerceCalls);
  });

  it("uses a customer list id exactly as given: with a space it names no list, and nothing is trimmed", async () => {
    const padded = ` ${clVip}`;
    const { data, errors } = await stack.gql(Contact, { email: ada, lists: [padded] });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    expect(contact.memberships.filter((m) => m.backend === "COMMERCE")).toEqual([]);
    expect(contact.failures.map(({ backend, listId, code }) => ({ backend, listId, code }))).toEqual([
      { backend: "COMMERCE", listId: padded, code: "NOT_FOUND" },
    ]);
  });

  it("takes no customer lists at all: the legacy lists alone", async () => {
    const { data, errors } = await stack.gql(Contact, { email: ada });
    expect(errors).toEqual([]);
    expect(data!.contact!.memberships.every((m) => m.backend === "LEGACY")).toBe(true);
    expect(data!.contact!.memberships).toContainEqual(legacyNewsletter);
  });

  it.each([
    ["an address that is not one", { email: "not-an-address" }, "email", "EMAIL"],
    ["a blank address", { email: "  " }, "email", "REQUIRED"],
    [
      "too many customer lists",
      { email: ada, lists: Array.from({ length: 21 }, (_, i) => `cl_${i}`) },
      "customerListIds",
      "MAX_COUNT",
    ],
    ["a blank customer list id", { email: ada, lists: [clNewsletter, " "] }, "customerListIds[1]", "REQUIRED"],
    [
      "a customer list id over 100 characters",
      { email: ada, lists: ["x".repeat(101)] },
      "customerListIds[0]",
      "MAX_LENGTH",
    ],
    ["an address with surrounding spaces", { email: ` ${ada} ` }, "email", "EMAIL"],
    ["an address over 254 characters", { email: `${"a".repeat(300)}@example.com` }, "email", "MAX_LENGTH"],
    [
      "a customer list id that leaves its path segment",
      { email: ada, lists: [".."] },
      "customerListIds[0]",
      "ID_SEGMENT",
    ],
    ["a customer list id on two lines", { email: ada, lists: ["cl_a\ncl_b"] }, "customerListIds[0]", "SINGLE_LINE"],
  ])("refuses %s with BAD_USER_INPUT before any call", async (_what, variables, field, rule) => {
    stack.sandbox.calls.reset();
    stack.commerce!.calls.reset();
    const { data, errors } = await stack.gql(Contact, variables);
    expect(data!.contact).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ contact: "BAD_USER_INPUT" });
    expect(errors[0]?.extensions).toMatchObject({ field, rule });
    expect(stack.sandbox.calls.total() + stack.commerce!.calls.total()).toBe(0);
  });
});

describe("contact when the commerce backend is down", () => {
  let stack: Stack;
  beforeAll(async () => {
    // A port that was free a moment ago and is closed now: every commerce call is refused.
    const probe = await listen((_req, res) => res.end());
    const closed = probe.url;
    await probe.close();
    stack = await startStack({ commerce: { commerceUrl: `${closed}/api/v1` } });
  });
  afterAll(() => stack.close());

  it("lists the customer lists as failures and keeps the legacy memberships", async () => {
    const { data, errors } = await stack.gql(Contact, { email: ada, lists: [clNewsletter, clVip] });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    expect(contact.memberships).toContainEqual(legacyNewsletter);
    expect(contact.memberships.every((m) => m.backend === "LEGACY")).toBe(true);
    expect(contact.failures.map(({ backend, listId, code }) => ({ backend, listId, code }))).toEqual([
      { backend: "COMMERCE", listId: clNewsletter, code: "UPSTREAM_UNAVAILABLE" },
      { backend: "COMMERCE", listId: clVip, code: "UPSTREAM_UNAVAILABLE" },
    ]);
    for (const failure of contact.failures) {
      expect(failure.message).not.toBe("");
      expect(failure.message).not.toContain(COMMERCE_DEMO.apiKey);
    }
  });
});
