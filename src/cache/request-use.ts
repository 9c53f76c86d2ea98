/**
 * What the cache did for one request: the reads it served and those that went to the backend, and
 * when the oldest answer served was stored. The response's extensions report it, and a budget reads
 * `served` as calls that cost nothing (the backend calls actually made are the CallBudget's count).
 */
export class CacheUse {
  /** Reads answered from the cache. */
  served = 0;
  /** Reads the cache could have answered but sent to the backend (not there, stale, or bypassed). */
  fetched = 0;
  /** When the oldest answer served was stored (ms since the epoch); undefined when none was served. */
  oldestStoredAt: number | undefined;

  /** `fresh`: the caller asked for fresh data (Cache-Control: no-cache); reads skip the cache. */
  constructor(readonly fresh = false) {}

  hit(storedAt: number): void {
    this.served += 1;
    if (this.oldestStoredAt === undefined || storedAt < this.oldestStoredAt) this.oldestStoredAt = storedAt;
  }

  miss(): void {
    this.fetched += 1;
  }
}
