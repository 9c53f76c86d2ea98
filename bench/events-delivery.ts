/**
 * Live event delivery across instances: a single-event legacy webhook POSTed to gateway A until a
 * graphql-ws `listEvents` subscriber on gateway B receives it through Redis Streams (REDIS_URL,
 * default database 13, flushed first), one at a time, sender and subscriber on this process's clock.
 * Target: p99 ≤ 100 ms with none lost.
 * Run: npx tsx bench/events-delivery.ts [events]
 */
import { performance } from "node:perf_hooks";
import { createClient, type Client } from "graphql-ws";
import { WebSocket } from "ws";
import { DEMO } from "../src/sandbox/demo-data.js";
import { percentile } from "./support/stats.js";
import { flushRedis, newsletterId, postLegacyWebhook, startEventGateway, subscribeEvent } from "./support/events.js";
import { startProcess, withProcesses } from "./support/processes.js";

const events = Number(process.argv[2] ?? 500);
const WARMUP = 20;
const TARGET_P99_MS = 100;
/** An event not delivered within this counts as lost (and the run goes on). */
const DELIVERY_TIMEOUT_MS = 5_000;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/13";

const LIST_FEED = `subscription ListFeed($list: ID!) { listEvents(listId: $list) { __typename name emailAddress } }`;

/** Waiters by event Name. */
const waiting = new Map<string, (at: number) => void>();

function webhookBody(name: string): string {
  const email = `${name.replace(/\W+/g, ".")}.${Date.now()}@example.com`;
  return JSON.stringify({ Events: [subscribeEvent(email, name)], ListID: DEMO.lists.newsletter });
}

/** Sends one webhook to A; resolves with send → 2xx and send → delivery on B, in ms (delivery NaN if lost). */
async function sendOne(gatewayA: string, name: string): Promise<{ accepted: number; delivered: number }> {
  const body = webhookBody(name);
  let timer: NodeJS.Timeout | undefined;
  const arrival = new Promise<number>((resolve) => {
    waiting.set(name, resolve);
    timer = setTimeout(() => resolve(Number.NaN), DELIVERY_TIMEOUT_MS);
  });
  const start = performance.now();
  await postLegacyWebhook(gatewayA, body);
  const accepted = performance.now() - start;
  const at = await arrival;
  clearTimeout(timer);
  waiting.delete(name);
  return { accepted, delivered: at - start };
}

function figures(label: string, samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(2).padStart(8);
  return `${label.padEnd(26)}  ${String(sorted.length).padStart(5)}  ${at(50)}  ${at(95)}  ${at(99)}  ${(sorted.at(-1) ?? Number.NaN).toFixed(2).padStart(8)}`;
}

let client: Client | undefined;
await withProcesses(async () => {
  await flushRedis(redisUrl);
  // Every process runs its sources through tsx.
  const sandbox = await startProcess("legacy-sandbox", { tsx: true });
  const env = { LEGACY_URL: sandbox.url, REDIS_URL: redisUrl };
  const a = await startEventGateway(env, { tsx: true });
  const b = await startEventGateway(env, { tsx: true });
  const listId = await newsletterId(b.url);

  client = createClient({ url: `${b.url.replace(/^http/, "ws")}/graphql`, webSocketImpl: WebSocket, retryAttempts: 0 });
  let failure: unknown;
  client.subscribe<{ listEvents: { name: string } }>(
    { query: LIST_FEED, variables: { list: listId } },
    {
      next: (result) => {
        const at = performance.now();
        const name = result.data?.listEvents.name;
        if (name !== undefined) waiting.get(name)?.(at);
        if (result.errors) failure = result.errors;
      },
      error: (error) => void (failure = error),
      complete: () => undefined,
    },
  );
  // No acknowledgement says a subscription is in place: send probes until one arrives.
  for (let probe = 0; ; probe++) {
    if (failure) throw new Error(`the subscription failed: ${JSON.stringify(failure)}`);
    if (probe === 20) throw new Error("no probe event reached the subscriber");
    const { delivered } = await sendOne(a.url, `probe ${probe}`);
    if (!Number.isNaN(delivered)) break;
  }

  for (let i = 0; i < WARMUP; i++) await sendOne(a.url, `warm-up ${i}`);
  const accepted: number[] = [];
  const delivered: number[] = [];
  let lost = 0;
  for (let i = 0; i < events; i++) {
    const r = await sendOne(a.url, `bench event ${i}`);
    accepted.push(r.accepted);
    if (Number.isNaN(r.delivered)) lost++;
    else delivered.push(r.delivered);
  }
  if (failure) throw new Error(`the subscription failed: ${JSON.stringify(failure)}`);

  console.log(
    `node ${process.version}; ${events} single-event webhooks one at a time after ${WARMUP} warm-up ones; ` +
      `sandbox, gateway A and gateway B in child processes, sender and subscriber in this one\n`,
  );
  console.log("Legacy webhook on A → listEvents subscriber (graphql-ws) on B, through Redis Streams");
  console.log(
    `${"measure".padEnd(26)}  ${"n".padStart(5)}  ${"p50 ms".padStart(8)}  ${"p95 ms".padStart(8)}  ${"p99 ms".padStart(8)}  ${"max ms".padStart(8)}`,
  );
  console.log(figures("POST on A → 2xx", accepted));
  console.log(figures("POST on A → event on B", delivered));
  const p99 = percentile(
    [...delivered].sort((x, y) => x - y),
    99,
  );
  console.log(
    `lost (not delivered in ${DELIVERY_TIMEOUT_MS} ms): ${lost}; delivery p99 ${p99.toFixed(1)} ms against the ` +
      `target of ≤ ${TARGET_P99_MS} ms: ${p99 <= TARGET_P99_MS && lost === 0 ? "met" : "NOT met"}\n`,
  );
  await client.dispose();
  await Promise.all([a.stop(), b.stop(), sandbox.stop()]);
}).finally(() => client?.dispose());
