/**
 * The gateway end to end against the legacy sandbox, in one run so the figures compare: the
 * Overview over each legacy transport with its backend calls; the same with the per-request
 * concurrency cap at 1 and at 8 against a sandbox answering after 10 ms; and five subscriber(email)
 * lookups on one list, batched against one call per field.
 * Run: npx tsx bench/gateway-overview.ts [rounds]
 */
import type { LegacyTransport } from "../src/backends/legacy/catalog.js";
import { loadConfig, type Config } from "../src/config.js";
import { DEMO } from "../src/sandbox/demo-data.js";
import { createLegacySandbox, startLegacySandbox } from "../src/sandbox/legacy/index.js";
import { listen } from "../src/util/listen.js";
import { createGateway, OVERVIEW_QUERY, type Gateway } from "../src/server.js";
import { interleaved, report } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 100);
const sandbox = await startLegacySandbox({ port: 0 });
const base = loadConfig({});

// The same simulator behind a fixed 10 ms delay per request.
const BACKEND_LATENCY_MS = 10;
const remote = createLegacySandbox();
const remoteServer = await listen((req, res) => {
  setTimeout(() => remote.handler(req, res), BACKEND_LATENCY_MS);
});

function configFor(transport: LegacyTransport, concurrency: number, url = sandbox.url): Config {
  return {
    ...base,
    port: 0,
    legacy: { ...base.legacy, url, apiKey: DEMO.apiKey, transport, concurrency },
  };
}

async function post(gateway: Gateway, query: string, variables: Record<string, unknown> = {}): Promise<void> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { errors?: unknown[] };
  if (res.status !== 200 || body.errors) throw new Error(`query failed: ${JSON.stringify(body.errors)}`);
}

/** Backend calls one execution of `run` makes. */
async function callsOf(run: () => Promise<void>): Promise<number> {
  sandbox.calls.reset();
  await run();
  return sandbox.calls.total();
}

// The gateways' request log lines would drown the figures on stdout.
const quiet = { log: () => {} };
const gateways = {
  soap: await createGateway(configFor("soap", 8), quiet),
  get: await createGateway(configFor("get", 8), quiet),
  post: await createGateway(configFor("post", 8), quiet),
  remoteParallel: await createGateway(configFor("soap", 8, remoteServer.url), quiet),
  remoteSerial: await createGateway(configFor("soap", 1, remoteServer.url), quiet),
};

console.log(`node ${process.version}; ${rounds} interleaved rounds per case\n`);

const transports: LegacyTransport[] = ["soap", "get", "post"];
const calls = await callsOf(() => post(gateways.soap, OVERVIEW_QUERY));
console.log(
  report(
    `Overview query by legacy transport (${calls} backend calls per query, none repeated)`,
    await interleaved(
      transports.map((t) => ({ name: t, run: () => post(gateways[t], OVERVIEW_QUERY) })),
      rounds,
    ),
  ),
  "\n",
);

console.log(
  report(
    `Overview query by concurrency cap (SOAP, backend answering after ${BACKEND_LATENCY_MS} ms)`,
    await interleaved(
      [
        { name: "LEGACY_CONCURRENCY=8", run: () => post(gateways.remoteParallel, OVERVIEW_QUERY) },
        { name: "LEGACY_CONCURRENCY=1", run: () => post(gateways.remoteSerial, OVERVIEW_QUERY) },
      ],
      Math.max(10, Math.floor(rounds / 4)),
      3,
    ),
  ),
  "\n",
);

// Five lookups by email on one list, as a page showing several subscribers would send.
const lookupEmails = [
  DEMO.emails.active,
  DEMO.emails.activeNonAscii,
  "nobody@example.com",
  DEMO.emails.active.toUpperCase(),
  "another@example.com",
];
const lookups = lookupEmails.map((e, i) => `s${i}: subscriber(email: "${e}") { name }`).join(" ");
const listQuery = `query Five($id: ID!) { list(id: $id) { ${lookups} } }`;
const listId = await firstListId(gateways.soap);
const lookupCalls = await callsOf(() => post(gateways.soap, listQuery, { id: listId }));
const getActiveCalls = sandbox.calls.count("Subscribers.GetActive");
console.log(
  `Five subscriber(email) fields on one list: ${lookupCalls} backend calls in all, ` +
    `${getActiveCalls} of them Subscribers.GetActive (a call per field would make 5)\n`,
);

async function firstListId(gateway: Gateway): Promise<string> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ clients { lists { id listId } } }" }),
  });
  const body = (await res.json()) as { data: { clients: { lists: { id: string; listId: string }[] }[] } };
  const list = body.data.clients.flatMap((c) => c.lists).find((l) => l.listId === DEMO.lists.newsletter);
  if (!list) throw new Error("demo newsletter list not found");
  return list.id;
}

await Promise.all(Object.values(gateways).map((g) => g.close()));
await Promise.all([sandbox.close(), remoteServer.close()]);
