/**
 * Memory of idle subscriptions: the gateway's resident set (VmRSS) holding 10,000 idle graphql-ws
 * ListFeed subscriptions, one per connection, all sharing one execution and then each on its own
 * (a distinct connection param). Read before, once a probe event reached all, 5 s later and after a
 * full collection. The gateway runs compiled as in production (`--tsx`: through tsx, which adds
 * its own memory). Target: ≤ 300 MB.
 * Run: npx tsx bench/events-idle-rss.ts [subscriptions] [--tsx]
 */
import { readFile } from "node:fs/promises";
import { DEMO } from "../src/sandbox/demo-data.js";
import { LIST_FEED, newsletterId, postLegacyWebhook, startEventGateway, subscribeEvent } from "./support/events.js";
import { startProcess, withProcesses, type BenchProcess } from "./support/processes.js";
import { startWsClients, type WsClients } from "./support/ws-processes.js";

const SUBSCRIPTIONS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 10_000);
const TARGET_MB = 300;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]);
  return kb / 1024;
}

interface Measured {
  readonly label: string;
  readonly before: number;
  readonly after: number;
  readonly settled: number;
  /** After a full garbage collection (compiled gateway only). */
  readonly collected: number;
  readonly openSeconds: number;
}

async function measure(sandbox: BenchProcess, label: string, distinct: boolean, compiled: boolean): Promise<Measured> {
  const gateway = await startEventGateway(
    {
      LEGACY_URL: sandbox.url,
      REDIS_URL: "",
      LOG_LEVEL: "warn",
      // Every connection comes from this machine's one address: one caller, as the gateway counts.
      MAX_STREAMS_PER_CALLER: String(SUBSCRIPTIONS),
    },
    // Compiled, with gc exposed for the full collection below.
    compiled ? { nodeArgs: ["--expose-gc"] } : { tsx: true },
  );
  let clients: WsClients | undefined;
  try {
    const list = await newsletterId(gateway.url);
    const before = await rssMb(gateway.pid);
    clients = startWsClients();
    const started = Date.now();
    await clients.open({
      set: "idle",
      url: `${gateway.url}/graphql`,
      count: SUBSCRIPTIONS,
      subscribe: { query: LIST_FEED, variables: { list } },
      distinct,
    });
    let reached = false;
    for (let probe = 0; probe < 30 && !reached; probe++) {
      const { done } = await clients.expect("idle", 1, 5_000);
      const tag = `${Date.now()}.${probe}`;
      await postLegacyWebhook(
        gateway.url,
        JSON.stringify({ ListID: DEMO.lists.newsletter, Events: [subscribeEvent(`idle.${tag}@example.com`, "Idle")] }),
      );
      reached = (await done).missing === 0;
    }
    if (!reached) throw new Error("the probe event did not reach every subscription");
    const openSeconds = (Date.now() - started) / 1000;
    const after = await rssMb(gateway.pid);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const settled = await rssMb(gateway.pid);
    // A full collection in the compiled gateway (SIGUSR2): what the subscriptions hold.
    let collected = Number.NaN;
    if (compiled) {
      process.kill(gateway.pid, "SIGUSR2");
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      collected = await rssMb(gateway.pid);
    }
    return { label, before, after, settled, collected, openSeconds };
  } finally {
    clients?.stop();
    await gateway.stop();
  }
}

await withProcesses(async () => {
  // The gateway runs as `npm run build && npm run start:prod` runs it (--tsx: through tsx instead).
  const compiled = !process.argv.includes("--tsx");
  const sandbox = await startProcess("legacy-sandbox", { tsx: true });
  const results = [
    await measure(sandbox, `${SUBSCRIPTIONS.toLocaleString("en-US")} sharing one execution`, false, compiled),
    await measure(sandbox, `${SUBSCRIPTIONS.toLocaleString("en-US")} each on its own`, true, compiled),
  ];
  console.log(
    `node ${process.version}; gateway (${compiled ? "compiled, plain node" : "through tsx"}; in-memory event log), ` +
      `clients and sandbox in processes of their own; ` +
      `one subscription per connection; in place = a probe event reached all of them\n`,
  );
  const mb = (v: number) => v.toFixed(0).padStart(9);
  console.log(
    `${"idle ListFeed subscriptions".padEnd(32)}  ${"RSS before".padStart(9)}  ${"with them".padStart(9)}  ${"+5 s".padStart(9)}  ${"after GC".padStart(9)}  ${"KB each".padStart(8)}  ${"open s".padStart(7)}`,
  );
  for (const r of results) {
    const held = Number.isNaN(r.collected) ? r.settled : r.collected;
    const each = ((held - r.before) * 1024) / SUBSCRIPTIONS;
    console.log(
      `${r.label.padEnd(32)}  ${mb(r.before)}  ${mb(r.after)}  ${mb(r.settled)}  ${mb(r.collected)}  ${each.toFixed(1).padStart(8)}  ${r.openSeconds.toFixed(1).padStart(7)}`,
    );
  }
  const worst = Math.max(...results.map((r) => Math.max(r.after, r.settled)));
  console.log(
    `RSS in MB. Largest: ${worst.toFixed(0)} MB against the target of ≤ ${TARGET_MB} MB: ` +
      `${worst <= TARGET_MB ? "met" : "NOT met"}\n`,
  );
  await sandbox.stop();
});
