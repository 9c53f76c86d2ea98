/**
 * Profiling aid, not a figure: bytes per `{ clients { id name } }` request that outlive V8's
 * young-generation collections, from each server's `--trace-gc-nvp` lines under autocannon load (a
 * request's objects should die young, as the bare server's do). The GC_* settings, read below,
 * pick the servers, node flags, query and where promoted bytes were allocated (promotion-hook.ts).
 * Usage: npx tsx bench/profiling/gc-promotion.ts [seconds] [connections]
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { load, type LoadOptions } from "../support/load.js";
import { builtModule, startProcess, withProcesses, type Role } from "../support/processes.js";

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 10);
// GC_ROLES: gateway, gateway-stubbed, yoga-overview, bare; GC_NODE_FLAGS: flags for each server;
// PROFILE_BUILD: another build's gateway; GC_QUERY: another query; GC_SITES=1 (or all): where the
// promoted (or all) bytes were allocated, the GC_SITES_TOP first sites.
const roles = (process.env.GC_ROLES ?? "gateway,bare").split(",").filter(Boolean);
const nodeFlags = (process.env.GC_NODE_FLAGS ?? "").split(" ").filter(Boolean);
const otherBuild = process.env.PROFILE_BUILD;
// Sampled allocation sites, not a heap snapshot: a snapshot's full collection frees promoted garbage
// first, and dead old objects keep what they point to through every scavenge until one (a chain of
// them, a Set's replaced hash tables say, keeps every later request: src/util/churn-list.ts).
const sites = process.env.GC_SITES === "1" || process.env.GC_SITES === "all";
const sitesAll = process.env.GC_SITES === "all";
const WARMUP_S = 4;

/** One collection's line of `--trace-gc-nvp`, the fields summed here. */
interface Collection {
  kind: string;
  pauseMs: number;
  allocated: number;
  promoted: number;
  survived: number;
}

function parseLine(line: string): Collection | undefined {
  if (!line.includes(" pause=")) return undefined;
  const field = (name: string): string | undefined => new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(line)?.[1];
  return {
    kind: field("gc") ?? "?",
    pauseMs: Number(field("pause") ?? 0),
    allocated: Number(field("allocated") ?? 0),
    promoted: Number(field("promoted") ?? 0),
    survived: Number(field("new_space_survived") ?? 0),
  };
}

interface HeapProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapProfileNode[];
}

/** The allocation sites (three frames, deepest first) holding the most sampled bytes. */
function topSites(profile: { head: HeapProfileNode }, requests: number, count: number): string[] {
  const bytes = new Map<string, number>();
  const frame = ({ functionName, url, lineNumber }: HeapProfileNode["callFrame"]): string => {
    const file = url.replace(/^.*node_modules\/(\.cache\/[^/]+\/)?/, "").replace(/^file:\/\/\/?/, "");
    return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
  };
  const walk = (node: HeapProfileNode, stack: string[]): void => {
    const here = [...stack, frame(node.callFrame)];
    if (node.selfSize > 0) {
      const key = here.slice(-3).reverse().join(" < ");
      bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, []);
  return [...bytes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([site, size]) => `${(size / requests).toFixed(0).padStart(7)}  ${site}`);
}

await withProcesses(async () => {
  const sandbox = await startProcess("legacy-sandbox");
  const env = { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" };
  const dir = mkdtempSync(join(tmpdir(), "mailgraph-gc-"));
  const body = JSON.stringify({ query: process.env.GC_QUERY ?? "{ clients { id name } }" });
  console.log(
    `node ${process.version}; autocannon -c ${connections}, ${WARMUP_S} s warm-up then ${seconds} s measured; ` +
      `node flags: ${nodeFlags.join(" ") || "none"}${otherBuild ? `; gateways from ${otherBuild}` : ""}`,
  );
  console.log(
    "\nserver            req/s  allocated B/req  survived B/req  promoted B/req  scavenges  scavenge µs/req  full GC µs/req",
  );
  const siteReports: string[] = [];
  for (const name of roles) {
    const role: Role = name === "bare" ? "bare-clients" : (name as Role);
    if (role !== "gateway" && role !== "gateway-stubbed" && role !== "bare-clients" && role !== "yoga-overview")
      throw new Error(`unknown role ${name}`);
    const gateway = role === "gateway" || role === "gateway-stubbed";
    const sampled = sites && role !== "bare-clients";
    const profileFile = join(dir, `${name}.heapprofile`);
    let measuring = false;
    const collections: Collection[] = [];
    const server = await startProcess(role, {
      args: gateway ? [] : [sandbox.url],
      env: {
        ...env,
        ...(sampled ? { MAILGRAPH_PROMOTION_FILE: profileFile } : {}),
        ...(sitesAll ? { MAILGRAPH_PROMOTION_ALL: "1" } : {}),
      },
      nodeArgs: [
        "--trace-gc-nvp",
        ...nodeFlags,
        ...(sampled ? ["--import", builtModule("bench/profiling/promotion-hook.js")] : []),
      ],
      ...(gateway && otherBuild ? { build: otherBuild } : {}),
      onOutput: (line) => {
        const collection = measuring ? parseLine(line) : undefined;
        if (collection) collections.push(collection);
      },
    });
    const url = role === "bare-clients" ? `${server.url}/` : `${server.url}/graphql`;
    const options: LoadOptions = {
      connections,
      durationS: WARMUP_S,
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    };
    await load(url, options);
    measuring = true;
    if (sampled) process.kill(server.pid, "SIGUSR2");
    const result = await load(url, { ...options, durationS: seconds });
    measuring = false;
    const requests = result.ok + result.failed;
    if (sampled) {
      process.kill(server.pid, "SIGUSR2");
      for (let waited = 0; waited < 10_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        try {
          const profile = JSON.parse(readFileSync(profileFile, "utf8")) as { head: HeapProfileNode };
          siteReports.push(
            `\n${name}: where the bytes ${sitesAll ? "" : "that outlived a scavenge "}were allocated, B per request (sampled)`,
          );
          siteReports.push(...topSites(profile, requests, Number(process.env.GC_SITES_TOP ?? 25)));
          break;
        } catch {
          // not written yet
        }
      }
    }
    await server.stop();
    const sum = (pick: (c: Collection) => number, kinds?: (kind: string) => boolean) =>
      collections.filter((c) => !kinds || kinds(c.kind)).reduce((total, c) => total + pick(c), 0);
    const scavenge = (kind: string) => kind === "s";
    const perRequest = (value: number) => (value / requests).toFixed(0).padStart(15);
    console.log(
      `${name.padEnd(16)}${result.rps.toFixed(0).padStart(6)}  ${perRequest(sum((c) => c.allocated))}` +
        ` ${perRequest(sum((c) => c.survived, scavenge))} ${perRequest(sum((c) => c.promoted, scavenge))}` +
        ` ${String(collections.filter((c) => scavenge(c.kind)).length).padStart(10)}` +
        ` ${((sum((c) => c.pauseMs, scavenge) * 1000) / requests).toFixed(1).padStart(16)}` +
        ` ${(
          (sum(
            (c) => c.pauseMs,
            (kind) => !scavenge(kind),
          ) *
            1000) /
          requests
        )
          .toFixed(1)
          .padStart(15)}` +
        (result.failed > 0 ? `  (${result.failed} failed)` : ""),
    );
  }
  for (const line of siteReports) console.log(line);
  await sandbox.stop();
});
