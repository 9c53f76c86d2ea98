/**
 * Profiling aid, not a figure: where the `Overview` query's time goes, level by level, with 20 ms
 * added to every backend reply (as in bench/overview-latency.ts). The sandbox and the gateway (or,
 * with TIMELINE_TARGET=yoga-overview, the least GraphQL server of the query) run with
 * bench/profiling/timeline-hook.ts; per level it prints the median first and last moment of each
 * step of a call, and each process's CPU per Overview. A second argument spreads the delay.
 * Usage: npx tsx bench/profiling/overview-timeline.ts [requests] [jitter ms]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { cpuTimeMs } from "../support/cpu.js";
import { requestOverview } from "../support/overview-request.js";
import { builtModule, startProcess, withProcesses } from "../support/processes.js";
import { median } from "../support/stats.js";
import type { TimelineNote } from "./timeline-hook.js";

const requests = Number(process.argv[2] ?? 60);
const delayMs = 20;
const jitterMs = Number(process.argv[3] ?? 0);
const WARMUP = 20;

const dir = mkdtempSync(join(tmpdir(), "mailgraph-timeline-"));
const hook = ["--import", builtModule("bench/profiling/timeline-hook.js")];
const env = { MAILGRAPH_TIMELINE_DIR: dir };
const reference = process.env.TIMELINE_TARGET === "yoga-overview";
/** What the output calls the server under study. */
const server = reference ? "the reference server" : "the gateway";
let pids = { sandbox: 0, gateway: 0 };
let cpu = { sandbox: 0, gateway: 0 };

