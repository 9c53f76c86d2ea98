/**
 * Counts requests per route, keyed like "GET /customer-lists/:id/subscribers", so tests and
 * benchmarks can check how many backend calls the gateway made.
 */

/** Read and reset access to the counts. */
export interface CallCounts {
  count(key: string): number;
  total(): number;
  reset(): void;
}

export class CallCounter implements CallCounts {
  private readonly counts = new Map<string, number>();

  record(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  reset(): void {
    this.counts.clear();
  }
}
