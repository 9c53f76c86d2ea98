/**
 * MAX_COST is enforced on the calls an operation makes, not only on its estimate: an account with
 * more lists than the estimate assumes (contact is counted at 50 calls, a client's lists at 10)
 * makes no more calls than the limit. The calls past it fail field by field with
 * MAX_COST_EXCEEDED; what was read still arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { errorCodesByPath } from "./support/graphql-http.js";
import { callCounts, startStack, type Stack } from "./support/stack.js";

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
      stack.sandbox.store.addList({ clientId: DEMO.clients.northwind, title: `Extra ${i}` });
    }
  });
  afterAll(() => stack.close());

  it("contact makes at most MAX_COST calls and reports the lists it could not read", async () => {
    stack.sandbox.calls.reset();
    const { data, errors } = await stack.gql(Contact, { email: "ada@example.com" });
    expect(errors).toEqual([]);
    const contact = data!.contact!;
    // One User.GetClients, a Client.GetLists per client, then the lists' reads until the budget is
    // spent: every list not read is reported.
    const lists = stack.sandbox.store.lists().length;
    const clients = stack.sandbox.store.clients().length;
    expect(stack.sandbox.calls.total()).toBe(MAX_COST);
    expect(contact.failures.length).toBe(lists - (MAX_COST - 1 - clients));
    const refused = contact.failures.filter((f) => f.code === "MAX_COST_EXCEEDED");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBe(contact.failures.length);
    expect(refused[0]!.message).toMatch(/MAX_COST/);
  });

  it("a client's lists beyond the estimate: their stats fail past the limit, the rest arrive", async () => {
    stack.sandbox.calls.reset();
    const { data, errors } = await stack.gql(ListStats, { clientId: DEMO.clients.northwind });
    // Estimated at 1 + 10 stats calls; the client has more lists than that.
    const lists = data!.client!.lists!;
    expect(lists.length).toBeGreaterThan(MAX_COST);
    expect(stack.sandbox.calls.total()).toBe(MAX_COST);
    const read = lists.filter((l) => l.stats !== null);
    // The client and its lists are read first (User.GetClients, Client.GetLists), then the stats.
    expect(callCounts(stack.sandbox)).toEqual({
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
