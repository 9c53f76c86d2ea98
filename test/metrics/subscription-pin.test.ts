/**
 * A subscription's operation name is held (not evicted) from the moment it subscribes, not from
 * when its stream starts: a window that ends while its subscribe runs (contactEvents reads the
 * caller's lists first) must not evict the name and leave its gauge's series behind for good.
 */
import { parse } from "graphql";
import { expect, it } from "vitest";
import { GatewayMetrics } from "../../src/metrics/index.js";
import { useMetrics } from "../../src/plugins/metrics.js";

interface Hooks {
  onExecute(input: { args: { document: unknown; contextValue: object } }): unknown;
  onSubscribe(input: { args: { document: unknown; contextValue: object } }): {
    onSubscribeResult(input: { result: unknown }): { onEnd(): void } | undefined;
  };
}

it("keeps no series of a subscription name evicted while its subscribe ran", async () => {
  let now = 1_000_000;
  const metrics = new GatewayMetrics({ maxOperationNames: 1, operationWindowMs: 1000, now: () => now });
  const plugin = useMetrics(metrics) as unknown as Hooks;
  const run = (text: string) => plugin.onExecute({ args: { document: parse(text), contextValue: {} } });
  for (let round = 0; round < 3; round++) {
    const name = `Sub${round}`;
    // The name holds the one place: used most in the window that ends now.
    for (let i = 0; i < 10; i++) run(`query ${name} { a }`);
    now += 1001;
    run(`query ${name} { a }`);
    const hooks = plugin.onSubscribe({ args: { document: parse(`subscription ${name} { x }`), contextValue: {} } });
    // While the subscribe runs, another name is used more and the window ends.
    for (let i = 0; i < 6; i++) run(`query Junk${round} { a }`);
    now += 1001;
    run(`query Junk${round} { a }`);
    const stream = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.resolve({ done: true, value: undefined }) }),
    };
    hooks.onSubscribeResult({ result: stream })?.onEnd();
    // The next windows may evict the name now that nothing holds it.
    for (let i = 0; i < 3; i++) {
      now += 1001;
      run(`query Other${round}x${i} { a }`);
    }
  }
  const lines = (await metrics.registry.metrics())
    .split("\n")
    .filter((line) => line.startsWith("mailgraph_subscriptions_active{"));
  // At most the name holding the one place now, besides other and anonymous: no series of names without a label.
  const names = lines.map((line) => /operation="([^"]*)"/.exec(line)?.[1]);
  expect(names.filter((n) => n !== undefined && /^Sub\d$/.test(n))).toEqual([]);
});