await withProcesses(async () => {
  const sandbox = await startProcess("legacy-sandbox", {
    args: [String(delayMs), String(jitterMs)],
    env,
    nodeArgs: hook,
  });
  const gateway = reference
    ? await startProcess("yoga-overview", { args: [sandbox.url], env, nodeArgs: hook })
    : await startProcess("gateway", {
        env: { ...env, LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" },
        nodeArgs: hook,
      });
  pids = { sandbox: sandbox.pid, gateway: gateway.pid };
  const overview = () => requestOverview(gateway.url);
  for (let i = 0; i < WARMUP; i++) await overview();
  const before = { sandbox: cpuTimeMs(sandbox.pid), gateway: cpuTimeMs(gateway.pid) };
  for (let i = 0; i < requests; i++) await overview();
  cpu = { sandbox: cpuTimeMs(sandbox.pid) - before.sandbox, gateway: cpuTimeMs(gateway.pid) - before.gateway };
  await gateway.stop();
  await sandbox.stop();
});

// Calls are put in levels by operation (clients → their lists and campaigns → each list's stats and
// custom fields and each campaign's summary); a level's calls start once the reply each needs is in,
// so levels overlap. The two processes' clocks agree closely, not exactly: a reply may seem read
// just before it left.
const notesOf = (pid: number) => JSON.parse(readFileSync(join(dir, `${pid}.json`), "utf8")) as TimelineNote[];
const gatewayNotes = notesOf(pids.gateway);
const sandboxNotes = notesOf(pids.sandbox);
rmSync(dir, { recursive: true, force: true });

/** The times of one kind of note, by request id. */
function byId(notes: readonly TimelineNote[], kind: TimelineNote["kind"]): Map<number, number> {
  return new Map(notes.filter((n) => n.kind === kind).map((n) => [n.id, n.at]));
}
const created = byId(gatewayNotes, "call-create");
const written = byId(gatewayNotes, "call-write");
const read = byId(gatewayNotes, "call-headers");
const ended = byId(gatewayNotes, "call-end");
const received = byId(sandboxNotes, "server-start");
const answered = byId(sandboxNotes, "server-finish");

/** The Overview's calls by level: each level's calls need an answer of the level before. */
const LEVEL_OF: Readonly<Record<string, number>> = {
  "User.GetClients": 1,
  "Client.GetLists": 2,
  "Client.GetCampaigns": 2,
  "List.GetStats": 3,
  "List.GetCustomFields": 3,
  "Campaign.GetSummary": 3,
};
const labelOf = new Map([...gatewayNotes, ...sandboxNotes].map((n) => [`${n.kind}:${n.id}`, n.label]));

/** `ids` (of notes of `kind`) by level, 1 first. */
function levelsOf(ids: readonly number[], kind: TimelineNote["kind"]): number[][] {
  const levels: number[][] = [];
  for (const id of ids) {
    const operation = labelOf.get(`${kind}:${id}`) ?? "";
    const level = LEVEL_OF[operation];
    if (level === undefined) throw new Error(`the Overview made a call it does not make by design: ${operation}`);
    (levels[level - 1] ??= []).push(id);
  }
  return levels;
}

interface Level {
  calls: number;
  /** [first, last] of each moment, ms after the Overview reached the gateway. */
  created: [number, number];
  written: [number, number];
  received: [number, number];
  answered: [number, number];
  read: [number, number];
  lastEnded: number;
}

const span = (values: number[], t0: number): [number, number] => [Math.min(...values) - t0, Math.max(...values) - t0];
const starts = gatewayNotes.filter((n) => n.kind === "server-start" && n.label === "/graphql");
const finishes = byId(gatewayNotes, "server-finish");
const overviews = starts.slice(WARMUP).map((start) => {
  const t0 = start.at;
  const t1 = finishes.get(start.id)!;
  const calls = [...created].filter(([, at]) => at >= t0 && at <= t1).map(([id]) => id);
  const served = [...received].filter(([, at]) => at >= t0 && at <= t1).map(([id]) => id);
  const gatewayLevels = levelsOf(calls, "call-create");
  const sandboxLevels = levelsOf(served, "server-start");
  const levels: Level[] = gatewayLevels.map((ids, i) => {
    const at = (m: Map<number, number>, list: number[]) => list.map((id) => m.get(id) ?? Number.NaN);
    const onSandbox = sandboxLevels[i] ?? [];
    if (onSandbox.length !== ids.length)
      throw new Error(`level ${i + 1}: ${ids.length} calls, ${onSandbox.length} received`);
    return {
      calls: ids.length,
      created: span(at(created, ids), t0),
      written: span(at(written, ids), t0),
      received: span(at(received, onSandbox), t0),
      answered: span(at(answered, onSandbox), t0),
      read: span(at(read, ids), t0),
      lastEnded: Math.max(...at(ended, ids)) - t0,
    };
  });
  return { total: t1 - t0, levels };
});

const shape = overviews[0]!.levels.map((l) => l.calls).join(", ");
if (overviews.some((o) => o.levels.map((l) => l.calls).join(", ") !== shape)) {
  throw new Error("the Overviews did not all make the same calls");
}
const m = (pick: (o: (typeof overviews)[number]) => number) => median(overviews.map(pick));
const fmt = (n: number) => n.toFixed(2).padStart(6);
const pair = (pick: (l: Level) => [number, number], i: number) =>
  `${fmt(m((o) => pick(o.levels[i]!)[0]))}–${fmt(m((o) => pick(o.levels[i]!)[1])).trimStart()}`.padEnd(14);
const totalCalls = overviews[0]!.levels.reduce((n, l) => n + l.calls, 0);

console.log(
  `Overview, ${requests} requests one at a time after ${WARMUP} untimed, every backend reply held ${delayMs}${jitterMs ? ` ± ${jitterMs}` : ""} ms; ` +
    `calls by level: ${shape}; median ms after the Overview reached ${server} (first–last call of the level)\n`,
);
console.log(
  ["level", "calls", "created", "written", "backend got", "backend sent", "server read"]
    .map((h, i) => (i < 2 ? h.padStart(5) : h.padEnd(14)))
    .join("  "),
);
overviews[0]!.levels.forEach((level, i) =>
  console.log(
    [
      String(i + 1).padStart(5),
      String(level.calls).padStart(5),
      pair((l) => l.created, i),
      pair((l) => l.written, i),
      pair((l) => l.received, i),
      pair((l) => l.answered, i),
      pair((l) => l.read, i),
    ].join("  "),
  ),
);
console.log("");
const levels = overviews[0]!.levels.length;
for (let i = 0; i < levels; i++) {
  const at = (pick: (l: Level) => number) => m((o) => pick(o.levels[i]!)).toFixed(2);
  const lines = [
    i === 0
      ? `the first call created ${at((l) => l.created[0])} ms after the request arrived`
      : `the first call created ${m((o) => o.levels[i]!.created[0] - o.levels[i - 1]!.read[0]).toFixed(2)} ms after level ${i}'s first reply was read`,
    `each written ${m((o) => o.levels[i]!.written[0] - o.levels[i]!.created[0]).toFixed(2)} (first) and ${at((l) => l.written[1] - l.created[1])} (last) ms after it was created`,
    `the backend got the last ${at((l) => l.received[1] - l.written[1])} ms after it was written`,
    `its first reply left ${at((l) => l.answered[0] - l.received[0])} ms after it got the first call, its last ${at((l) => l.answered[1] - l.received[1])} ms after the last`,
    `${server} read the last reply ${at((l) => l.read[1] - l.answered[1])} ms after it left`,
  ];
  console.log(`level ${i + 1}: ${lines.join("; ")}`);
}
console.log(
  `after the last reply was read, the answer was finished ${m((o) => o.total - o.levels.at(-1)!.lastEnded).toFixed(2)} ms later; ` +
    `the Overview took ${m((o) => o.total).toFixed(2)} ms in ${server} (median)`,
);
console.log(
  `CPU per Overview: ${server} ${(cpu.gateway / requests).toFixed(2)} ms (${((cpu.gateway * 1000) / requests / totalCalls).toFixed(0)} µs per backend call), ` +
    `sandbox ${(cpu.sandbox / requests).toFixed(2)} ms (${((cpu.sandbox * 1000) / requests / totalCalls).toFixed(0)} µs per call); /proc counts in 10 ms ticks`,
);
