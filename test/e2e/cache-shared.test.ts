/**
 * The shared cache across two gateway instances on one Redis (real HTTP, the legacy sandbox): a
 * write on A is never followed by the old value on B, a read in flight across a write is not kept,
 * two credentials never share entries, and neither turning the cache off nor cutting Redis off
 * changes any answer (/readyz says the cache is uncached while Redis is gone).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { cachedEnv, freshPrefix, HoldingRelay, post, RedisRelay } from "../cache/support.js";
import { startGateway } from "../support/stack.js";
import { demo } from "./support/ids.js";

const REDIS_URL = "redis://127.0.0.1:6379/12";

const STATS = `query CacheListStats($id: ID!) {
  node(id: $id) { ... on List { stats { totalActiveSubscribers } } }
}`;
const ADD = `mutation CacheAddSubscriber($input: AddSubscriberInput!) {
  addSubscriber(input: $input) { __typename }
}`;
const OVERVIEW = `query CacheOverview {
  clients { id name lists { id name stats { totalActiveSubscribers } } campaigns { id name } }
}`;

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

async function gateway(legacyUrl: string, env: Record<string, string>): Promise<Gateway> {
  const g = await startGateway(legacyUrl, env);
  closing.push(g);
  // The cache's Redis connects on its own: wait until the instance reads through it.
  for (let i = 0; i < 100 && env.CACHE === "on" && !g.cache?.store.usable(); i++) await sleep(20);
  return g;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("two instances sharing Redis", () => {
  it("never answers a read on B with the value from before a write on A (200 tries)", async () => {
    const env = cachedEnv(REDIS_URL, freshPrefix());
    const a = await gateway(legacy.url, env);
    const b = await gateway(legacy.url, env);
    let stale = 0;
    let expected = activeOf(await post(b.url, STATS, { id: demo.vip })) as number;
    expect(expected).toBeTypeOf("number");
    for (let i = 0; i < 200; i++) {
      // Warm B's entry, so the read after the write has an old one to be wrong with.
      await post(b.url, STATS, { id: demo.vip });
      const added = await post(a.url, ADD, { input: { listId: demo.vip, email: `try${i}@example.com` } });
      expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
      expected += 1;
      if (activeOf(await post(b.url, STATS, { id: demo.vip })) !== expected) stale += 1;
    }
    expect(stale).toBe(0);
    // The cache served B: most reads were hits.
    const metrics = await (await fetch(`${b.url}/metrics`)).text();
    expect(metrics).toMatch(/mailgraph_cache_reads_total\{backend="legacy",result="hit"\} [1-9]/);
  }, 120_000);

  it("does not keep a read that was in flight when a write landed", async () => {
    const env = cachedEnv(REDIS_URL, freshPrefix());
    const relay = await new HoldingRelay(legacy.url).start();
    closing.push(relay);
    const a = await gateway(legacy.url, env);
    const b = await gateway(relay.url, env);
    const uncached = await gateway(legacy.url, {});
    const before = activeOf(await post(uncached.url, STATS, { id: demo.newsletter }));
    relay.hold = "List.GetStats";
    const inFlight = post(b.url, STATS, { id: demo.newsletter });
    await relay.held();
    const added = await post(a.url, ADD, { input: { listId: demo.newsletter, email: "in-flight@example.com" } });
    expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
    relay.release();
    expect(activeOf(await inFlight)).toBe(before);
    expect(activeOf(await post(b.url, STATS, { id: demo.newsletter }))).toBe((before as number) + 1);
  });

  it("never hands one credential's entries to another, interleaved on both instances", async () => {
    const env = cachedEnv(REDIS_URL, freshPrefix());
    const a = await gateway(legacy.url, env);
    const b = await gateway(legacy.url, env);
    for (let i = 0; i < 10; i++) {
      const [right, wrong] = await Promise.all([
        post(i % 2 ? a.url : b.url, OVERVIEW, {}, { "x-legacy-api-key": DEMO.apiKey }),
        post(i % 2 ? b.url : a.url, OVERVIEW, {}, { "x-legacy-api-key": "another-key" }),
      ]);
      expect(right.errors ?? []).toEqual([]);
      expect((right.data?.clients as unknown[]).length).toBeGreaterThan(0);
      expect(wrong.data?.clients ?? null).toBeNull();
      expect(wrong.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
  });

  it("answers the same with the cache off, warm, and with Redis cut off mid-run; /readyz says uncached", async () => {
    const redis = new RedisRelay();
    await redis.start();
    closing.push({ close: () => redis.stop() });
    const off = await gateway(legacy.url, {});
    const on = await gateway(legacy.url, cachedEnv(redis.url(), freshPrefix()));
    const reference = await post(off.url, OVERVIEW);
    expect(reference.errors ?? []).toEqual([]);
    expect(await post(on.url, OVERVIEW)).toMatchObject({ data: reference.data });
    expect((await post(on.url, OVERVIEW)).data).toEqual(reference.data);
    expect(((await (await fetch(`${on.url}/readyz`)).json()) as { cache: unknown }).cache).toEqual({ status: "redis" });

    await redis.stop();
    for (let i = 0; i < 3; i++) expect((await post(on.url, OVERVIEW)).data).toEqual(reference.data);
    const added = await post(on.url, ADD, { input: { listId: demo.vip, email: "while-down@example.com" } });
    expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
    const afterWrite = await post(off.url, OVERVIEW);
    expect((await post(on.url, OVERVIEW)).data).toEqual(afterWrite.data);
    const ready = (await (await fetch(`${on.url}/readyz`)).json()) as { cache: unknown };
    expect(ready.cache).toEqual({ status: "uncached" });

    // Back: the write's invalidation is replayed before the cache is used again.
    await redis.start();
    for (let i = 0; i < 200 && !on.cache?.store.usable(); i++) await sleep(25);
    expect(on.cache?.store.usable()).toBe(true);
    expect((await post(on.url, OVERVIEW)).data).toEqual(afterWrite.data);
    expect((await post(on.url, OVERVIEW)).data).toEqual(afterWrite.data);
  }, 60_000);
});
