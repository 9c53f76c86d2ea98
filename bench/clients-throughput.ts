/**
 * `{ clients { id name } }` requests per second and CPU per request (/proc, which drifts less than
 * rates on a shared host) through the gateway, against a bare node:http server making the same
 * User.GetClients call (support/bare-clients.ts) and the least GraphQL server of it
 * (support/yoga-overview.ts). Every server has a process, autocannon another; sides take turns,
 * reversed every other round. BENCH_BEFORE_BUILD adds another build's gateway. Target: gateway / bare ≥ 0.5.
 * Run: npx tsx bench/clients-throughput.ts [rounds] [seconds per round]
 */
import { DEMO } from "../src/sandbox/demo-data.js";
import { cpuTimeMs } from "./support/cpu.js";
import { load, type LoadResult } from "./support/load.js";
import { startProcess, withProcesses, type BenchProcess } from "./support/processes.js";
import { median } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 6);
const seconds = Number(process.argv[3] ?? 5);
const CONNECTIONS = 10;
const TARGET = 0.5;
const WARMUP_S = 6;
const QUERY = "{ clients { id name } }";
const beforeBuild = process.env.BENCH_BEFORE_BUILD;

interface Round extends LoadResult {
  cpuUsPerRequest: number;
}

await withProcesses(async () => {
  const sandbox = await startProcess("legacy-sandbox");
  const env = { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" };
  const sides: { name: string; process: BenchProcess; path: string }[] = [
    { name: "gateway", process: await startProcess("gateway", { env }), path: "/graphql" },
    { name: "bare", process: await startProcess("bare-clients", { args: [sandbox.url] }), path: "/" },
    {
      name: "least GraphQL server",
      process: await startProcess("yoga-overview", { args: [sandbox.url] }),
      path: "/graphql",
    },
  ];
  if (beforeBuild) {
    const before = await startProcess("gateway", { env, build: beforeBuild });
    sides.push({ name: "gateway before", process: before, path: "/graphql" });
  }
  const body = JSON.stringify({ query: QUERY });
  for (const side of sides) await check(`${side.process.url}${side.path}`, body);

  const run = async (side: (typeof sides)[number], durationS: number): Promise<Round> => {
    const cpuBefore = cpuTimeMs(side.process.pid);
    const result = await load(`${side.process.url}${side.path}`, {
      connections: CONNECTIONS,
      durationS,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    if (result.failed > 0) throw new Error(`${result.failed} requests failed at ${side.name}`);
    return { ...result, cpuUsPerRequest: ((cpuTimeMs(side.process.pid) - cpuBefore) * 1000) / result.ok };
  };

  // Warm-up: JIT, keep-alive pools, yoga's caches. The gateway's code takes longer than the bare
  // server's to reach its optimised steady state, so each side warms for WARMUP_S.
  for (const side of sides) await run(side, WARMUP_S);

  const rows: Round[][] = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? sides.map((_, j) => j) : sides.map((_, j) => sides.length - 1 - j);
    const row: Round[] = [];
    for (const j of order) row[j] = await run(sides[j]!, seconds);
    rows.push(row);
  }

  console.log(
    `node ${process.version}; ${rounds} rounds of ${seconds} s per side, the order reversed every other round; ` +
      `autocannon -c ${CONNECTIONS} in its own process; the sandbox and every server compiled, each in its own process\n`,
  );
  console.log(`${QUERY}: requests per second and CPU per request, each side against the bare server in the same round`);
  const head = ["round", ...sides.flatMap((s) => [`${s.name} req/s`, `CPU µs/req`])];
  console.log(head.join("  "));
  rows.forEach((row, i) =>
    console.log(
      [
        String(i + 1).padStart(5),
        ...row.flatMap((r, j) => [
          r.rps.toFixed(0).padStart(head[1 + 2 * j]!.length),
          r.cpuUsPerRequest.toFixed(0).padStart(10),
        ]),
      ].join("  "),
    ),
  );
  const ratioOf = (j: number, pick: (r: Round) => number, base = 1) =>
    median(rows.map((row) => pick(row[j]!) / pick(row[base]!)));
  for (const [j, side] of sides.entries()) {
    if (j === 1) continue;
    const ratios = rows.map((row) => row[j]!.rps / row[1]!.rps);
    console.log(
      `${side.name} / bare: median req/s ratio ${ratioOf(j, (r) => r.rps).toFixed(2)} (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), ` +
        `median CPU per request ${median(rows.map((row) => row[j]!.cpuUsPerRequest)).toFixed(0)} µs against ` +
        `${median(rows.map((row) => row[1]!.cpuUsPerRequest)).toFixed(0)} µs (${ratioOf(j, (r) => r.cpuUsPerRequest).toFixed(2)}×)`,
    );
  }
  console.log(
    `gateway / least GraphQL server: median req/s ratio ${ratioOf(0, (r) => r.rps, 2).toFixed(2)}, ` +
      `median CPU per request ratio ${ratioOf(0, (r) => r.cpuUsPerRequest, 2).toFixed(2)}×`,
  );
  const ratio = ratioOf(0, (r) => r.rps);
  console.log(
    `gateway req/s ratio ${ratio.toFixed(2)} against the target of ≥ ${TARGET}: ${ratio >= TARGET ? "met" : "NOT met"}`,
  );

  await Promise.all([...sides.map((s) => s.process.stop()), sandbox.stop()]);
});

async function check(url: string, body: string): Promise<void> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  const json = (await res.json()) as { data?: { clients?: unknown[] }; errors?: unknown };
  if (res.status !== 200 || !json.data?.clients?.length) throw new Error(`${url} answered ${JSON.stringify(json)}`);
}
