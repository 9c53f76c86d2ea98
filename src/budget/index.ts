/**
 * Callers' budgets of backend calls (bucket.ts): in Redis with REDIS_URL, so every instance draws
 * from one budget per caller (redis-store.ts), else in this instance's memory (memory-store.ts).
 */
import type { BucketShape, BudgetStore } from "./bucket.js";
import { MemoryBudgetStore } from "./memory-store.js";
import { RedisBudgetStore } from "./redis-store.js";

export type { BucketShape, BudgetStore, Charge } from "./bucket.js";
export { ACCEPTED_KEYS, BudgetCallers, type BudgetCaller, type KeyBackend, type SentKey } from "./caller.js";
export { MemoryBudgetStore } from "./memory-store.js";
export { RedisBudgetStore } from "./redis-store.js";

/** Options of createBudgetStore. */
export interface BudgetStoreOptions {
  /** REDIS_URL; unset: memory. */
  redisUrl: string | undefined;
  /** Prefix of the gateway's Redis keys. */
  keyPrefix: string;
  /** Told each time Redis did not answer a budget command (memory answered instead). */
  onUnavailable?: (error: unknown) => void;
}

/** The store of a gateway's budgets. */
export function createBudgetStore(shape: BucketShape, options: BudgetStoreOptions): BudgetStore {
  if (!options.redisUrl) return new MemoryBudgetStore(shape);
  return new RedisBudgetStore(shape, {
    url: options.redisUrl,
    keyPrefix: options.keyPrefix,
    ...(options.onUnavailable ? { onUnavailable: options.onUnavailable } : {}),
  });
}
