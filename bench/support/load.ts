/**
 * Load from a process of its own: autocannon's command line run as a child, its JSON summary
 * read back. The benchmark's process only starts it and waits, so the load generator never
 * shares an event loop with the server it measures.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const AUTOCANNON = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

export interface LoadOptions {
  /** Connections held open at once. */
  connections: number;
  /** Seconds of load. */
  durationS: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

/** What one autocannon run measured. */
export interface LoadResult {
  /** Mean requests per second over the run (2xx only count as served). */
  rps: number;
  /** Requests answered with 2xx. */
  ok: number;
  /** Requests answered otherwise, or failed, or timed out. */
  failed: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
}

interface AutocannonJson {
  requests: { average: number };
  latency: { p50: number; p99: number };
  duration: number;
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Runs autocannon against `url` and resolves with its figures. */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const args = [AUTOCANNON, "-j", "-c", String(options.connections), "-d", String(options.durationS)];
  if (options.method) args.push("-m", options.method);
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push("-H", `${name}=${value}`);
  if (options.body !== undefined) args.push("-b", options.body);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (err += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${err.trim()}`);
  const json = JSON.parse(out) as AutocannonJson;
  const failed = json.non2xx + json.errors + json.timeouts;
  return {
    rps: json["2xx"] / json.duration,
    ok: json["2xx"],
    failed,
    latencyP50Ms: json.latency.p50,
    latencyP99Ms: json.latency.p99,
  };
}
