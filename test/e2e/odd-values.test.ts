/**
 * Values the legacy service should never send, in otherwise well-formed replies: negative counts,
 * records without their ids or address, and two records with one id. A proxy in front of the
 * sandbox rewrites the sandbox's own reply of one operation; the gateway cannot tell it from the
 * service. Each such value fails typed (UPSTREAM_BAD_RESPONSE) where it is used, never passing
 * through as a count below zero, an id of "" or two records with one global id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { demo } from "./support/ids.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { callCounts, FIXED_NOW, startGateway } from "../support/stack.js";

interface GraphResponse {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

let sandbox: LegacySandbox;
let proxy: LegacyProxy;
let gateway: Gateway;

beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  proxy = await startLegacyProxy(sandbox.url);
  gateway = await startGateway(proxy.url, {
    LOG_LEVEL: "silent",
    // Each field's own error is what these tests look at: the circuit breaker stays out of the way.
    LEGACY_BREAKER_FAILURES: "10000",
  });
});
afterAll(async () => {
  await gateway.close();
  await proxy.close();
  await sandbox.close();
});
afterEach(() => proxy.clear());

async function query(text: string, variables?: Record<string, unknown>): Promise<GraphResponse> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify({ query: text, variables }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as GraphResponse;
}

/** `[path, code, message]` of each error, in a stable order. */
function errorsOf(res: GraphResponse): [string, unknown, string][] {
  return (res.errors ?? [])
    .map((e): [string, unknown, string] => [(e.path ?? []).join("."), e.extensions?.code, e.message])
    .sort((a, b) => a[0].localeCompare(b[0]));
}

const { clients, lists } = DEMO;
const unreadable = (what: string) => `The legacy list service sent an unreadable ${what}.`;

describe("negative counts are unreadable values, each failing only its own field", () => {
  it("a negative TotalActiveSubscribers fails that figure; the other statistics arrive", async () => {
    proxy.rewrite("List.GetStats", (b) => b.replace(/<TotalActiveSubscribers>\d+</, "<TotalActiveSubscribers>-5<"));
    const res = await query(
      `query($id: ID!) { node(id: $id) { ... on List { stats { totalActiveSubscribers totalBounced newActiveSubscribers { today } } } } }`,
      { id: demo.newsletter },
    );
    expect(errorsOf(res)).toEqual([
      ["node.stats.totalActiveSubscribers", "UPSTREAM_BAD_RESPONSE", unreadable("TotalActiveSubscribers")],
    ]);
    const stats = (res.data?.node as { stats: Record<string, unknown> } | null)?.stats;
    expect(stats?.totalBounced).toEqual(expect.any(Number));
    expect(stats?.newActiveSubscribers).toEqual({ today: expect.any(Number) as unknown });
  });

  it("a negative NumberOfOpens fails that field; the open's address arrives", async () => {
    proxy.rewrite("Campaign.GetOpens", (b) => b.replace(/<NumberOfOpens>\d+</g, "<NumberOfOpens>-3<"));
    const res = await query(
      `query($id: ID!) { client(id: $id) { campaigns { opens(first: 1) { edges { node { email numberOfOpens } } } } } }`,
      { id: demo.northwind },
    );
    const errors = errorsOf(res);
    expect(errors.length).toBeGreaterThan(0);
    for (const [path, code, message] of errors) {
      expect(path).toMatch(/^client\.campaigns\.\d+\.opens\.edges\.0\.node\.numberOfOpens$/);
      expect([code, message]).toEqual(["UPSTREAM_BAD_RESPONSE", unreadable("NumberOfOpens")]);
    }
    const campaigns = (res.data?.client as { campaigns: { opens: { edges: { node: { email: string } }[] } }[] })
      .campaigns;
    for (const c of campaigns) for (const e of c.opens.edges) expect(e.node.email).toContain("@");
  });

  it("a negative count of a campaign summary fails that count", async () => {
    proxy.rewrite("Campaign.GetSummary", (b) => b.replace(/<Clicks>\d+</, "<Clicks>-1<"));
    const res = await query(
      `query($c: String!) { campaign(clientId: $c, campaignId: "30001") { summary { recipients clicks } } }`,
      { c: clients.northwind },
    );
    expect(errorsOf(res)).toEqual([["campaign.summary.clicks", "UPSTREAM_BAD_RESPONSE", unreadable("Clicks")]]);
    expect(res.data).toEqual({ campaign: { summary: { recipients: expect.any(Number) as unknown, clicks: null } } });
  });

  it("a blank TotalRecipients still reads as 0, as documented", async () => {
    proxy.rewrite("Client.GetCampaigns", (b) => b.replace(/<TotalRecipients>\d+<\/TotalRecipients>/g, ""));
    const res = await query(`query($id: ID!) { client(id: $id) { campaigns { totalRecipients } } }`, {
      id: demo.northwind,
    });
    expect(res.errors).toBeUndefined();
    const campaigns = (res.data?.client as { campaigns: { totalRecipients: number }[] }).campaigns;
    expect(campaigns.length).toBeGreaterThan(0);
    expect(campaigns.every((c) => c.totalRecipients === 0)).toBe(true);
  });
});

