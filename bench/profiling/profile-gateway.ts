/**
 * Profiling aid, not a figure: where the compiled gateway's CPU goes under one query's autocannon
 * load (`--cpu-prof`): self time by package or src/ file and the hottest functions; the .cpuprofile
 * is kept for DevTools. V8 samples wall-clock time, so read CPU per request from
 * clients-throughput.ts. PROFILE_BUILD: another build's gateway; PROFILE_TARGET=bare|sandbox
 * profiles the bare baseline or the legacy sandbox instead; PROFILE_ENV (JSON) adds to the
 * gateway's environment, e.g. '{"CACHE":"on"}' for the warm-cache path.
 * Usage: npx tsx bench/profiling/profile-gateway.ts [seconds] [query]
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { load } from "../support/load.js";
import { startProcess, withProcesses } from "../support/processes.js";

const seconds = Number(process.argv[2] ?? 10);
const query = process.argv[3] ?? "{ clients { id name } }";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function bucketOf(url: string): string {
  if (!url) return "(native/gc/idle)";
  const nm = url.lastIndexOf("node_modules/");
  // The compiled gateway itself lives under node_modules/.cache/<build>/: bucket it by src/ file.
  if (nm >= 0 && !url.startsWith(".cache/", nm + "node_modules/".length)) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith("node:")) return url;
  const src = url.indexOf("/src/");
  if (src >= 0) return url.slice(src + 1);
  return url;
}

await withProcesses(async () => {
  const dir = mkdtempSync(join(tmpdir(), "mailgraph-prof-"));
  const nodeArgs = ["--cpu-prof", `--cpu-prof-dir=${dir}`];
  const target = process.env.PROFILE_TARGET;
  const sandbox = await startProcess("legacy-sandbox", target === "sandbox" ? { nodeArgs } : {});
  const bare = target === "bare";
  const gateway = bare
    ? await startProcess("bare-clients", { args: [sandbox.url], nodeArgs })
    : await startProcess("gateway", {
        ...(process.env.PROFILE_BUILD ? { build: process.env.PROFILE_BUILD } : {}),
        env: {
          LEGACY_URL: sandbox.url,
          LEGACY_API_KEY: DEMO.apiKey,
          AUTH_MODE: "open",
          ...(JSON.parse(process.env.PROFILE_ENV ?? "{}") as Record<string, string>),
        },
        nodeArgs: target === "sandbox" ? [] : nodeArgs,
      });
  const path = bare ? "/" : "/graphql";
  const options = {
    connections: 10,
    method: "POST" as const,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  };
  await load(`${gateway.url}${path}`, { ...options, durationS: 2 });
  const result = await load(`${gateway.url}${path}`, { ...options, durationS: seconds });
  await gateway.stop();
  await sandbox.stop();
  const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)") continue;
    total += us;
    const bucket = bucketOf(node.callFrame.url);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const name = `${node.callFrame.functionName || "(anonymous)"} ${bucket}:${node.callFrame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([name, us]) =>
          `${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / result.ok).toFixed(1).padStart(7)} µs/req  ${name}`,
      )
      .join("\n");
  console.log(
    `${result.ok} requests, ${result.rps.toFixed(0)} req/s; busy ${(total / 1000).toFixed(0)} ms, ${(total / result.ok).toFixed(0)} µs/req on the main thread`,
  );
  console.log(`\nself time by package or file:\n${top(buckets, 30)}`);
  console.log(`\nhottest functions:\n${top(functions, 40)}`);
  console.log(`\nprofile: ${join(dir, file)}`);
});
