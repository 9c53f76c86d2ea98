/**
 * MAX_COST is enforced on the calls an operation makes, not only on its estimate: an account with
 * more lists than the estimate assumes (contact is counted at 50 calls, a client's lists at 10)
 * makes no more calls than the limit. The calls past it fail field by field with
 * MAX_COST_EXCEEDED; what was read still arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { unreadCounts } from "./support/claimed-account.js";
import { errorCodesByPath } from "../support/graphql-http.js";
import { callCounts, startGateway, startStack, type Stack } from "../support/stack.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { codes, post } from "../server/support.js";
import { listen, type Listening } from "../../src/util/listen.js";

const MAX_COST = 60;
const EXTRA_LISTS = 80;

const Contact = graphql(`
  query BudgetContact($email: String!) {
    contact(email: $email) {
      memberships {
        listId
      }
      failures {
        listId
        code
        message
      }
    }
  }
`);

const ListStats = graphql(`
  query BudgetListStats($clientId: String!) {
    client(clientId: $clientId) {
      lists {
        listId
        stats {
          totalActiveSubscribers
        }
      }
    }
  }
`);

describe("an account larger than the cost estimate", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { MAX_COST: String(MAX_COST) } });
    for (let i = 0; i < EXTRA_LISTS; i++) {
      stack.legacy.store.addList({ clientId: DEMO.clients.northwind, title: `Extra ${i}` });
    }
  });
  afterAll(() => stack.close());

  it("contact makes at most MAX_COST calls and counts the lists it could not read, one failure per client", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(Contact, { email: "ada@example.com" });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    // One User.GetClients, then the clients' lists and the lists' reads until the budget is spent:
    // the lists not read are counted, one failure for each client listed that has some and one
    // for the clients whose lists were not listed at all.
    const listed = stack.legacy.calls
      .entries()
      .filter((c) => c.operation === "Client.GetLists")
      .map((c) => String(c.params["ClientID"]));
    const read = MAX_COST - 1 - listed.length;
    expect(stack.legacy.calls.total()).toBe(MAX_COST);
    expect(callCounts(stack.legacy)["Subscribers.GetActive"]).toBe(read);
    const clients = stack.legacy.store.clients().length;
    expect(contact.failures.length).toBeGreaterThan(0);
    expect(contact.failures.length).toBeLessThanOrEqual(listed.length + 1);
    let lists = read;
    let unlisted = 0;
    for (const failure of contact.failures) {
      expect(failure).toMatchObject({ listId: null, code: "MAX_COST_EXCEEDED" });
      expect(failure.message).toMatch(/MAX_COST/);
      if (failure.message.startsWith("The lists of ")) unlisted += unreadCounts(failure.message).unread;
      else lists += unreadCounts(failure.message).unread;
    }
    // Nothing is dropped: every list of the clients listed, and every client, is accounted for.
    const listsOf = (clientIds: string[]) =>
      clientIds.reduce((sum, id) => sum + stack.legacy.store.lists(id).length, 0);
    expect({ lists, unlisted }).toEqual({ lists: listsOf(listed), unlisted: clients - listed.length });
  });

  it("a client's lists beyond the estimate: their stats fail past the limit, the rest arrive", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(ListStats, { clientId: DEMO.clients.northwind });
    // Estimated at 1 + 10 stats calls; the client has more lists than that.
    const lists = data!.client!.lists!;
    expect(lists.length).toBeGreaterThan(MAX_COST);
    expect(stack.legacy.calls.total()).toBe(MAX_COST);
    const read = lists.filter((l) => l.stats !== null);
    // The client and its lists are read first (User.GetClients, Client.GetLists), then the stats.
    expect(callCounts(stack.legacy)).toEqual({
      "User.GetClients": 1,
      "Client.GetLists": 1,
      "List.GetStats": MAX_COST - 2,
    });
    expect(read.length).toBe(MAX_COST - 2);
    const codes = Object.values(errorCodesByPath(errors));
    expect(codes.length).toBe(lists.length - read.length);
    expect(new Set(codes)).toEqual(new Set(["MAX_COST_EXCEEDED"]));
    expect(errors[0]?.extensions).toMatchObject({ limit: "MAX_COST", max: MAX_COST });
  });

  it("a new operation has a budget of its own", async () => {
    const again = await stack.gql(ListStats, { clientId: DEMO.clients.contoso });
    expect(again.errors).toEqual([]);
  });
});

/**
 * A read the backend keeps refusing is retried (RETRY_ATTEMPTS, 2 by default), and every attempt
 * is a request to the backend: each takes one from the budget, so an operation within MAX_COST
 * sends at most MAX_COST requests whatever the backend answers. A retry the budget refuses is not
 * made; its field reports what the backend answered, not MAX_COST_EXCEEDED.
 */
