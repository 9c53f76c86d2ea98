/**
 * A value the legacy service should never send (a date that is no date, an unknown state or type,
 * a count that is not a number) fails the one field that carries it, with UPSTREAM_BAD_RESPONSE
 * naming the backend and the value: the rest of the record, and every other record of the page,
 * still arrives. The service's replies pass through a proxy that changes one value of them.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { graphql } from "../gql/index.js";
import { postGraphQL, type ResponseError } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { startGateway, startStack, type Stack } from "../support/stack.js";

const Campaigns = graphql(`
  query UnreadableCampaigns($clientId: ID!) {
    node(id: $clientId) {
      ... on Client {
        campaigns {
          campaignId
          name
          sentDate
          totalRecipients
        }
      }
    }
  }
`);

const Subscribers = graphql(`
  query UnreadableSubscribers($listId: ID!) {
    node(id: $listId) {
      ... on List {
        activeSubscribers(first: 500) {
          totalCount
          edges {
            node {
              email
              name
              date
              state
            }
          }
        }
      }
    }
  }
`);

const ListDetails = graphql(`
  query UnreadableListDetails($listId: ID!) {
    node(id: $listId) {
      ... on List {
        name
        customFields {
          key
          fieldName
          dataType
        }
        stats {
          totalActiveSubscribers
          totalBounced
          newActiveSubscribers {
            today
            thisYear
          }
        }
      }
    }
  }
`);

const CampaignReport = graphql(`
  query UnreadableCampaignReport($campaignId: ID!) {
    node(id: $campaignId) {
      ... on Campaign {
        name
        summary {
          recipients
          clicks
        }
        bounces(first: 100) {
          totalCount
          edges {
            node {
              email
              bounceType
            }
          }
        }
        opens(first: 100) {
          totalCount
          edges {
            node {
              email
              numberOfOpens
            }
          }
        }
      }
    }
  }
`);

const Access = graphql(`
  query UnreadableAccess($clientId: String!) {
    client(clientId: $clientId) {
      name
      accessAndBilling {
        accessLevel
        permissions
        billingType
        currency
        username
      }
    }
  }
`);

let stack: Stack;
let proxy: LegacyProxy;
let gateway: Gateway;

beforeAll(async () => {
  stack = await startStack();
  proxy = await startLegacyProxy(stack.legacy.url);
  gateway = await startGateway(proxy.url);
});

afterEach(() => proxy.clear());

afterAll(async () => {
  await gateway.close();
  await proxy.close();
  await stack.close();
});

/** Replaces the text of the first `element` in the reply; returns the record it belongs to. */
function changeFirst(body: string, record: string, element: string, text: string): string {
  const block = new RegExp(`<${record}>[\\s\\S]*?</${record}>`).exec(body);
  if (!block) throw new Error(`no <${record}> in the reply`);
  const changed = block[0].replace(new RegExp(`<${element}>[^<]*</${element}>`), `<${element}>${text}</${element}>`);
  if (changed === block[0]) throw new Error(`no <${element}> in the first <${record}>`);
  return body.slice(0, block.index) + changed + body.slice(block.index + block[0].length);
}

/** The text of `element` in the first `record` of a reply. */
function firstText(body: string, record: string, element: string): string {
  const found = new RegExp(`<${record}>[\\s\\S]*?<${element}>([^<]*)</${element}>`).exec(body)?.[1];
  if (found === undefined) throw new Error(`no <${element}> in the first <${record}>`);
  return found;
}

/** Rewrites the first `record`'s `element` in replies of `op`; resolves the record's `key` text. */
function breakFirst(
  op: Parameters<LegacyProxy["rewrite"]>[0],
  record: string,
  element: string,
  text: string,
  key: string,
): () => string {
  let seen = "";
  proxy.rewrite(op, (body) => {
    seen = firstText(body, record, key);
    return changeFirst(body, record, element, text);
  });
  return () => seen;
}

/** Asserts exactly one error, UPSTREAM_BAD_RESPONSE from the legacy backend at `path`, naming `what`. */
function expectOneUnreadable(errors: ResponseError[], path: (string | number)[], what: string): void {
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({
    path,
    message: `The legacy list service sent an unreadable ${what}.`,
    extensions: { code: "UPSTREAM_BAD_RESPONSE", backend: "legacy" },
  });
}

const query = <T, V>(document: Parameters<typeof postGraphQL<T, V>>[1], variables: V) =>
  postGraphQL(gateway.url, document, variables);

