/**
 * The shared cache of backend reads (docs/decisions.md, "A cache of backend reads, per credential"):
 * in Redis with REDIS_URL, shared by every instance; in memory otherwise. Off with CACHE=off, and
 * with REDIS_URL but no secret every instance shares (configWarnings says so).
 */
import type { Config } from "../config.js";
import { scopeKey } from "./keys.js";
import { longestTtl, ttlsOf } from "./kinds.js";
import { MemoryStore } from "./memory-store.js";
import { RedisStore } from "./redis-store.js";
import { SharedCache, type CacheObserver } from "./shared-cache.js";

export { SharedCache, type CacheObserver, type CachedRead } from "./shared-cache.js";
export { CacheUse } from "./request-use.js";
export { readKey } from "./keys.js";
export type { CacheKind } from "./kinds.js";
export { RedisStore } from "./redis-store.js";
export { MemoryStore } from "./memory-store.js";

export interface CacheDeps {
  observer?: CacheObserver;
  /** Told when Redis did not answer (reads then go on uncached). */
  onError?: (error: unknown) => void;
}

/** The gateway's cache, or undefined when it is off. */
export function createCache(config: Pick<Config, "cache" | "events" | "auth">, deps: CacheDeps = {}) {
  const settings = config.cache;
  if (!settings.enabled) return undefined;
  const secret = config.auth.secret ?? settings.secret;
  const redisUrl = config.events.redisUrl;
  if (redisUrl && secret === undefined) return undefined;
  const ttls = ttlsOf(settings);
  const store = redisUrl
    ? new RedisStore({
        url: redisUrl,
        keyPrefix: config.events.logKeyPrefix,
        longestTtlMs: longestTtl(ttls),
        onError: deps.onError,
      })
    : new MemoryStore({
        maxEntries: settings.maxEntries,
        maxBytes: settings.maxBytes,
        maxEntryBytes: settings.maxEntryBytes,
        longestTtlMs: longestTtl(ttls),
      });
  return new SharedCache({
    store,
    scopeKey: scopeKey(secret),
    ttls,
    maxEntryBytes: settings.maxEntryBytes,
    observer: deps.observer,
  });
}
