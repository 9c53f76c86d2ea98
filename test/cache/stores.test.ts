/**
 * Both cache stores against the same expectations: an entry is served while its tags are at the
 * versions it was stored under, a bump drops it in every scope, a read in flight across a bump is
 * neither kept nor served, scopes never share entries, and the memory store's bounds hold. The Redis
 * store runs against the Redis on 127.0.0.1:6379 under a prefix of its own; there, a bump writes the
 * tags' version keys and nothing else however many scopes were looked up, and two stores sharing the
 * Redis see each other's bumps.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryStore, RedisStore } from "../../src/cache/index.js";
import type { CacheStore } from "../../src/cache/store.js";

const REDIS_URL = "redis://127.0.0.1:6379/11";
const opened: CacheStore[] = [];
const admin = new Redis(REDIS_URL, { lazyConnect: true });
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
  admin.disconnect();
});

/** Every key under `prefix` in the test database. */
async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, found] = await admin.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== "0");
  return [...new Set(keys)].sort();
}

async function ready(store: CacheStore): Promise<CacheStore> {
  opened.push(store);
  for (let i = 0; i < 100 && !store.usable(); i++) await new Promise((r) => setTimeout(r, 20));
  return store;
}

const stores: [string, () => Promise<CacheStore>][] = [
  [
    "memory",
    () => ready(new MemoryStore({ maxEntries: 100, maxBytes: 1 << 20, maxEntryBytes: 1 << 16, longestTtlMs: 60_000 })),
  ],
  ["redis", () => ready(new RedisStore({ url: REDIS_URL, keyPrefix: `test-${randomUUID()}:`, longestTtlMs: 60_000 }))],
];

describe.each(stores)("%s store", (_name, make) => {
  it("serves an entry until a tag it depends on is bumped, in every scope", async () => {
    const store = await make();
    for (const scope of ["a", "b"]) {
      const first = await store.lookup(scope, "k", ["list:1", "clients"]);
      expect(first.hit).toBeUndefined();
      expect(await store.store(scope, "k", ["list:1", "clients"], first.versions!, `"${scope}"`, 5, 60_000)).toBe(true);
    }
    expect((await store.lookup("a", "k", ["list:1", "clients"])).hit).toEqual({ json: '"a"', storedAt: 5 });
    expect((await store.lookup("b", "k", ["list:1", "clients"])).hit).toEqual({ json: '"b"', storedAt: 5 });
    await store.bump(["list:1"]);
    expect((await store.lookup("a", "k", ["list:1", "clients"])).hit).toBeUndefined();
    expect((await store.lookup("b", "k", ["list:1", "clients"])).hit).toBeUndefined();
  });

  it("does not keep a read that was in flight when a tag was bumped", async () => {
    const store = await make();
    const noted = await store.lookup("a", "k", ["list:2"]);
    await store.bump(["list:2"]);
    expect(await store.store("a", "k", ["list:2"], noted.versions!, '"old"', 1, 60_000)).toBe(false);
    expect((await store.lookup("a", "k", ["list:2"])).hit).toBeUndefined();
  });

  it("does not serve an entry kept under versions a bump has since replaced", async () => {
    const store = await make();
    // The store's check passed just before the bump: the entry is kept under the old versions.
    const noted = await store.lookup("a", "raced", ["list:3", "clients"]);
    expect(await store.store("a", "raced", ["list:3", "clients"], noted.versions!, '"old"', 1, 60_000)).toBe(true);
    await store.bump(["list:3"]);
    const after = await store.lookup("a", "raced", ["list:3", "clients"]);
    expect(after.hit).toBeUndefined();
    expect(after.versions).not.toBe(noted.versions);
    expect(await store.store("a", "raced", ["list:3", "clients"], after.versions!, '"new"', 2, 60_000)).toBe(true);
    expect((await store.lookup("a", "raced", ["list:3", "clients"])).hit).toEqual({ json: '"new"', storedAt: 2 });
  });

  it("keeps scopes apart", async () => {
    const store = await make();
    const noted = await store.lookup("a", "only-a", []);
    await store.store("a", "only-a", [], noted.versions!, "1", 1, 60_000);
    expect((await store.lookup("b", "only-a", [])).hit).toBeUndefined();
    expect((await store.lookup("a", "only-a", [])).hit?.json).toBe("1");
  });

  it("lets an entry expire with its time to live", async () => {
    const store = await make();
    const noted = await store.lookup("a", "short", []);
    await store.store("a", "short", [], noted.versions!, "1", 1, 30);
    await new Promise((r) => setTimeout(r, 80));
    expect((await store.lookup("a", "short", [])).hit).toBeUndefined();
  });
});

