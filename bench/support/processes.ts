/**
 * The one harness for the benchmarks' child processes: server roles (process-child.ts) print
 * `{"url": …}` once listening and stop when their stdin ends, so an abrupt end leaves none behind;
 * forked helpers talk over IPC. Servers run compiled by tsc (tsconfig.processes.json, once per run)
 * on plain node with NODE_ENV=production, as in production, where graphql-js skips a costly second
 * `instanceof` check; `tsx` runs the sources instead.
 */
import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
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

/** The child script under `root`: the first of `paths` there (older builds and checkouts kept it elsewhere). */
function childIn(root: string, paths: readonly string[]): string {
  const found = paths.map((path) => join(root, path)).find((file) => existsSync(file));
  if (!found) throw new Error(`no bench child process in ${root} (looked for ${paths.join(", ")})`);
  return found;
}

const START_TIMEOUT_MS = 30_000;
const running = new Set<ChildProcess>();

function track(child: ChildProcess): Promise<void> {
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => running.delete(child));
  return exited;
}

export interface ProcessOptions {
  args?: string[];
  /** Added to this process's environment. */
  env?: Record<string, string>;
  /** Options of node itself (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Another build's output directory (e.g. an earlier commit's, for before/after), compiled. */
  build?: string;
  /** The sources through tsx instead of compiled: this checkout's, or another's (its root). */
  tsx?: true | string;
  /** A command the node process runs under (e.g. valgrind and its options), and how long it may take to start. */
  wrap?: { command: string[]; startTimeoutMs: number };
  /** Each line the process writes to stdout but the one announcing its URL (e.g. `--trace-gc-nvp`'s). */
  onOutput?: (line: string) => void;
}

/** Starts `role` (bench/support/process-child.ts); resolves once it listens. */
export async function startProcess(role: Role, options: ProcessOptions = {}): Promise<BenchProcess> {
  let code: string[];
  let cwd: string | undefined;
  if (options.tsx) {
    cwd = options.tsx === true ? undefined : options.tsx;
    const script = cwd
      ? childIn(cwd, ["bench/support/process-child.ts", "bench/events-child.ts"])
      : fileURLToPath(new URL("./process-child.ts", import.meta.url));
    code = ["--import", "tsx", script];
  } else if (options.build) {
    code = [childIn(options.build, ["bench/support/process-child.js", "bench/process-child.js"])];
  } else {
    buildProcesses();
    code = [`${BUILD_DIR}bench/support/process-child.js`];
  }
  const argv = [process.execPath, ...(options.nodeArgs ?? []), ...code, role, ...(options.args ?? [])];
  const [command, ...rest] = [...(options.wrap?.command ?? []), ...argv];
  const startTimeoutMs = options.wrap?.startTimeoutMs ?? START_TIMEOUT_MS;
  const child = spawn(command!, rest, {
    ...(cwd ? { cwd } : {}),
    // Through tsx the sources run as in development, so NODE_ENV is left as it is.
    env: { ...process.env, ...(options.tsx ? {} : { NODE_ENV: "production" }), ...options.env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = track(child);
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

/** Forks `script` (a .ts file, run through tsx) with an IPC channel; it ends when this process does. */
export function forkProcess(script: URL): ChildProcess {
  const child = fork(fileURLToPath(script), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  void track(child);
  return child;
}

/** Kills the children still running (after a failure, before their stop()). */
export function killProcesses(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** Runs `main`, then kills every child it left running, even when it fails. */
export async function withProcesses(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } finally {
    killProcesses();
  }
}
