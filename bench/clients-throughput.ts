/**
 * `{ clients { id name } }` requests per second through the gateway against a bare node:http
 * server making the same User.GetClients call with undici and fast-xml-parser per request
 * (bench/bare-clients.ts). The legacy sandbox, the gateway and the bare server each run in a
 * process of their own, and autocannon loads them from another; the two sides alternate round by
 * round (ABBA order), and each round's ratio compares neighbours in time. Also the CPU each
 * server process spends per request, read from /proc, which drifts less than rates on a shared
 * machine. Target: gateway/bare ≥ 0.5.
 * Run: npx tsx bench/clients-throughput.ts [rounds] [seconds per round]
 */
import { DEMO } from "../src/sandbox/demo-data.js";
import { cpuTimeMs } from "./cpu.js";
import { load, type LoadResult } from "./load.js";
import { startProcess, withProcesses, type BenchProcess } from "./processes.js";
import { median } from "./stats.js";

const rounds = Number(process.argv[2] ?? 6);
const seconds = Number(process.argv[3] ?? 5);
const CONNECTIONS = 10;
const TARGET = 0.5;
const QUERY = "{ clients { id name } }";

await withProcesses(async () => {
  const sandbox = await startProcess("legacy-sandbox");
  const bare = await startProcess("bare-clients", { args: [sandbox.url] });
  const gateway = await startProcess("gateway", {
    env: { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" },
  });
  const body = JSON.stringify({ query: QUERY });
  await check(`${gateway.url}/graphql`, body);
  await check(`${bare.url}/`, body);

  interface Round extends LoadResult {
    cpuUsPerRequest: number;
  }
  const run = async (target: BenchProcess, path: string, durationS: number): Promise<Round> => {
    const cpuBefore = cpuTimeMs(target.pid);
    const result = await load(`${target.url}${path}`, {
      connections: CONNECTIONS,
      durationS,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    if (result.failed > 0) throw new Error(`${result.failed} requests failed at ${target.url}`);
    return { ...result, cpuUsPerRequest: ((cpuTimeMs(target.pid) - cpuBefore) * 1000) / result.ok };
  };
  const sides = { gateway: () => run(gateway, "/graphql", seconds), bare: () => run(bare, "/", seconds) };

  // Warm-up: JIT, keep-alive pools, yoga's caches.
  await run(gateway, "/graphql", 2);
  await run(bare, "/", 2);

  const rows: { gateway: Round; bare: Round }[] = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? (["gateway", "bare"] as const) : (["bare", "gateway"] as const);
    const round: Partial<Record<"gateway" | "bare", Round>> = {};
    for (const side of order) round[side] = await sides[side]();
    rows.push(round as { gateway: Round; bare: Round });
  }

  const ratios = rows.map((r) => r.gateway.rps / r.bare.rps);
  const cpuRatios = rows.map((r) => r.gateway.cpuUsPerRequest / r.bare.cpuUsPerRequest);
  const fmt = (n: number, d = 0) => n.toFixed(d).padStart(8);
  console.log(
    `node ${process.version}; ${rounds} rounds of ${seconds} s per side, alternating (ABBA); autocannon -c ${CONNECTIONS} ` +
      `in its own process; sandbox, gateway and bare server in their own processes\n`,
  );
  console.log(`${QUERY}: gateway against the bare undici + fast-xml-parser server`);
  console.log(`round  gw req/s  bare req/s  ratio  gw p50 ms  bare p50 ms  gw CPU µs/req  bare CPU µs/req  CPU ratio`);
  rows.forEach((r, i) =>
    console.log(
      `${String(i + 1).padStart(5)}  ${fmt(r.gateway.rps)}  ${fmt(r.bare.rps, 0).padStart(10)}  ${ratios[i]!.toFixed(2).padStart(5)}` +
        `  ${fmt(r.gateway.latencyP50Ms, 1).padStart(9)}  ${fmt(r.bare.latencyP50Ms, 1).padStart(11)}` +
        `  ${fmt(r.gateway.cpuUsPerRequest).padStart(13)}  ${fmt(r.bare.cpuUsPerRequest).padStart(15)}  ${cpuRatios[i]!.toFixed(2).padStart(9)}`,
    ),
  );
  const ratio = median(ratios);
  console.log(
    `median req/s ratio ${ratio.toFixed(2)} (range ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) ` +
      `against the target of ≥ ${TARGET}: ${ratio >= TARGET ? "met" : "NOT met"}; ` +
      `median CPU per request ${median(rows.map((r) => r.gateway.cpuUsPerRequest)).toFixed(0)} µs against ` +
      `${median(rows.map((r) => r.bare.cpuUsPerRequest)).toFixed(0)} µs (${median(cpuRatios).toFixed(2)}×)`,
  );

  await Promise.all([gateway.stop(), bare.stop(), sandbox.stop()]);
});

async function check(url: string, body: string): Promise<void> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
  const json = (await res.json()) as { data?: { clients?: unknown[] }; errors?: unknown };
  if (res.status !== 200 || !json.data?.clients?.length) throw new Error(`${url} answered ${JSON.stringify(json)}`);
}
