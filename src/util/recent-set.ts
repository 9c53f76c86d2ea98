/**
 * A set of at most `max` strings that forgets the one added (or met again) longest ago once it is
 * full, so a long-lived stream remembering what it met keeps a bounded amount whatever it meets.
 */
export class RecentSet {
  readonly #items = new Set<string>();

  constructor(readonly max: number) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
  }

  get size(): number {
    return this.#items.size;
  }

  has(value: string): boolean {
    return this.#items.has(value);
  }

  /** Adds `value` as the most recent one; when that makes more than `max`, the oldest goes. */
  add(value: string): this {
    // Met again, it is taken out and added at the end of the insertion order, the newest.
    if (!this.#items.delete(value) && this.#items.size >= this.max) {
      const oldest = this.#items.values().next();
      if (!oldest.done) this.#items.delete(oldest.value);
    }
    this.#items.add(value);
    return this;
  }
}
