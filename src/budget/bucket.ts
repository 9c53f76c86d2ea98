/**
 * The budget of backend calls one caller may spend: a leaky bucket (as Shopify's and GitHub's
 * GraphQL APIs give their callers) that holds at most `max` calls and refills at `restorePerS` a
 * second. An operation takes its requested cost before it runs and is given back what it did not
 * spend; a caller that spent more than it asked for owes the rest (the level goes below zero, at
 * most one bucket deep), so what is admitted in any window stays within the budget plus one
 * operation. The stores (memory-store.ts, redis-store.ts) hold the levels; this is their arithmetic.
 */

/** The size and refill of every caller's bucket. */
export interface BucketShape {
  /** Calls a full bucket holds (BUDGET_MAX). */
  readonly max: number;
  /** Calls restored a second (BUDGET_RESTORE_PER_S). */
  readonly restorePerS: number;
}

/** A bucket's level and when it was last brought up to date (ms). */
export interface BucketLevel {
  available: number;
  at: number;
}

/** What taking from a bucket answered: whether the cost was taken, and the level after. */
export interface Charge {
  readonly admitted: boolean;
  readonly available: number;
}

/** The level at `now`: refilled at the restore rate since it was last written, at most full. */
export function refilled(level: BucketLevel | undefined, shape: BucketShape, now: number): BucketLevel {
  if (!level) return { available: shape.max, at: now };
  const elapsed = Math.max(0, now - level.at);
  return {
    available: Math.min(shape.max, level.available + (elapsed * shape.restorePerS) / 1000),
    at: Math.max(now, level.at),
  };
}

/**
 * Takes `cost` when the level covers it (refused otherwise, the level unchanged). What costs
 * nothing (introspection, `__typename`) is never refused, even to a caller in debt.
 */
export function take(level: BucketLevel, cost: number): Charge {
  if (cost > 0 && level.available < cost) return { admitted: false, available: level.available };
  level.available -= cost;
  return { admitted: true, available: level.available };
}

/** Gives back `amount` (negative: charges it), kept within one bucket below zero and full. */
export function adjust(level: BucketLevel, amount: number, shape: BucketShape): number {
  level.available = Math.min(shape.max, Math.max(-shape.max, level.available + amount));
  return level.available;
}

/** Whole seconds until a bucket at `available` holds `cost` (at least 1: "now" was just refused). */
export function secondsUntil(cost: number, available: number, shape: BucketShape): number {
  return Math.max(1, Math.ceil((cost - available) / shape.restorePerS));
}

/** Where callers' buckets are kept: this instance's memory, or Redis shared by every instance. */
export interface BudgetStore {
  readonly shape: BucketShape;
  /** Takes `cost` from `caller`'s bucket if it holds that much, atomically. */
  take(caller: string, cost: number): Promise<Charge>;
  /** Gives `amount` back to `caller`'s bucket (negative: charges it without refusal); the level after. */
  adjust(caller: string, amount: number): Promise<number>;
  /** `caller`'s level now (refilled to this moment), taking nothing and writing nothing. */
  peek(caller: string): Promise<number>;
  close(): Promise<void>;
}
