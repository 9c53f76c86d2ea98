/**
 * The processes of the gateway benchmarks, each a child of its own (bench/support/process-child.ts):
 * the legacy sandbox (optionally answering every request after a fixed delay), the gateway
 * (configured from its environment like `npm start`), and the bare baseline server. They run
 * compiled by tsc (bench/support/tsconfig.processes.json), as plain node with NODE_ENV=production, the
 * way the gateway runs in production (`NODE_ENV=production node dist/main.js`, the Dockerfile's
 * ENV). Outside production graphql-js checks every failed `instanceof` of its types once more: in
 * one alternating run the same build spent 0.93× the CPU per `{ clients { id name } }` with
 * NODE_ENV=production (2026-11-23). The build happens once per benchmark run. Each prints one line
 * `{"url": …}` once listening and stops when its stdin ends, so an abrupt end of the benchmark
 * never leaves one behind.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** A child process serving HTTP on loopback. */
export interface BenchProcess {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

export type Role =
  | "legacy-sandbox"
  | "commerce-sandbox"
  | "gateway"
  | "bare-clients"
  | "gateway-stubbed"
  | "yoga-minimal"
  | "yoga-overview"
  | "json-minimal";

const BUILD_CONFIG = fileURLToPath(new URL("./tsconfig.processes.json", import.meta.url));
const BUILD_DIR = fileURLToPath(new URL("../../node_modules/.cache/mailgraph-bench/", import.meta.url));
/** Where a compiled bench module is (`bench/profiling/timeline-hook.js`, say), for `node --import`; builds first. */
export function builtModule(path: string): string {
  buildProcesses();
  return `${BUILD_DIR}${path}`;
}
const CHILD_SCRIPT = `${BUILD_DIR}bench/support/process-child.js`;
/** Set by bench/run-all.ts once it has built, so the scripts it runs do not build again. */
export const BUILT_ENV = "MAILGRAPH_BENCH_BUILT";
let built = process.env[BUILT_ENV] === "1";

/** Compiles the server processes' sources (src/ and the bench children) into BUILD_DIR. */
export function buildProcesses(): void {
  if (built) return;
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", BUILD_CONFIG], { stdio: "pipe" });
  } catch (error) {
    // Type errors still emit JavaScript; only a missing output is fatal (checked at start).
    const out = (error as { stdout?: Buffer }).stdout?.toString() ?? "";
    if (out) console.warn(`tsc reported (output emitted anyway):\n${out.split("\n").slice(0, 5).join("\n")}`);
  }
  writeFileSync(`${BUILD_DIR}package.json`, '{ "type": "module" }\n');
  built = true;
}
const START_TIMEOUT_MS = 30_000;
const running = new Set<ChildProcess>();

/**
 * Starts `role` with `args` and `env` added to this process's environment; resolves once it
 * listens. `nodeArgs` go to node itself (e.g. `--cpu-prof`).
 */
export async function startProcess(
  role: Role,
  options: {
    args?: string[];
    env?: Record<string, string>;
    nodeArgs?: string[];
    /** Another build's bench/support/process-child.js (e.g. an earlier commit's, for before/after). */
    childScript?: string;
    /** A command the node process runs under (e.g. valgrind and its options), and how long it may take to start. */
    wrap?: { command: string[]; startTimeoutMs: number };
    /** Each line the process writes to stdout but the one announcing its URL (e.g. `--trace-gc-nvp`'s). */
    onOutput?: (line: string) => void;
  } = {},
): Promise<BenchProcess> {
  if (!options.childScript) buildProcesses();
  const script = options.childScript ?? CHILD_SCRIPT;
  const argv = [process.execPath, ...(options.nodeArgs ?? []), script, role, ...(options.args ?? [])];
  const [command, ...rest] = [...(options.wrap?.command ?? []), ...argv];
  const startTimeoutMs = options.wrap?.startTimeoutMs ?? START_TIMEOUT_MS;
  const child = spawn(command!, rest, {
    env: { ...process.env, NODE_ENV: "production", ...options.env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => running.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start in ${startTimeoutMs} ms`)), startTimeoutMs);
    child.once("exit", (code) => reject(new Error(`${role} exited with ${code} before listening`)));
    // The first line is the process's URL, unless node itself writes first (`--trace-gc-nvp`, say).
    let announced = false;
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!announced && (!options.onOutput || line.startsWith('{"url":'))) {
        announced = true;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      } else options.onOutput?.(line);
    });
  });
  if (!/^http:\/\/127\.0\.0\.1:\d+/.test(url)) throw new Error(`${role} is not on loopback: ${url}`);
  return {
    url,
    pid: child.pid ?? -1,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Kills the children still running (after a failure, before their stop()). */
export function killProcesses(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** Runs `main`, then stops every child even when it fails. */
export async function withProcesses(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    killProcesses();
    throw error;
  }
}
