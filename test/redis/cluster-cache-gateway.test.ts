/**
 * Two gateway instances caching on a three-node Redis Cluster (REDIS_URL=redis+cluster://…), as on
 * one Redis: a read on B right after a write on A never returns the value from before the write, a
 * list's webhook accepted on A drops its statistics on B, and two credentials never share entries.
 * Entries of different credentials and the tags' versions sit on different nodes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { cachedEnv, freshPrefix, post } from "../cache/support.js";
import { demo } from "../e2e/support/ids.js";
import { startRedisCluster, type RedisCluster } from "../support/redis-cluster.js";
import { startGateway } from "../support/stack.js";

const INGRESS_TOKEN = "cluster-cache-ingress-token-0123456789";
const STATS = `query ClusterCacheStats($id: ID!) {
  node(id: $id) { ... on List { stats { totalActiveSubscribers } } }
}`;
const ADD = `mutation ClusterCacheAdd($input: AddSubscriberInput!) { addSubscriber(input: $input) { __typename } }`;
const CLIENTS = `query ClusterCacheClients { clients { id name } }`;

const activeOf = (answer: Awaited<ReturnType<typeof post>>): unknown =>
  (answer.data?.node as { stats?: { totalActiveSubscribers?: number } } | null)?.stats?.totalActiveSubscribers;

let cluster: RedisCluster;
let legacy: LegacySandbox;
let a: Gateway;
let b: Gateway;
let other: Gateway;

async function cachedGateway(env: Record<string, string>): Promise<Gateway> {
  const gateway = await startGateway(legacy.url, env);
  // The cache's cluster connection comes up on its own: wait until the instance reads through it.
  for (let i = 0; i < 500 && !gateway.cache?.store.usable(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(gateway.cache?.store.usable()).toBe(true);
  return gateway;
}

beforeAll(async () => {
  [cluster, legacy] = await Promise.all([startRedisCluster(), startLegacySandbox({ webhookAutoDeliver: false })]);
  const env = { ...cachedEnv(cluster.url, freshPrefix()), INGRESS_TOKEN, AUTH_MODE: "open" };
  a = await cachedGateway(env);
  b = await cachedGateway(env);
  // Another client of the legacy service: its writes do not reach the cache.
  other = await startGateway(legacy.url, { AUTH_MODE: "open" });
}, 60_000);
afterAll(async () => {
  for (const gateway of [a, b, other]) await gateway?.close();
  await legacy?.close();
  await cluster?.stop();
});

describe("the shared cache on a Redis Cluster", () => {
  it("never answers a read on B with the value from before a write on A (50 tries), and serves B from the cache", async () => {
    let expected = activeOf(await post(b.url, STATS, { id: demo.vip })) as number;
    expect(expected).toBeTypeOf("number");
    let stale = 0;
    for (let i = 0; i < 50; i++) {
      await post(b.url, STATS, { id: demo.vip });
      const added = await post(a.url, ADD, { input: { listId: demo.vip, email: `cluster${i}@example.com` } });
      expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
      expected += 1;
      if (activeOf(await post(b.url, STATS, { id: demo.vip })) !== expected) stale += 1;
    }
    expect(stale).toBe(0);
    const warm = await post(b.url, STATS, { id: demo.vip });
    expect(warm.extensions?.cache).toMatchObject({ fetched: 0 });
    expect((warm.extensions?.cache as { served: number }).served).toBeGreaterThan(0);
  }, 120_000);

  it("drops a list's statistics on B once its webhook was accepted on A", async () => {
    legacy.webhooks.add({
      listId: DEMO.lists.newsletter,
      url: `${a.url}/webhooks/legacy/${INGRESS_TOKEN}`,
      format: "json",
      events: ["Subscribe", "Update", "Deactivate"],
    });
    for (let i = 0; i < 3; i++) {
      const before = activeOf(await post(b.url, STATS, { id: demo.newsletter })) as number;
      const added = await post(other.url, ADD, { input: { listId: demo.newsletter, email: `hook${i}@example.com` } });
      expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
      expect(activeOf(await post(b.url, STATS, { id: demo.newsletter }))).toBe(before);
      await legacy.webhooks.deliverDue();
      expect(activeOf(await post(b.url, STATS, { id: demo.newsletter }))).toBe(before + 1);
    }
  });

  it("never hands one credential's entries to another, interleaved on both instances", async () => {
    for (let i = 0; i < 6; i++) {
      const [right, wrong] = await Promise.all([
        post(i % 2 ? a.url : b.url, CLIENTS, {}, { "x-legacy-api-key": DEMO.apiKey }),
        post(i % 2 ? b.url : a.url, CLIENTS, {}, { "x-legacy-api-key": `another-key-${i % 2}` }),
      ]);
      expect((right.data?.clients as unknown[]).length).toBeGreaterThan(0);
      expect(wrong.data?.clients ?? null).toBeNull();
      expect(wrong.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
  });
});
