/**
 * What a cache store does, in memory (one instance) or in Redis (shared by every instance). Entries
 * are filed per scope (a keyed hash of a credential, keys.ts) and carry the versions of the tags
 * they depend on: a lookup notes the tags' versions, and a store keeps the answer only while they
 * are unchanged, so a read that was in flight when a write bumped a tag is never kept.
 */

/** An answer found in the store: its JSON and when it was stored (ms since the epoch). */
export interface CacheHit {
  readonly json: string;
  readonly storedAt: number;
}

/** A lookup: the entry when it is there and still current, and the tags' versions as noted now. */
export interface CacheLookup {
  readonly hit: CacheHit | undefined;
  /** The versions to hand to store(); undefined when they could not be read (then nothing is stored). */
  readonly versions: string | undefined;
}

/** Where entries live. Every method resolves (a store that fails reports a miss, keeps nothing). */
export interface CacheStore {
  readonly kind: "memory" | "redis";
  /** The entry of `key` in `scope` if its tags are at the versions it was stored with. */
  lookup(scope: string, key: string, tags: readonly string[]): Promise<CacheLookup>;
  /** Keeps `json` for `ttlMs` if the tags are still at `versions`; true when kept. */
  store(
    scope: string,
    key: string,
    tags: readonly string[],
    versions: string,
    json: string,
    storedAt: number,
    ttlMs: number,
  ): Promise<boolean>;
  /** New versions of `tags` in every scope: entries depending on them are no longer served. */
  bump(tags: readonly string[]): Promise<void>;
  /** Bytes of answers held (the memory store; undefined for Redis, which Redis itself reports). */
  bytes(): number | undefined;
  /** Whether the store can be used now (Redis: connected, no invalidation waiting to be replayed). */
  usable(): boolean;
  close(): Promise<void>;
}