describe("a date that is not a real date", () => {
  for (const bad of ["yesterday", "2026-02-30 10:00:00"]) {
    it(`a campaign's SentDate ${JSON.stringify(bad)}: that sentDate alone fails, typed`, async () => {
      const before = await query(Campaigns, { clientId: demo.northwind });
      expect(before.errors).toEqual([]);
      const campaignId = breakFirst("Client.GetCampaigns", "Campaign", "SentDate", bad, "CampaignID");

      const res = await query(Campaigns, { clientId: demo.northwind });
      const campaigns = (res.data?.node as { campaigns: { campaignId: string; sentDate: string | null }[] }).campaigns;
      const at = campaigns.findIndex((c) => c.campaignId === campaignId());
      expect(at).toBeGreaterThanOrEqual(0);
      expectOneUnreadable(res.errors, ["node", "campaigns", at, "sentDate"], "campaign sent date");
      const expected = (before.data?.node as { campaigns: unknown[] }).campaigns.map((c, i) =>
        i === at ? { ...(c as object), sentDate: null } : c,
      );
      expect(campaigns).toEqual(expected);
    });
  }

  it("a subscriber's Date: that date alone fails, every subscriber of the page arrives", async () => {
    const before = await query(Subscribers, { listId: demo.newsletter });
    expect(before.errors).toEqual([]);
    const email = breakFirst("Subscribers.GetActive", "Subscriber", "Date", "soon", "EmailAddress");

    const res = await query(Subscribers, { listId: demo.newsletter });
    const page = (res.data?.node as { activeSubscribers: SubscriberPage }).activeSubscribers;
    const beforePage = (before.data?.node as { activeSubscribers: SubscriberPage }).activeSubscribers;
    const at = page.edges.findIndex((e) => e.node.email === email());
    expect(at).toBeGreaterThanOrEqual(0);
    expectOneUnreadable(res.errors, ["node", "activeSubscribers", "edges", at, "node", "date"], "subscriber date");
    expect(page.totalCount).toBe(beforePage.totalCount);
    expect(page.edges).toEqual(beforePage.edges.map((e, i) => (i === at ? { node: { ...e.node, date: null } } : e)));
  });
});

interface SubscriberPage {
  totalCount: number;
  edges: { node: { email: string; state: string | null; date: string | null } }[];
}

describe("a value the graph has no name for", () => {
  it("a subscriber's State: that state alone is null, every subscriber of the page arrives", async () => {
    const before = await query(Subscribers, { listId: demo.newsletter });
    const email = breakFirst("Subscribers.GetActive", "Subscriber", "State", "Zombie", "EmailAddress");

    const res = await query(Subscribers, { listId: demo.newsletter });
    const page = (res.data?.node as { activeSubscribers: SubscriberPage }).activeSubscribers;
    const beforePage = (before.data?.node as { activeSubscribers: SubscriberPage }).activeSubscribers;
    expect(page.edges.length).toBeGreaterThan(1);
    const at = page.edges.findIndex((e) => e.node.email === email());
    expectOneUnreadable(res.errors, ["node", "activeSubscribers", "edges", at, "node", "state"], "subscriber state");
    expect(page.edges).toEqual(beforePage.edges.map((e, i) => (i === at ? { node: { ...e.node, state: null } } : e)));
  });

  it("a custom field's DataType: that dataType alone is null; the other fields and stats arrive", async () => {
    const key = breakFirst("List.GetCustomFields", "ListCustomField", "DataType", "Boolean", "Key");

    const res = await query(ListDetails, { listId: demo.newsletter });
    const list = res.data?.node as {
      name: string;
      customFields: { key: string; dataType: string | null }[];
      stats: unknown;
    };
    expect(list.name).toBe("Newsletter");
    expect(list.stats).not.toBeNull();
    const at = list.customFields.findIndex((f) => f.key === key());
    expect(at).toBeGreaterThanOrEqual(0);
    expectOneUnreadable(res.errors, ["node", "customFields", at, "dataType"], "custom field data type");
    expect(list.customFields.length).toBeGreaterThan(1);
    expect(list.customFields.filter((f) => f.dataType === null)).toHaveLength(1);
  });

  it("a bounce's BounceType: that bounceType alone is null, every bounce arrives", async () => {
    const campaignId = gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent);
    const before = await query(CampaignReport, { campaignId });
    expect(before.errors).toEqual([]);
    const email = breakFirst("Campaign.GetBounces", "SubscriberBounce", "BounceType", "Medium", "EmailAddress");

    const res = await query(CampaignReport, { campaignId });
    type Report = { bounces: { totalCount: number; edges: { node: { email: string; bounceType: string | null } }[] } };
    const bounces = (res.data?.node as Report).bounces;
    const beforeBounces = (before.data?.node as Report).bounces;
    expect(bounces.edges.length).toBeGreaterThan(0);
    const at = bounces.edges.findIndex((e) => e.node.email === email());
    expectOneUnreadable(res.errors, ["node", "bounces", "edges", at, "node", "bounceType"], "bounce type");
    expect(bounces).toEqual({
      ...beforeBounces,
      edges: beforeBounces.edges.map((e, i) => (i === at ? { node: { ...e.node, bounceType: null } } : e)),
    });
    expect(res.data?.node).toMatchObject({ opens: (before.data?.node as { opens: unknown }).opens });
  });

  it("a client's AccessLevel: accessLevel and permissions are null, the rest of the client arrives", async () => {
    const before = await query(Access, { clientId: DEMO.clients.northwind });
    expect(before.errors).toEqual([]);
    proxy.rewrite("Client.GetDetail", (body) => body.replace(/<AccessLevel>[^<]*</, "<AccessLevel>9999<"));

    const res = await query(Access, { clientId: DEMO.clients.northwind });
    expect(res.errors).toHaveLength(2);
    for (const field of ["accessLevel", "permissions"]) {
      expect(res.errors).toContainEqual(
        expect.objectContaining({
          path: ["client", "accessAndBilling", field],
          message: "The legacy list service sent an unreadable access level.",
          extensions: expect.objectContaining({ code: "UPSTREAM_BAD_RESPONSE", backend: "legacy" }),
        }),
      );
    }
    const ab = before.data!.client!.accessAndBilling;
    expect(res.data?.client).toEqual({
      ...before.data!.client,
      accessAndBilling: { ...ab, accessLevel: null, permissions: null },
    });
  });
});