describe("retries under the budget", () => {
  // Retries at once (Retry-After: 0, a 1 ms jitter ceiling); no breaker cutting them short.
  const RETRY_NOW = {
    LEGACY_RETRY_BASE_DELAY_MS: "1",
    LEGACY_BREAKER_FAILURES: "10000",
    COMMERCE_RETRY_BASE_DELAY_MS: "1",
    COMMERCE_BREAKER_FAILURES: "10000",
  };

  describe("a commerce backend answering every request with 429 or 503", () => {
    let stub: Listening;
    let answer: { status: number; headers: Record<string, string> } = { status: 429, headers: {} };
    let received = 0;
    beforeAll(async () => {
      stub = await listen((req, res) => {
        req.resume();
        received += 1;
        res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
        res.end(JSON.stringify({ error: { code: "rate_limited", message: "slow down" } }));
      });
    });
    afterAll(() => stub.close());

    /** `aliases` coupon pages of different sizes: as many calls, each retried. */
    const coupons = (aliases: number) =>
      `{ store { ${Array.from({ length: aliases }, (_, i) => `a${i}: coupons(first: ${i + 1}) { totalCount }`).join(" ")} } }`;

    async function run(maxCost: number, aliases: number) {
      const stack = await startStack({
        commerce: { url: `${stub.url}/api/v1` },
        env: { ...RETRY_NOW, MAX_COST: String(maxCost) },
      });
      try {
        received = 0;
        const res = await post(stack.gateway.url, coupons(aliases));
        return { res, received };
      } finally {
        await stack.close();
      }
    }

    it.each([
      ["429 with Retry-After: 0", { status: 429, headers: { "retry-after": "0" } }],
      ["503", { status: 503, headers: {} }],
    ])("%s: never more requests than MAX_COST, and each field reports the backend's answer", async (_name, reply) => {
      answer = reply;
      // With room for every retry: one call is sent three times, as before.
      const one = await run(1_000, 1);
      expect(one.received).toBe(3);
      const backendCode = codes(one.res)[0];
      expect(backendCode).toMatch(/^UPSTREAM_/);

      // Four calls of three attempts each would be 12 requests.
      const MAX = 6;
      const four = await run(MAX, 4);
      expect(four.received).toBe(MAX);
      expect(codes(four.res)).toEqual([backendCode, backendCode, backendCode, backendCode]);
    });
  });

  describe("a legacy service answering List.GetStats with 503", () => {
    let stack: Stack;
    let proxy: LegacyProxy;
    beforeAll(async () => {
      stack = await startStack();
      proxy = await startLegacyProxy(stack.legacy.url);
      proxy.script("List.GetStats", { status: 503, contentType: "text/html", body: "<html>Unavailable</html>" });
    });
    afterAll(async () => {
      await proxy.close();
      await stack.close();
    });

    it("sends at most MAX_COST requests, retries included", async () => {
      // Estimated at 12 (the client, its lists, 10 stats); Northwind's four lists make 2 + 4 calls,
      // of three attempts each for the stats: 14 requests without the budget counting retries.
      const MAX = 12;
      const gateway = await startGateway(proxy.url, { ...RETRY_NOW, MAX_COST: String(MAX) });
      try {
        proxy.resetCounts();
        const res = await post(
          gateway.url,
          `{ client(clientId: "${DEMO.clients.northwind}") { lists { listId stats { totalActiveSubscribers } } } }`,
        );
        const lists = (res.body?.data as { client: { lists: unknown[] } }).client.lists;
        expect(lists).toHaveLength(4);
        const sent = proxy.seen("User.GetClients") + proxy.seen("Client.GetLists") + proxy.seen("List.GetStats");
        expect(sent).toBe(MAX);
        expect(proxy.seen("List.GetStats")).toBe(MAX - 2);
        // Every stats call was sent and failed: each reports the service's failure.
        expect(codes(res)).toEqual(Array.from({ length: 4 }, () => "UPSTREAM_UNAVAILABLE"));
      } finally {
        await gateway.close();
      }
    });
  });
});
