/**
 * A caller's budget of backend calls on one gateway, over real HTTP against the legacy sandbox:
 * every response says what it cost and how the budget stands; an operation the budget cannot cover
 * does not run (THROTTLED with the seconds until it fits, 429 and Retry-After, no backend call);
 * what an operation did not spend is given back; callers are told apart.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startStack, type Stack } from "../support/stack.js";
import { post, send, type RawResponse } from "../server/support.js";
import { demo } from "./support/ids.js";

/** One root read: one legacy call requested, one sent. */
const CLIENTS = "{ clients { id name } }";
/** Every client's lists with their stats: 1 + 10 + 10·10 calls requested (lists counted at 10), fewer sent. */
const LIST_STATS = "{ clients { lists { name stats { totalActiveSubscribers } } } }";

interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}
const costOf = (body: unknown) => (body as { extensions?: { cost?: Cost } } | undefined)?.extensions?.cost;

describe("a caller's budget on one instance", () => {
  let stack: Stack;
  beforeAll(async () => {
    // A budget of 200 calls restored at one a second: nothing refills much while a test runs.
    stack = await startStack({ env: { BUDGET_MAX: "200", BUDGET_RESTORE_PER_S: "1", MAX_COST: "200" } });
  });
  afterAll(() => stack.close());

  it("every response carries extensions.cost: requested, actual and the budget's state", async () => {
    stack.legacy.calls.reset();
    const res = await post(stack.gateway.url, CLIENTS, undefined, { "x-legacy-api-key": DEMO.apiKey });
    expect(res.status).toBe(200);
    expect(res.body?.data).toBeDefined();
    expect(costOf(res.body)).toEqual({
      requestedQueryCost: 1,
      actualQueryCost: 1,
      throttleStatus: { maximumAvailable: 200, currentlyAvailable: expect.any(Number), restoreRate: 1 },
    });
    expect(stack.legacy.calls.entries()).toHaveLength(1);
  });

  it("gives back what an operation did not spend: the next one finds it available", async () => {
    const headers = { "x-legacy-api-key": DEMO.apiKey };
    stack.legacy.calls.reset();
    const first = costOf((await post(stack.gateway.url, LIST_STATS, undefined, headers)).body);
    const sent = stack.legacy.calls.entries().length;
    expect(first?.requestedQueryCost).toBe(111);
    expect(first?.actualQueryCost).toBe(sent);
    expect(sent).toBeLessThan(111);
    // Taken 111, given back 111 − sent: what is left is what was there less the calls sent (and a
    // little refill), never less than if nothing had been given back.
    const after = costOf((await post(stack.gateway.url, CLIENTS, undefined, headers)).body);
    expect(after!.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(
      first!.throttleStatus.currentlyAvailable - 1,
    );
  });

  it("refuses an operation the budget cannot cover before it runs: THROTTLED, 429, Retry-After, no call", async () => {
    // A budget of 5 calls restored at 1 a second; each CLIENTS costs 1 and spends 1.
    const { gateway } = await stack.gatewayWith({ BUDGET_MAX: "5", MAX_COST: "5", BUDGET_RESTORE_PER_S: "1" });
    let refusal: RawResponse | undefined;
    let admitted = 0;
    for (let i = 0; i < 30 && !refusal; i++) {
      const before = stack.legacy.calls.entries().length;
      const res = await post(gateway.url, CLIENTS);
      if (res.status === 429) {
        refusal = res;
        // Nothing of it ran: no backend call.
        expect(stack.legacy.calls.entries().length).toBe(before);
      } else {
        expect(res.status).toBe(200);
        admitted++;
      }
    }
    expect(admitted).toBeGreaterThanOrEqual(5);
    expect(refusal).toBeDefined();
    const res = refusal!;
    expect(res.body?.data).toBeUndefined();
    const error = res.body?.errors?.[0];
    expect(error?.extensions?.code).toBe("THROTTLED");
    const seconds = error?.extensions?.["retryAfterSeconds"];
    expect(seconds).toBe(1);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(error?.message).toMatch(/costs 1, 0 of 5 are available .* try again in 1 s/);
    const cost = costOf(res.body)!;
    expect(cost).toMatchObject({ requestedQueryCost: 1, actualQueryCost: 0 });
    expect(cost.throttleStatus).toMatchObject({ maximumAvailable: 5, currentlyAvailable: 0, restoreRate: 1 });
  });

  it("refuses a subscription it cannot cover before it starts, and counts refusals in /metrics", async () => {
    const { gateway } = await stack.gatewayWith({ BUDGET_MAX: "3", MAX_COST: "3", BUDGET_RESTORE_PER_S: "1" });
    for (let i = 0; i < 10; i++) await post(gateway.url, CLIENTS);
    const res = await send(`${gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({
        query: `subscription BudgetFeed($list: ID!) { listEvents(listId: $list) { id } }`,
        variables: { list: demo.newsletter },
      }),
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.text).toContain("THROTTLED");
    const metrics = await send(`${gateway.url}/metrics`);
    const refused = /^mailgraph_budget_throttled_total\{kind="operation"\} (\d+)$/m.exec(metrics.text)?.[1];
    expect(Number(refused)).toBeGreaterThanOrEqual(2);
  });

  it("tells callers apart: another caller's budget is untouched by the first one's spending", async () => {
    const { gateway } = await stack.gatewayWith({ BUDGET_MAX: "3", MAX_COST: "3", BUDGET_RESTORE_PER_S: "1" });
    const key = { "x-legacy-api-key": DEMO.apiKey };
    // The same address, but its own legacy key: once the service accepted the key (this first
    // request, paid from the address's budget), a budget of its own (a keyed hash of the key).
    expect((await post(gateway.url, CLIENTS, undefined, key)).status).toBe(200);
    for (let i = 0; i < 10; i++) await post(gateway.url, CLIENTS);
    expect((await post(gateway.url, CLIENTS)).status).toBe(429);
    const other = await post(gateway.url, CLIENTS, undefined, key);
    expect(other.status).toBe(200);
    expect(costOf(other.body)?.throttleStatus.currentlyAvailable).toBe(2);
  });

  it("BUDGET=off: no budget, no extensions.cost", async () => {
    const { gateway } = await stack.gatewayWith({ BUDGET: "off", MAX_COST: "5" });
    for (let i = 0; i < 8; i++) {
      const res = await post(gateway.url, CLIENTS);
      expect(res.status).toBe(200);
      expect(costOf(res.body)).toBeUndefined();
    }
  });
});
