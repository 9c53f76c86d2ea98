/**
 * One instance caching in memory, over real HTTP: a warm request makes no backend call and says in
 * extensions.cache what was served and how old it is; Cache-Control: no-cache reads everything from
 * the backend again (as many calls as uncached); /metrics shows hits, misses and bytes held.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { startGateway } from "../support/stack.js";
import { post } from "./support.js";

const CLIENTS = `query CacheReportClients { clients { id name lists { id name } } }`;

let legacy: LegacySandbox;
let gateway: Gateway;
beforeAll(async () => {
  legacy = await startLegacySandbox();
  gateway = await startGateway(legacy.url, { CACHE: "on" });
});
afterAll(async () => {
  await gateway.close();
  await legacy.close();
});

const calls = () => legacy.calls.entries().length;

describe("a warm cache in memory", () => {
  it("answers without a backend call and reports what it served", async () => {
    legacy.calls.reset();
    const cold = await post(gateway.url, CLIENTS);
    const made = calls();
    expect(made).toBeGreaterThan(1);
    expect(cold.extensions?.cache).toEqual({ served: 0, fetched: made });

    legacy.calls.reset();
    const warm = await post(gateway.url, CLIENTS);
    expect(calls()).toBe(0);
    expect(warm.data).toEqual(cold.data);
    expect(warm.extensions?.cache).toMatchObject({ served: made, fetched: 0 });
    expect((warm.extensions?.cache as { age: number }).age).toBeGreaterThanOrEqual(0);
  });

  it("reads from the backend again for Cache-Control: no-cache, as many calls as uncached", async () => {
    await post(gateway.url, CLIENTS);
    legacy.calls.reset();
    const fresh = await post(gateway.url, CLIENTS, {}, { "cache-control": "no-cache" });
    const made = calls();
    expect(made).toBeGreaterThan(1);
    expect(fresh.extensions?.cache).toEqual({ served: 0, fetched: made });
  });

  it("counts hits, misses and bytes held in /metrics", async () => {
    await post(gateway.url, CLIENTS);
    const text = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(text).toMatch(/mailgraph_cache_reads_total\{backend="legacy",result="hit"\} [1-9]/);
    expect(text).toMatch(/mailgraph_cache_reads_total\{backend="legacy",result="miss"\} [1-9]/);
    expect(text).toMatch(/mailgraph_cache_bytes [1-9]/);
    expect(text).toMatch(/mailgraph_cache_invalidations_total\{reason="write"\} 0/);
  });
});
