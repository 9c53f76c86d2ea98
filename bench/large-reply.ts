/**
 * How long a large legacy reply holds the gateway's event loop: one query reads a list whose
 * Subscribers.GetActive reply is 7–8 MB (under the default LEGACY_MAX_RESPONSE_BYTES of 8 MiB)
 * while this process polls the gateway's `/health` back to back. Reports, per round, the longest
 * `/health` response and the query's own time, and the query's time with nothing else asked of the
 * gateway (alone). The backend (the legacy sandbox, its
 * Subscribers.GetActive answered with a reply made once at start) and the gateway (compiled, as
 * bench/support/processes.ts runs it) each run in a process of their own; the load comes from this one.
 * Two replies of about the same size:
 * - `full`: 40,000 of the sandbox's own subscriber records (every field), 7.8 MB;
 * - `lean`: 120,000 records holding only an address, 7.7 MB: more elements for the bytes.
 * Two queries: `activeSubscribers(first: 10)` (the reply decoded, then every record sorted by
 * address for the connection) and `subscriber(email:)` (decoded, then indexed by address).
 * BENCH_GATEWAY_BUILD names another build's output directory (compiled with
 * bench/support/tsconfig.processes.json, e.g. an earlier commit or another reply reader) whose gateway is
 * measured instead of this tree's.
 * Run: npx tsx bench/large-reply.ts [rounds]            (default 5 measured rounds after 2 warm-up)
 */
import { spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { DEMO } from "../src/sandbox/demo-data.js";
import { importSubscribers } from "../src/sandbox/legacy/import.js";
import { createLegacySandbox } from "../src/sandbox/legacy/index.js";
import { getActiveEnvelope } from "./support/bare-clients.js";
import { LIST_IDS_QUERY, suiteIds } from "../test/support/call-suite.js";
import { startProcess, withProcesses, type BenchProcess } from "./support/processes.js";
import { median } from "./support/stats.js";

type Shape = "full" | "lean";
const SHAPES: Record<Shape, { records: number; note: string }> = {
  full: { records: 40_000, note: "the sandbox's records, every field" },
  lean: { records: 120_000, note: "records of an address only" },
};
const LIST_ID = DEMO.lists.vip;
const SOAP_ACTION = '"http://api.mailgraph.dev/api/Subscribers.GetActive"';

// --- the backend process -----------------------------------------------------------------------

/** The sandbox's Subscribers.GetActive reply for the VIP list once it holds `records` subscribers. */
async function fullReply(sandbox: ReturnType<typeof createLegacySandbox>, records: number): Promise<Buffer> {
  const list = sandbox.store.list(LIST_ID)!;
  importSubscribers(sandbox.store, LIST_ID, records - list.subscribers.size);
  const server = createServer(sandbox.handler).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}/api/api.asmx`, {
    method: "POST",
    headers: { "content-type": "text/xml; charset=utf-8", soapaction: SOAP_ACTION },
    body: getActiveEnvelope(LIST_ID),
  });
  const body = Buffer.from(await res.arrayBuffer());
  await new Promise((resolve) => server.close(resolve));
  return body;
}

/** A well-formed SOAP reply of `records` subscribers holding an address only. */
function leanReply(records: number): Buffer {
  const parts = [
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
      `xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
      `<Subscribers.GetActiveResponse xmlns="http://api.mailgraph.dev/api/"><Subscribers.GetActiveResult>`,
  ];
  for (let n = 0; n < records; n++) parts.push(`<Subscriber><EmailAddress>${n}@e.io</EmailAddress></Subscriber>`);
  parts.push(`</Subscribers.GetActiveResult></Subscribers.GetActiveResponse></soap:Body></soap:Envelope>`);
  return Buffer.from(parts.join(""));
}

