/**
 * Shared by the event benchmarks: the legacy sandbox and gateways each in a child process of their
 * own (bench/support/events-child.ts), a flushed Redis database, and legacy webhook bodies.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";

/** The secret path segment of the gateways' legacy webhook URL. */
export const INGRESS_TOKEN = "bench-ingress-token-0123456789";

/** A child process serving HTTP on loopback. */
export interface Child {
  readonly url: string;
  /** The process id (to read its memory from /proc). */
  readonly pid: number;
  stop(): Promise<void>;
}

const CHILD_SCRIPT = fileURLToPath(new URL("./events-child.ts", import.meta.url));
const START_TIMEOUT_MS = 30_000;
const children = new Set<ChildProcess>();

/** The gateway role of bench/support/events-child.ts for the compiled gateway (plain JavaScript, no tsx). */
const COMPILED_CHILD = "gateway-child.mjs";
const COMPILED_CHILD_SOURCE = `
import { loadConfig } from "./dist/config.js";
import { createGateway } from "./dist/server.js";
const running = await createGateway(loadConfig({ ...process.env, HOST: "127.0.0.1", PORT: "0" }));
process.stdout.write(JSON.stringify({ url: running.url }) + "\\n");
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void running.close().finally(() => process.exit(0));
};
process.stdin.on("end", stop).on("close", stop).resume();
process.once("SIGTERM", stop);
// SIGUSR2: a full garbage collection (the process runs with --expose-gc), to tell what is held from what is not yet collected.
process.on("SIGUSR2", () => globalThis.gc?.());
`;

/**
 * Compiles src/ (tsconfig.build.json, as `npm run build`) into a cache directory inside
 * node_modules (so the compiled code finds its packages) and returns it, for `startChild(…, compiled)`.
 */
export function compileGateway(): string {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const out = join(root, "node_modules", ".cache", "mailgraph-bench");
  rmSync(join(out, "dist"), { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  execFileSync(
    process.execPath,
    [
      join(root, "node_modules", "typescript", "bin", "tsc"),
      "-p",
      "tsconfig.build.json",
      "--outDir",
      join(out, "dist"),
    ],
    { cwd: root, stdio: "inherit" },
  );
  writeFileSync(join(out, COMPILED_CHILD), COMPILED_CHILD_SOURCE);
  return out;
}

/**
 * Starts bench/support/events-child.ts as `role` with `env` added to this process's; resolves once it
 * listens. With `compiled` (a directory `compileGateway` made), a gateway runs as built JavaScript
 * on plain node, as `npm run build && npm run start:prod` runs it, instead of through tsx. With
 * `tree`, the child runs from that checkout's code (before/after comparisons in one run).
 */
export async function startChild(
  role: "legacy-sandbox" | "gateway",
  env: Record<string, string> = {},
  compiled?: string,
  /** Another checkout of the project (e.g. a git worktree at an earlier commit) to run the child from. */
  tree?: string,
): Promise<Child> {
  const args =
    compiled && role === "gateway"
      ? ["--expose-gc", join(compiled, COMPILED_CHILD)]
      : ["--import", "tsx", tree ? join(tree, "bench", "support", "events-child.ts") : CHILD_SCRIPT, role];
  const child = spawn(process.execPath, args, {
    ...(tree ? { cwd: tree } : {}),
    // Compiled, the gateway runs as in production (bench/support/processes.ts says why NODE_ENV matters).
    env: { ...process.env, ...(compiled ? { NODE_ENV: "production" } : {}), ...env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => children.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${role} did not start in ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    child.once("exit", (code) => reject(new Error(`${role} exited with ${code} before listening`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(url)) throw new Error(`${role} is not on loopback: ${url}`);
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin?.end();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Kills the children still running (on a failure before their stop()). */
export function killChildren(): void {
  for (const child of children) child.kill("SIGKILL");
}

/** Empties the Redis database of `url` (a database of the benchmark's own). */
export async function flushRedis(url: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/** One legacy Subscribe event as the list webhook sends it (JSON). */
export function subscribeEvent(email: string, name: string) {
  return {
    Type: "Subscribe",
    Date: "2026-03-18 03:00:00",
    EmailAddress: email,
    Name: name,
    SignupIPAddress: "203.0.113.7",
    CustomFields: [{ Key: "[Colour]", Value: "blue" }],
  };
}

/** POSTs a legacy webhook body to `gatewayUrl`; throws unless the answer is 2xx. */
export async function postLegacyWebhook(gatewayUrl: string, body: string): Promise<void> {
  const res = await fetch(`${gatewayUrl}/webhooks/legacy/${INGRESS_TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const text = await res.text();
  if (res.status < 200 || res.status >= 300) throw new Error(`webhook answered ${res.status}: ${text}`);
}
