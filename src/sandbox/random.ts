/**
 * A seeded pseudo-random source for the sandboxes' demo data (mulberry32): the same seed gives
 * the same people, dates and figures on every run.
 */

/** Deterministic random helpers over one seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Up to `max` distinct items, in their original order. */
  some<T>(items: readonly T[], max: number): T[];
  chance(probability: number): boolean;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      const item = items.at(int(0, items.length - 1));
      if (item === undefined) throw new RangeError("Random.pick needs a non-empty list of defined items");
      return item;
    },
    some: (items, max) => {
      const count = int(1, Math.min(max, items.length));
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(int(0, items.length - 1));
      return items.filter((_, i) => chosen.has(i));
    },
    chance: (probability) => next() < probability,
  };
}
