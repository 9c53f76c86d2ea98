/**
 * The suite of one caller's budget across two gateway instances sharing a Redis (one server, or a
 * three-node cluster): the caller sends from both at once, and the backend calls admitted in the
 * window (counted at the legacy sandbox) never exceed the budget, plus what it restored while the
 * window lasted, plus one operation's cost.
 */
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { Gateway } from "../../../src/server.js";
import { post } from "../../server/support.js";
import { startStack, type Stack } from "../../support/stack.js";

const BUDGET = 30;
const RESTORE_PER_S = 2;
const KEY = { "x-legacy-api-key": DEMO.apiKey };

/** Where the instances keep their budgets: `url()` is read once the file's own set-up ran. */
export interface SharedRedis {
  url: () => string;
  prefix: string;
  /** Removes what the suite left under `prefix` (a cluster stopped afterwards needs nothing). */
  cleanUp?: () => Promise<void>;
}

/** Registers the suite under `title`. */
export function budgetAcrossInstances(title: string, redis: SharedRedis): void {
  describe(title, () => {
    let stack: Stack;
    let a: Gateway;
    let b: Gateway;
    beforeAll(async () => {
      const env = {
        REDIS_URL: redis.url(),
        EVENT_LOG_KEY_PREFIX: redis.prefix,
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
    }, 60_000);
    afterAll(async () => {
      await stack?.close();
      await redis.cleanUp?.();
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

    it("with operations that spend what they ask for (the caller's address)", async () => {
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

    it("with operations that ask for more than they spend (the caller's accepted key), the unspent part given back", async () => {
      // Asks 1 + 10 (each client's lists counted at 10); sends 1 + the demo account's clients.
      const { answers, calls, seconds } = await burst("{ clients { lists { id } } }", 40, KEY);
      const admitted = answers.filter((r) => r.status === 200);
      expect(admitted.length).toBeGreaterThan(0);
      expect(answers.some((r) => r.status === 429)).toBe(true);
      const requested = (admitted[0]?.body as { extensions: { cost: { requestedQueryCost: number } } }).extensions.cost
        .requestedQueryCost;
      expect(calls).toBeLessThanOrEqual(BUDGET + Math.ceil(seconds * RESTORE_PER_S) + requested);
    });
  });
}
