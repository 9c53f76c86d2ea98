/**
 * The Redis cache store unchanged on a three-node Redis Cluster (REDIS_URL=redis+cluster://…): two
 * stores sharing it serve each other's entries, a bump on one drops entries for both in every scope,
 * a read in flight across a bump is not kept, and a bump made while no node answers is replayed once
 * the cluster is back, before the store is used again. Entries of different scopes land on different
 * nodes from the tags' versions, so a lookup spans nodes; a command touching keys of two slots would
 * be refused (CROSSSLOT).
 */
import { randomUUID } from "node:crypto";
import type { Cluster } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisStore } from "../../src/cache/index.js";
import { connectRedis } from "../../src/redis/connect.js";
import { startRedisCluster, type RedisCluster } from "../support/redis-cluster.js";

const LONGEST_TTL_MS = 60_000;
/** Far longer than the cluster needs to come back on a loaded machine. */
const RECOVERY_MS = 30_000;

let cluster: RedisCluster;
let admin: Cluster;
const opened: RedisStore[] = [];

beforeAll(async () => {
  cluster = await startRedisCluster();
  admin = connectRedis(cluster.url) as Cluster;
  admin.on("error", () => undefined);
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  admin?.disconnect();
  await cluster?.stop();
});

async function until(check: () => boolean | Promise<boolean>, what: string, withinMs = RECOVERY_MS): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A store on the cluster under `keyPrefix`, once it can be used. */
async function storeOn(keyPrefix: string, onError?: (error: unknown) => void): Promise<RedisStore> {
  const store = new RedisStore({ url: cluster.url, keyPrefix, longestTtlMs: LONGEST_TTL_MS, onError });
  opened.push(store);
  await until(() => store.usable(), "the store is usable");
  return store;
}

/** How many keys under `prefix` each master holds. */
async function keysPerNode(prefix: string): Promise<number[]> {
  return Promise.all(
    admin.nodes("master").map(async (node) => {
      const keys = new Set<string>();
      let cursor = "0";
      do {
        const [next, found] = await node.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
        for (const key of found) keys.add(key);
        cursor = next;
      } while (cursor !== "0");
      return keys.size;
    }),
  );
}

const SCOPES = Array.from({ length: 12 }, (_, at) => `scope-${at}`);
const TAGS = ["list:1", "clients"];

describe("the cache store on Redis Cluster", () => {
  it("serves entries of every scope from either store until a bump on one drops them for both", async () => {
    const prefix = `cluster-cache-${randomUUID().slice(0, 8)}:`;
    const errors: unknown[] = [];
    const a = await storeOn(prefix, (error) => errors.push(error));
    const b = await storeOn(prefix, (error) => errors.push(error));
    for (const scope of SCOPES) {
      const noted = await a.lookup(scope, "k", TAGS);
      expect(noted).toEqual({ hit: undefined, versions: "0,0" });
      expect(await a.store(scope, "k", TAGS, noted.versions!, `"${scope}"`, 7, 60_000)).toBe(true);
    }
    for (const scope of SCOPES)
      expect((await b.lookup(scope, "k", TAGS)).hit).toEqual({ json: `"${scope}"`, storedAt: 7 });
    // The entries are spread over the nodes: lookups and stores reach more than one of them.
    expect((await keysPerNode(prefix)).filter((count) => count > 0).length).toBeGreaterThan(1);

    const keysBefore = (await keysPerNode(prefix)).reduce((sum, count) => sum + count, 0);
    await b.bump(["list:1"]);
    // One version key written, whatever the number of scopes.
    expect((await keysPerNode(prefix)).reduce((sum, count) => sum + count, 0)).toBe(keysBefore + 1);
    for (const store of [a, b])
      for (const scope of SCOPES) expect((await store.lookup(scope, "k", TAGS)).hit).toBeUndefined();

    const renewed = await b.lookup("scope-0", "k", TAGS);
    expect(renewed.versions).not.toBe("0,0");
    expect(await b.store("scope-0", "k", TAGS, renewed.versions!, '"new"', 8, 60_000)).toBe(true);
    expect((await a.lookup("scope-0", "k", TAGS)).hit).toEqual({ json: '"new"', storedAt: 8 });
    expect(errors).toEqual([]);
  });

  it("does not keep a read in flight on one store across a bump on the other", async () => {
    const prefix = `cluster-cache-${randomUUID().slice(0, 8)}:`;
    const a = await storeOn(prefix);
    const b = await storeOn(prefix);
    const inFlight = await a.lookup("scope-1", "k", TAGS);
    await b.bump(["clients"]);
    expect(await a.store("scope-1", "k", TAGS, inFlight.versions!, '"old"', 1, 60_000)).toBe(false);
    const after = await a.lookup("scope-1", "k", TAGS);
    expect(after.hit).toBeUndefined();
    expect(after.versions).not.toBe(inFlight.versions);
  });

  it("misses while no node answers and replays a bump made meanwhile before it is used again", async () => {
    const prefix = `cluster-cache-${randomUUID().slice(0, 8)}:`;
    const store = await storeOn(prefix, () => undefined);
    const noted = await store.lookup("scope-2", "k", ["job:9"]);
    expect(noted.versions).toBe("0");
    await cluster.stopNodes();
    try {
      expect(await store.lookup("scope-2", "k", ["job:9"])).toEqual({ hit: undefined, versions: undefined });
      expect(await store.store("scope-2", "k", ["job:9"], "0", '"x"', 1, 60_000)).toBe(false);
      await store.bump(["job:9"]);
      expect(store.usable()).toBe(false);
    } finally {
      await cluster.startNodes();
    }
    // The nodes come back empty: a version for job:9 is there only because the bump was replayed.
    // A lookup tries the replay again should the first, on reconnecting, have found the cluster not ready.
    await until(async () => {
      await store.lookup("scope-2", "k", ["job:9"]);
      return store.usable();
    }, "the store replays its bump and is usable again");
    const after = await store.lookup("scope-2", "k", ["job:9"]);
    expect(after.hit).toBeUndefined();
    expect(after.versions).toMatch(/^[^,]+$/);
    expect(after.versions).not.toBe("0");
  });
});
