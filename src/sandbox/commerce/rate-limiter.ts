/**
 * Requests per second per credential, in fixed one-second windows of the injectable clock, so
 * tests step time instead of sleeping.
 */

/** The outcome of counting one request. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /** `limit` ≤ 0 or Infinity turns limiting off. */
  constructor(
    private readonly limit: number,
    private readonly now: () => Date,
  ) {}

  /** Counts a request of `key` (an opaque credential id, never the secret itself). */
  take(key: string): RateDecision {
    if (!(this.limit > 0) || this.limit === Infinity) return { allowed: true };
    const nowMs = this.now().getTime();
    const start = Math.floor(nowMs / 1000) * 1000;
    let window = this.windows.get(key);
    if (!window || window.start !== start) {
      window = { start, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= this.limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((start + 1000 - nowMs) / 1000)) };
    }
    window.count += 1;
    return { allowed: true };
  }
}
