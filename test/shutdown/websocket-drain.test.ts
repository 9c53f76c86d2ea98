/**
 * Shutdown and graphql-ws operations. SIGTERM to a real gateway process while a query runs over a
 * websocket and another over HTTP: both deliver their data, the socket closes with 1001 only after
 * the websocket result, and the stop line counts both. A mutation the client sends on that socket
 * once the drain began is not run there: the 1001 close makes the graphql-ws client send it again on
 * its next connection (another instance here, as a balancer would pick), where it runs once.
 * Operations still running at SHUTDOWN_DEADLINE_MS are cut with their socket and counted as not
 * finished; a cut query is sent again on the next connection, a cut mutation (its outcome unknown)
 * ends with SHUTTING_DOWN instead. And mutations run over graphql-ws, under the same limits as
 * over HTTP.
 */
import { request as httpRequest } from "node:http";
import { createClient, type Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { describeDrain } from "../../src/shutdown/drain.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";
import { exited, slowProxy, startGatewayProcess, type SlowProxy } from "./support.js";

/** How long each backend call behind the draining gateway takes. */
const BACKEND_MS = 2_000;
const DEADLINE_MS = 8_000;
const HUNG_DEADLINE_MS = 1_500;

const CLIENTS = "query Clients { clients { id name } }";
const CREATE = `mutation Create($input: CreateClientInput!) {
  createClient(input: $input) { __typename ... on CreateClientSuccess { clientId } }
}`;
const input = (companyName: string) => ({
  companyName,
  contactName: "Drain Test",
  emailAddress: `${companyName.toLowerCase().replace(/\W+/g, "-")}@example.com`,
  country: "Australia",
  timeZone: "(GMT+10:00) Brisbane",
});

let legacy: LegacySandbox;
let slow: SlowProxy;
let hung: SlowProxy;
let draining: Awaited<ReturnType<typeof startGatewayProcess>>;
/** The instance a client reconnects to (straight to the sandbox). */
let next: Gateway;
const clients: Client[] = [];

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  slow = await slowProxy(legacy.url, BACKEND_MS);
  hung = await slowProxy(legacy.url, 60_000);
  [draining, next] = await Promise.all([
    startGatewayProcess({
      LEGACY_URL: slow.url,
      LEGACY_API_KEY: DEMO.apiKey,
      SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS),
    }),
    startGateway(legacy.url),
  ]);
}, 60_000);
afterAll(async () => {
  for (const client of clients) await client.dispose();
  if (draining?.child.exitCode === null) draining.child.kill("SIGKILL");
  await next?.close();
  await slow?.close();
  await hung?.close();
  await legacy?.close();
});

const wsUrl = (url: string) => `${url.replace(/^http/, "ws")}/graphql`;

/** A graphql-ws client that connects to each of `urls` in turn (the last one from then on). */
function clientOf(urls: string[], closes: number[] = []): Client {
  let connects = 0;
  const client = createClient({
    url: () => urls[Math.min(connects++, urls.length - 1)]!,
    webSocketImpl: WebSocket,
    lazy: true,
    retryAttempts: 3,
    retryWait: () => new Promise((r) => setTimeout(r, 50)),
    on: { closed: (event) => closes.push((event as { code: number }).code) },
  });
  clients.push(client);
  return client;
}

interface Outcome {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
}

