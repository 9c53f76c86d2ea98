/**
 * SharedCache over the memory store: a hit skips the fetch and reports its age, `fresh` refuses the
 * entry but refreshes it, an answer larger than the entry cap is fetched every time, and a failed
 * fetch keeps nothing.
 */
import { describe, expect, it } from "vitest";
import { CacheUse, MemoryStore, SharedCache } from "../../src/cache/index.js";
import { scopeKey } from "../../src/cache/keys.js";

function cache(maxEntryBytes = 1_000) {
  const store = new MemoryStore({ maxEntries: 100, maxBytes: 1 << 20, maxEntryBytes, longestTtlMs: 60_000 });
  const ttl = 60_000;
  return new SharedCache({
    store,
    scopeKey: scopeKey("a secret of at least thirty-two bytes, for tests"),
    ttls: { listStats: ttl, campaignSummary: ttl, reference: ttl, job: ttl, other: ttl },
    maxEntryBytes,
  });
}

const read = {
  scope: "s",
  key: "legacy:List.GetStats:1",
  tags: ["list:1"],
  kind: "listStats",
  backend: "legacy",
} as const;

describe("SharedCache", () => {
  it("answers a second read from the cache and counts it", async () => {
    const shared = cache();
    let calls = 0;
    const fetch = () => Promise.resolve({ n: ++calls });
    expect(await shared.read(read, new CacheUse(), fetch)).toEqual({ n: 1 });
    const use = new CacheUse();
    expect(await shared.read(read, use, fetch)).toEqual({ n: 1 });
    expect(calls).toBe(1);
    expect(use.served).toBe(1);
    expect(use.oldestStoredAt).toBeTypeOf("number");
  });

  it("fetches again for a caller asking for fresh data, and keeps the new answer", async () => {
    const shared = cache();
    let calls = 0;
    const fetch = () => Promise.resolve(++calls);
    await shared.read(read, undefined, fetch);
    expect(await shared.read(read, new CacheUse(true), fetch)).toBe(2);
    expect(await shared.read(read, undefined, fetch)).toBe(2);
  });

  it("fetches again after an invalidation", async () => {
    const shared = cache();
    let calls = 0;
    const fetch = () => Promise.resolve(++calls);
    await shared.read(read, undefined, fetch);
    await shared.invalidate(["list:1"], "write");
    expect(await shared.read(read, undefined, fetch)).toBe(2);
  });

  it("does not keep an answer larger than the entry cap, nor a failure", async () => {
    const shared = cache(50);
    let calls = 0;
    const big = () => Promise.resolve("x".repeat(100 + ++calls));
    await shared.read(read, undefined, big);
    await shared.read(read, undefined, big);
    expect(calls).toBe(2);
    const other = { ...read, key: "other" };
    await expect(shared.read(other, undefined, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await shared.read(other, undefined, () => Promise.resolve(7))).toBe(7);
  });

  it("files two credentials under different scopes, neither of which shows the credential", () => {
    const shared = cache();
    const a = shared.scopeFor("legacy", ["key-a"]);
    const b = shared.scopeFor("legacy", ["key-b"]);
    expect(a).not.toBe(b);
    expect(a).not.toContain("key-a");
    expect(shared.scopeFor("legacy", [])).toBeUndefined();
  });
});
