/**
 * contact(email, customerListIds): one person across the legacy sandbox and the commerce sandbox
 * over real HTTP: memberships in both, each legacy list asked once, cached customer-list pages, a
 * failing commerce backend that leaves the legacy memberships intact, and refused arguments.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMERCE_DEMO } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { listen } from "../../src/util/listen.js";
import { graphql } from "../gql/index.js";
import { claimedClientId, scriptClaimedAccount, unreadCounts } from "./support/claimed-account.js";
import { errorCodesByPath, postGraphQL } from "../support/graphql-http.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { callCounts, FIXED_NOW, startGateway, startStack, type Stack } from "../support/stack.js";

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
    stack.legacy.calls.reset();
    stack.commerce!.calls.reset();
    const once = await stack.gql(Contact, { email: jose, lists: [clNewsletter, clVip] });
    expect(once.errors).toEqual([]);
    expect(callCounts(stack.legacy)).toEqual({
      "User.GetClients": 1,
      "Client.GetLists": ALL_CLIENTS,
      "Subscribers.GetActive": ALL_LEGACY_LISTS,
    });
    const commerceCalls = stack.commerce!.calls.total();
    expect(commerceCalls).toBeGreaterThan(0);

    stack.legacy.calls.reset();
    stack.commerce!.calls.reset();
    const twice = await stack.gql(ContactTwice, { email: jose, lists: [clNewsletter, clVip] });
    expect(twice.errors).toEqual([]);
    expect(twice.data!.again).toEqual(twice.data!.first);
    expect(callCounts(stack.legacy)["Subscribers.GetActive"]).toBe(ALL_LEGACY_LISTS);
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

  it("reports a customer list too long to search within the request's page budget as such, not as a bad reply", async () => {
    // 6,100 subscribed members: 61 pages of 100, past the 60 pages one request searches.
    const store = stack.commerce!.store;
    const joined = "2025-01-01T00:00:00.000Z";
    const everyone = { id: "cl_everyone", name: "Everyone", doubleOptIn: false, members: new Map() };
    for (let i = 0; i < 6_100; i++) {
      const customer = store.addCustomer(`member${i}@example.net`, null, joined);
      everyone.members.set(customer.id, {
        customerId: customer.id,
        status: "subscribed" as const,
        subscribedAt: joined,
        unsubscribedAt: null,
        origin: { source: "import" },
      });
    }
    store.lists.set(everyone.id, everyone);

    const { data, errors } = await stack.gql(Contact, { email: ada, lists: [clVip, everyone.id] });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    // The list that could be searched still answers.
    expect(contact.memberships).toContainEqual({
      backend: "COMMERCE",
      listId: clVip,
      clientId: null,
      state: "ACTIVE",
      list: null,
    });
    expect(contact.failures).toEqual([
      {
        backend: "COMMERCE",
        listId: everyone.id,
        clientId: null,
        code: "LIST_TOO_LARGE_TO_SEARCH",
        message: expect.stringMatching(/longer than this request may search.*60 listing pages of 100 members/),
      },
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
    stack.legacy.calls.reset();
    stack.commerce!.calls.reset();
    const { data, errors } = await stack.gql(Contact, variables);
    expect(data!.contact).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ contact: "BAD_USER_INPUT" });
    expect(errors[0]?.extensions).toMatchObject({ field, rule });
    expect(stack.legacy.calls.total() + stack.commerce!.calls.total()).toBe(0);
  });
});

describe("contact when the commerce backend is down", () => {
  let stack: Stack;
  beforeAll(async () => {
    // A port that was free a moment ago and is closed now: every commerce call is refused.
    const probe = await listen((_req, res) => res.end());
    const closed = probe.url;
    await probe.close();
    stack = await startStack({ commerce: { url: `${closed}/api/v1` } });
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

describe("contact on an account claiming far more lists than one operation can read", () => {
  const MAX_COST = 100;
  const CLIENTS = 300;
  const LISTS = 300;
  let sandbox: LegacySandbox;
  let proxy: LegacyProxy;
  const gateways: Gateway[] = [];
  const gatewayWith = async (env: Record<string, string>) => {
    const gateway = await startGateway(proxy.url, { MAX_COST: String(MAX_COST), ...env });
    gateways.push(gateway);
    return gateway;
  };
  beforeAll(async () => {
    sandbox = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
    proxy = await startLegacyProxy(sandbox.url);
  });
  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await proxy.close();
    await sandbox.close();
  });

  /** Every client's lists the response accounts for: read (a membership) or counted in a failure. */
  const accounted = (contact: { memberships: unknown[]; failures: { clientId: string | null; message: string }[] }) => {
    let lists = contact.memberships.length;
    let clients = 0;
    for (const failure of contact.failures) {
      const { unread } = unreadCounts(failure.message);
      if (failure.clientId === null) clients += unread;
      else lists += unread;
    }
    return { lists, clients };
  };

  it("reads the lists the budget can pay for and counts the rest into one failure per client and one for the account", async () => {
    scriptClaimedAccount(proxy, { clients: CLIENTS, lists: LISTS, activeSubscriber: ada });
    proxy.resetCounts();
    const gateway = await gatewayWith({});
    const { data, errors } = await postGraphQL(gateway.url, Contact, { email: ada });
    expect(errors).toEqual([]);
    const contact = data!.contact!;

    // The calls stay within the budget: the account's clients, a few clients' lists, then one
    // call per list read, which spends the rest exactly.
    const listings = proxy.seen("Client.GetLists");
    expect(proxy.seen("User.GetClients")).toBe(1);
    expect(listings).toBeGreaterThan(0);
    expect(listings).toBeLessThanOrEqual(8);
    expect(proxy.seen("Subscribers.GetActive")).toBe(MAX_COST - 1 - listings);

    // Every list read is a membership with its list, as the client's lists named it.
    expect(contact.memberships).toHaveLength(MAX_COST - 1 - listings);
    for (const m of contact.memberships) {
      expect(m).toMatchObject({
        backend: "LEGACY",
        state: "ACTIVE",
        list: { name: expect.stringMatching(/^List \d+$/) },
      });
    }

    // The rest: one failure per client whose lists were listed, one for the clients never listed.
    expect(contact.failures.length).toBeLessThanOrEqual(listings + 1);
    for (const failure of contact.failures) {
      expect(failure).toMatchObject({ backend: "LEGACY", listId: null, code: "MAX_COST_EXCEEDED" });
      expect(failure.message).toMatch(/MAX_COST/);
    }
    const account = contact.failures.filter((f) => f.clientId === null);
    expect(account).toHaveLength(1);
    expect(unreadCounts(account[0]!.message)).toEqual({ unread: CLIENTS - listings, total: CLIENTS });
    for (const failure of contact.failures.filter((f) => f.clientId !== null)) {
      expect(failure.clientId).toMatch(/^9\d{5}$/);
      expect(unreadCounts(failure.message).total).toBe(LISTS);
    }
    // Nothing is dropped: every list of every client listed, and every client, is accounted for.
    expect(accounted(contact)).toEqual({ lists: listings * LISTS, clients: CLIENTS - listings });
    expect(contact.failures.map((f) => f.clientId)).toContain(claimedClientId(0));
    // A few kilobytes, not a row per list the backend claims.
    expect(JSON.stringify(data).length).toBeLessThan(32_000);
  });

  it("an aborted request counts its unread lists the same way: one failure per client and cause", async () => {
    scriptClaimedAccount(proxy, { clients: CLIENTS, lists: LISTS, subscribersDelayMs: 10_000 });
    proxy.resetCounts();
    const gateway = await gatewayWith({ REQUEST_DEADLINE_MS: "1000" });
    const { data, errors } = await postGraphQL(gateway.url, Contact, { email: ada });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    expect(contact.memberships).toEqual([]);
    const listings = proxy.seen("Client.GetLists");
    expect(listings).toBeLessThanOrEqual(8);
    const aborted = contact.failures.filter((f) => f.code === "REQUEST_ABORTED");
    expect(aborted.length).toBeGreaterThan(0);
    for (const failure of aborted) expect(failure).toMatchObject({ backend: "LEGACY", listId: null });
    expect(new Set(contact.failures.map((f) => f.code))).toEqual(new Set(["REQUEST_ABORTED", "MAX_COST_EXCEEDED"]));
    // At most one failure per client and cause, and one for the clients never listed.
    expect(contact.failures.length).toBeLessThanOrEqual(2 * listings + 1);
    const rows = new Set(contact.failures.map((f) => `${f.clientId}:${f.code}`));
    expect(rows.size).toBe(contact.failures.length);
    // The reads that were waiting are counted as aborted, the lists past the budget as such.
    const abortedLists = aborted.reduce((sum, f) => sum + unreadCounts(f.message).unread, 0);
    expect(abortedLists).toBe(MAX_COST - 1 - listings);
    expect(accounted(contact)).toEqual({ lists: listings * LISTS, clients: CLIENTS - listings });
  });
});