async function runBackend(shape: Shape): Promise<void> {
  const sandbox = createLegacySandbox({ webhookAutoDeliver: false });
  const { records } = SHAPES[shape];
  const reply = shape === "full" ? await fullReply(sandbox, records) : leanReply(records);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers["soapaction"] !== SOAP_ACTION) return sandbox.handler(req, res);
    req.resume().once("end", () => {
      res.writeHead(200, { "content-type": "text/xml; charset=utf-8", "content-length": reply.length });
      res.end(reply);
    });
  };
  const server = createServer(handler).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, bytes: reply.length, records })}\n`);
  process.stdin.on("end", () => server.close(() => process.exit(0))).resume();
}

function startBackend(shape: Shape): Promise<BenchProcess & { bytes: number; records: number }> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "backend", shape], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the backend exited with ${code} before listening`)));
    createInterface({ input: child.stdout }).once("line", (line) => {
      const { url, bytes, records } = JSON.parse(line) as { url: string; bytes: number; records: number };
      resolve({
        url,
        bytes,
        records,
        pid: child.pid ?? -1,
        async stop() {
          child.stdin.end();
          await exited;
        },
      });
    });
  });
}

// --- the load ----------------------------------------------------------------------------------

async function graphql(gateway: string, query: string, variables: Record<string, unknown> = {}): Promise<unknown> {
  const res = await fetch(`${gateway}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
  if (res.status !== 200 || body.errors || !body.data) throw new Error(`query failed: ${JSON.stringify(body)}`);
  return body.data;
}

const QUERIES = {
  activeSubscribers: `query ($id: ID!) { list(id: $id) { activeSubscribers(first: 10) { totalCount edges { node { email } } } } }`,
  subscriber: `query ($id: ID!) { list(id: $id) { subscriber(email: "nobody@example.com") { email } } }`,
};

/** The query alone, nothing else asked of the gateway meanwhile; its time in ms. */
async function alone(gateway: string, query: string, id: string): Promise<number> {
  const start = performance.now();
  await graphql(gateway, query, { id });
  return performance.now() - start;
}

/** One round: the query once while `/health` is polled back to back; both times in ms. */
async function round(gateway: string, query: string, id: string): Promise<{ health: number; query: number }> {
  let done = false;
  let longest = 0;
  const poll = (async () => {
    while (!done) {
      const start = performance.now();
      const res = await fetch(`${gateway}/health`);
      await res.arrayBuffer();
      longest = Math.max(longest, performance.now() - start);
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 20));
  const start = performance.now();
  await graphql(gateway, query, { id });
  const took = performance.now() - start;
  done = true;
  await poll;
  return { health: longest, query: took };
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 5);
  const warmUp = 2;
  console.log(`node ${process.version}; ${rounds} rounds per case after ${warmUp} warm-up rounds\n`);
  console.log(
    "| reply | query | longest /health, ms (median, max) | query meanwhile, ms (median, max) | query alone, ms (median) |",
  );
  console.log("|---|---|---:|---:|---:|");
  for (const shape of Object.keys(SHAPES) as Shape[]) {
    const backend = await startBackend(shape);
    const build = process.env.BENCH_GATEWAY_BUILD;
    const gateway = await startProcess("gateway", {
      env: { LEGACY_URL: backend.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open", LOG_LEVEL: "silent" },
      ...(build ? { build } : {}),
    });
    try {
      const { vip } = suiteIds((await graphql(gateway.url, LIST_IDS_QUERY)) as Parameters<typeof suiteIds>[0]);
      for (const [name, query] of Object.entries(QUERIES)) {
        const results = [];
        const alones = [];
        for (let i = 0; i < warmUp + rounds; i++) {
          const r = await round(gateway.url, query, vip);
          const a = await alone(gateway.url, query, vip);
          if (i >= warmUp) {
            results.push(r);
            alones.push(a);
          }
        }
        const fmt = (values: number[]) => `${median(values).toFixed(0)}, ${Math.max(...values).toFixed(0)}`;
        const label = `${shape}: ${backend.records.toLocaleString("en")} records, ${(backend.bytes / 1e6).toFixed(1)} MB`;
        console.log(
          `| ${label} | ${name} | ${fmt(results.map((r) => r.health))} | ${fmt(results.map((r) => r.query))} | ` +
            `${median(alones).toFixed(0)} |`,
        );
      }
    } finally {
      await gateway.stop();
      await backend.stop();
    }
  }
}

if (process.argv[2] === "backend") await runBackend(process.argv[3] as Shape);
else await withProcesses(main);
