/**
 * Budgets in Redis (src/budget/redis-store.ts), against the machine's Redis (a database of its
 * own) and a three-node Redis Cluster: one bucket per caller shared by every store on the same
 * Redis, taken from atomically, its key a digest in a hash tag; and while Redis does not answer,
 * each store budgets in its own memory.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisBudgetStore } from "../../src/budget/redis-store.js";
import { connectRedis, type RedisConnection } from "../../src/redis/connect.js";
import { startRedisCluster, type RedisCluster } from "../support/redis-cluster.js";

const PREFIX = `test-budget-${process.pid}:`;

let cluster: RedisCluster | undefined;
afterAll(() => cluster?.stop());

describe.each([
  { on: "one Redis server", url: () => Promise.resolve("redis://127.0.0.1:6379/13") },
  { on: "a Redis Cluster", url: async () => (cluster ??= await startRedisCluster()).url },
])("budgets in Redis, on $on", ({ url: urlOf }) => {
  let REDIS_URL: string;
  let admin: RedisConnection;
  const stores: RedisBudgetStore[] = [];
  const store = (max: number, restorePerS: number, url = REDIS_URL, onUnavailable?: () => void) => {
    const made = new RedisBudgetStore({ max, restorePerS }, { url, keyPrefix: PREFIX, onUnavailable });
    stores.push(made);
    return made;
  };
  beforeAll(async () => {
    REDIS_URL = await urlOf();
    admin = connectRedis(REDIS_URL);
  }, 30_000);
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const key of keysMade) await admin.del(key);
    await admin.quit();
  });
  const keysMade: string[] = [];

  it("two stores on one Redis draw from one bucket per caller, never both spending the same calls", async () => {
    // Restored at one call a second: in the moment this takes, at most a call or two come back.
    const a = store(100, 1);
    const b = store(100, 1);
    const caller = `subject:many-${Date.now()}`;
    const charges = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? a : b).take(caller, 5)));
    const admitted = charges.filter((c) => c.admitted).length;
    expect(admitted).toBeGreaterThanOrEqual(20);
    expect(admitted).toBeLessThanOrEqual(21);
    // Another caller is untouched.
    expect(await a.take(`subject:other-${Date.now()}`, 100)).toEqual({ admitted: true, available: 0 });
  });

  it("gives back and charges beyond what was taken", async () => {
    const a = store(50, 1);
    const caller = `subject:adjust-${Date.now()}`;
    expect((await a.take(caller, 50)).admitted).toBe(true);
    expect(await a.adjust(caller, 20)).toBeGreaterThanOrEqual(20);
    expect(await a.adjust(caller, -100)).toBeLessThan(0);
    expect((await a.take(caller, 1)).admitted).toBe(false);
    // What costs nothing is admitted all the same.
    expect((await a.take(caller, 0)).admitted).toBe(true);
  });

  it("names a bucket by a digest of the caller, in a hash tag, expiring once it would be full", async () => {
    const a = store(10, 5);
    const caller = "subject:alice@example.com";
    await a.take(caller, 3);
    const key = a.keyOf(caller);
    keysMade.push(key);
    expect(key).toMatch(new RegExp(`^${PREFIX}budget:\\{[A-Za-z0-9_-]{22}\\}$`));
    expect(key).not.toContain("alice");
    const ttl = await admin.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(Math.ceil((2 * 10 * 1000) / 5) + 1_000);
  });

  it("peeks at a bucket as it stands, refilled to now, taking and writing nothing", async () => {
    const a = store(100, 1);
    const b = store(100, 1);
    const caller = `subject:peek-${Date.now()}`;
    // A bucket nobody took from is full, and peeking makes no key.
    expect(await a.peek(caller)).toBe(100);
    expect(await admin.exists(a.keyOf(caller))).toBe(0);
    await a.take(caller, 40);
    keysMade.push(a.keyOf(caller));
    const written = await admin.hgetall(a.keyOf(caller));
    // Another store sees the same level (a call or two restored since, at most).
    const seen = await b.peek(caller);
    expect(seen).toBeGreaterThanOrEqual(60);
    expect(seen).toBeLessThan(63);
    expect(await admin.hgetall(a.keyOf(caller))).toEqual(written);
    expect((await a.take(caller, 60)).admitted).toBe(true);
  });

  it("while Redis does not answer, budgets in this instance's memory and says so", async () => {
    let told = 0;
    // Nothing listens on port 1.
    const down = store(10, 1, "redis://127.0.0.1:1", () => told++);
    const caller = "subject:offline";
    expect(await down.take(caller, 10)).toEqual({ admitted: true, available: 0 });
    expect((await down.take(caller, 10)).admitted).toBe(false);
    expect(await down.peek(caller)).toBeLessThan(1);
    expect(told).toBe(3);
  });
});
