/**
 * EVENT_LOG_KEY_PREFIX: two deployments sharing one Redis keep their event logs apart. A webhook
 * accepted by a gateway with one prefix is in that prefix's stream only, and a gateway with another
 * prefix delivers nothing of it. Redis database 11.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoggedEvent } from "../../../src/events/log/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { Gateway } from "../../../src/server.js";
import { startGateway } from "../../support/stack.js";
import { requireSharedRedis, Recorder, sleep } from "./log-helpers.js";

const REDIS_URL = "redis://127.0.0.1:6379/11";
const TOKEN = "test-ingress-token-0123456789";
/** A backend address nothing listens on: the ingress never calls the legacy service. */
const UNUSED_LEGACY_URL = "http://127.0.0.1:9";
const run = `${process.pid}-${Date.now()}`;
const PREFIX_A = `mailgraph-test-a-${run}:`;
const PREFIX_B = `mailgraph-test-b-${run}:`;

let a: Gateway;
let b: Gateway;
let redis: Redis;

beforeAll(async () => {
  await requireSharedRedis();
  redis = new Redis(REDIS_URL);
  const env = { AUTH_MODE: "open", REDIS_URL, INGRESS_TOKEN: TOKEN };
  a = await startGateway(UNUSED_LEGACY_URL, { ...env, EVENT_LOG_KEY_PREFIX: PREFIX_A });
  b = await startGateway(UNUSED_LEGACY_URL, { ...env, EVENT_LOG_KEY_PREFIX: PREFIX_B });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  const keys = [...(await redis.keys(`${PREFIX_A}*`)), ...(await redis.keys(`${PREFIX_B}*`))];
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe("EVENT_LOG_KEY_PREFIX", () => {
  it("keeps the logs of gateways with different prefixes on one Redis apart", async () => {
    const onA = new Recorder();
    const onB: LoggedEvent[] = [];
    const stopA = await a.events.subscribe("legacy", {}, onA.listener);
    const stopB = await b.events.subscribe("legacy", {}, (event) => void onB.push(event));
    const body = JSON.stringify({
      ListID: DEMO.lists.newsletter,
      Events: [
        {
          Type: "Subscribe",
          Date: "2026-03-18 03:00:00",
          EmailAddress: "prefix.person@example.com",
          Name: "Prefix Person",
          SignupIPAddress: "203.0.113.7",
          CustomFields: [],
        },
      ],
    });
    const res = await fetch(`${a.url}/webhooks/legacy/${TOKEN}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(202);
    await onA.until(1);
    await sleep(200);
    expect(onB).toEqual([]);
    expect(await redis.xlen(`${PREFIX_A}{events}:legacy`)).toBe(1);
    expect(await redis.exists(`${PREFIX_B}{events}:legacy`)).toBe(0);
    expect((await redis.keys(`${PREFIX_A}{events}:dedupe:*`)).length).toBeGreaterThan(0);
    stopA();
    stopB();
  });
});
