/**
 * Full replay pages one instance read lately, shared by its replays: ids only grow, so a full page
 * holds every entry after its cursor up to its last id, and a replay whose cursor falls in it gets
 * the rest from here, parsed once. Bounded by the events' JSON text, least recently used out first;
 * idle pages are let go of, so an instance no replay reads from holds none.
 */
import { compareEventIds, type EventSource, type LoggedEvent } from "./types.js";

/** Every entry of a source's stream after `from`, up to and including `to`. */
export interface ReplayPage {
  readonly source: EventSource;
  readonly from: string;
  readonly to: string;
  /** The page's events in log order (entries that could not be parsed are left out). */
  readonly events: readonly LoggedEvent[];
  /** The entries' JSON text length: what the cache bound counts. */
  readonly bytes: number;
}

/** The pages of one log instance. */
export class ReplayPageCache {
  readonly #maxBytes: number;
  /** By source and `from`; insertion order is use order (a page used is put last). */
  readonly #pages = new Map<string, { page: ReplayPage; usedAt: number }>();
  #bytes = 0;
  readonly #maxIdleMs: number;
  readonly #now: () => number;
  /** Lets go of idle pages; set while any page is kept. */
  #sweep: ReturnType<typeof setTimeout> | undefined;

  constructor(maxBytes: number, maxIdleMs: number, now: () => number = Date.now) {
    this.#maxBytes = maxBytes;
    this.#maxIdleMs = maxIdleMs;
    this.#now = now;
  }

  /** Text bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * A page holding every entry right after `cursor` (from ≤ cursor < to), if one is kept. An entry
   * trimmed from the stream since the page was read is still replayed: it was in the log, in its place.
   */
  covering(source: EventSource, cursor: string): ReplayPage | undefined {
    for (const [key, kept] of this.#pages) {
      const { page } = kept;
      if (page.source !== source) continue;
      if (compareEventIds(page.from, cursor) > 0 || compareEventIds(cursor, page.to) >= 0) continue;
      this.#pages.delete(key);
      this.#pages.set(key, { page, usedAt: this.#now() });
      return page;
    }
    return undefined;
  }

  /** Keeps `page`, dropping the least recently used ones past the bound (a page over it is not kept). */
  add(page: ReplayPage): void {
    if (page.bytes > this.#maxBytes) return;
    const key = `${page.source} ${page.from}`;
    const old = this.#pages.get(key);
    if (old) {
      this.#pages.delete(key);
      this.#bytes -= old.page.bytes;
    }
    this.#pages.set(key, { page, usedAt: this.#now() });
    this.#bytes += page.bytes;
    for (const [oldest, dropped] of this.#pages) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= dropped.page.bytes;
    }
    this.#scheduleSweep();
  }

  clear(): void {
    this.#pages.clear();
    this.#bytes = 0;
    clearTimeout(this.#sweep);
    this.#sweep = undefined;
  }

  #scheduleSweep(): void {
    if (this.#sweep !== undefined || this.#pages.size === 0) return;
    this.#sweep = setTimeout(() => {
      this.#sweep = undefined;
      const idleSince = this.#now() - this.#maxIdleMs;
      // Use order: the first page used since `idleSince` ends the sweep.
      for (const [key, kept] of this.#pages) {
        if (kept.usedAt > idleSince) break;
        this.#pages.delete(key);
        this.#bytes -= kept.page.bytes;
      }
      this.#scheduleSweep();
    }, this.#maxIdleMs);
    this.#sweep.unref?.();
  }
}
