/**
 * A query answered in parts (@defer over multipart/mixed) in /metrics: the errors of its later
 * parts are counted by code, and the request is counted once, with its latency, when its last part
 * has gone (or the caller has left), not when the first one goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Gateway } from "../../src/server.js";
import { startLegacyProxy, type LegacyProxy } from "../e2e/support/legacy-proxy.js";
import { send } from "../server/support.js";
import { allParts, mergeParts, readParts, type Part } from "../support/incremental-parts.js";
import { startGateway, startStack } from "../support/stack.js";

const DEFERRED_LISTS = `query DeferredLists { clients { id name ... @defer(label: "Lists") { lists { id name } } } }`;
const OPERATION = { operation: "DeferredLists" };

const startSandbox = () => startStack({ gateway: false });
let stack: Awaited<ReturnType<typeof startSandbox>>;
let proxy: LegacyProxy;
let gateway: Gateway;
beforeAll(async () => {
  stack = await startSandbox();
  proxy = await startLegacyProxy(stack.legacy.url);
  gateway = await startGateway(proxy.url);
});
afterAll(async () => {
  await gateway?.close();
  await proxy?.close();
  await stack?.close();
});

function postDeferred(signal?: AbortSignal, origin = gateway.url): Promise<Response> {
  return fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "multipart/mixed" },
    body: JSON.stringify({ query: DEFERRED_LISTS }),
    signal,
  });
}

/** The sum of the samples of `name` in /metrics whose labels include `labels`. */
async function sample(name: string, labels: Record<string, string> = {}, origin = gateway.url): Promise<number> {
  const res = await send(`${origin}/metrics`);
  expect(res.status).toBe(200);
  let sum = 0;
  for (const line of res.text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) sum += Number(match[3]);
  }
  return sum;
}

const counted = async () => ({
  requests: await sample("mailgraph_graphql_requests_total", { ...OPERATION, type: "query" }),
  timed: await sample("mailgraph_graphql_request_duration_seconds_count", { ...OPERATION, type: "query" }),
});

describe("a deferred query in /metrics", () => {
  it("counts the errors of its later parts by code", async () => {
    // Every client's lists fail: the clients arrive, each deferred part carries an error.
    proxy.scriptResult("Client.GetLists", 100);
    try {
      const before = await counted();
      const parts = await allParts(await postDeferred());
      expect(parts[0]?.errors ?? []).toEqual([]);
      const codes = mergeParts(parts).errors.map((e) => e.extensions?.code ?? "INTERNAL_SERVER_ERROR");
      expect(codes.length).toBeGreaterThan(0);
      const byCode = new Map<string, number>();
      for (const code of codes) byCode.set(code, (byCode.get(code) ?? 0) + 1);
      const counts = new Map<string, number>();
      for (const code of byCode.keys()) {
        counts.set(code, await sample("mailgraph_graphql_errors_total", { ...OPERATION, code }));
      }
      // Counted from zero in this gateway: this is the only failing DeferredLists so far.
      expect(counts).toEqual(byCode);
      expect(await counted()).toEqual({ requests: before.requests + 1, timed: before.timed + 1 });
    } finally {
      proxy.clear();
    }
  });

  it("counts the request once, when its last part has gone, not when the first goes out", async () => {
    const before = await counted();
    const release = proxy.hold("Client.GetLists");
    let released = false;
    try {
      const parts: Part[] = [];
      for await (const part of readParts(await postDeferred())) {
        parts.push(part);
        if (parts.length === 1) {
          // The clients are out; every list is still being read: the request has not ended.
          expect(part.hasNext).toBe(true);
          expect(await counted()).toEqual(before);
          release();
          released = true;
        }
      }
      expect(parts.at(-1)?.hasNext).toBe(false);
      expect(await counted()).toEqual({ requests: before.requests + 1, timed: before.timed + 1 });
    } finally {
      if (!released) release();
    }
  });

  it("counts the request once when the caller leaves after the first part", async () => {
    const before = await counted();
    const release = proxy.hold("Client.GetLists");
    const controller = new AbortController();
    try {
      const parts = readParts(await postDeferred(controller.signal));
      const first = await parts.next();
      expect((first.value as Part).hasNext).toBe(true);
      controller.abort();
      await parts.return(undefined).catch(() => undefined);
      const after = { requests: before.requests + 1, timed: before.timed + 1 };
      // The gateway learns of the hang-up when its socket closes: polled, not timed.
      let now = await counted();
      for (let i = 0; i < 100 && now.requests === before.requests; i++) {
        await new Promise((r) => setTimeout(r, 50));
        now = await counted();
      }
      expect(now).toEqual(after);
    } finally {
      release();
    }
    // The lists read after the caller left add nothing.
    await new Promise((r) => setTimeout(r, 200));
    expect((await counted()).requests).toBe(before.requests + 1);
  });

  it("counts the request once, with the deadline's errors, when the deadline ends its parts", async () => {
    const short = await startGateway(proxy.url, { REQUEST_DEADLINE_MS: "500" });
    const release = proxy.hold("Client.GetLists");
    try {
      const parts = await allParts(await postDeferred(undefined, short.url));
      expect(parts.at(-1)?.hasNext).toBe(false);
      const codes = new Set(mergeParts(parts).errors.map((e) => e.extensions?.code ?? "INTERNAL_SERVER_ERROR"));
      expect(codes.size).toBe(1);
      const [code] = [...codes];
      const errors = mergeParts(parts).errors.length;
      const labels = { ...OPERATION, type: "query" };
      expect(await sample("mailgraph_graphql_requests_total", labels, short.url)).toBe(1);
      expect(await sample("mailgraph_graphql_request_duration_seconds_count", labels, short.url)).toBe(1);
      expect(await sample("mailgraph_graphql_errors_total", { ...OPERATION, code: code! }, short.url)).toBe(errors);
    } finally {
      release();
      await short.close();
    }
  });
});
