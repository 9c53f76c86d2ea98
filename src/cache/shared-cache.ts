/**
 * Reads through the cache: `read` answers from the store when an entry is current, else fetches and
 * keeps the answer if no tag it depends on was bumped meanwhile; `invalidate` bumps tags (writes and
 * webhooks), resolving once every instance will see it. A store that fails turns reads uncached;
 * answers never change, only their speed.
 */
import { LRUCache } from "lru-cache";
import { scopeOf } from "./keys.js";
import type { CacheKind, CacheTtls } from "./kinds.js";
import type { CacheUse } from "./request-use.js";
import type { CacheStore } from "./store.js";

/** Counts for /metrics. */
export interface CacheObserver {
  hit(backend: string): void;
  miss(backend: string): void;
  invalidated(reason: "write" | "webhook", tags: number): void;
}

/** One read: where it is filed and what it depends on. */
export interface CachedRead {
  /** The credential's scope (scopeFor). */
  scope: string;
  /** The read's key (keys.ts readKey). */
  key: string;
  /** Tags whose bump makes the answer stale. */
  tags: readonly string[];
  kind: CacheKind;
  /** For metrics: legacy or commerce. */
  backend: string;
}

export interface SharedCacheOptions {
  store: CacheStore;
  /** Key material of scopes (keys.ts scopeKey). */
  scopeKey: Buffer;
  ttls: CacheTtls;
  /** Answers longer than this (JSON bytes) are not kept. */
  maxEntryBytes: number;
  observer?: CacheObserver;
  now?: () => number;
}

export class SharedCache {
  readonly store: CacheStore;
  readonly #options: SharedCacheOptions;
  readonly #now: () => number;
  readonly #scopes = new WeakMap<object, string | undefined>();
  /**
   * Scopes of credentials met lately: a keyed hash per request cost a tenth of a cache hit's time
   * (bench/RESULTS.md, "Shared cache"). Bounded, so rotated keys only push older ones out.
   */
  readonly #recent = new LRUCache<string, string>({ max: 4096 });

  constructor(options: SharedCacheOptions) {
    this.store = options.store;
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The scope of a credential of `kind` holding `secrets`; undefined (nothing cached) without secrets. */
  scopeFor(kind: string, secrets: readonly string[]): string | undefined {
    if (secrets.length === 0 || secrets.some((s) => s === "")) return undefined;
    const id = secrets.length === 1 ? `${kind}\u0000${secrets[0]}` : JSON.stringify([kind, ...secrets]);
    let scope = this.#recent.get(id);
    if (scope === undefined) this.#recent.set(id, (scope = scopeOf(this.#options.scopeKey, kind, secrets)));
    return scope;
  }

  /** scopeFor, made once per `owner` (a credential's signer, say) for as long as it lives. */
  scopeOf(owner: object, kind: string, secrets: () => readonly string[]): string | undefined {
    if (this.#scopes.has(owner)) return this.#scopes.get(owner);
    const scope = this.scopeFor(kind, secrets());
    this.#scopes.set(owner, scope);
    return scope;
  }

  /**
   * The answer of `read`: from the cache when current, else `fetch`'s (kept for the next reads).
   * `fresh` (default: the request's Cache-Control: no-cache) skips the entry, as uncached.
   */
  async read<T>(
    read: CachedRead,
    use: CacheUse | undefined,
    fetch: () => Promise<T>,
    fresh: boolean = use?.fresh ?? false,
  ): Promise<T> {
    const { store, observer } = this.#options;
    const found = await store.lookup(read.scope, read.key, read.tags);
    if (found.hit && !fresh) {
      use?.hit(found.hit.storedAt);
      observer?.hit(read.backend);
      return JSON.parse(found.hit.json) as T;
    }
    use?.miss();
    observer?.miss(read.backend);
    const storedAt = this.#now();
    const value = await fetch();
    if (found.versions !== undefined) {
      const json = JSON.stringify(value);
      if (Buffer.byteLength(json) <= this.#options.maxEntryBytes) {
        const ttl = this.#options.ttls[read.kind];
        await store.store(read.scope, read.key, read.tags, found.versions, json, storedAt, ttl);
      }
    }
    return value;
  }

  /** Entries depending on `tags` are no longer served, on any instance, once this resolves. */
  async invalidate(tags: readonly string[], reason: "write" | "webhook"): Promise<void> {
    if (tags.length === 0) return;
    await this.#options.store.bump(tags);
    this.#options.observer?.invalidated(reason, tags.length);
  }

  close(): Promise<void> {
    return this.#options.store.close();
  }
}
