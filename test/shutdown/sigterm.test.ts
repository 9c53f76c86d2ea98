/**
 * SIGTERM to a real gateway process (`npm start`'s src/main.ts) under load from another process:
 * readiness turns 503, the load stops starting requests, the listener closes (a new connection is
 * refused), every request in flight finishes with its data (zero failed), the graphql-ws client is
 * closed with 1001, the SSE stream ends cleanly, and the process exits 0 well before
 * SHUTDOWN_DEADLINE_MS. A second gateway with a request that never finishes exits at its deadline
 * (code 1), the request cut.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { request as httpRequest } from "node:http";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { demo } from "../e2e/support/ids.js";
import { FIXED_NOW } from "../support/stack.js";
import { sse } from "../persisted/support.js";
import { exited, slowProxy, startGatewayProcess, type SlowProxy } from "./support.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** How long each backend call of the load takes: requests are always in flight. */
const BACKEND_MS = 1_500;
/** Long enough for the load to see 503 before the listener closes, even on a busy machine. */
const DELAY_MS = 1_000;
const DEADLINE_MS = 8_000;

const HUNG_DEADLINE_MS = 1_500;

let legacy: LegacySandbox;
let slow: SlowProxy;
let hung: SlowProxy;
type Started = Awaited<ReturnType<typeof startGatewayProcess>>;
/** A gateway in front of the slow backend, and one in front of a backend that never answers. */
let loaded: Started;
let stuck: Started;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  slow = await slowProxy(legacy.url, BACKEND_MS);
  hung = await slowProxy(legacy.url, 60_000);
  // Both start at once: most of their start-up is compiling under tsx.
  [loaded, stuck] = await Promise.all([
    startGatewayProcess({
      LEGACY_URL: slow.url,
      LEGACY_API_KEY: DEMO.apiKey,
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
      SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS),
    }),
    startGatewayProcess({
      LEGACY_URL: hung.url,
      LEGACY_API_KEY: DEMO.apiKey,
      SHUTDOWN_DEADLINE_MS: String(HUNG_DEADLINE_MS),
    }),
  ]);
  children.push(loaded.child, stuck.child);
}, 60_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await slow?.close();
  await hung?.close();
  await legacy?.close();
});

/** A graphql-ws subscription opened by hand, to see the close code the server sends. */
function wsSubscription(url: string): Promise<{ closed: Promise<number>; events: unknown[] }> {
  const socket = new WebSocket(`${url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
  const events: unknown[] = [];
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: {} })));
    socket.on("message", (data: Buffer) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === "connection_ack") {
        socket.send(
          JSON.stringify({
            id: "1",
            type: "subscribe",
            payload: {
              query: "subscription Feed($list: ID!) { listEvents(listId: $list) { id } }",
              variables: { list: demo.newsletter },
            },
          }),
        );
        resolve({ closed, events });
      } else events.push(message);
    });
  });
}

/** A fresh TCP connection's answer to GET /livez: the status, or the connection error's code. */
function freshConnection(url: string): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}/livez`, { agent: false }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe("SIGTERM under load", () => {
  it("finishes every request in flight, closes websockets with 1001, ends SSE, and exits 0 in time", async () => {
    const { child, url } = loaded;
    const exit = exited(child);

    const ws = await wsSubscription(url);
    const stream = sse(url, {
      query: "subscription Feed($list: ID!) { listEvents(listId: $list) { id } }",
      variables: { list: demo.newsletter },
    });
    expect(await stream.status).toBe(200);

    const load = spawn(process.execPath, ["--import", "tsx", "test/shutdown/load-client.ts", url, "16"], {
      cwd: ROOT,
    });
    children.push(load);
    const lines = createInterface({ input: load.stdout });
    const report = new Promise<string>((resolve) => lines.on("line", (line) => line.startsWith("{") && resolve(line)));
    let stderr = "";
    load.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      lines.on("line", (line) => line === "warm" && resolve());
      load.once("exit", () => reject(new Error(`the load client exited: ${stderr}`)));
    });

    const sigtermAt = Date.now();
    child.kill("SIGTERM");
    // After the delay the listener is closed while requests are still finishing.
    await new Promise((r) => setTimeout(r, DELAY_MS + 150));
    const refused = await freshConnection(url);
    const { code, at } = await exit;
    load.stdin.end("stop\n");
    const { drainingSeenAt, outcomes } = JSON.parse(await report) as {
      drainingSeenAt: number;
      outcomes: { start: number; end: number; ok: boolean; detail?: string }[];
    };

    const failed = outcomes.filter((o) => !o.ok);
    const inFlightAtSigterm = outcomes.filter((o) => o.start < sigtermAt && o.end > sigtermAt);
    const finishedDuringDrain = outcomes.filter((o) => o.end > sigtermAt);
    console.log(
      `shutdown under load: ${outcomes.length} requests, ${inFlightAtSigterm.length} in flight at SIGTERM, ` +
        `${finishedDuringDrain.length} finished after it, ${failed.length} failed; 503 seen after ${drainingSeenAt - sigtermAt} ms; ` +
        `exit ${code} after ${at - sigtermAt} ms`,
    );
    expect(failed).toEqual([]);
    expect(inFlightAtSigterm.length).toBeGreaterThanOrEqual(8);
    expect(drainingSeenAt - sigtermAt).toBeLessThan(DELAY_MS);
    expect(refused).toBe("ECONNREFUSED");
    expect(await ws.closed).toBe(1001);
    expect(await stream.ended).toBe("end");
    expect(code).toBe(0);
    expect(at - sigtermAt).toBeLessThan(DEADLINE_MS);
    // The last request was started before 503 was seen and finished after the listener closed.
    expect(Math.max(...outcomes.map((o) => o.end))).toBeGreaterThan(sigtermAt + DELAY_MS);
  }, 60_000);

  it("exits at SHUTDOWN_DEADLINE_MS, with code 1, when a request would outlast it", async () => {
    const deadlineMs = HUNG_DEADLINE_MS;
    const { child, url } = stuck;
    const exit = exited(child);
    const before = hung.calls;
    const request = fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ clients { id } }" }),
    }).then(
      (res) => `HTTP ${res.status}`,
      (error: Error) => error.name,
    );
    while (hung.calls === before) await new Promise((r) => setTimeout(r, 20));
    const sigtermAt = Date.now();
    child.kill("SIGTERM");
    const { code, at } = await exit;
    expect(code).toBe(1);
    // Requests get the deadline less a reserve of min(1 s, deadline/4) for closing the rest.
    expect(at - sigtermAt).toBeGreaterThanOrEqual(deadlineMs - 400);
    expect(at - sigtermAt).toBeLessThan(deadlineMs + 1_000);
    expect(await request).toBe("TypeError");
  }, 60_000);
});
