/**
 * Webhook ingress of a full legacy batch: POST of 1,000 list events → 2xx, with the in-memory event
 * log and with Redis Streams (REDIS_URL, default database 12, flushed first). Gateways run compiled
 * (`--tsx`: through tsx), the cases interleaved, every batch new (the log skips a body it has seen).
 * COMPARE_TREE=<checkout>: that checkout's Redis gateway joins, all through tsx. Target: p50 ≤ 20 ms.
 * Run: npx tsx bench/events-batch.ts [rounds] [--tsx]
 */
import { DEMO } from "../src/sandbox/demo-data.js";
import { percentile, report, timed, type Series } from "./support/stats.js";
import { flushRedis, postLegacyWebhook, startEventGateway, subscribeEvent } from "./support/events.js";
import { withProcesses, type ProcessOptions } from "./support/processes.js";

const rounds = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 100);
/** The COMPARE_TREE checkout runs through tsx: then so do the others. */
const compiled = !process.argv.includes("--tsx") && !process.env.COMPARE_TREE;
const code: ProcessOptions = compiled ? {} : { tsx: true };
const WARMUP = 10;
const EVENTS_PER_BATCH = 1_000;
const TARGET_P50_MS = 20;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379/12";

/** A backend address nothing listens on: ingress never calls the legacy service. */
const UNUSED_LEGACY_URL = "http://127.0.0.1:9";

let batchNo = 0;
/** A batch of distinct Subscribe events on the demo newsletter, different from every earlier one. */
function nextBatch(): string {
  const b = ++batchNo;
  const stamp = Date.now();
  const events = Array.from({ length: EVENTS_PER_BATCH }, (_, i) =>
    subscribeEvent(`batch${b}.person${i}.${stamp}@example.com`, `Batch ${b} Person ${i}`),
  );
  return JSON.stringify({ Events: events, ListID: DEMO.lists.newsletter });
}

await withProcesses(async () => {
  await flushRedis(redisUrl);
  const env = { LEGACY_URL: UNUSED_LEGACY_URL };
  const memory = await startEventGateway(env, code);
  const redis = await startEventGateway({ ...env, REDIS_URL: redisUrl }, code);
  const cases = [
    { name: "in-memory log", url: memory.url },
    { name: "Redis Streams log", url: redis.url },
  ];
  // COMPARE_TREE: a checkout of an earlier commit (git worktree add --detach <dir> <commit>, with
  // node_modules linked in) whose Redis gateway runs interleaved with this one: before and after.
  const compareTree = process.env.COMPARE_TREE;
  if (compareTree) {
    const earlier = await startEventGateway({ ...env, REDIS_URL: redisUrl }, { tsx: compareTree });
    cases.push({ name: "Redis, COMPARE_TREE", url: earlier.url });
  }

  const bodyBytes = Buffer.byteLength(nextBatch());
  for (let i = 0; i < WARMUP; i++) for (const c of cases) await postLegacyWebhook(c.url, nextBatch());
  const series: Series[] = cases.map((c) => ({ name: c.name, samples: [] }));
  for (let i = 0; i < rounds; i++) {
    for (const [index, c] of cases.entries()) {
      const body = nextBatch(); // built outside the timed part
      series[index]?.samples.push(await timed(() => postLegacyWebhook(c.url, body)));
    }
  }

  console.log(
    `node ${process.version}; ${rounds} interleaved rounds per case after ${WARMUP} warm-up rounds; ` +
      `gateways (${compiled ? "compiled, plain node" : "through tsx"}) in child processes, load from this one\n`,
  );
  console.log(
    report(
      `Legacy webhook of ${EVENTS_PER_BATCH} events (JSON, ${(bodyBytes / 1024).toFixed(0)} KB): POST → 2xx`,
      series,
    ),
  );
  for (const s of series) {
    const p50 = percentile(
      [...s.samples].sort((a, b) => a - b),
      50,
    );
    console.log(
      `${s.name}: p50 ${p50.toFixed(1)} ms against the target of ≤ ${TARGET_P50_MS} ms: ${p50 <= TARGET_P50_MS ? "met" : "NOT met"}`,
    );
  }
  console.log("");
  await Promise.all([memory.stop(), redis.stop()]);
});
