/**
 * The cache shared by every instance through Redis, with nothing kept per instance in front of it,
 * so a bump on one instance is seen by all at once. A scope's entries and tag versions share the
 * scope's hash tag, so each script (all keys declared) touches one slot of a Redis Cluster. Tags name
 * backend objects, not credentials, so a bump goes to every scope seen lately (a sorted set of
 * scopes by when an instance last used them): a scope is listed before its first lookup notes
 * versions, so no read can start unseen by a bump. Redis not answering: lookups miss and keep
 * nothing, and a bump that failed is replayed before this instance uses the cache again.
 */
import { randomBytes } from "node:crypto";
import { connectRedis, redisKey, type RedisConnection } from "../redis/connect.js";
import type { CacheLookup, CacheStore } from "./store.js";

// KEYS[1] the entry, KEYS[2..] its tags' versions. An entry is "<versions>\n<storedAt>\n<json>".
const VERSIONS = `
local current = {}
for i = 2, #KEYS do current[#current + 1] = redis.call('GET', KEYS[i]) or '0' end
local versions = table.concat(current, ',')
`;
const LOOKUP = `${VERSIONS}
local entry = redis.call('GET', KEYS[1])
if entry then
  local cut = string.find(entry, '\\n', 1, true)
  if cut and string.sub(entry, 1, cut - 1) == versions then return {versions, string.sub(entry, cut + 1)} end
end
return {versions}
`;
// ARGV: the versions noted at lookup, the "<storedAt>\n<json>" text, the time to live in ms.
const STORE = `${VERSIONS}
if versions ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1] .. '\\n' .. ARGV[2], 'PX', ARGV[3])
return 1
`;
// KEYS: tag versions; ARGV: a version never used before, how long it must outlive every entry.
const BUMP = `
for i = 1, #KEYS do redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2]) end
return #KEYS
`;

interface CacheCommands {
  cacheLookup(numKeys: number, ...keysAndArgs: string[]): Promise<[string, string?]>;
  cacheStore(numKeys: number, ...keysAndArgs: string[]): Promise<number>;
  cacheBump(numKeys: number, ...keysAndArgs: string[]): Promise<number>;
}

export interface RedisStoreOptions {
  url: string;
  /** Prefix of the gateway's keys (EVENT_LOG_KEY_PREFIX). */
  keyPrefix: string;
  /** The longest time to live of an entry: tag versions live as long after their bump. */
  longestTtlMs: number;
  /** How long one command may take before the read goes on uncached (default 250 ms). */
  commandTimeoutMs?: number;
  /** Told when Redis did not answer (the cache then serves uncached). */
  onError?: (error: unknown) => void;
  now?: () => number;
}

/** How often an instance refreshes a scope's place in the set of scopes seen. */
const SCOPE_REFRESH_MS = 60_000;
/** Clocks of instances may differ this much. */
const CLOCK_SKEW_MS = 30_000;

export class RedisStore implements CacheStore {
  readonly kind = "redis";
  readonly #redis: RedisConnection & CacheCommands;
  readonly #prefix: string;
  readonly #scopesKey: string;
  readonly #options: RedisStoreOptions;
  readonly #now: () => number;
  /** Scope → when this instance last listed it. */
  readonly #listed = new Map<string, number>();
  /** Tags whose bump failed: until it is replayed, this instance neither reads nor keeps entries. */
  readonly #unbumped = new Set<string>();
  #replaying: Promise<void> | undefined;

