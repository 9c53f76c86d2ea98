/**
 * Loader behaviour seen from the backend: batched subscriber lookups, one call per distinct
 * operation + parameters, and the per-request concurrency cap.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { EARLIEST_DATE } from "../../src/domain/legacy/service.js";
import { graphql } from "../gql/index.js";
import { postGraphQL } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { callCounts, startGateway, startStack, type Stack } from "../support/stack.js";
import { LIST_IDS_QUERY, runSuite, suiteCases, suiteIds, type Answer } from "../support/call-suite.js";

const ManySubscribers = graphql(`
  query ManySubscribers($newsletter: ID!, $vip: ID!, $a: String!, $b: String!, $c: String!, $d: String!) {
    newsletter: list(id: $newsletter) {
      a: subscriber(email: $a) {
        email
      }
      b: subscriber(email: $b) {
        email
      }
      c: subscriber(email: $c) {
        email
      }
      activeSubscribers(first: 1) {
        totalCount
      }
    }
    vip: list(id: $vip) {
      d: subscriber(email: $d) {
        email
      }
    }
  }
`);

const SubscriberTwice = graphql(`
  query SubscriberTwice($node: ID!, $list: ID!, $email: String!) {
    node(id: $node) {
      ... on Subscriber {
        email
        name
      }
    }
    list(id: $list) {
      subscriber(email: $email) {
        email
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe("subscriber(email) batching", () => {
  it("answers every subscriber field of a list from one Subscribers.GetActive", async () => {
    const vipMember = stack.legacy.store.list(DEMO.lists.vip)!;
    const someVip = [...vipMember.subscribers.values()].find((s) => s.state === "Active")!.email;
    stack.legacy.calls.reset();

    const { data, errors } = await stack.gql(ManySubscribers, {
      newsletter: demo.newsletter,
      vip: demo.vip,
      a: DEMO.emails.active,
      b: DEMO.emails.activeNonAscii.toUpperCase(),
      c: "nobody@example.com",
      d: someVip,
    });
    expect(errors).toEqual([]);
    expect(data!.newsletter!.a?.email).toBe(DEMO.emails.active);
    expect(data!.newsletter!.b?.email).toBe(DEMO.emails.activeNonAscii);
    expect(data!.newsletter!.c).toBeNull();
    expect(data!.vip!.d?.email).toBe(someVip);

    // One call per list; the connection without `since` shares the newsletter's call, and both
    // lists are found in their client's one Client.GetLists.
    expect(callCounts(stack.legacy)).toEqual({ "Client.GetLists": 1, "Subscribers.GetActive": 2 });
    const getActive = stack.legacy.calls.entries().filter((c) => c.operation === "Subscribers.GetActive");
    expect(getActive.map((c) => c.params).sort((x, y) => String(x.ListID).localeCompare(String(y.ListID)))).toEqual([
      { ListID: DEMO.lists.newsletter, Date: EARLIEST_DATE },
      { ListID: DEMO.lists.vip, Date: EARLIEST_DATE },
    ]);
  });

  it("shares the call between a node lookup and a subscriber field", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(SubscriberTwice, {
      node: gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, DEMO.emails.active),
      list: demo.newsletter,
      email: DEMO.emails.active,
    });
    expect(errors).toEqual([]);
    expect(data!.node).toMatchObject({ email: DEMO.emails.active });
    expect(data!.list!.subscriber!.email).toBe(DEMO.emails.active);
    expect(callCounts(stack.legacy)).toEqual({ "Client.GetLists": 1, "Subscribers.GetActive": 1 });
  });
});

const StatsOfEveryList = graphql(`
  query StatsOfEveryList {
    clients {
      lists {
        stats {
          totalActiveSubscribers
        }
        customFields {
          key
        }
      }
    }
  }
`);

const ListsBesideCampaigns = graphql(`
  query ListsBesideCampaigns {
    clients {
      lists {
        stats {
          totalActiveSubscribers
        }
      }
      campaigns {
        id
      }
    }
  }
`);

describe("concurrency", () => {
  let proxy: LegacyProxy;
  beforeAll(async () => {
    proxy = await startLegacyProxy(stack.legacy.url);
  });
  afterAll(() => proxy.close());

  async function maxInFlightWith(concurrency: string): Promise<number> {
    const gateway = await startGateway(proxy.url, { LEGACY_CONCURRENCY: concurrency });
    try {
      proxy.resetCounts();
      const { errors } = await postGraphQL(gateway.url, StatsOfEveryList);
      expect(errors).toEqual([]);
      expect(proxy.seen("List.GetStats")).toBe(Object.keys(DEMO.lists).length);
      return proxy.maxInFlight();
    } finally {
      await gateway.close();
    }
  }

  // Held replies keep every started call open, so the number open at once is exactly the cap.
  const held = async (op: "List.GetStats" | "List.GetCustomFields") => {
    const res = await fetch(`${stack.legacy.url}/api/api.asmx/${op}?ApiKey=${DEMO.apiKey}&ListID=${DEMO.lists.vip}`);
    return { body: await res.text(), delayMs: 40 };
  };

  it("never has more than LEGACY_CONNECTIONS calls open across concurrent requests", async () => {
    proxy.script("List.GetStats", await held("List.GetStats"));
    proxy.script("List.GetCustomFields", await held("List.GetCustomFields"));
    // Each request may run 2 at once; three of them together would run 6 without the pool.
    const gateway = await startGateway(proxy.url, { LEGACY_CONCURRENCY: "2", LEGACY_CONNECTIONS: "3" });
    try {
      proxy.resetCounts();
      const responses = await Promise.all([1, 2, 3].map(() => postGraphQL(gateway.url, StatsOfEveryList)));
      for (const { errors } of responses) expect(errors).toEqual([]);
      expect(proxy.seen("List.GetStats")).toBe(3 * Object.keys(DEMO.lists).length);
      expect(proxy.maxInFlight()).toBe(3);
    } finally {
      proxy.clear();
      await gateway.close();
    }
  });

  it("runs a whole level of a query at once with the default settings (the pool does not cap it)", async () => {
    // Held long enough that every client's lists are known before the first of them answers.
    proxy.script("List.GetStats", { ...(await held("List.GetStats")), delayMs: 400 });
    proxy.script("List.GetCustomFields", { ...(await held("List.GetCustomFields")), delayMs: 400 });
    const gateway = await startGateway(proxy.url);
    try {
      proxy.resetCounts();
      const { errors } = await postGraphQL(gateway.url, StatsOfEveryList);
      expect(errors).toEqual([]);
      // Every list's stats and custom fields: one level, 2 × 12 calls, all open together.
      expect(proxy.maxInFlight()).toBe(2 * Object.keys(DEMO.lists).length);
    } finally {
      proxy.clear();
      await gateway.close();
    }
  });

  it("makes a list's calls once its client's lists are in, without waiting for the rest of that level", async () => {
    // Client.GetLists and Client.GetCampaigns go out together; the campaigns are held back.
    const gateway = await startGateway(proxy.url);
    const release = proxy.hold("Client.GetCampaigns");
    try {
      proxy.resetCounts();
      const answer = postGraphQL(gateway.url, ListsBesideCampaigns);
      // Every list's stats are asked for while no campaigns have been answered yet.
      await vi.waitFor(() => expect(proxy.seen("List.GetStats")).toBe(Object.keys(DEMO.lists).length), {
        timeout: 10_000,
        interval: 5,
      });
      expect(proxy.seen("Client.GetCampaigns")).toBe(proxy.seen("Client.GetLists"));
      release();
      const { data, errors } = await answer;
      expect(errors).toEqual([]);
      expect(data!.clients!.flatMap((c) => c.campaigns ?? []).length).toBeGreaterThan(0);
    } finally {
      release();
      await gateway.close();
    }
  });

  it("runs independent calls concurrently, never more than LEGACY_CONCURRENCY at once", async () => {
    proxy.script("List.GetStats", await held("List.GetStats"));
    proxy.script("List.GetCustomFields", await held("List.GetCustomFields"));
    try {
      expect(await maxInFlightWith("2")).toBe(2);
      expect(await maxInFlightWith("6")).toBe(6);
    } finally {
      proxy.clear();
    }
  });
});

describe("backend calls of nested queries", () => {
  let both: Stack;
  beforeAll(async () => {
    both = await startStack({ commerce: true });
  });
  afterAll(() => both.close());

  // test/support/call-suite.ts works out each query's minimum from its answer and says why no fewer
  // calls would do; bench/backend-calls.ts prints the same comparison as a table.
  it("makes exactly the fewest calls that answer each query of the suite, over both backends", async () => {
    const query = async (text: string, variables: Record<string, unknown> = {}): Promise<Answer> => {
      const res = await fetch(`${both.gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: text, variables }),
      });
      const body = (await res.json()) as { data?: Answer; errors?: unknown[] };
      expect(body.errors).toBeUndefined();
      return body.data ?? {};
    };
    const commerce = both.commerce!;
    const rows = await runSuite(suiteCases(suiteIds(await query(LIST_IDS_QUERY))), query, {
      reset: () => {
        both.legacy.calls.reset();
        commerce.calls.reset();
      },
      legacy: () => callCounts(both.legacy),
      commerce: (key) => commerce.calls.count(key),
      commerceTotal: () => commerce.calls.total(),
    });
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      expect({ query: row.name, differences: row.differences }).toEqual({ query: row.name, differences: [] });
      expect(row.calls).toBeGreaterThan(0);
    }
  });
});
