/**
 * Profiling aid, not a figure: the floor of the warm-cache throughput target. Requests per second of
 * `{ clients { id name } }` from the bare server (node:http making the backend call), a minimal yoga
 * resolving from memory (no backend call at all), and the gateway with a warm cache in memory, in
 * alternating rounds, each in a process of its own. If the minimal yoga is below the bare server, no
 * yoga server answering from a cache can reach it.
 * Usage: npx tsx bench/profiling/cache-floor.ts [rounds] [seconds per round]
 */
import { DEMO } from "../../src/sandbox/demo-data.js";
import { load } from "../support/load.js";
import { startProcess, withProcesses } from "../support/processes.js";
import { median } from "../support/stats.js";

const rounds = Number(process.argv[2] ?? 4);
const seconds = Number(process.argv[3] ?? 4);
const body = JSON.stringify({ query: "{ clients { id name } }" });

await withProcesses(async () => {
  const sandbox = await startProcess("legacy-sandbox");
  const env = { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" };
  const sides = [
    {
      name: "bare server (backend call)",
      url: `${(await startProcess("bare-clients", { args: [sandbox.url] })).url}/`,
    },
    { name: "yoga, minimal (no backend call)", url: `${(await startProcess("yoga-minimal", { env })).url}/graphql` },
    {
      name: "gateway, warm cache in memory",
      url: `${(await startProcess("gateway", { env: { ...env, CACHE: "on" } })).url}/graphql`,
    },
  ];
  const run = (url: string, durationS: number) =>
    load(url, { connections: 10, durationS, method: "POST", headers: { "content-type": "application/json" }, body });
  for (const side of sides) await run(side.url, 3);
  const rates = sides.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? [...sides.keys()].reverse() : [...sides.keys()];
    for (const i of order) rates[i]!.push((await run(sides[i]!.url, seconds)).rps);
  }
  const bare = median(rates[0]!);
  console.log(`node ${process.version}; ${rounds} alternating rounds of ${seconds} s; 10 connections\n`);
  sides.forEach((side, i) => {
    const rps = median(rates[i]!);
    console.log(
      `${side.name.padEnd(36)} ${rps.toFixed(0).padStart(6)} req/s  ${(rps / bare).toFixed(2)}× the bare server`,
    );
  });
});
