/**
 * The cache of one instance: entries in an LRU bounded by count and bytes (lru-cache), an entry
 * larger than the entry cap never kept; tag versions in a map. One process, so a tag's version is
 * one counter for every scope, and a bump is seen at once.
 */
import { LRUCache } from "lru-cache";
import type { CacheLookup, CacheStore } from "./store.js";

interface Entry {
  readonly versions: string;
  readonly json: string;
  readonly storedAt: number;
}

export interface MemoryStoreOptions {
  maxEntries: number;
  maxBytes: number;
  maxEntryBytes: number;
  /** The longest time to live of an entry: a tag unbumped for longer is forgotten (no entry needs it). */
  longestTtlMs: number;
  now?: () => number;
}

export class MemoryStore implements CacheStore {
  readonly kind = "memory";
  readonly #entries: LRUCache<string, Entry>;
  /** Tag → its version and when it was set; a missing tag is at version "0". */
  readonly #tags = new Map<string, { version: string; at: number }>();
  #counter = 0;
  readonly #options: MemoryStoreOptions;
  readonly #now: () => number;

  constructor(options: MemoryStoreOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#entries = new LRUCache<string, Entry>({
      max: options.maxEntries,
      maxSize: options.maxBytes,
      maxEntrySize: options.maxEntryBytes,
      // JSON text is counted at two bytes a character (what V8 may hold it as) plus the key.
      sizeCalculation: (entry, key) => 2 * (entry.json.length + key.length) + 64,
      perf: { now: this.#now },
    });
  }

  #versions(tags: readonly string[]): string {
    return tags.map((tag) => this.#tags.get(tag)?.version ?? "0").join(",");
  }

  lookup(scope: string, key: string, tags: readonly string[]): Promise<CacheLookup> {
    const versions = this.#versions(tags);
    const entry = this.#entries.get(`${scope}\u0000${key}`);
    const hit = entry && entry.versions === versions ? { json: entry.json, storedAt: entry.storedAt } : undefined;
    return Promise.resolve({ hit, versions });
  }

  store(
    scope: string,
    key: string,
    tags: readonly string[],
    versions: string,
    json: string,
    storedAt: number,
    ttlMs: number,
  ): Promise<boolean> {
    if (this.#versions(tags) !== versions) return Promise.resolve(false);
    const id = `${scope}\u0000${key}`;
    this.#entries.set(id, { versions, json, storedAt }, { ttl: ttlMs });
    return Promise.resolve(this.#entries.has(id));
  }

  bump(tags: readonly string[]): Promise<void> {
    const at = this.#now();
    // Versions never repeat: an entry stored under an old version can never match again.
    for (const tag of tags) this.#tags.set(tag, { version: String(++this.#counter), at });
    this.#forgetOldTags(at);
    return Promise.resolve();
  }

  /** Tags unbumped for longer than any entry lives: every entry stored under them has expired. */
  #forgetOldTags(now: number): void {
    if (this.#tags.size < 1024) return;
    for (const [tag, { at }] of this.#tags) if (now - at > this.#options.longestTtlMs) this.#tags.delete(tag);
  }

  bytes(): number {
    return this.#entries.calculatedSize;
  }

  usable(): boolean {
    return true;
  }

  close(): Promise<void> {
    this.#entries.clear();
    return Promise.resolve();
  }
}
