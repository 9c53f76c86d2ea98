/**
 * The gateway through a whole Redis Cluster outage, as on one Redis: while no node answers, a
 * webhook is refused with 503 (the backend delivers it again later) and a login code cannot be
 * issued, both soon rather than once the cluster is back; /readyz reports Redis down; once the
 * nodes are back the same gateway accepts webhooks again and its event log's reader delivers them
 * live, without a restart. Underneath, a connection's commandTimeout counts while a command waits
 * for the cluster too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisOneTimeCodes } from "../../src/auth/one-time-codes.js";
import { connectRedis } from "../../src/redis/connect.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { Recorder } from "../events/log/log-helpers.js";
import { startRedisCluster, type RedisCluster } from "../support/redis-cluster.js";
import { startGateway } from "../support/stack.js";

const TOKEN = "test-ingress-token-0123456789";
/** A backend address nothing listens on: the ingress never calls the legacy service. */
const UNUSED_LEGACY_URL = "http://127.0.0.1:9";
const PREFIX = "cluster-outage:";
/**
 * Far longer than a refusal needs, far shorter than the test's own timeout: a request still
 * pending then is one that waits for the cluster to come back.
 */
const GUARD_MS = 10_000;

let cluster: RedisCluster;
let gateway: Gateway;

beforeAll(async () => {
  cluster = await startRedisCluster();
  gateway = await startGateway(UNUSED_LEGACY_URL, {
    AUTH_MODE: "open",
    REDIS_URL: cluster.url,
    INGRESS_TOKEN: TOKEN,
    EVENT_LOG_KEY_PREFIX: PREFIX,
  });
});
afterAll(async () => {
  await gateway?.close();
  await cluster?.stop();
});

let delivery = 0;
/** A webhook body with one Subscribe event no earlier body carried (so never a duplicate). */
const subscribeBody = () =>
  JSON.stringify({
    ListID: DEMO.lists.newsletter,
    Events: [
      {
        Type: "Subscribe",
        Date: "2026-03-18 03:00:00",
        EmailAddress: `outage.person.${(delivery += 1)}@example.com`,
        Name: "Outage Person",
        SignupIPAddress: "203.0.113.7",
        CustomFields: [],
      },
    ],
  });

/** The status the ingress answers a new delivery with; rejects when it has not answered within GUARD_MS. */
async function postWebhook(): Promise<number> {
  const res = await fetch(`${gateway.url}/webhooks/legacy/${TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: subscribeBody(),
    signal: AbortSignal.timeout(GUARD_MS),
  }).catch((error: unknown) => {
    throw new Error(`the webhook got no answer within ${GUARD_MS} ms: ${String(error)}`);
  });
  await res.arrayBuffer();
  return res.status;
}

async function redisStatus(): Promise<string> {
  const res = await fetch(`${gateway.url}/readyz`, { signal: AbortSignal.timeout(GUARD_MS) });
  return ((await res.json()) as { redis: { status: string } }).redis.status;
}

/** How `work` settled, or "pending" when it had not within GUARD_MS. */
async function settled(work: Promise<unknown>): Promise<"fulfilled" | "rejected" | "pending"> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<"pending">((resolve) => (timer = setTimeout(() => resolve("pending"), GUARD_MS)));
  try {
    return await Promise.race([
      work.then(
        () => "fulfilled" as const,
        () => "rejected" as const,
      ),
      guard,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What `read` gives once it gives `wanted`, or what it gave last, after trying for a while. */
async function eventually<T>(read: () => Promise<T>, wanted: T): Promise<T> {
  let value = await read();
  for (let tries = 1; value !== wanted && tries < 100; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

describe("the gateway through a Redis Cluster outage", () => {
  it("refuses webhooks and login codes while every node is down, and takes them again once the nodes are back", async () => {
    expect(await postWebhook()).toBe(202);
    const codes = new RedisOneTimeCodes(
      { url: cluster.url, keyPrefix: PREFIX, onError: () => undefined },
      60_000,
      Date.now,
    );
    // No retry limit: only its commandTimeout can end a command's wait for the cluster.
    const timed = connectRedis(cluster.url, { maxRetriesPerRequest: null, commandTimeout: 500 });
    timed.on("error", () => undefined);
    try {
      await codes.issue("gateway-token", "https://app.example.test", 3600);
      await timed.ping();

      await cluster.stopNodes();
      // 503: the backend keeps the delivery and sends it again later.
      expect(await postWebhook()).toBe(503);
      expect(await settled(codes.issue("gateway-token", "https://app.example.test", 3600))).toBe("rejected");
      // Again and again: the first may still have gone to a node before the cluster saw it was down.
      for (let tries = 0; tries < 3; tries += 1) {
        expect(await settled(timed.set(`${PREFIX}{t}:timed`, "1"))).toBe("rejected");
      }
      // /readyz keeps its report for a moment: the one from before the outage may still be served.
      expect(await eventually(redisStatus, "down")).toBe("down");

      await cluster.startNodes();
      // The gateway finds the cluster again by itself; until it has, a delivery may still be refused.
      expect(await eventually(postWebhook, 202)).toBe(202);
      expect(await eventually(redisStatus, "up")).toBe("up");
      expect(await settled(codes.issue("gateway-token", "https://app.example.test", 3600))).toBe("fulfilled");
      expect(await settled(timed.set(`${PREFIX}{t}:timed`, "1"))).toBe("fulfilled");

      const live = new Recorder();
      const stop = await gateway.events.subscribe("legacy", {}, live.listener);
      try {
        expect(await postWebhook()).toBe(202);
        await live.until(1, GUARD_MS);
      } finally {
        stop();
      }
    } finally {
      await codes.close();
      timed.disconnect();
    }
  });
});
