/**
 * Profiling aid, not a figure: an A/B of several gateway builds in one run, interleaved, on
 * `{ clients { id name } }`: requests per second, CPU per request (/proc) and bytes promoted per
 * request (`--trace-gc-nvp` scavenges), each build against the one before it and the first.
 * Builds are directories compiled with bench/support/tsconfig.processes.json (`--outDir`).
 * Usage: npx tsx bench/profiling/primitives-ab.ts label=dir [label=dir ...] [-- rounds seconds]
 */
import { DEMO } from "../../src/sandbox/demo-data.js";
import { cpuTimeMs } from "../support/cpu.js";
import { load } from "../support/load.js";
import { startProcess, withProcesses, type BenchProcess } from "../support/processes.js";
import { median } from "../support/stats.js";

const dash = process.argv.indexOf("--");
const specs = process.argv.slice(2, dash < 0 ? undefined : dash);
const [rounds = 4, seconds = 5] = dash < 0 ? [] : process.argv.slice(dash + 1).map(Number);
const CONNECTIONS = 10;
const WARMUP_S = 6;
const QUERY = "{ clients { id name } }";
if (specs.length < 2) throw new Error("give at least two builds as label=dir");

interface Side {
  label: string;
  process: BenchProcess;
  /** Promoted and allocated bytes of the scavenges seen while measuring. */
  gc: { measuring: boolean; promoted: number; allocated: number };
}

interface Round {
  rps: number;
  cpuUsPerRequest: number;
  promotedPerRequest: number;
  allocatedPerRequest: number;
}

const field = (line: string, name: string): number =>
  Number(new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(line)?.[1] ?? 0);

await withProcesses(async () => {
  const builds = specs.map((spec) => {
    const at = spec.indexOf("=");
    return { label: spec.slice(0, at), dir: spec.slice(at + 1) };
  });
  const sandbox = await startProcess("legacy-sandbox", { build: builds[0]!.dir });
  const env = { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" };
  const sides: Side[] = [];
  for (const { label, dir } of builds) {
    const gc = { measuring: false, promoted: 0, allocated: 0 };
    const process = await startProcess("gateway", {
      env,
      build: dir,
      nodeArgs: ["--trace-gc-nvp"],
      onOutput: (line) => {
        if (!gc.measuring || !/(?:^|\s)gc=s\s/.test(line)) return;
        gc.promoted += field(line, "promoted");
        gc.allocated += field(line, "allocated");
      },
    });
    sides.push({ label, process, gc });
  }
  const body = JSON.stringify({ query: QUERY });
  const run = async (side: Side, durationS: number): Promise<Round> => {
    const url = `${side.process.url}/graphql`;
    const cpuBefore = cpuTimeMs(side.process.pid);
    Object.assign(side.gc, { measuring: true, promoted: 0, allocated: 0 });
    const result = await load(url, {
      connections: CONNECTIONS,
      durationS,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    side.gc.measuring = false;
    if (result.failed > 0) throw new Error(`${result.failed} requests failed at ${side.label}`);
    return {
      rps: result.rps,
      cpuUsPerRequest: ((cpuTimeMs(side.process.pid) - cpuBefore) * 1000) / result.ok,
      promotedPerRequest: side.gc.promoted / result.ok,
      allocatedPerRequest: side.gc.allocated / result.ok,
    };
  };
  for (const side of sides) await run(side, WARMUP_S);
  const rows: Round[][] = [];
  for (let i = 0; i < rounds; i++) {
    // Each round starts with another side, and every other round runs backwards.
    const order = sides.map((_, j) => (j + i) % sides.length);
    if (i % 2 === 1) order.reverse();
    const row: Round[] = [];
    for (const j of order) row[j] = await run(sides[j]!, seconds);
    rows.push(row);
    console.log(
      `round ${i + 1}: ` +
        row
          .map(
            (r, j) =>
              `${sides[j]!.label} ${r.rps.toFixed(0)} req/s ${r.cpuUsPerRequest.toFixed(0)} µs ${r.promotedPerRequest.toFixed(0)} B promoted`,
          )
          .join("; "),
    );
  }
  console.log(
    `\nnode ${process.version}; ${rounds} rounds of ${seconds} s per build after ${WARMUP_S} s warm-up each, ` +
      `order rotated and reversed every other round; autocannon -c ${CONNECTIONS}; ${QUERY}`,
  );
  console.log(
    "build              req/s  CPU µs/req  promoted B/req  allocated B/req  req/s vs prev  CPU vs prev  req/s vs first  CPU vs first",
  );
  const med = (j: number, pick: (r: Round) => number) => median(rows.map((row) => pick(row[j]!)));
  const ratio = (j: number, base: number, pick: (r: Round) => number) =>
    median(rows.map((row) => pick(row[j]!) / pick(row[base]!)));
  for (const [j, side] of sides.entries()) {
    const prev = Math.max(0, j - 1);
    console.log(
      `${side.label.padEnd(16)} ${med(j, (r) => r.rps)
        .toFixed(0)
        .padStart(7)}  ${med(j, (r) => r.cpuUsPerRequest)
        .toFixed(0)
        .padStart(10)}  ${med(j, (r) => r.promotedPerRequest)
        .toFixed(0)
        .padStart(14)}  ${med(j, (r) => r.allocatedPerRequest)
        .toFixed(0)
        .padStart(15)}  ${ratio(j, prev, (r) => r.rps)
        .toFixed(3)
        .padStart(13)}  ${ratio(j, prev, (r) => r.cpuUsPerRequest)
        .toFixed(3)
        .padStart(11)}  ${ratio(j, 0, (r) => r.rps)
        .toFixed(3)
        .padStart(14)}  ${ratio(j, 0, (r) => r.cpuUsPerRequest)
        .toFixed(3)
        .padStart(12)}`,
    );
  }
  await Promise.all([...sides.map((s) => s.process.stop()), sandbox.stop()]);
});
