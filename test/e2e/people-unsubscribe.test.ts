/**
 * unsubscribeEverywhere over both sandboxes: a person on lists of both backends is unsubscribed
 * from each and every list is reported; contact then shows them unsubscribed (commerce) or absent
 * (legacy). With the commerce backend down, its lists are FAILED rows and the legacy rows stand.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMERCE_DEMO } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { listen } from "../../src/util/listen.js";
import { graphql } from "../gql/index.js";
import { scriptClaimedAccount, unreadCounts } from "./support/claimed-account.js";
import { errorCodesByPath, postGraphQL } from "../support/graphql-http.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { FIXED_NOW, startGateway, startStack, type Stack } from "../support/stack.js";

const UnsubscribeEverywhere = graphql(`
  mutation PeopleUnsubscribeEverywhere($input: UnsubscribeEverywhereInput!) {
    unsubscribeEverywhere(input: $input) {
      email
      results {
        backend
        listId
        clientId
        outcome
        message
        code
      }
    }
  }
`);

const ContactAfter = graphql(`
  query PeopleContactAfterUnsubscribe($email: String!, $lists: [String!]) {
    contact(email: $email, customerListIds: $lists) {
      memberships {
        backend
        listId
        state
      }
      failures {
        listId
      }
    }
  }
`);

const { ada, jose } = COMMERCE_DEMO.people;
const { newsletter: clNewsletter, vip: clVip, launch: clLaunch } = COMMERCE_DEMO.lists;
const ALL_LEGACY_LISTS = Object.keys(DEMO.lists).length;

describe("unsubscribeEverywhere over both sandboxes", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ commerce: true });
  });
  afterAll(() => stack.close());

  it("unsubscribes ada from every list she is on and reports every list", async () => {
    const before = await stack.gql(ContactAfter, { email: ada, lists: [clNewsletter, clVip, clLaunch] });
    const wasOn = before.data!.contact!.memberships.filter((m) => m.state === "ACTIVE" || m.state === "PENDING");
    expect(wasOn).toContainEqual({ backend: "LEGACY", listId: DEMO.lists.newsletter, state: "ACTIVE" });

    const { data, errors } = await stack.gql(UnsubscribeEverywhere, {
      input: { email: ada, customerListIds: [clNewsletter, clVip, clLaunch] },
    });
    expect(errors).toEqual([]);
    const results = data!.unsubscribeEverywhere!.results;
    // Every legacy list of the account and every customer list named has a row.
    expect(results.filter((r) => r.backend === "LEGACY")).toHaveLength(ALL_LEGACY_LISTS);
    expect(results.filter((r) => r.backend === "COMMERCE").map((r) => r.listId)).toEqual([
      clNewsletter,
      clVip,
      clLaunch,
    ]);
    const unsubscribed = results.filter((r) => r.outcome === "UNSUBSCRIBED").map((r) => `${r.backend}:${r.listId}`);
    expect(unsubscribed.sort()).toEqual(wasOn.map((m) => `${m.backend}:${m.listId}`).sort());
    expect(unsubscribed).toEqual(
      expect.arrayContaining([`LEGACY:${DEMO.lists.newsletter}`, `COMMERCE:${clNewsletter}`, `COMMERCE:${clVip}`]),
    );
    for (const r of results) {
      expect(r.outcome).not.toBe("FAILED");
      if (r.outcome === "NOT_A_MEMBER") expect(r.message).toBeTruthy();
    }
    expect(stack.commerce!.calls.total()).toBeGreaterThan(0);
  });

  it("leaves contact showing her unsubscribed on the customer lists and absent from the legacy lists", async () => {
    const { data, errors } = await stack.gql(ContactAfter, { email: ada, lists: [clNewsletter, clVip] });
    expect(errors).toEqual([]);
    expect(data!.contact!.failures).toEqual([]);
    expect(data!.contact!.memberships).toEqual([
      { backend: "COMMERCE", listId: clNewsletter, state: "UNSUBSCRIBED" },
      { backend: "COMMERCE", listId: clVip, state: "UNSUBSCRIBED" },
    ]);
  });

  it("a second run finds nothing to do: every row NOT_A_MEMBER", async () => {
    const { data, errors } = await stack.gql(UnsubscribeEverywhere, {
      input: { email: ada, customerListIds: [clNewsletter] },
    });
    expect(errors).toEqual([]);
    const outcomes = new Set(data!.unsubscribeEverywhere!.results.map((r) => r.outcome));
    expect([...outcomes]).toEqual(["NOT_A_MEMBER"]);
  });

  it.each([
    ["an address that is not one", { email: "ada@", customerListIds: [] }, "email", "EMAIL"],
    ["an address over 254 characters", { email: `${"a".repeat(250)}@example.com` }, "email", "MAX_LENGTH"],
    [
      "21 customer lists",
      { email: ada, customerListIds: Array.from({ length: 21 }, (_, i) => `cl_${i}`) },
      "customerListIds",
      "MAX_COUNT",
    ],
    [
      "a customer list id over 100 characters",
      { email: ada, customerListIds: ["x".repeat(101)] },
      "customerListIds[0]",
      "MAX_LENGTH",
    ],
  ])("refuses %s with BAD_USER_INPUT before anything is read or written", async (_what, input, field, rule) => {
    stack.legacy.calls.reset();
    stack.commerce!.calls.reset();
    const { data, errors } = await stack.gql(UnsubscribeEverywhere, { input });
    expect(data!.unsubscribeEverywhere).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ unsubscribeEverywhere: "BAD_USER_INPUT" });
    expect(errors[0]?.extensions).toMatchObject({ field, rule });
    expect(stack.legacy.calls.total() + stack.commerce!.calls.total()).toBe(0);
  });
});

describe("unsubscribeEverywhere when the commerce backend is down", () => {
  let stack: Stack;
  beforeAll(async () => {
    const probe = await listen((_req, res) => res.end());
    const closed = probe.url;
    await probe.close();
    stack = await startStack({ commerce: { url: `${closed}/api/v1` } });
  });
  afterAll(() => stack.close());

  it("gives FAILED rows with the reason for the customer lists and still unsubscribes on the legacy side", async () => {
    const { data, errors } = await stack.gql(UnsubscribeEverywhere, {
      input: { email: jose, customerListIds: [clNewsletter, clVip] },
    });
    expect(errors).toEqual([]);
    const results = data!.unsubscribeEverywhere!.results;
    expect(results.filter((r) => r.backend === "COMMERCE")).toEqual([
      expect.objectContaining({ listId: clNewsletter, outcome: "FAILED", code: "UPSTREAM_UNAVAILABLE" }),
      expect.objectContaining({ listId: clVip, outcome: "FAILED", code: "UPSTREAM_UNAVAILABLE" }),
    ]);
    for (const r of results.filter((x) => x.backend === "COMMERCE")) expect(r.message).toBeTruthy();
    expect(results).toContainEqual({
      backend: "LEGACY",
      listId: DEMO.lists.newsletter,
      clientId: DEMO.clients.northwind,
      outcome: "UNSUBSCRIBED",
      message: null,
      code: null,
    });
    expect(results.filter((r) => r.backend === "LEGACY")).toHaveLength(ALL_LEGACY_LISTS);
    // The legacy write happened: the newsletter no longer has jose as an active subscriber.
    const after = await stack.gql(ContactAfter, { email: jose, lists: [] });
    expect(after.data!.contact!.memberships).not.toContainEqual({
      backend: "LEGACY",
      listId: DEMO.lists.newsletter,
      state: "ACTIVE",
    });
  });
});

describe("contact and unsubscribeEverywhere when the legacy backend is down", () => {
  let stack: Stack;
  beforeAll(async () => {
    const probe = await listen((_req, res) => res.end());
    const closed = probe.url;
    await probe.close();
    stack = await startStack({ commerce: true, env: { LEGACY_URL: closed } });
  });
  afterAll(() => stack.close());

  it("reports the legacy account as one failure and keeps the commerce memberships", async () => {
    const { data, errors } = await stack.gql(ContactAfter, { email: ada, lists: [clNewsletter, clVip] });
    expect(errors).toEqual([]);
    expect(data!.contact!.memberships).toEqual([
      { backend: "COMMERCE", listId: clNewsletter, state: "ACTIVE" },
      { backend: "COMMERCE", listId: clVip, state: "ACTIVE" },
    ]);
    expect(data!.contact!.failures).toEqual([{ listId: null }]);
  });

  it("unsubscribes on the commerce side and gives the legacy account one FAILED row", async () => {
    const { data, errors } = await stack.gql(UnsubscribeEverywhere, {
      input: { email: ada, customerListIds: [clNewsletter] },
    });
    expect(errors).toEqual([]);
    const results = data!.unsubscribeEverywhere!.results;
    expect(results).toEqual([
      expect.objectContaining({ backend: "LEGACY", listId: null, outcome: "FAILED", code: "UPSTREAM_UNAVAILABLE" }),
      { backend: "COMMERCE", listId: clNewsletter, clientId: null, outcome: "UNSUBSCRIBED", message: null, code: null },
    ]);
    expect(results[0]!.message).toBeTruthy();
  });
});

describe("addresses compare in ASCII case only, and writes use the address as the list holds it", () => {
  let stack: Stack;
  const stored = "Kate@Example.com";
  // U+212A KELVIN SIGN: toLowerCase() makes it "k", so full case mapping took it for kate@.
  const kelvin = "\u212Aate@example.com";
  beforeAll(async () => {
    stack = await startStack({ commerce: true });
    stack.legacy.store.putSubscriber(DEMO.lists.newsletter, { email: stored, name: "Kate" });
  });
  afterAll(() => stack.close());

  const newsletterRow = (results: { listId: string | null; outcome: string }[]) =>
    results.find((r) => r.listId === DEMO.lists.newsletter);

  it("does not take an address with a Kelvin sign for kate@", async () => {
    const contact = await stack.gql(ContactAfter, { email: kelvin });
    expect(contact.errors).toEqual([]);
    expect(contact.data!.contact!.memberships.map((m) => m.listId)).not.toContain(DEMO.lists.newsletter);

    const { data, errors } = await stack.gql(UnsubscribeEverywhere, { input: { email: kelvin } });
    expect(errors).toEqual([]);
    expect(newsletterRow(data!.unsubscribeEverywhere!.results)?.outcome).toBe("NOT_A_MEMBER");
    expect(stack.legacy.store.subscriber(DEMO.lists.newsletter, stored)?.state).toBe("Active");
  });

  it("finds her in any ASCII case and unsubscribes the address as the list holds it", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(UnsubscribeEverywhere, { input: { email: "KATE@EXAMPLE.COM" } });
    expect(errors).toEqual([]);
    expect(newsletterRow(data!.unsubscribeEverywhere!.results)?.outcome).toBe("UNSUBSCRIBED");
    const sent = stack.legacy.calls.entries().filter((c) => c.operation === "Subscriber.Unsubscribe");
    expect(sent.map((c) => c.params["Email"])).toEqual([stored]);
  });
});

describe("unsubscribeEverywhere on an account claiming far more lists than one operation can read", () => {
  const MAX_COST = 100;
  const CLIENTS = 300;
  const LISTS = 300;
  let sandbox: LegacySandbox;
  let proxy: LegacyProxy;
  let gateway: Gateway;
  beforeAll(async () => {
    sandbox = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
    proxy = await startLegacyProxy(sandbox.url);
    scriptClaimedAccount(proxy, { clients: CLIENTS, lists: LISTS });
    gateway = await startGateway(proxy.url, { MAX_COST: String(MAX_COST) });
  });
  afterAll(async () => {
    await gateway.close();
    await proxy.close();
    await sandbox.close();
  });

  it("answers a row per list read and one FAILED row per client, and one for the account, for the rest", async () => {
    const { data, errors } = await postGraphQL(gateway.url, UnsubscribeEverywhere, { input: { email: ada } });
    expect(errors).toEqual([]);
    const results = data!.unsubscribeEverywhere!.results;
    const listings = proxy.seen("Client.GetLists");
    expect(listings).toBeGreaterThan(0);
    expect(listings).toBeLessThanOrEqual(8);

    // The lists read: one row each (nobody is on them).
    const read = results.filter((r) => r.listId !== null);
    expect(read).toHaveLength(MAX_COST - 1 - listings);
    for (const r of read) expect(r).toMatchObject({ backend: "LEGACY", outcome: "NOT_A_MEMBER" });

    // The rest: a FAILED row per client whose lists were listed, and one for the clients never listed.
    const failed = results.filter((r) => r.listId === null);
    expect(failed.length).toBeLessThanOrEqual(listings + 1);
    let lists = read.length;
    let clients = 0;
    for (const r of failed) {
      expect(r).toMatchObject({ backend: "LEGACY", outcome: "FAILED", code: "MAX_COST_EXCEEDED" });
      const { unread } = unreadCounts(r.message!);
      if (r.clientId === null) clients += unread;
      else lists += unread;
    }
    // Every list of every client listed, and every client, is accounted for.
    expect({ lists, clients }).toEqual({ lists: listings * LISTS, clients: CLIENTS - listings });
    expect(JSON.stringify(data).length).toBeLessThan(32_000);
  });
});
