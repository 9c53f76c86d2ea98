/**
 * Whose budget a caller sending backend keys of its own spends: its keys name a budget only once
 * each key it sends has been accepted by its backend; until then it spends its address's, as a
 * caller without keys does. So a caller sending a fresh random key with every request (each
 * refused by the backend, each still costing a backend call) cannot get a full bucket per request,
 * and a caller whose keys were accepted keeps a budget the first one cannot drain.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { post, type RawResponse } from "../server/support.js";
import { startStack, type CommerceStack } from "../support/stack.js";

/** One legacy call requested, one sent. */
const CLIENTS = "{ clients { id } }";
/** One commerce call requested, one sent. */
const SEGMENTS = "{ store { segments { segmentId } } }";
/** A budget of 5 calls restored at one a second: nothing refills much while a test runs. */
const BUDGET = { BUDGET_MAX: "5", MAX_COST: "5", BUDGET_RESTORE_PER_S: "1" };

interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}
const costOf = (res: RawResponse) => (res.body as { extensions?: { cost?: Cost } } | undefined)?.extensions?.cost;
const available = (res: RawResponse) => costOf(res)?.throttleStatus.currentlyAvailable;

/** A legacy key no backend ever issued. */
const randomKey = () => randomBytes(16).toString("hex");

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());

/** A gateway of its own (its budgets in its own memory, all full), without a configured commerce key. */
const fresh = async (): Promise<Gateway> => (await stack.gatewayWith(BUDGET)).gateway;

/** Sends CLIENTS with a fresh random legacy key until one is THROTTLED; the responses. */
async function rotateUntilThrottled(gateway: Gateway, most = 30): Promise<RawResponse[]> {
  const answers: RawResponse[] = [];
  for (let i = 0; i < most; i++) {
    const res = await post(gateway.url, CLIENTS, undefined, { "x-legacy-api-key": randomKey() });
    answers.push(res);
    if (res.status === 429) return answers;
  }
  throw new Error(`${most} requests with random keys were never throttled`);
}

describe("budgets of callers sending backend keys", () => {
  it("a caller sending a fresh random key each time spends its address's budget: THROTTLED once it is spent", async () => {
    const gateway = await fresh();
    stack.legacy.calls.reset();
    const started = performance.now();
    const answers = await rotateUntilThrottled(gateway);
    const seconds = (performance.now() - started) / 1000;
    const refused = answers.at(-1)!;
    expect(refused.body?.errors?.[0]?.extensions?.code).toBe("THROTTLED");
    // Every admitted request cost a legacy call (the service refused its key: code 100).
    for (const res of answers.slice(0, -1)) {
      expect(res.body?.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    }
    const calls = stack.legacy.calls.entries().length;
    expect(calls).toBe(answers.length - 1);
    expect(calls).toBeLessThanOrEqual(5 + Math.ceil(seconds) + 1);
    // The address's budget is the one spent: a request without keys is refused too.
    expect((await post(gateway.url, CLIENTS)).status).toBe(429);
  });

  it("a caller whose key was accepted has its own budget, which the rotating caller on its address does not drain", async () => {
    const gateway = await fresh();
    const mine = { "x-legacy-api-key": DEMO.apiKey };
    // Its first request: the key not yet accepted, paid from the address's budget.
    const first = await post(gateway.url, CLIENTS, undefined, mine);
    expect(first.status).toBe(200);
    expect(first.body?.errors).toBeUndefined();
    expect(available(first)).toBe(4);
    // Another caller on the same address rotates random keys until the address's budget is spent.
    await rotateUntilThrottled(gateway);
    // The accepted key's own budget, full but for this request.
    const again = await post(gateway.url, CLIENTS, undefined, mine);
    expect(again.status).toBe(200);
    expect(costOf(again)).toMatchObject({ requestedQueryCost: 1, actualQueryCost: 1 });
    expect(available(again)).toBe(4);
    expect(available(await post(gateway.url, CLIENTS, undefined, mine))).toBe(3);
  });

  it("a commerce key accepted by the commerce backend names the budget too; a refused one never does", async () => {
    const gateway = await fresh();
    const mine = { "x-commerce-api-key": stack.commerce.demo.apiKey };
    const first = await post(gateway.url, SEGMENTS, undefined, mine);
    expect(first.status).toBe(200);
    expect(first.body?.errors).toBeUndefined();
    expect(available(first)).toBe(4);
    // A key the commerce backend refuses (401) stays on the address's budget.
    const refusedKey = { "x-commerce-api-key": `not-a-key-${randomKey()}` };
    for (let i = 0; i < 2; i++) {
      const res = await post(gateway.url, SEGMENTS, undefined, refusedKey);
      expect(res.body?.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
      expect(available(res)).toBe(3 - i);
    }
    // The accepted key: a budget of its own.
    expect(available(await post(gateway.url, SEGMENTS, undefined, mine))).toBe(4);
  });

  it("a valid legacy key sent with a commerce key never used is charged to its address", async () => {
    const gateway = await fresh();
    const both = { "x-legacy-api-key": DEMO.apiKey, "x-commerce-api-key": `unused-${randomKey()}` };
    // Legacy reads only: the legacy key is accepted, the commerce key never reaches its backend.
    for (let i = 0; i < 3; i++) {
      const res = await post(gateway.url, CLIENTS, undefined, both);
      expect(res.status).toBe(200);
      expect(available(res)).toBe(4 - i);
    }
    // The same budget as a request without keys from that address.
    expect(available(await post(gateway.url, CLIENTS))).toBe(1);
  });
});
