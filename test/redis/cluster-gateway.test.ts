/**
 * The gateway unchanged on a three-node Redis Cluster (REDIS_URL=redis+cluster://…): two instances
 * share the event log (append script, dedupe, blocking reader, replay) and the one-time login
 * codes, and /readyz pings the cluster. Every script and transaction must touch keys of one slot,
 * or Redis refuses it (CROSSSLOT, or a script reaching a key of another node).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisOneTimeCodes } from "../../src/auth/one-time-codes.js";
import { connectRedis, type RedisConnection } from "../../src/redis/connect.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { Recorder } from "../events/log/log-helpers.js";
import { startRedisCluster, type RedisCluster } from "../support/redis-cluster.js";
import { startGateway } from "../support/stack.js";

const TOKEN = "test-ingress-token-0123456789";
/** A backend address nothing listens on: the ingress never calls the legacy service. */
const UNUSED_LEGACY_URL = "http://127.0.0.1:9";
const PREFIX = "cluster-test:";

let cluster: RedisCluster;
let a: Gateway;
let b: Gateway;
let admin: RedisConnection;

beforeAll(async () => {
  cluster = await startRedisCluster();
  const env = { AUTH_MODE: "open", REDIS_URL: cluster.url, INGRESS_TOKEN: TOKEN, EVENT_LOG_KEY_PREFIX: PREFIX };
  a = await startGateway(UNUSED_LEGACY_URL, env);
  b = await startGateway(UNUSED_LEGACY_URL, env);
  admin = connectRedis(cluster.url);
});
afterAll(async () => {
  admin?.disconnect();
  await a?.close();
  await b?.close();
  await cluster?.stop();
});

const subscribeBody = (email: string) =>
  JSON.stringify({
    ListID: DEMO.lists.newsletter,
    Events: [
      {
        Type: "Subscribe",
        Date: "2026-03-18 03:00:00",
        EmailAddress: email,
        Name: "Cluster Person",
        SignupIPAddress: "203.0.113.7",
        CustomFields: [],
      },
    ],
  });

const postWebhook = (gateway: Gateway, body: string) =>
  fetch(`${gateway.url}/webhooks/legacy/${TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });

describe("the gateway on Redis Cluster", () => {
  it("answers /readyz with the cluster up (the legacy backend, unreachable here, is what keeps it unready)", async () => {
    const res = await fetch(`${a.url}/readyz`);
    const report = (await res.json()) as { redis: { status: string }; backends: { legacy: { status: string } } };
    expect(report.redis.status).toBe("up");
    expect(report.backends.legacy.status).toBe("down");
  });

  it("logs a webhook accepted by one instance once, delivers it live on the other, and replays it there", async () => {
    const live = new Recorder();
    const stop = await b.events.subscribe("legacy", {}, live.listener);
    const body = subscribeBody("cluster.person@example.com");
    expect((await postWebhook(a, body)).status).toBe(202);
    // The same delivery again, on the other instance: the dedupe hash holds it (200: nothing new).
    expect((await postWebhook(b, body)).status).toBe(200);
    await live.until(1);
    stop();
    expect(live.events[0]?.event).toMatchObject({ type: "Subscribe" });

    const replay = new Recorder();
    const stopReplay = await b.events.subscribe("legacy", { after: "0-0" }, replay.listener);
    await replay.until(1);
    stopReplay();
    expect(replay.ids).toEqual(live.ids);
    expect(await admin.xlen(`${PREFIX}{events}:legacy`)).toBe(1);
  });

  it("lets a login code issued on one instance be redeemed on another, once, and only from its origin", async () => {
    const options = { url: cluster.url, keyPrefix: PREFIX, onError: () => undefined };
    const issuing = new RedisOneTimeCodes(options, 60_000, Date.now);
    const redeeming = new RedisOneTimeCodes(options, 60_000, Date.now);
    try {
      const codes = await Promise.all(
        Array.from({ length: 6 }, () => issuing.issue("gateway-token", "https://app.example.test", 3600)),
      );
      expect(await redeeming.redeem(codes[0]!, "https://other.example.test")).toBeUndefined();
      for (const code of codes) {
        expect(await redeeming.redeem(code, "https://app.example.test")).toMatchObject({ token: "gateway-token" });
        expect(await issuing.redeem(code, undefined)).toBeUndefined();
      }
    } finally {
      await issuing.close();
      await redeeming.close();
    }
  });
});
