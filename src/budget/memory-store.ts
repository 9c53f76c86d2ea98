/**
 * Budgets in this instance's memory, for a gateway without REDIS_URL (and the stand-in while Redis
 * does not answer). A full bucket is the same as none, so full ones are let go of once the map
 * grows: it holds the callers that spent something lately, not every caller ever seen.
 */
import { adjust, refilled, take, type BucketLevel, type BucketShape, type BudgetStore, type Charge } from "./bucket.js";

/** Buckets kept before full ones are swept out. */
const SWEEP_ABOVE = 10_000;

/** Budgets in memory. */
export class MemoryBudgetStore implements BudgetStore {
  readonly shape: BucketShape;
  readonly #levels = new Map<string, BucketLevel>();
  readonly #now: () => number;

  constructor(shape: BucketShape, now: () => number = Date.now) {
    this.shape = shape;
    this.#now = now;
  }

  /** Buckets held now (tests). */
  get size(): number {
    return this.#levels.size;
  }

  take(caller: string, cost: number): Promise<Charge> {
    return Promise.resolve(take(this.#level(caller), cost));
  }

  adjust(caller: string, amount: number): Promise<number> {
    return Promise.resolve(adjust(this.#level(caller), amount, this.shape));
  }

  peek(caller: string): Promise<number> {
    // A bucket not held is full; one held is left as it was written (refilling it is arithmetic).
    return Promise.resolve(refilled(this.#levels.get(caller), this.shape, this.#now()).available);
  }

  close(): Promise<void> {
    this.#levels.clear();
    return Promise.resolve();
  }

  #level(caller: string): BucketLevel {
    const now = this.#now();
    const level = refilled(this.#levels.get(caller), this.shape, now);
    if (!this.#levels.has(caller) && this.#levels.size >= SWEEP_ABOVE) this.#sweep(now);
    this.#levels.set(caller, level);
    return level;
  }

  #sweep(now: number): void {
    for (const [caller, level] of this.#levels) {
      if (refilled(level, this.shape, now).available >= this.shape.max) this.#levels.delete(caller);
    }
  }
}
