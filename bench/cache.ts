/**
 * The shared cache of backend reads: (1) the Overview's p50 with 20 ms added to every backend reply,
 * warm cache (and its backend calls) against the same gateway without the cache (target ≤ 0.1×, 0
 * calls); (2) `{ clients { id name } }` requests per second with a warm cache, in memory and in
 * Redis, against the bare server making the backend call (target ≥ 1.0×), with a minimal yoga answering
 * from memory beside them as the floor any yoga server meets; (3) 200 reads on instance B
 * right after a write on A, both on one Redis (target 0 stale); (4) a list webhook accepted on A →
 * B's next read of the list misses (p99, target ≤ 100 ms). Needs Redis on 127.0.0.1:6379.
 * Run: npx tsx bench/cache.ts [rounds] [seconds per round]
 */
import { randomUUID } from "node:crypto";
import { DEMO } from "../src/sandbox/demo-data.js";
import { compositeId, encodeGlobalId } from "../src/schema/support/global-id.js";
import "../src/schema/legacy/refs.js";
import { load } from "./support/load.js";
import { requestOverview } from "./support/overview-request.js";
import { startProcess, withProcesses, type BenchProcess } from "./support/processes.js";
import { interleaved, median, percentile, report } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 40);
const seconds = Number(process.argv[3] ?? 4);
const DELAY_MS = 20;
const REDIS_URL = "redis://127.0.0.1:6379/13";
const INGRESS_TOKEN = "bench-cache-ingress-token-0123456789";
const CACHE_SECRET = "a bench cache secret of at least thirty-two bytes";
const base = { LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" };
const memory = { CACHE: "on" };
const redis = () => ({
  CACHE: "on",
  CACHE_SECRET,
  REDIS_URL,
  EVENT_LOG_KEY_PREFIX: `bench-${randomUUID().slice(0, 8)}:`,
});

interface Answer {
  data?: {
    node?: { stats?: { totalActiveSubscribers?: number } };
    addSubscriber?: { __typename?: string };
  };
  extensions?: { cache?: { fetched?: number } };
}

/** Posts a document; the whole answer. */
async function post(url: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as Answer;
}

const sandboxCalls = async (sandbox: BenchProcess): Promise<number> =>
  ((await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { total: number }).total;

const listId = (client: string, list: string) => encodeGlobalId("List", compositeId(client, list));

await withProcesses(async () => {
  // (1) Overview, 20 ms backends.
  {
    const sandbox = await startProcess("legacy-sandbox", { args: [String(DELAY_MS), "0"] });
    const env = { ...base, LEGACY_URL: sandbox.url };
    const bare = await startProcess("gateway", { env });
    const cached = await startProcess("gateway", { env: { ...env, ...memory } });
    await requestOverview(cached.url);
    const series = await interleaved(
      [
        { name: "Overview without the cache", run: () => requestOverview(bare.url) },
        { name: "Overview, warm cache (memory)", run: () => requestOverview(cached.url) },
      ],
      rounds,
      5,
    );
    const before = await sandboxCalls(sandbox);
    for (let i = 0; i < 20; i++) await requestOverview(cached.url);
    const warmCalls = (await sandboxCalls(sandbox)) - before;
    console.log(report(`Overview with ${DELAY_MS} ms added to every backend reply`, series));
    const p50 = (i: number) =>
      percentile(
        [...series[i]!.samples].sort((a, b) => a - b),
        50,
      );
    const ratio = p50(1) / p50(0);
    console.log(
      `Overview p50 warm ${p50(1).toFixed(2)} ms vs ${p50(0).toFixed(1)} ms uncached: ${ratio.toFixed(3)}× ` +
        `(target ≤ 0.1×: ${ratio <= 0.1 ? "met" : "NOT met"}); backend calls in 20 warm Overviews: ${warmCalls} (target 0)\n`,
    );
    await Promise.all([bare.stop(), cached.stop(), sandbox.stop()]);
  }

  // (2) { clients { id name } } requests per second.
  {
    const sandbox = await startProcess("legacy-sandbox");
    const env = { ...base, LEGACY_URL: sandbox.url };
    const sides = [
      {
        name: "bare server (one backend call per request)",
        process: await startProcess("bare-clients", { args: [sandbox.url] }),
        path: "/",
      },
      {
        name: "gateway, warm cache in memory",
        process: await startProcess("gateway", { env: { ...env, ...memory } }),
        path: "/graphql",
      },
      {
        name: "gateway, warm cache in Redis",
        process: await startProcess("gateway", { env: { ...env, ...redis() } }),
        path: "/graphql",
      },
      { name: "gateway without the cache", process: await startProcess("gateway", { env }), path: "/graphql" },
      {
        name: "minimal yoga answering from memory (no backend call): the floor of a yoga server",
        process: await startProcess("yoga-minimal", { env }),
        path: "/graphql",
      },
    ];
    const body = JSON.stringify({ query: "{ clients { id name } }" });
    const run = (side: (typeof sides)[number], durationS: number) =>
      load(`${side.process.url}${side.path}`, {
        connections: 10,
        durationS,
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    for (const side of sides) await run(side, 3);
    const rates = sides.map(() => [] as number[]);
    const turns = Math.max(2, Math.min(4, Math.round(rounds / 10)));
    for (let r = 0; r < turns; r++) {
      const order = r % 2 ? [...sides.keys()].reverse() : [...sides.keys()];
      for (const i of order) rates[i]!.push((await run(sides[i]!, seconds)).rps);
    }
    const bareRps = median(rates[0]!);
    console.log(
      `{ clients { id name } } requests per second, 10 connections, median of ${turns} runs of ${seconds} s:`,
    );
    sides.forEach((side, i) => {
      const rps = median(rates[i]!);
      console.log(`  ${side.name}: ${rps.toFixed(0)} req/s (${(rps / bareRps).toFixed(2)}× the bare server)`);
    });
    const memRatio = median(rates[1]!) / bareRps;
    const redisRatio = median(rates[2]!) / bareRps;
    const floorRatio = median(rates[4]!) / bareRps;
    const verdict = (ratio: number) => (ratio >= 1 ? "met" : "NOT met");
    console.log(
      `warm cache in memory / bare ${memRatio.toFixed(2)}× against the target of ≥ 1.0×: ${verdict(memRatio)}\n` +
        `warm cache in Redis / bare ${redisRatio.toFixed(2)}× against the target of ≥ 1.0×: ${verdict(redisRatio)}\n` +
        `floor: a minimal yoga answering from memory / bare ${floorRatio.toFixed(2)}×; warm cache in memory / that floor ${(memRatio / floorRatio).toFixed(2)}×\n`,
    );
    await Promise.all([...sides.map((s) => s.process.stop()), sandbox.stop()]);
  }

  // (3) and (4): two instances on one Redis.
  {
    const sandbox = await startProcess("legacy-sandbox");
    const shared = { ...base, LEGACY_URL: sandbox.url, ...redis(), INGRESS_TOKEN };
    const a = await startProcess("gateway", { env: shared });
    const b = await startProcess("gateway", { env: shared });
    const vip = listId(DEMO.clients.northwind, DEMO.lists.vip);
    const STATS = `query BenchCacheStats($id: ID!) { node(id: $id) { ... on List { stats { totalActiveSubscribers } } } }`;
    const ADD = `mutation BenchCacheAdd($input: AddSubscriberInput!) { addSubscriber(input: $input) { __typename } }`;
    const active = async (url: string) => {
      const answer = await post(url, STATS, { id: vip });
      return {
        count: answer.data?.node?.stats?.totalActiveSubscribers as number,
        fetched: answer.extensions?.cache?.fetched as number,
      };
    };
    let expected = (await active(b.url)).count;
    let stale = 0;
    for (let i = 0; i < 200; i++) {
      await active(b.url);
      const added = await post(a.url, ADD, { input: { listId: vip, email: `bench${i}@example.com` } });
      if (added.data?.addSubscriber?.__typename !== "AddSubscriberSuccess") throw new Error("the write failed");
      expected += 1;
      if ((await active(b.url)).count !== expected) stale += 1;
    }
    console.log(
      `read on B right after a write on A, 200 tries: ${stale} stale (target 0: ${stale === 0 ? "met" : "NOT met"})`,
    );

    const gone: number[] = [];
    for (let i = 0; i < 200; i++) {
      await active(b.url);
      if ((await active(b.url)).fetched !== 0) throw new Error("B's read was not served from the cache");
      const body = JSON.stringify({
        ListID: DEMO.lists.vip,
        Events: [
          {
            Type: "Deactivate",
            Date: "2026-03-18 03:00:00",
            EmailAddress: `gone${i}@example.com`,
            Name: "",
            State: "Unsubscribed",
            CustomFields: [],
          },
        ],
      });
      const res = await fetch(`${a.url}/webhooks/legacy/${INGRESS_TOKEN}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      if (res.status !== 202) throw new Error(`the webhook was answered ${res.status}`);
      const accepted = performance.now();
      await res.arrayBuffer();
      let read = await active(b.url);
      while (read.fetched === 0) read = await active(b.url);
      gone.push(performance.now() - accepted);
    }
    gone.sort((x, y) => x - y);
    const p99 = percentile(gone, 99);
    console.log(
      `webhook accepted on A → B's next read of the list misses, 200 tries: p50 ${percentile(gone, 50).toFixed(2)} ms, ` +
        `p99 ${p99.toFixed(2)} ms (target ≤ 100 ms: ${p99 <= 100 ? "met" : "NOT met"})`,
    );
    await Promise.all([a.stop(), b.stop(), sandbox.stop()]);
  }
});