  constructor(options: RedisStoreOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#prefix = `${options.keyPrefix}cache:`;
    this.#scopesKey = redisKey(this.#prefix, "scopes");
    const redis = connectRedis(options.url, {
      commandTimeout: options.commandTimeoutMs ?? 250,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    redis.on("error", () => undefined);
    redis.on("ready", () => void this.#replay());
    redis.defineCommand("cacheLookup", { lua: LOOKUP });
    redis.defineCommand("cacheStore", { lua: STORE });
    redis.defineCommand("cacheBump", { lua: BUMP });
    this.#redis = redis as RedisConnection & CacheCommands;
  }

  #entryKey(scope: string, key: string): string {
    return redisKey(this.#prefix, scope, "e", key);
  }

  #tagKeys(scope: string, tags: readonly string[]): string[] {
    return tags.map((tag) => redisKey(this.#prefix, scope, "t", tag));
  }

  usable(): boolean {
    return this.#redis.status === "ready" && this.#unbumped.size === 0;
  }

  async lookup(scope: string, key: string, tags: readonly string[]): Promise<CacheLookup> {
    if (!this.usable()) {
      if (this.#unbumped.size > 0 && this.#redis.status === "ready") void this.#replay();
      return { hit: undefined, versions: undefined };
    }
    try {
      await this.#list(scope);
      const keys = [this.#entryKey(scope, key), ...this.#tagKeys(scope, tags)];
      const [versions, entry] = await this.#redis.cacheLookup(keys.length, ...keys);
      if (entry === undefined) return { hit: undefined, versions };
      const cut = entry.indexOf("\n");
      return { hit: { storedAt: Number(entry.slice(0, cut)), json: entry.slice(cut + 1) }, versions };
    } catch (error) {
      this.#options.onError?.(error);
      return { hit: undefined, versions: undefined };
    }
  }

  async store(
    scope: string,
    key: string,
    tags: readonly string[],
    versions: string,
    json: string,
    storedAt: number,
    ttlMs: number,
  ): Promise<boolean> {
    if (!this.usable()) return false;
    try {
      const keys = [this.#entryKey(scope, key), ...this.#tagKeys(scope, tags)];
      const kept = await this.#redis.cacheStore(keys.length, ...keys, versions, `${storedAt}\n${json}`, String(ttlMs));
      return kept === 1;
    } catch (error) {
      this.#options.onError?.(error);
      return false;
    }
  }

  async bump(tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    try {
      await this.#bumpEverywhere(tags);
    } catch (error) {
      this.#options.onError?.(error);
      for (const tag of tags) this.#unbumped.add(tag);
    }
  }

  /** Lists `scope` among the scopes seen, before its first lookup on this instance and every minute. */
  async #list(scope: string): Promise<void> {
    const now = this.#now();
    const listed = this.#listed.get(scope);
    if (listed !== undefined && now - listed < SCOPE_REFRESH_MS) return;
    await this.#redis.zadd(this.#scopesKey, now, scope);
    this.#listed.set(scope, now);
    if (this.#listed.size > 100_000) this.#listed.clear();
  }

  async #bumpEverywhere(tags: readonly string[]): Promise<void> {
    const now = this.#now();
    // A scope listed before this has no entry alive: each of its entries was stored at most a
    // refresh after its listing and lives at most the longest time to live.
    const since = now - this.#options.longestTtlMs - SCOPE_REFRESH_MS - CLOCK_SKEW_MS;
    const scopes = await this.#redis.zrangebyscore(this.#scopesKey, since, "+inf");
    const version = `${now.toString(36)}.${randomBytes(6).toString("base64url")}`;
    const lifeMs = String(this.#options.longestTtlMs + CLOCK_SKEW_MS);
    await Promise.all(
      scopes.map((scope) => {
        const keys = this.#tagKeys(scope, tags);
        return this.#redis.cacheBump(keys.length, ...keys, version, lifeMs);
      }),
    );
    if (Math.random() < 0.01) await this.#redis.zremrangebyscore(this.#scopesKey, "-inf", since);
  }

  /** Replays the bumps that failed; the cache is used again once they are done. */
  #replay(): Promise<void> {
    if (this.#unbumped.size === 0) return Promise.resolve();
    this.#replaying ??= (async () => {
      const tags = [...this.#unbumped];
      try {
        await this.#bumpEverywhere(tags);
        for (const tag of tags) this.#unbumped.delete(tag);
      } catch (error) {
        this.#options.onError?.(error);
      } finally {
        this.#replaying = undefined;
      }
    })();
    return this.#replaying;
  }

  bytes(): undefined {
    return undefined;
  }

  /** Answers a PING within `timeoutMs` or rejects (readiness). */
  async ping(timeoutMs = 1_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("no answer to PING")), timeoutMs);
    });
    try {
      await Promise.race([this.#redis.ping(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    try {
      await this.#redis.quit();
    } catch {
      this.#redis.disconnect();
    }
  }
}