describe("a record without its id or address makes its collection unreadable", () => {
  it("an empty ClientID: clients fails typed, naming the operation and the field", async () => {
    proxy.rewrite("User.GetClients", (b) => b.replace(`<ClientID>${clients.northwind}<`, "<ClientID>  <"));
    const res = await query(`{ clients { id clientId name } }`);
    expect(res.data).toEqual({ clients: null });
    expect(errorsOf(res)).toEqual([
      ["clients", "UPSTREAM_BAD_RESPONSE", unreadable("User.GetClients reply (an entry with no ClientID)")],
    ]);
  });

  it("a list without a ListID: that client's lists fail typed; other clients' lists arrive", async () => {
    proxy.rewrite("Client.GetLists", (b) => b.replace(`<ListID>${lists.newsletter}</ListID>`, ""));
    const res = await query(`{ clients { clientId lists { id listId } } }`);
    expect(errorsOf(res)).toEqual([
      ["clients.0.lists", "UPSTREAM_BAD_RESPONSE", unreadable("Client.GetLists reply (an entry with no ListID)")],
    ]);
    const all = res.data?.clients as { clientId: string; lists: { listId: string }[] | null }[];
    expect(all[0]).toEqual({ clientId: clients.northwind, lists: null });
    const others = all.slice(1).flatMap((c) => c.lists ?? []);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((l) => l.listId !== "")).toBe(true);
  });

  it("a subscriber without an address: activeSubscribers and lookups by address fail typed", async () => {
    proxy.rewrite("Subscribers.GetActive", (b) => b.replace(/<EmailAddress>[^<]*<\/EmailAddress>/, ""));
    const res = await query(
      `query($id: ID!) { node(id: $id) { ... on List { activeSubscribers(first: 2) { edges { node { id email } } } subscriber(email: "ada.lovelace@example.com") { name } } } }`,
      { id: demo.newsletter },
    );
    const message = unreadable("Subscribers.GetActive reply (an entry with no EmailAddress)");
    expect(errorsOf(res)).toEqual([
      ["node.activeSubscribers", "UPSTREAM_BAD_RESPONSE", message],
      ["node.subscriber", "UPSTREAM_BAD_RESPONSE", message],
    ]);
    expect(res.data).toEqual({ node: { activeSubscribers: null, subscriber: null } });
  });

  it("a bounce without a ListID: the campaign's bounces fail typed", async () => {
    proxy.rewrite("Campaign.GetBounces", (b) => b.replace(/<ListID>[^<]*<\/ListID>/, "<ListID />"));
    const res = await query(
      `query($c: String!) { campaign(clientId: $c, campaignId: "30001") { bounces(first: 5) { totalCount edges { node { email listId } } } } }`,
      { c: clients.northwind },
    );
    expect(res.data).toEqual({ campaign: { bounces: null } });
    expect(errorsOf(res)).toEqual([
      ["campaign.bounces", "UPSTREAM_BAD_RESPONSE", unreadable("Campaign.GetBounces reply (an entry with no ListID)")],
    ]);
  });
});

