/**
 * Shared by the event figures: their gateways (started through bench/support/processes.ts), a
 * flushed Redis database, legacy webhook bodies, and the demo newsletter's ListFeed.
 */
import { Redis } from "ioredis";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startProcess, type BenchProcess, type ProcessOptions } from "./processes.js";

/** The secret path segment of the gateways' legacy webhook URL. */
export const INGRESS_TOKEN = "bench-ingress-token-0123456789";

/** The ListFeed subscription the fan-out and idle-memory figures hold open. */
export const LIST_FEED = `subscription ListFeed($list: ID!) {
  listEvents(listId: $list) { __typename id listId emailAddress occurredAt }
}`;

/**
 * A gateway of the event figures: open auth, the demo key, webhook ingress on INGRESS_TOKEN, and
 * its log lines written to stdout as `npm start` writes them (the harness reads and drops them).
 */
export function startEventGateway(
  env: Record<string, string>,
  options: Omit<ProcessOptions, "env" | "args"> = {},
): Promise<BenchProcess> {
  return startProcess("gateway", {
    ...options,
    env: { LEGACY_API_KEY: DEMO.apiKey, INGRESS_TOKEN, AUTH_MODE: "open", MAILGRAPH_BENCH_LOG: "stdout", ...env },
  });
}

/** The global id of the demo newsletter list, read from the gateway at `gatewayUrl`. */
export async function newsletterId(gatewayUrl: string): Promise<string> {
  const res = await fetch(`${gatewayUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      query: `{ list(listId: "${DEMO.lists.newsletter}", clientId: "${DEMO.clients.northwind}") { id } }`,
    }),
  });
  const id = ((await res.json()) as { data?: { list?: { id: string } | null } }).data?.list?.id;
  if (!id) throw new Error(`the demo newsletter list was not found on ${gatewayUrl}`);
  return id;
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
