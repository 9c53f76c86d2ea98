/**
 * The Overview query of the README/GraphiQL, exactly as written, against the demo data: its data,
 * and the exact backend calls it costs (one per distinct operation + parameters, none repeated).
 */
import { parse, print } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { withoutIncrementalDelivery } from "../../src/plugins/http-streams.js";
import { OVERVIEW_QUERY } from "../../src/server.js";
import { graphql } from "../gql/index.js";
import { must } from "../support/must.js";
import { postGraphQL } from "../support/graphql-http.js";
import { callCounts, startGateway, startStack, type Stack } from "../support/stack.js";

const Overview = graphql(`
  query Overview {
    clients {
      id
      name
      lists {
        id
        name
        stats {
          totalActiveSubscribers
          totalUnsubscribes
          totalBounced
        }
        customFields {
          key
          fieldName
          dataType
          options
        }
      }
      campaigns {
        id
        subject
        sentDate
        summary {
          recipients
          uniqueOpened
          clicks
          bounced
          unsubscribed
        }
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe("Overview", () => {
  it("answers every client with its lists and campaigns, without errors", async () => {
    stack.legacy.calls.reset();
    const { status, data, errors } = await stack.gql(Overview);
    expect(status).toBe(200);
    expect(errors).toEqual([]);
    const clients = data!.clients!;
    expect(clients.map((c) => c.name)).toEqual([
      "Northwind Traders",
      "Contoso Pharmacy",
      "Fabrikam Outdoor",
      "Tailspin Toys",
      "Wingtip Travel",
    ]);
    const northwind = must(clients[0], "the first client");
    const newsletter = northwind.lists!.find((l) => l.name === "Newsletter")!;
    expect(newsletter.stats!.totalActiveSubscribers).toBeGreaterThan(50);
    expect(newsletter.stats!.totalUnsubscribes).toBeGreaterThan(0);
    expect(newsletter.stats!.totalBounced).toBeGreaterThan(0);
    expect(newsletter.customFields!.map((f) => f.dataType)).toEqual(
      expect.arrayContaining(["TEXT", "NUMBER", "MULTI_SELECT_ONE", "MULTI_SELECT_MANY"]),
    );
    const interests = newsletter.customFields!.find((f) => f.key === DEMO.fields.interests)!;
    expect(interests.options.length).toBeGreaterThan(1);
    const sent = northwind.campaigns!;
    expect(sent.length).toBeGreaterThan(0);
    for (const campaign of sent) {
      expect(campaign.sentDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(campaign.summary!.recipients).toBeGreaterThan(0);
    }
  });

  it("costs exactly one backend call per distinct operation and parameters", async () => {
    stack.legacy.calls.reset();
    const { data } = await stack.gql(Overview);
    const clients = data!.clients!;
    const lists = clients.flatMap((c) => c.lists!);
    const campaigns = clients.flatMap((c) => c.campaigns!);
    expect(clients).toHaveLength(Object.keys(DEMO.clients).length);
    expect(lists).toHaveLength(Object.keys(DEMO.lists).length);

    expect(callCounts(stack.legacy)).toEqual({
      "User.GetClients": 1,
      "Client.GetLists": clients.length,
      "Client.GetCampaigns": clients.length,
      "List.GetStats": lists.length,
      "List.GetCustomFields": lists.length,
      "Campaign.GetSummary": campaigns.length,
    });
    const keys = stack.legacy.calls.entries().map((c) => JSON.stringify([c.operation, c.params]));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(["get", "post"])("answers the same over the %s transport", async (transport) => {
    const soap = await stack.gql(Overview);
    const gateway = await startGateway(stack.legacy.url, { LEGACY_TRANSPORT: transport });
    try {
      stack.legacy.calls.reset();
      const other = await postGraphQL(gateway.url, Overview);
      expect(other.errors).toEqual([]);
      expect(other.data).toEqual(soap.data);
      expect(new Set(stack.legacy.calls.entries().map((c) => c.transport))).toEqual(new Set([transport]));
    } finally {
      await gateway.close();
    }
  });

  it("is the query GraphiQL opens with", async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, { headers: { accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain("query Overview");
    // The IDE's code is inline: nothing is loaded from a third-party host.
    expect(page).not.toMatch(/<script[^>]+src=["']?https?:/i);
    expect(page).not.toMatch(/<link[^>]+href=["']?https?:/i);
    expect(page).not.toMatch(/from\s*\\?["']https?:/);
    // Its clients' details come deferred; a caller that takes no parts gets this whole answer.
    expect(print(withoutIncrementalDelivery(parse(OVERVIEW_QUERY)))).toBe(print(Overview));
  });

  it("serves /health", async () => {
    const res = await fetch(`${stack.gateway.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});
