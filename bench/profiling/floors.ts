/**
 * Profiling aid, not a figure: where the gateway's CPU per `{ clients { id name } }` goes, by floors
 * in the same alternating rounds, each server in a process of its own (support/floor-servers.ts):
 * the gateway, the gateway with its legacy client stubbed, a minimal yoga, and node:http answering
 * the same JSON. Neighbours differ by the backend call, the gateway's own work, and yoga.
 * Usage: npx tsx bench/profiling/floors.ts [rounds] [seconds per round]
 */
import { DEMO } from "../../src/sandbox/demo-data.js";
import { cpuTimeMs } from "../support/cpu.js";
import { load } from "../support/load.js";
import { startProcess, withProcesses, type BenchProcess, type Role } from "../support/processes.js";
import { median } from "../support/stats.js";

const rounds = Number(process.argv[2] ?? 6);
const seconds = Number(process.argv[3] ?? 5);
const WARMUP_S = 6;
const body = JSON.stringify({ query: "{ clients { id name } }" });

await withProcesses(async () => {
  const sandbox = await startProcess("legacy-sandbox");
  const env = { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" };
  const roles: [string, Role, string][] = [
    ["gateway", "gateway", "/graphql"],
    ["gateway, client stubbed", "gateway-stubbed", "/graphql"],
    ["yoga, minimal", "yoga-minimal", "/graphql"],
    ["node:http JSON", "json-minimal", "/"],
  ];
  const sides: { name: string; process: BenchProcess; url: string }[] = [];
  for (const [name, role, path] of roles) {
    const process = await startProcess(role, { env });
    sides.push({ name, process, url: `${process.url}${path}` });
  }
  const run = async (side: (typeof sides)[number], durationS: number) => {
    const before = cpuTimeMs(side.process.pid);
    const result = await load(side.url, {
      connections: 10,
      durationS,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    if (result.failed > 0 || result.ok === 0) throw new Error(`${side.name}: ${result.failed} requests failed`);
    return ((cpuTimeMs(side.process.pid) - before) * 1000) / result.ok;
  };
  for (const side of sides) await run(side, WARMUP_S);
  const cpu: number[][] = sides.map(() => []);
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? sides.map((_, j) => j) : sides.map((_, j) => sides.length - 1 - j);
    for (const j of order) cpu[j]!.push(await run(sides[j]!, seconds));
  }
  console.log(`node ${process.version}; ${rounds} alternating rounds of ${seconds} s; autocannon -c 10\n`);
  console.log("server                      CPU µs per request (median)  against the gateway");
  for (const [j, side] of sides.entries()) {
    const ratio = median(cpu[j]!.map((us, i) => us / cpu[0]![i]!));
    console.log(`${side.name.padEnd(28)}${median(cpu[j]!).toFixed(0).padStart(10)}${ratio.toFixed(2).padStart(30)}`);
  }
});
