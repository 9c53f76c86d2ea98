/**
 * Helpers of the event log tests: a listener that records what it gets, the machine's Redis, and a
 * test-owned redis-server that can be killed and started again on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import type { LoggedEvent } from "../../../src/events/log/index.js";

/** The Redis the machines run for the multi-instance tests. */
export const SHARED_REDIS_URL = "redis://127.0.0.1:6379";

/** A key prefix no other test run uses. */
export function uniquePrefix(label: string): string {
  return `mailgraph-test:${label}:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}:`;
}

/** Records every event a listener gets; `until(n)` waits for the n-th. */
export class Recorder {
  readonly events: LoggedEvent[] = [];
  readonly listener = (event: LoggedEvent): void => {
    this.events.push(event);
  };

  get ids(): string[] {
    return this.events.map((event) => event.id);
  }

  async until(count: number, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.events.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} events, got ${this.events.length} in ${timeoutMs} ms`);
      await sleep(5);
    }
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Fails with a message that says what to do when the machine's Redis is not there. */
export async function requireSharedRedis(): Promise<void> {
  const client = new Redis(SHARED_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `the Redis event log tests need a Redis server at ${SHARED_REDIS_URL} (start one: redis-server --daemonize yes)`,
      { cause: error },
    );
  } finally {
    client.disconnect();
  }
}

/** Fails with a message that says what to do when redis-server is not installed. */
export function requireRedisServerBinary(): void {
  const probe = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error("redis-server is not on PATH: install Redis (apt-get install redis-server) to run these tests");
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return address.port;
}

/**
 * A redis-server of the test's own on a free port. It keeps an append-only file fsynced on every
 * write, so what it acknowledged before a kill is still there after `restart()`: that is what lets
 * a test check that the reader resumes exactly where it was.
 */
export class OwnedRedisServer {
  readonly #dir = mkdtempSync(join(tmpdir(), "mailgraph-redis-"));
  #process: ChildProcess | undefined;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    requireRedisServerBinary();
    if (this.port === 0) this.port = await freePort();
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--dir",
        this.#dir,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    this.#process = child;
    // Should the test process end without afterAll (a hook timeout, a crash), the server goes too.
    const killOnExit = (): void => void child.kill("SIGKILL");
    process.once("exit", killOnExit);
    child.once("exit", () => process.off("exit", killOnExit));
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 5000);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}:\n${output}`));
      });
    });
  }

  /** SIGKILL: no shutdown, no final save; only what the append-only file already holds survives. */
  async kill(): Promise<void> {
    const child = this.#process;
    this.#process = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** Removes what a test wrote to the machine's Redis. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  client.on("error", () => undefined);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}
