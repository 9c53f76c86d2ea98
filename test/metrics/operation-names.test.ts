/**
 * Which operation names get a metrics label of their own, and that no caller can take one away:
 * names of persisted documents always; others by use, at most METRICS_MAX_OPERATION_NAMES at once,
 * ranked per window, a flood of junk names taking free places only until the window ends; the
 * series of an evicted name removed, so the registry stays bounded.
 */
import { createSchema, createYoga } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { GatewayMetrics } from "../../src/metrics/index.js";
import { OperationLabels } from "../../src/metrics/labels.js";
import { useMetrics } from "../../src/plugins/metrics.js";

const WINDOW = 60_000;

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms = WINDOW) => void (now += ms) };
}

function labels(max: number, reserved: string[] = []) {
  const time = clock();
  const evicted: string[] = [];
  const ops = new OperationLabels({
    max,
    reserved,
    windowMs: WINDOW,
    now: time.now,
    onEvict: (name) => evicted.push(name),
  });
  return { ops, time, evicted };
}

describe("operation names admitted by use", () => {
  it("101 junk names take the free places, then lose them to a real name used more in the window", () => {
    const { ops, time, evicted } = labels(100);
    for (let i = 0; i < 101; i++) ops.use(`Junk${i}`);
    expect(ops.use("Overview")).toBe("other");
    for (let i = 0; i < 4; i++) ops.use("Overview");
    time.advance();
    // The window is over: Overview was used more than the least used junk name.
    expect(ops.use("Overview")).toBe("Overview");
    expect(evicted).toHaveLength(1);
    expect(evicted[0]).toMatch(/^Junk\d+$/);
    expect(ops.label(evicted[0])).toBe("other");
    // Junk100 (the 101st) was a candidate used once: no better than the junk admitted.
    expect(ops.label("Junk100")).toBe("other");
  });

  it("keeps a real name whose use outweighs junk sent again every window", () => {
    const { ops, time } = labels(100);
    for (let window = 0; window < 5; window++) {
      for (let i = 0; i < 101; i++) ops.use(`Junk${window}x${i}`);
      for (let i = 0; i < 20; i++) ops.use("Overview");
      time.advance();
    }
    expect(ops.label("Overview")).toBe("Overview");
  });

  it("does not let a flood of distinct names promote one through counts it inherited", () => {
    const { ops, time, evicted } = labels(2);
    for (let i = 0; i < 3; i++) {
      ops.use("ListsA");
      ops.use("ListsB");
    }
    for (let i = 0; i < 10_000; i++) ops.use(`Flood${i}`);
    time.advance();
    expect(ops.label("ListsA")).toBe("ListsA");
    expect(ops.label("ListsB")).toBe("ListsB");
    expect(evicted).toEqual([]);
  });

  it("lets the least used name go when the window ends, the most used candidate taking its place", () => {
    const { ops, time, evicted } = labels(2);
    ops.use("Often");
    ops.use("Often");
    ops.use("Rare");
    for (let i = 0; i < 3; i++) expect(ops.use("Newer")).toBe("other");
    time.advance();
    expect(ops.label("Newer")).toBe("Newer");
    expect(ops.label("Often")).toBe("Often");
    expect(ops.label("Rare")).toBe("other");
    expect(evicted).toEqual(["Rare"]);
  });

  it("never evicts a name a live subscription holds", () => {
    const { ops, time, evicted } = labels(1);
    expect(ops.use("Feed")).toBe("Feed");
    ops.pin("Feed");
    for (let i = 0; i < 5; i++) ops.use("Other");
    time.advance();
    expect(ops.label("Feed")).toBe("Feed");
    ops.unpin("Feed");
    for (let i = 0; i < 5; i++) ops.use("Other");
    time.advance();
    expect(ops.label("Other")).toBe("Other");
    expect(evicted).toEqual(["Feed"]);
  });

  it("admits nothing through label(), and nothing that is not a GraphQL name", () => {
    const { ops } = labels(5);
    expect(ops.label("NotYet")).toBe("other");
    expect(ops.use("jane.doe@example.com")).toBe("other");
    expect(ops.use("x".repeat(65))).toBe("other");
    expect(ops.use(null)).toBe("anonymous");
    expect(ops.label("NotYet")).toBe("other");
  });
});

describe("reserved operation names", () => {
  it("always have their label, whatever was sent before, and take no place of the others", () => {
    const { ops, time } = labels(1, ["Overview"]);
    for (let i = 0; i < 101; i++) ops.use(`Junk${i}`);
    expect(ops.use("Overview")).toBe("Overview");
    expect(ops.label("Junk0")).toBe("Junk0");
    expect(ops.use("Junk1")).toBe("other");
    time.advance();
    ops.reserve("Store");
    expect(ops.label("Store")).toBe("Store");
    expect(ops.label("Overview")).toBe("Overview");
  });
});

const schema = createSchema({ typeDefs: "type Query { ping: String }", resolvers: { Query: { ping: () => "pong" } } });

/** The distinct `operation` label values of a metric in the exposition text. */
function operationLabels(text: string, metric: string): Set<string> {
  const found = new Set<string>();
  for (const [, name] of text.matchAll(new RegExp(`^${metric}\\{[^}]*operation="([^"]*)"`, "gm"))) found.add(name!);
  return found;
}

describe("the gateway's metrics under a flood of operation names", () => {
  it("stay bounded: an evicted name's series are removed, and a real name gets its label back", async () => {
    const time = clock();
    const metrics = new GatewayMetrics({
      maxOperationNames: 3,
      operationWindowMs: WINDOW,
      now: time.now,
      processMetrics: false,
    });
    const yoga = createYoga({ schema, plugins: [useMetrics(metrics)], logging: false });
    const run = async (query: string) => {
      const res = await yoga.fetch("http://gateway/graphql", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query }),
      });
      expect(res.status).toBe(200);
      await res.text();
    };
    for (let window = 0; window < 4; window++) {
      for (let i = 0; i < 10; i++) await run(`query Junk${window}x${i} { ping }`);
      for (let i = 0; i < 12; i++) await run("query Overview { ping }");
      time.advance();
    }
    await run("query Overview { ping }");
    const { body } = await metrics.render();
    const names = operationLabels(body, "mailgraph_graphql_requests_total");
    expect(names.has("Overview")).toBe(true);
    expect(names.size).toBeLessThanOrEqual(3 + 1);
    expect(operationLabels(body, "mailgraph_graphql_request_duration_seconds_count").size).toBeLessThanOrEqual(4);
  });
});
