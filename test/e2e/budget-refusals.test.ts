/**
 * An operation the request limits refuse once it was parsed still answers with extensions.cost:
 * its cost as counted, nothing spent, and its caller's bucket as it stands (looked at, nothing
 * taken), whether the limit was checked while validating (depth, aliases) or before executing
 * (MAX_COST), over HTTP and graphql-ws. A document that does not parse has no cost to report.
 */
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { Gateway } from "../../src/server.js";
import { codes, post, type RawResponse } from "../server/support.js";
import { startStack, type Stack } from "../support/stack.js";

const CLIENTS = "{ clients { id } }";
/** Five selections deep (MAX_DEPTH is 4 here). */
const DEEP = "{ clients { lists { client { lists { id } } } } }";
/** Three aliases (MAX_ALIASES is 2 here), one legacy call each. */
const ALIASED = "{ a: clients { id } b: clients { id } c: clients { id } }";
/** 1 + 10 + 10·10 calls counted: past MAX_COST (30 here). */
const COSTLY = "{ clients { lists { name stats { totalActiveSubscribers } } } }";

const MAX = 30;
const LIMITS = { MAX_DEPTH: "4", MAX_ALIASES: "2", MAX_COST: String(MAX) };

interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}
const costIn = (body: unknown) => (body as { extensions?: { cost?: Cost } } | undefined)?.extensions?.cost;
const costOf = (res: RawResponse) => costIn(res.body);

let stack: Stack;
let gateway: Gateway;
/** The same gateway without the depth limit, to count what a refused document costs when it runs. */
let lenient: Gateway;
beforeAll(async () => {
  stack = await startStack();
  const budget = { BUDGET_MAX: String(MAX), BUDGET_RESTORE_PER_S: "1" };
  ({ gateway } = await stack.gatewayWith({ ...LIMITS, ...budget }));
  ({ gateway: lenient } = await stack.gatewayWith({ ...budget, MAX_COST: "200", BUDGET_MAX: "1000" }));
});
afterAll(() => stack.close());

/** Spends `calls` of the address's budget (one call each); the level the last one reported. */
async function spend(calls: number): Promise<number> {
  let level = MAX;
  for (let i = 0; i < calls; i++) {
    const res = await post(gateway.url, CLIENTS);
    expect(res.status).toBe(200);
    level = costOf(res)!.throttleStatus.currentlyAvailable;
  }
  return level;
}

/** A refusal's cost: counted as `requested`, nothing spent, the bucket between `from` and not yet full. */
function expectRefusalCost(res: RawResponse, requested: number, from: number): Cost {
  const cost = costOf(res);
  expect(cost).toMatchObject({
    requestedQueryCost: requested,
    actualQueryCost: 0,
    throttleStatus: { maximumAvailable: MAX, restoreRate: 1 },
  });
  // The caller's own bucket as it stands: what the spending left, a little refilled since.
  expect(cost!.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(from);
  expect(cost!.throttleStatus.currentlyAvailable).toBeLessThan(MAX);
  return cost!;
}

describe("extensions.cost of operations the request limits refuse", () => {
  it("a document refused while validating (depth, aliases) says its counted cost and the bucket as it stands", async () => {
    const level = await spend(12);
    const counted = costOf(await post(lenient.url, DEEP))!.requestedQueryCost;
    expect(counted).toBeGreaterThan(0);

    const deep = await post(gateway.url, DEEP);
    expect(deep.status).toBe(400);
    expect(codes(deep)).toEqual(["MAX_DEPTH_EXCEEDED"]);
    const first = expectRefusalCost(deep, counted, level);

    const aliased = await post(gateway.url, ALIASED);
    expect(aliased.status).toBe(400);
    expect(codes(aliased)).toEqual(["MAX_ALIASES_EXCEEDED"]);
    expectRefusalCost(aliased, 3, first.throttleStatus.currentlyAvailable);

    // Nothing was taken: the next operation finds the bucket as the refusals reported it, less its call.
    const next = costOf(await post(gateway.url, CLIENTS))!;
    expect(next.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(first.throttleStatus.currentlyAvailable - 1);
  });

  it("an operation refused before executing (MAX_COST) says its counted cost and the bucket as it stands", async () => {
    const level = await spend(10);
    const res = await post(gateway.url, COSTLY);
    expect(res.status).toBe(400);
    expect(codes(res)).toEqual(["MAX_COST_EXCEEDED"]);
    const found = res.body?.errors?.[0]?.extensions?.["found"];
    expect(found).toBeGreaterThan(MAX);
    expectRefusalCost(res, found as number, level);
  });

  it("over graphql-ws, an operation refused before executing says its cost too", async () => {
    const client = createClient({
      url: `${gateway.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const results: unknown[] = [];
      for await (const result of client.iterate({ query: COSTLY })) results.push(result);
      const result = results[0] as { errors?: Array<{ extensions?: { code?: string; found?: number } }> };
      expect(result.errors?.[0]?.extensions?.code).toBe("MAX_COST_EXCEEDED");
      expect(costIn(result)).toMatchObject({
        requestedQueryCost: result.errors?.[0]?.extensions?.found,
        actualQueryCost: 0,
        throttleStatus: { maximumAvailable: MAX },
      });
    } finally {
      await client.dispose();
    }
  });

  it("a document that does not parse has no operation to count: no extensions.cost", async () => {
    const res = await post(gateway.url, "{ clients { id }");
    expect(res.status).toBe(400);
    expect(codes(res)).toEqual(["GRAPHQL_PARSE_FAILED"]);
    expect(costOf(res)).toBeUndefined();
  });
});