describe("a count that is not a number", () => {
  it("a campaign's TotalRecipients: that count alone is null, every campaign arrives", async () => {
    const before = await query(Campaigns, { clientId: demo.northwind });
    const campaignId = breakFirst("Client.GetCampaigns", "Campaign", "TotalRecipients", "many", "CampaignID");

    const res = await query(Campaigns, { clientId: demo.northwind });
    const campaigns = (res.data?.node as { campaigns: { campaignId: string }[] }).campaigns;
    const at = campaigns.findIndex((c) => c.campaignId === campaignId());
    expectOneUnreadable(res.errors, ["node", "campaigns", at, "totalRecipients"], "TotalRecipients");
    expect(campaigns).toEqual(
      (before.data?.node as { campaigns: object[] }).campaigns.map((c, i) =>
        i === at ? { ...c, totalRecipients: null } : c,
      ),
    );
  });

  it("an open's NumberOfOpens, a summary total and a list statistic: each fails alone", async () => {
    const campaignId = gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent);
    const email = breakFirst("Campaign.GetOpens", "SubscriberOpen", "NumberOfOpens", "lots", "EmailAddress");
    proxy.rewrite("Campaign.GetSummary", (body) => body.replace(/<Clicks>[^<]*</, "<Clicks>n/a<"));

    const res = await query(CampaignReport, { campaignId });
    type Report = {
      summary: { recipients: number | null; clicks: number | null };
      opens: { edges: { node: { email: string; numberOfOpens: number | null } }[] };
    };
    const report = res.data?.node as Report;
    const at = report.opens.edges.findIndex((e) => e.node.email === email());
    expect(at).toBeGreaterThanOrEqual(0);
    expect(report.opens.edges.filter((e) => e.node.numberOfOpens === null)).toHaveLength(1);
    expect(report.summary.recipients).toBeGreaterThan(0);
    expect(report.summary.clicks).toBeNull();
    expect(res.errors.map((e) => [e.path, e.extensions?.code])).toEqual(
      expect.arrayContaining([
        [["node", "summary", "clicks"], "UPSTREAM_BAD_RESPONSE"],
        [["node", "opens", "edges", at, "node", "numberOfOpens"], "UPSTREAM_BAD_RESPONSE"],
      ]),
    );
    expect(res.errors).toHaveLength(2);

    proxy.clear();
    proxy.rewrite("List.GetStats", (body) =>
      body
        .replace(/<TotalBounced>[^<]*</, "<TotalBounced>?<")
        .replace(/<NewActiveSubscribersToday>[^<]*</, "<NewActiveSubscribersToday>x<"),
    );
    const stats = await query(ListDetails, { listId: demo.newsletter });
    const list = stats.data?.node as {
      stats: { totalActiveSubscribers: number | null; totalBounced: number | null; newActiveSubscribers: object };
    };
    expect(list.stats.totalActiveSubscribers).toBeGreaterThan(0);
    expect(list.stats.totalBounced).toBeNull();
    expect(list.stats.newActiveSubscribers).toMatchObject({ today: null, thisYear: expect.any(Number) });
    expect(stats.errors.map((e) => [e.path, e.extensions?.code]).sort()).toEqual(
      [
        [["node", "stats", "newActiveSubscribers", "today"], "UPSTREAM_BAD_RESPONSE"],
        [["node", "stats", "totalBounced"], "UPSTREAM_BAD_RESPONSE"],
      ].sort(),
    );
  });
});
