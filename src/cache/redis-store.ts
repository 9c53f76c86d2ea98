/**
 * The cache shared by every instance through Redis, with nothing kept per instance in front of it,
 * so a bump on one instance is seen by all at once. Tags name backend objects, not credentials, so a
 * tag has one version for every scope (as in the memory store): a bump writes one key per tag, its
 * cost independent of how many credentials were ever seen, and a lookup writes nothing.
 *
 * Freshness: a lookup notes the current versions of the read's tags; an entry carries the versions
 * it was fetched under; an entry is served only if its versions equal the current ones. A store
 * checks the versions again just before it writes and keeps nothing when they changed, so a read in
 * flight across a bump is not kept; should the bump land between that check and the write, the entry
 * carries versions that are no longer current and is never served. Versions never repeat (the time
 * and random bits). A tag never bumped reads "0", and so does one whose version key expired: that key
 * lives the longest time to live and a margin after its bump, so every entry kept under the "0"
 * before it has expired by then, and no old entry can match again.
 *
 * Keys and Redis Cluster: entries live under their scope's hash tag, spread over the cluster; every
 * tag version lives under one hash tag of its own, so one MGET reads a read's tags and one script
 * bumps a write's tags at once (each command touches one slot). That slot's node answers every
 * lookup's MGET, a small read, where tags spread over slots would cost a command per tag. A lookup
 * sends the MGET of the versions and the GET of the entry together; they may run in either order,
 * on different nodes. Still correct: a read that starts after a bump resolved sends its MGET after
 * the bump ran, so it notes the new versions, which no entry fetched before the bump carries; an
 * entry that does carry them was stored by a read that noted them, so fetched after that bump.
 *
 * Redis not answering: lookups miss and keep nothing, and a bump that failed is replayed before this
 * instance uses the cache again.
 */
import { randomBytes } from "node:crypto";
import { connectRedis, redisKey, type RedisConnection } from "../redis/connect.js";
import type { CacheLookup, CacheStore } from "./store.js";

// KEYS: tag versions (one slot); ARGV: a version never used before, how long it must live (ms).
const BUMP = `
for i = 1, #KEYS do redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2]) end
return #KEYS
`;

interface CacheCommands {
  cacheBump(numKeys: number, ...keysAndArgs: string[]): Promise<number>;
}

export interface RedisStoreOptions {
  url: string;
  /** Prefix of the gateway's keys (EVENT_LOG_KEY_PREFIX). */
  keyPrefix: string;
  /** The longest time to live of an entry: tag versions live as long after their bump, and a margin. */
  longestTtlMs: number;
  /** How long one command may take before the read goes on uncached (default 250 ms). */
  commandTimeoutMs?: number;
  /** Told when Redis did not answer (the cache then serves uncached). */
  onError?: (error: unknown) => void;
  now?: () => number;
}

/**
 * How much longer than the longest entry a tag's version lives: covers clocks of instances and
 * cluster nodes that differ, and the moment between a store's check and its write.
 */
const CLOCK_SKEW_MS = 30_000;
/** The hash tag of every tag version key: one slot, so a read's tags are one MGET, a write's one script. */
const TAGS_SLOT = "tags";

export class RedisStore implements CacheStore {
  readonly kind = "redis";
  readonly #redis: RedisConnection & CacheCommands;
  readonly #prefix: string;
  readonly #options: RedisStoreOptions;
  readonly #now: () => number;
  /** Tags whose bump failed: until it is replayed, this instance neither reads nor keeps entries. */
  readonly #unbumped = new Set<string>();
  #replaying: Promise<void> | undefined;

  constructor(options: RedisStoreOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#prefix = `${options.keyPrefix}cache:`;
    const redis = connectRedis(options.url, {
      commandTimeout: options.commandTimeoutMs ?? 250,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    redis.on("error", () => undefined);
    redis.on("ready", () => void this.#replay());
    redis.defineCommand("cacheBump", { lua: BUMP });
    this.#redis = redis as RedisConnection & CacheCommands;
  }

  /** `<prefix>cache:{<scope>}:e:<key>`: a scope's entries share its slot. */
  #entryKey(scope: string, key: string): string {
    return redisKey(this.#prefix, scope, "e", key);
  }

  /** `<prefix>cache:{tags}:t:<tag>`: one version per tag, for every scope. */
  #tagKeys(tags: readonly string[]): string[] {
    return tags.map((tag) => redisKey(this.#prefix, TAGS_SLOT, "t", tag));
  }

  /** The current versions of `tags`, "0" for one never bumped (or bumped longer ago than any entry lives). */
  async #versions(tags: readonly string[]): Promise<string> {
    if (tags.length === 0) return "";
    const current = await this.#redis.mget(...this.#tagKeys(tags));
    return current.map((version) => version ?? "0").join(",");
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
      // Sent together: correct in either order (file header).
      const [versions, entry] = await Promise.all([this.#versions(tags), this.#redis.get(this.#entryKey(scope, key))]);
      // An entry is "<versions>\n<storedAt>\n<json>"; versions hold no newline.
      if (entry === null) return { hit: undefined, versions };
      const cut = entry.indexOf("\n");
      const at = cut < 0 ? -1 : entry.indexOf("\n", cut + 1);
      if (at < 0 || entry.slice(0, cut) !== versions) return { hit: undefined, versions };
      return { hit: { storedAt: Number(entry.slice(cut + 1, at)), json: entry.slice(at + 1) }, versions };
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
      // A tag bumped since the lookup: the answer may predate the write, keep nothing.
      if ((await this.#versions(tags)) !== versions) return false;
      await this.#redis.set(this.#entryKey(scope, key), `${versions}\n${storedAt}\n${json}`, "PX", ttlMs);
      return true;
    } catch (error) {
      this.#options.onError?.(error);
      return false;
    }
  }

  async bump(tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    try {
      await this.#bumpTags(tags);
    } catch (error) {
      this.#options.onError?.(error);
      for (const tag of tags) this.#unbumped.add(tag);
    }
  }

  /** New versions of `tags`, one script on the tags' slot, living past every entry kept under the old ones. */
  async #bumpTags(tags: readonly string[]): Promise<void> {
    const version = `${this.#now().toString(36)}.${randomBytes(6).toString("base64url")}`;
    const keys = this.#tagKeys([...new Set(tags)]);
    await this.#redis.cacheBump(keys.length, ...keys, version, String(this.#options.longestTtlMs + CLOCK_SKEW_MS));
  }

  /** Replays the bumps that failed; the cache is used again once they are done. */
  #replay(): Promise<void> {
    if (this.#unbumped.size === 0) return Promise.resolve();
    this.#replaying ??= (async () => {
      const tags = [...this.#unbumped];
      try {
        await this.#bumpTags(tags);
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