describe("redis store", () => {
  const LONGEST_TTL_MS = 60_000;
  const make = (keyPrefix: string) =>
    ready(new RedisStore({ url: REDIS_URL, keyPrefix, longestTtlMs: LONGEST_TTL_MS })) as Promise<RedisStore>;

  it("bumps the tags' version keys and nothing else, however many scopes were looked up", async () => {
    const prefix = `test-${randomUUID()}:`;
    const store = await make(prefix);
    // Callers rotating random credentials: each is a scope of its own, never accepted by a backend.
    const scopes = Array.from({ length: 500 }, () => randomBytes(16).toString("base64url"));
    for (let at = 0; at < scopes.length; at += 50) {
      const found = await Promise.all(scopes.slice(at, at + 50).map((scope) => store.lookup(scope, "k", ["list:9"])));
      for (const lookup of found) expect(lookup.versions).toBe("0");
    }
    const before = await keysUnder(prefix);
    await store.bump(["list:9", "clients"]);
    const after = await keysUnder(prefix);
    const written = after.filter((key) => !before.includes(key));
    expect(written).toHaveLength(2);
    expect(after).toHaveLength(before.length + 2);
    // A tag's version outlives every entry kept under the version before it.
    for (const key of written) {
      const life = await admin.pttl(key);
      expect(life).toBeGreaterThan(LONGEST_TTL_MS);
      expect(life).toBeLessThanOrEqual(LONGEST_TTL_MS + 60_000);
    }
    // Bumped again: the same keys, new versions.
    const noted = await store.lookup(scopes[0]!, "k", ["list:9", "clients"]);
    await store.bump(["list:9", "clients"]);
    expect(await keysUnder(prefix)).toEqual(after);
    expect((await store.lookup(scopes[0]!, "k", ["list:9", "clients"])).versions).not.toBe(noted.versions);
  });

  it("shares entries and bumps between two stores on one Redis", async () => {
    const prefix = `test-${randomUUID()}:`;
    const [a, b] = await Promise.all([make(prefix), make(prefix)]);
    const noted = await a.lookup("s", "k", ["list:4"]);
    expect(await a.store("s", "k", ["list:4"], noted.versions!, '"x"', 3, 60_000)).toBe(true);
    expect((await b.lookup("s", "k", ["list:4"])).hit).toEqual({ json: '"x"', storedAt: 3 });
    // A read on b in flight while a bumps is not kept; a read on b after the bump misses.
    const inFlight = await b.lookup("s", "other", ["list:4"]);
    await a.bump(["list:4"]);
    expect(await b.store("s", "other", ["list:4"], inFlight.versions!, '"old"', 4, 60_000)).toBe(false);
    expect((await b.lookup("s", "k", ["list:4"])).hit).toBeUndefined();
    expect((await a.lookup("s", "other", ["list:4"])).hit).toBeUndefined();
  });
});

describe("memory store bounds", () => {
  it("drops the least recently used entry past its count, and keeps no entry past the entry cap", async () => {
    const store = new MemoryStore({ maxEntries: 2, maxBytes: 1 << 20, maxEntryBytes: 100, longestTtlMs: 60_000 });
    for (const key of ["x", "y"]) await store.store("s", key, [], "", "1", 1, 60_000);
    await store.lookup("s", "x", []); // x used last: y goes first
    await store.store("s", "z", [], "", "1", 1, 60_000);
    expect((await store.lookup("s", "x", [])).hit).toBeDefined();
    expect((await store.lookup("s", "y", [])).hit).toBeUndefined();
    expect(await store.store("s", "big", [], "", `"${"x".repeat(200)}"`, 1, 60_000)).toBe(false);
    expect(store.bytes()).toBeGreaterThan(0);
  });

  it("holds no more bytes than its byte bound", async () => {
    const store = new MemoryStore({ maxEntries: 1000, maxBytes: 2_000, maxEntryBytes: 1_000, longestTtlMs: 60_000 });
    for (let i = 0; i < 50; i++) await store.store("s", `k${i}`, [], "", `"${"x".repeat(200)}"`, 1, 60_000);
    expect(store.bytes()).toBeLessThanOrEqual(2_000);
  });
});

describe("redis store without Redis", () => {
  it("misses and keeps nothing, without failing", async () => {
    const store = new RedisStore({ url: "redis://127.0.0.1:1/0", keyPrefix: "none:", longestTtlMs: 1_000 });
    opened.push(store);
    const found = await store.lookup("a", "k", ["t"]);
    expect(found).toEqual({ hit: undefined, versions: undefined });
    await store.bump(["t"]);
    expect(store.usable()).toBe(false);
  });
});
