/**
 * Backend webhooks keep the shared cache fresh on every instance: a change the gateway did not make
 * (another client of the legacy service) is served stale by B until the list's webhook reaches A's
 * ingress, and fresh on B as soon as A accepted it. The event → tags mapping is checked for both
 * backends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { webhookTags } from "../../src/server/cache-invalidation.js";
import type { Gateway } from "../../src/server.js";
import { cachedEnv, freshPrefix, post } from "../cache/support.js";
import { startGateway } from "../support/stack.js";
import { demo } from "./support/ids.js";

const REDIS_URL = "redis://127.0.0.1:6379/12";
const INGRESS_TOKEN = "cache-test-ingress-token-0123456789";
const STATS = `query CacheWebhookStats($id: ID!) {
  node(id: $id) { ... on List { stats { totalActiveSubscribers } } }
}`;
const ADD = `mutation CacheWebhookAdd($input: AddSubscriberInput!) { addSubscriber(input: $input) { __typename } }`;

const activeOf = (answer: Awaited<ReturnType<typeof post>>): unknown =>
  (answer.data?.node as { stats?: { totalActiveSubscribers?: number } } | null)?.stats?.totalActiveSubscribers;

let legacy: LegacySandbox;
const closing: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  legacy = await startLegacySandbox({ webhookAutoDeliver: false });
  closing.push(legacy);
});
afterAll(async () => {
  for (const c of closing.reverse()) await c.close();
});

async function gateway(env: Record<string, string>): Promise<Gateway> {
  const g = await startGateway(legacy.url, env);
  closing.push(g);
  for (let i = 0; i < 100 && env.CACHE === "on" && !g.cache?.store.usable(); i++)
    await new Promise((r) => setTimeout(r, 20));
  return g;
}

describe("webhooks invalidate the shared cache", () => {
  it("a list's webhook accepted on A drops its statistics on B", async () => {
    const env = { ...cachedEnv(REDIS_URL, freshPrefix()), INGRESS_TOKEN };
    const a = await gateway(env);
    const b = await gateway(env);
    // Another client of the service: it changes the list without telling the cache.
    const other = await gateway({});
    legacy.webhooks.add({
      listId: DEMO.lists.vip,
      url: `${a.url}/webhooks/legacy/${INGRESS_TOKEN}`,
      format: "json",
      events: ["Subscribe", "Update", "Deactivate"],
    });
    for (let i = 0; i < 5; i++) {
      const before = activeOf(await post(b.url, STATS, { id: demo.vip })) as number;
      const added = await post(other.url, ADD, { input: { listId: demo.vip, email: `hook${i}@example.com` } });
      expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
      // Not reported yet: B still serves what it holds (what the time to live bounds).
      expect(activeOf(await post(b.url, STATS, { id: demo.vip }))).toBe(before);
      await legacy.webhooks.deliverDue();
      expect(activeOf(await post(b.url, STATS, { id: demo.vip }))).toBe(before + 1);
    }
    const metrics = await (await fetch(`${a.url}/metrics`)).text();
    expect(metrics).toMatch(/mailgraph_cache_invalidations_total\{reason="webhook"\} [1-9]/);
  });

  it("maps list events to their list and a completed job to its job (or every job)", () => {
    const receivedAt = "2026-03-18T03:00:00.000Z";
    const listEvent = { type: "Deactivate", listId: "7", receivedAt } as never;
    expect(webhookTags("legacy", [listEvent, listEvent])).toEqual(["legacy:list:7"]);
    const job = (data: unknown) => ({ topic: "async-job/completed", ts: 1, receivedAt, data }) as never;
    expect(webhookTags("commerce", [job({ id: "j1" })])).toEqual(["commerce:job:j1"]);
    expect(webhookTags("commerce", [job(null)])).toEqual(["commerce:jobs"]);
    const sent = { topic: "newsletter-email/sent", ts: 1, receivedAt, data: {} } as never;
    expect(webhookTags("commerce", [sent])).toEqual([]);
  });
});
