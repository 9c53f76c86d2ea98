/**
 * Profiling aid, not a figure: machine instructions per request under valgrind's callgrind, the
 * gateway against the bare baseline (support/bare-clients.ts). A count does not move when other work
 * shares the machine, so it settles a before/after (BENCH_BEFORE_BUILD) of a few percent that CPU time
 * cannot; read the all-threads figure (GC work moves between threads) and warm up long (V8's
 * optimiser still dominates early). INSTR_REFERENCE=1 counts support/yoga-overview.ts too;
 * INSTR_ENV (JSON) adds to the gateways' environment, e.g. '{"CACHE":"on"}' for the warm-cache path.
 * Usage: npx tsx bench/profiling/instructions.ts [requests] [warmup] [query]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Pool } from "undici";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startProcess, withProcesses, type Role } from "../support/processes.js";

const requests = Number(process.argv[2] ?? 1000);
// After 3,000 requests V8's optimising compiler still took 31 % of the gateway's counted
// instructions; after 10,000, about 11 %.
const warmup = Number(process.argv[3] ?? 10_000);
const query = process.argv[4] ?? "{ clients { id name } }";
const CONNECTIONS = 10;
const beforeBuild = process.env.BENCH_BEFORE_BUILD;

/** Sends `count` POSTs of `body` to `url`, `CONNECTIONS` at a time; every one must answer 200. */
async function send(url: string, body: string, count: number): Promise<void> {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections: CONNECTIONS });
  let left = count;
  const worker = async () => {
    while (left > 0) {
      left--;
      const reply = await pool.request({
        path: pathname,
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const text = await reply.body.text();
      if (reply.statusCode !== 200 || text.includes('"errors"')) {
        throw new Error(`${url} answered ${reply.statusCode}: ${text.slice(0, 200)}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    await pool.close();
  }
}

/** Instructions of the callgrind dump in `dir` (one file per thread): the main thread's, and all threads'. */
function dumpedInstructions(dir: string): { main: number; all: number } {
  const files = readdirSync(dir).filter((name) => /\.1-\d+$/.test(name));
  let main = Number.NaN;
  let all = 0;
  for (const file of files) {
    const text = readFileSync(join(dir, file), "utf8");
    const totals = /^(?:totals|summary): (\d+)/m.exec(text);
    if (!totals) throw new Error(`no totals in ${file}`);
    all += Number(totals[1]);
    if (file.endsWith(".1-01")) main = Number(totals[1]);
  }
  if (Number.isNaN(main)) throw new Error(`no dump of the main thread in ${dir}: ${files.join(", ")}`);
  return { main, all };
}

await withProcesses(async () => {
  const sandbox = await startProcess("legacy-sandbox");
  const env = {
    LEGACY_URL: sandbox.url,
    LEGACY_API_KEY: DEMO.apiKey,
    AUTH_MODE: "open",
    ...(JSON.parse(process.env.INSTR_ENV ?? "{}") as Record<string, string>),
  };
  const sides: { name: string; role: Role; path: string; args?: string[]; build?: string }[] = [
    { name: "gateway", role: "gateway", path: "/graphql" },
    { name: "bare", role: "bare-clients", path: "/", args: [sandbox.url] },
  ];
  if (process.env.INSTR_REFERENCE === "1") {
    sides.push({ name: "least GraphQL", role: "yoga-overview", path: "/graphql", args: [sandbox.url] });
  }
  if (beforeBuild) {
    sides.push({
      name: "gateway before",
      role: "gateway",
      path: "/graphql",
      build: beforeBuild,
    });
  }
  const body = JSON.stringify({ query });
  const perRequest = new Map<string, { main: number; all: number; dir: string }>();
  for (const side of sides) {
    const dir = mkdtempSync(join(tmpdir(), "mailgraph-instr-"));
    const server = await startProcess(side.role, {
      env,
      ...(side.args ? { args: side.args } : {}),
      ...(side.build ? { build: side.build } : {}),
      wrap: {
        command: [
          "valgrind",
          "--quiet",
          "--tool=callgrind",
          "--instr-atstart=no",
          "--separate-threads=yes",
          `--callgrind-out-file=${dir}/callgrind.%p`,
        ],
        startTimeoutMs: 300_000,
      },
    });
    const url = `${server.url}${side.path}`;
    await send(url, body, warmup);
    execFileSync("callgrind_control", ["--instr=on", String(server.pid)], { stdio: "pipe" });
    await send(url, body, requests);
    execFileSync("callgrind_control", ["--dump", String(server.pid)], { stdio: "pipe" });
    const counted = dumpedInstructions(dir);
    perRequest.set(side.name, { main: counted.main / requests, all: counted.all / requests, dir });
    await server.stop();
  }
  console.log(
    `node ${process.version}; ${query}; ${warmup} requests of warm-up, then ${requests} counted, ` +
      `${CONNECTIONS} at a time; each server alone under callgrind, the sandbox in its own process\n`,
  );
  const bare = perRequest.get("bare")!;
  // Instructions, not time: cache misses and kernel work do not show. The main thread's count of
  // one build moved 5.7 % between two sides of a run as GC work shifted threads; all threads', 0.1 %.
  console.log("server            main thread per request  against bare    all threads per request  against bare");
  for (const [name, count] of perRequest) {
    console.log(
      `${name.padEnd(18)}${Math.round(count.main).toLocaleString("en").padStart(23)}${(count.main / bare.main).toFixed(2).padStart(14)}` +
        `${Math.round(count.all).toLocaleString("en").padStart(27)}${(count.all / bare.all).toFixed(2).padStart(14)}`,
    );
  }
  // The dumps stay for callgrind_annotate (one file per thread; `.1-01` is the main thread's).
  console.log(`\ndumps: ${[...perRequest].map(([name, count]) => `${name} ${count.dir}`).join("; ")}`);
  await sandbox.stop();
});