describe("two records with one id make the reply unreadable", () => {
  it("a repeated ListID: the client's lists and a list named by its ListID fail typed", async () => {
    proxy.rewrite("Client.GetLists", (b) =>
      b.replace(`<ListID>${lists.productUpdates}<`, `<ListID>${lists.newsletter}<`),
    );
    const res = await query(
      `query($c: String!, $l: String!) { client(clientId: $c) { lists { id name } } list(clientId: $c, listId: $l) { name } }`,
      { c: clients.northwind, l: lists.newsletter },
    );
    const message = unreadable("Client.GetLists reply (two entries with one ListID)");
    expect(errorsOf(res)).toEqual([
      ["client.lists", "UPSTREAM_BAD_RESPONSE", message],
      ["list", "UPSTREAM_BAD_RESPONSE", message],
    ]);
    expect(res.data).toEqual({ client: { lists: null }, list: null });
  });

  it("a subscriber listed twice (the address in another case): no connection of both rows", async () => {
    proxy.rewrite("Subscribers.GetActive", (b) =>
      b.replace(
        /<Subscriber>[\s\S]*?<\/Subscriber>/,
        (row) =>
          row + row.replace(/<EmailAddress>([^<]*)</, (_m, email: string) => `<EmailAddress>${email.toUpperCase()}<`),
      ),
    );
    const res = await query(
      `query($id: ID!) { node(id: $id) { ... on List { activeSubscribers(first: 3) { totalCount edges { node { email } } } } } }`,
      { id: demo.newsletter },
    );
    expect(res.data).toEqual({ node: { activeSubscribers: null } });
    expect(errorsOf(res)).toEqual([
      [
        "node.activeSubscribers",
        "UPSTREAM_BAD_RESPONSE",
        unreadable("Subscribers.GetActive reply (two entries with one EmailAddress)"),
      ],
    ]);
  });

  it("a write whose ownership read is unreadable fails typed and writes nothing", async () => {
    proxy.rewrite("Client.GetLists", (b) =>
      b.replace(`<ListID>${lists.productUpdates}<`, `<ListID>${lists.newsletter}<`),
    );
    const before = callCounts(sandbox)["Subscriber.Add"] ?? 0;
    const res = await query(`mutation($input: AddSubscriberInput!) { addSubscriber(input: $input) { __typename } }`, {
      input: { listId: demo.newsletter, email: "odd.values@example.com", resubscribe: false },
    });
    expect(res.data).toEqual({ addSubscriber: null });
    expect(errorsOf(res)).toEqual([
      ["addSubscriber", "UPSTREAM_BAD_RESPONSE", unreadable("Client.GetLists reply (two entries with one ListID)")],
    ]);
    expect(callCounts(sandbox)["Subscriber.Add"] ?? 0).toBe(before);
  });
});

describe("what may repeat", () => {
  it("a campaign's lists may name one ListID twice: a list and a segment of it", async () => {
    proxy.rewrite("Campaign.GetLists", (b) =>
      b.replace(/<List>[\s\S]*?<\/List>/, (row) => row + row.replace(/<Name>[^<]*</, "<Name>Product fans<")),
    );
    const res = await query(
      `query($c: String!) { campaign(clientId: $c, campaignId: "30001") { lists { listId name } } }`,
      {
        c: clients.northwind,
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      campaign: {
        lists: [
          { listId: lists.newsletter, name: "Newsletter" },
          { listId: lists.newsletter, name: "Product fans" },
        ],
      },
    });
  });

  it("the sandbox's own replies are answered in full", async () => {
    const res = await query(
      `{ clients { id lists { id stats { totalActiveSubscribers } activeSubscribers(first: 500) { totalCount } } segments { id } campaigns { id lists { listId } summary { clicks } bounces(first: 500) { totalCount } opens(first: 500) { edges { node { numberOfOpens } } } unsubscribes(first: 500) { totalCount } } templates { id } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect((res.data?.clients as unknown[]).length).toBeGreaterThan(0);
  });
});
