/**
 * Fan-out: messages per second delivered to 1,000 graphql-ws subscribers of one ListFeed (one shared
 * execution), against a bare `ws` server sending the same bytes (those the gateway sent in the
 * warm-up) to 1,000 sockets. A round times one webhook batch of EVENTS events until every socket has
 * them all; sides alternate going first. Gateway, bare server, clients and sandbox each have a
 * process. REDIS_URL: Redis event log instead of memory. Target: gateway / bare ≥ 0.66.
 * Run: npx tsx bench/events-fanout.ts [rounds] [events]
 */
import { DEMO } from "../src/sandbox/demo-data.js";
import { percentile } from "./support/stats.js";
import { LIST_FEED, newsletterId, postLegacyWebhook, startEventGateway, subscribeEvent } from "./support/events.js";
import { startProcess, withProcesses } from "./support/processes.js";
import { startBareServer, startWsClients, wallNow, type BareServer, type WsClients } from "./support/ws-processes.js";

const rounds = Number(process.argv[2] ?? 5);
const EVENTS = Number(process.argv[3] ?? 300);
const SUBSCRIBERS = 1_000;
const TARGET_RATIO = 0.66;

let batch = 0;
function webhookBody(events: number): string {
  const tag = `${Date.now()}.${batch++}`;
  return JSON.stringify({
    ListID: DEMO.lists.newsletter,
    Events: Array.from({ length: events }, (_, i) => subscribeEvent(`fan.${tag}.${i}@example.com`, `Fan ${i}`)),
  });
}

/** One gateway round: ms from the POST until every subscriber has `events` messages. */
async function gatewayRound(clients: WsClients, gateway: string, events: number): Promise<number> {
  const { done } = await clients.expect("gateway", events);
  const body = webhookBody(events);
  const start = wallNow();
  await postLegacyWebhook(gateway, body);
  const { at, missing } = await done;
  if (missing > 0) throw new Error(`${missing} gateway subscribers fell short of ${events} messages`);
  if (process.env.BENCH_VERBOSE) console.error(`gateway round ${(at - start).toFixed(0)} ms`);
  return at - start;
}

/** One bare round: ms from handing over the messages until every bare client has them all. */
async function bareRound(clients: WsClients, bare: BareServer, messages: readonly string[]): Promise<number> {
  const { done } = await clients.expect("bare", messages.length);
  const start = wallNow();
  await bare.send(messages);
  const { at, missing } = await done;
  if (missing > 0) throw new Error(`${missing} bare clients fell short of ${messages.length} messages`);
  if (process.env.BENCH_VERBOSE) console.error(`bare round ${(at - start).toFixed(0)} ms`);
  return at - start;
}

await withProcesses(async () => {
  // The sandbox and the gateway run their sources through tsx.
  const sandbox = await startProcess("legacy-sandbox", { tsx: true });
  const env: Record<string, string> = {
    LEGACY_URL: sandbox.url,
    REDIS_URL: process.env.REDIS_URL ?? "",
    LOG_LEVEL: "warn",
    // Every connection comes from this machine's one address: one caller, as the gateway counts.
    MAX_STREAMS_PER_CALLER: String(SUBSCRIBERS),
  };
  const gateway = await startEventGateway(env, { tsx: true });
  const list = await newsletterId(gateway.url);
  const bare = await startBareServer();
  const clients = startWsClients();
  await clients.open({
    set: "gateway",
    url: `${gateway.url}/graphql`,
    count: SUBSCRIBERS,
    subscribe: { query: LIST_FEED, variables: { list } },
  });
  await clients.open({ set: "bare", url: bare.url, count: SUBSCRIBERS });

  // No acknowledgement says a subscription is in place: one event must reach all of them.
  for (let probe = 0; ; probe++) {
    if (probe === 20) throw new Error("the probe event did not reach every subscriber");
    const { done } = await clients.expect("gateway", 1, 3_000);
    await postLegacyWebhook(gateway.url, webhookBody(1));
    if ((await done).missing === 0) break;
  }
  // Warm-up round: also the bytes the bare server sends.
  await gatewayRound(clients, gateway.url, EVENTS);
  const messages = await clients.recorded("gateway");
  if (messages.length !== EVENTS) throw new Error(`recorded ${messages.length} messages, expected ${EVENTS}`);
  for (const text of messages) {
    const message = JSON.parse(text) as { id?: string; type?: string; payload?: { data?: unknown; errors?: unknown } };
    if (message.id !== "s" || message.type !== "next" || !message.payload?.data || message.payload.errors) {
      throw new Error(`unexpected message ${text}`);
    }
  }
  await bareRound(clients, bare, messages);

  const gatewayRates: number[] = [];
  const bareRates: number[] = [];
  const rate = (ms: number) => (EVENTS * SUBSCRIBERS * 1000) / ms;
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      gatewayRates.push(rate(await gatewayRound(clients, gateway.url, EVENTS)));
      bareRates.push(rate(await bareRound(clients, bare, messages)));
    } else {
      bareRates.push(rate(await bareRound(clients, bare, messages)));
      gatewayRates.push(rate(await gatewayRound(clients, gateway.url, EVENTS)));
    }
  }

  const bytes = messages.reduce((sum, text) => sum + Buffer.byteLength(text), 0) / messages.length;
  console.log(
    `node ${process.version}; ${rounds} rounds per side after a warm-up, alternating which goes first; ` +
      `${EVENTS} events per round to ${SUBSCRIBERS} subscribers (${Math.round(bytes)} bytes per message); ` +
      `gateway (${process.env.REDIS_URL ? "Redis" : "in-memory"} event log), bare server, clients and sandbox ` +
      `in processes of their own\n`,
  );
  const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
  const line = (label: string, values: number[]) => {
    const s = sorted(values);
    const f = (v: number) => Math.round(v).toLocaleString("en-US").padStart(10);
    return `${label.padEnd(34)}  ${f(percentile(s, 50))}  ${f(s[0] ?? Number.NaN)}  ${f(s.at(-1) ?? Number.NaN)}`;
  };
  console.log(
    `${"messages delivered per second".padEnd(34)}  ${"median".padStart(10)}  ${"min".padStart(10)}  ${"max".padStart(10)}`,
  );
  console.log(line("gateway: webhook → 1,000 graphql-ws", gatewayRates));
  console.log(line("bare ws: same bytes → 1,000 sockets", bareRates));
  const ratio = percentile(sorted(gatewayRates), 50) / percentile(sorted(bareRates), 50);
  console.log(
    `gateway / bare (medians): ${ratio.toFixed(2)}× against the target of ≥ ${TARGET_RATIO}×: ` +
      `${ratio >= TARGET_RATIO ? "met" : "NOT met"}\n`,
  );
  clients.stop();
  bare.stop();
  await Promise.all([gateway.stop(), sandbox.stop()]);
});
