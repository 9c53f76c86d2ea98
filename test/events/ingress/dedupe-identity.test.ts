/**
 * Webhook deliveries are deduplicated by what identifies them, not by their time: posted to a
 * gateway's ingress with the in-memory log and with the Redis log, two distinct commerce events of
 * the same topic and meta.ts (the same instant) are both appended, as are two distinct legacy
 * batches whose events carry the same Date, while a replayed delivery (the same body again, with a
 * fresh signature) is answered as a duplicate and appended once.
 */
import { createHash } from "node:crypto";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { Gateway } from "../../../src/server.js";
import { FIXED_NOW, startGateway } from "../../support/stack.js";
import { subscribeEvent } from "./ingress-support.js";
import { requireSharedRedis, SHARED_REDIS_URL, uniquePrefix } from "../log/log-helpers.js";
import { COMMERCE_SECRET, INGRESS_TOKEN } from "../../schema/events/subscriptions-support.js";

const sha256 = (body: string) => createHash("sha256").update(body).digest("base64url");

async function postCommerce(gateway: Gateway, body: string, iat: number) {
  const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify({ iat, sha256: sha256(body) })))
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode(COMMERCE_SECRET));
  const res = await fetch(`${gateway.url}/webhooks/commerce`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${jws}` },
    body,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function postLegacy(gateway: Gateway, body: string) {
  const res = await fetch(`${gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const logs = [
  { name: "the in-memory log", env: (): Record<string, string> => ({}) },
  {
    name: "the Redis log",
    env: (): Record<string, string> => ({
      REDIS_URL: SHARED_REDIS_URL,
      EVENT_LOG_KEY_PREFIX: uniquePrefix("dedupe-id"),
    }),
  },
];

describe.each(logs)("webhook dedupe on $name", ({ name, env }) => {
  let legacy: LegacySandbox;
  let gateway: Gateway;
  beforeAll(async () => {
    if (name === "the Redis log") await requireSharedRedis();
    legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
    gateway = await startGateway(legacy.url, {
      INGRESS_TOKEN,
      COMMERCE_WEBHOOK_SECRET: COMMERCE_SECRET,
      ...env(),
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await legacy?.close();
  });

  it("appends two distinct commerce events of the same instant, and a replay of either once", async () => {
    const ts = Date.now();
    const sent = (email: string) =>
      JSON.stringify({
        meta: { topic: "newsletter-email/sent", ts },
        data: { templateId: "tpl_1", userId: "usr_demo", customerId: "c_1", email, sentAt: "2026-03-18T02:01:00Z" },
      });
    const iat = Math.floor(Date.now() / 1000);
    const a = sent("a@example.com");
    const b = sent("b@example.com");
    expect(await postCommerce(gateway, a, iat)).toEqual({ status: 202, body: { accepted: 1, duplicates: 0 } });
    expect(await postCommerce(gateway, b, iat)).toEqual({ status: 202, body: { accepted: 1, duplicates: 0 } });
    // The service's retry: the same body (meta.ts identical on retries), signed again later.
    expect(await postCommerce(gateway, a, iat + 5)).toEqual({ status: 200, body: { accepted: 0, duplicates: 1 } });
    expect(await postCommerce(gateway, b, iat + 9)).toEqual({ status: 200, body: { accepted: 0, duplicates: 1 } });
  });

  it("appends two distinct legacy batches whose events carry the same Date, and a replay of either once", async () => {
    const batch = (i: number) => JSON.stringify({ Events: [subscribeEvent(i)], ListID: DEMO.lists.newsletter });
    expect(await postLegacy(gateway, batch(1))).toEqual({ status: 202, body: { accepted: 1, duplicates: 0 } });
    expect(await postLegacy(gateway, batch(2))).toEqual({ status: 202, body: { accepted: 1, duplicates: 0 } });
    expect(await postLegacy(gateway, batch(1))).toEqual({ status: 200, body: { accepted: 0, duplicates: 1 } });
    // One batch holding the same event twice: two events of one delivery, both kept.
    const twice = JSON.stringify({ Events: [subscribeEvent(3), subscribeEvent(3)], ListID: DEMO.lists.newsletter });
    expect(await postLegacy(gateway, twice)).toEqual({ status: 202, body: { accepted: 2, duplicates: 0 } });
    expect(await postLegacy(gateway, twice)).toEqual({ status: 200, body: { accepted: 0, duplicates: 2 } });
  });
});