/** Runs one operation; resolves with its last result, or its errors (an error message or a close). */
function run(client: Client, query: string, variables?: Record<string, unknown>, onNext?: () => void) {
  return new Promise<Outcome>((resolve) => {
    let last: Outcome = {};
    client.subscribe(
      { query, variables },
      {
        next: (result) => {
          last = result;
          onNext?.();
        },
        error: (error) =>
          resolve({
            errors: Array.isArray(error)
              ? (error as Outcome["errors"])
              : [{ message: `closed ${(error as { code?: number }).code ?? String(error)}` }],
          }),
        complete: () => resolve(last),
      },
    );
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

const until = async (done: () => boolean | Promise<boolean>) => {
  while (!(await done())) await new Promise((r) => setTimeout(r, 20));
};

describe("SIGTERM with graphql-ws operations in flight", () => {
  it("delivers the websocket query's result before closing with 1001, counts it, and runs a mutation sent during the drain once, elsewhere", async () => {
    const { child, url } = draining;
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exit = exited(child);
    const timeline: string[] = [];
    const closes: number[] = [];
    const client = clientOf([wsUrl(url), wsUrl(next.url)], closes);

    const wsQuery = run(client, CLIENTS, undefined, () => timeline.push(`next after ${closes.length} closes`));
    const httpQuery = fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: CLIENTS }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as Outcome }));
    await until(() => slow.calls >= 2);

    child.kill("SIGTERM");
    // SHUTDOWN_DELAY_MS is 0: once a new connection is refused, the drain has begun.
    await until(async () => (await freshConnection(url)) === "ECONNREFUSED");
    const companyName = `Drain Mutation ${Date.now()}`;
    const mutation = run(client, CREATE, { input: input(companyName) });

    const [query, http, created] = await Promise.all([wsQuery, httpQuery, mutation]);
    const { code } = await exit;

    expect(query.errors).toBeUndefined();
    expect(query.data?.clients).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]),
    );
    // The result came on the first connection, before its close (not from a retry elsewhere).
    expect(timeline).toEqual(["next after 0 closes"]);
    expect(closes[0]).toBe(1001);
    expect(http.status).toBe(200);
    expect(http.body.data?.clients).toEqual(expect.any(Array));
    expect(stdout).toMatch(/stopped in \d+ ms: 2 of 2 operations in flight finished \(HTTP 1 of 1, websocket 1 of 1\)/);
    expect(code).toBe(0);

    // The mutation ran on the next instance, not on the draining one, and once.
    expect(created).toMatchObject({ data: { createClient: { __typename: "CreateClientSuccess" } } });
    expect(slow.calls).toBe(2);
    expect(legacy.store.clients().filter((c) => c.companyName === companyName)).toHaveLength(1);
  }, 60_000);

  it("cuts the operations still running at SHUTDOWN_DEADLINE_MS, counts them as not finished, and ends a cut mutation so it is not sent again", async () => {
    const gateway = await startGateway(hung.url, { SHUTDOWN_DEADLINE_MS: String(HUNG_DEADLINE_MS) });
    const closes: number[] = [];
    const client = clientOf([wsUrl(gateway.url), wsUrl(next.url)], closes);
    const before = hung.calls;
    const query = run(client, CLIENTS);
    const companyName = `Cut Mutation ${Date.now()}`;
    const mutation = run(client, CREATE, { input: input(companyName) });
    await until(() => hung.calls >= before + 2);

    const started = Date.now();
    const report = await gateway.shutdown();
    expect(report).toMatchObject({
      inFlight: 2,
      cut: 2,
      http: { inFlight: 0, cut: 0 },
      websocket: { inFlight: 2, cut: 2 },
    });
    expect(describeDrain(report)).toBe(
      "0 of 2 operations in flight finished (HTTP 0 of 0, websocket 0 of 2), 0 SSE streams ended",
    );
    // Requests and websocket operations share the deadline less its reserve.
    expect(Date.now() - started).toBeGreaterThanOrEqual(HUNG_DEADLINE_MS - 400);
    expect(Date.now() - started).toBeLessThan(HUNG_DEADLINE_MS + 1_000);
    expect(closes[0]).toBe(1001);
    // The query is sent again on the next connection; the mutation, whose outcome is unknown, is not.
    expect((await query).data?.clients).toEqual(expect.any(Array));
    expect((await mutation).errors?.[0]?.extensions).toEqual({ code: "SHUTTING_DOWN" });
    expect(legacy.store.clients().filter((c) => c.companyName === companyName)).toHaveLength(0);
  }, 30_000);
});

describe("mutations over graphql-ws", () => {
  it("run, as over HTTP, under the same mutation limit", async () => {
    const client = clientOf([wsUrl(next.url)]);
    const companyName = `Socket Mutation ${Date.now()}`;
    const created = await run(client, CREATE, { input: input(companyName) });
    expect(created.errors).toBeUndefined();
    expect(created).toMatchObject({ data: { createClient: { __typename: "CreateClientSuccess" } } });
    expect(legacy.store.clients().filter((c) => c.companyName === companyName)).toHaveLength(1);

    const fields = Array.from({ length: 6 }, (_, i) => `c${i}: createClient(input: $input) { __typename }`);
    const tooMany = await run(client, `mutation Many($input: CreateClientInput!) { ${fields.join(" ")} }`, {
      input: input(`Too Many ${Date.now()}`),
    });
    expect(tooMany.errors?.[0]?.extensions).toMatchObject({ code: "MAX_MUTATION_FIELDS_EXCEEDED" });
  });
});
