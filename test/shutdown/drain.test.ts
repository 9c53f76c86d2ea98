/**
 * gateway.shutdown() in process, step by step: during SHUTDOWN_DELAY_MS /readyz says "draining"
 * (503) while GraphQL is still answered, with `Connection: close` so the caller's keep-alive socket
 * is not reused; then the listener is closed, the request in flight finishes, and the event log's
 * Redis connections are closed. And the configuration refuses a delay that does not fit in the
 * deadline. Redis database 15.
 */
import { request as httpRequest, Agent } from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";
import { slowProxy, type SlowProxy } from "./support.js";

const DELAY_MS = 600;
const REDIS_DB15 = "redis://127.0.0.1:6379/15";

/** Connections to Redis database 15 now (the test's own checker uses database 0). */
async function db15Clients(): Promise<number> {
  const redis = new Redis("redis://127.0.0.1:6379/0", { lazyConnect: true });
  try {
    await redis.connect();
    const list = (await redis.client("LIST")) as string;
    return list.split("\n").filter((line) => / db=15 /.test(line)).length;
  } finally {
    redis.disconnect();
  }
}

let legacy: LegacySandbox;
let slow: SlowProxy;
let gateway: Gateway;
/** shutdown() ends with close(): the gateway is closed once, by whichever ran. */
let shutDown = false;

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  slow = await slowProxy(legacy.url, 300);
  gateway = await startGateway(slow.url, {
    AUTH_MODE: "open",
    LEGACY_API_KEY: DEMO.apiKey,
    SHUTDOWN_DELAY_MS: String(DELAY_MS),
    SHUTDOWN_DEADLINE_MS: "5000",
    REDIS_URL: REDIS_DB15,
  });
});
afterAll(async () => {
  if (!shutDown) await gateway?.close();
  await slow?.close();
  await legacy?.close();
});

/** One request over `agent`: status, the Connection header, and the body. */
function get(agent: Agent, path: string, init: { method?: string; body?: string } = {}) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = httpRequest(
      `${gateway.url}${path}`,
      {
        agent,
        method: init.method ?? "GET",
        headers: init.body
          ? { "content-type": "application/json", "content-length": Buffer.byteLength(init.body) }
          : {},
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("gateway.shutdown()", () => {
  it("answers 503 draining on /readyz while still serving during the delay, then closes the listener", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const query = JSON.stringify({ query: "{ clients { id } }" });
    const before = await get(agent, "/readyz");
    expect(before.status).toBe(200);
    expect(JSON.parse(before.body)).toMatchObject({ redis: { status: "up" } });
    expect(await db15Clients()).toBeGreaterThan(0);
    // One request in flight at the backend when the shutdown starts.
    const inFlight = get(agent, "/graphql", { method: "POST", body: query });
    while (slow.calls === 0) await new Promise((r) => setTimeout(r, 10));

    const shutdown = gateway.shutdown();
    shutDown = true;
    const readiness = await get(agent, "/readyz");
    expect(readiness.status).toBe(503);
    expect(JSON.parse(readiness.body)).toMatchObject({ status: "draining" });
    expect(readiness.connection).toBe("close");
    const during = await get(agent, "/graphql", { method: "POST", body: query });
    expect(during.status).toBe(200);
    expect(JSON.parse(during.body)).toMatchObject({ data: { clients: expect.any(Array) } });
    expect(during.connection).toBe("close");

    const report = await shutdown;
    expect((await inFlight).status).toBe(200);
    expect(report).toMatchObject({ cut: 0, inTime: true });
    expect(report.ms).toBeGreaterThanOrEqual(DELAY_MS);
    expect(gateway.server.listening).toBe(false);
    expect(await db15Clients()).toBe(0);
    await expect(get(new Agent(), "/livez")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    agent.destroy();
  });

  it("refuses SHUTDOWN_DELAY_MS not shorter than SHUTDOWN_DEADLINE_MS", () => {
    expect(() => loadConfig({ AUTH_MODE: "open", SHUTDOWN_DELAY_MS: "5000", SHUTDOWN_DEADLINE_MS: "5000" })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ AUTH_MODE: "open" }).shutdown).toEqual({ delayMs: 0, deadlineMs: 25_000 });
  });
});
