/**
 * One caller's budget holds across two gateway instances on one Redis: the caller sends from both
 * at once, and the backend calls admitted in the window (counted at the legacy sandbox) never
 * exceed the budget, plus what it restored while the window lasted, plus one operation's cost.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { post } from "../server/support.js";
import { startStack, type Stack } from "../support/stack.js";

const REDIS_URL = "redis://127.0.0.1:6379/12";
const PREFIX = `test-budget-instances-${process.pid}:`;
const BUDGET = 30;
const RESTORE_PER_S = 2;
const KEY = { "x-legacy-api-key": DEMO.apiKey };

describe("one caller, two instances, one budget", () => {
  let stack: Stack;
  let a: Gateway;
  let b: Gateway;
  beforeAll(async () => {
    const env = {
      REDIS_URL,
      EVENT_LOG_KEY_PREFIX: PREFIX,
      BUDGET_MAX: String(BUDGET),
      MAX_COST: String(BUDGET),
      BUDGET_RESTORE_PER_S: String(RESTORE_PER_S),
    };
    stack = await startStack({ env });
    a = stack.gateway;
    ({ gateway: b } = await stack.gatewayWith(env));
    // The legacy key the second test sends names its budget once the service accepted it, which
    // each instance sees for itself: one request to each (paid from the address's budget, which
    // then refills before the first test spends it).
    for (const gateway of [a, b]) {
      expect((await post(gateway.url, "{ clients { id } }", undefined, KEY)).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, (2 / RESTORE_PER_S) * 1000 + 500));
  });
  afterAll(async () => {
    await stack.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  /** Sends `count` copies of `query` from the one caller, alternating instances, all at once. */
  async function burst(query: string, count: number, headers: Record<string, string> = {}) {
    stack.legacy.calls.reset();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => post((i % 2 === 0 ? a : b).url, query, undefined, headers)),
    );
    const seconds = (performance.now() - started) / 1000;
    return { answers, calls: stack.legacy.calls.entries().length, seconds };
  }

  it("with operations that spend what they ask for", async () => {
    // Each costs one call and sends one.
    const { answers, calls, seconds } = await burst("{ clients { id } }", 120);
    const admitted = answers.filter((r) => r.status === 200).length;
    const refused = answers.filter((r) => r.status === 429);
    expect(admitted + refused.length).toBe(120);
    expect(calls).toBe(admitted);
    expect(calls).toBeGreaterThanOrEqual(BUDGET);
    expect(calls).toBeLessThanOrEqual(BUDGET + Math.ceil(seconds * RESTORE_PER_S) + 1);
    for (const res of refused) expect(res.body?.errors?.[0]?.extensions?.code).toBe("THROTTLED");
    // Both instances refused some: the budget ran out for the caller, not for one instance.
    expect(answers.filter((r, i) => i % 2 === 0 && r.status === 429).length).toBeGreaterThan(0);
    expect(answers.filter((r, i) => i % 2 === 1 && r.status === 429).length).toBeGreaterThan(0);
  });

  it("with operations that ask for more than they spend, their unspent part given back", async () => {
    // Another caller (the hash of the legacy key it sends, accepted on both instances, the same on
    // both), its budget full.
    // Asks 1 + 10 (each client's lists counted at 10); sends 1 + the demo account's clients.
    const query = "{ clients { lists { id } } }";
    const { answers, calls, seconds } = await burst(query, 40, KEY);
    const admitted = answers.filter((r) => r.status === 200);
    expect(admitted.length).toBeGreaterThan(0);
    const requested = (admitted[0]?.body as { extensions: { cost: { requestedQueryCost: number } } }).extensions.cost
      .requestedQueryCost;
    expect(calls).toBeLessThanOrEqual(BUDGET + Math.ceil(seconds * RESTORE_PER_S) + requested);
  });
});
