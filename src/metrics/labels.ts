/**
 * The bounded label sets of the gateway's metrics: error codes (BoundedLabels) and operation names
 * (OperationLabels), so no caller can grow the registry by sending new names or codes.
 */
import { OPERATION_NAME } from "../util/operation-name.js";

/**
 * A bounded set of label values: the first `max` acceptable values get their own label, every
 * later one `overflow` (error codes: the gateway's own, not the caller's text).
 */
export class BoundedLabels {
  readonly #seen = new Set<string>();
  constructor(
    readonly max: number,
    readonly pattern: RegExp,
    readonly overflow: string,
  ) {}

  /** The label of `value`, admitting it when there is room and `admit` is set. */
  label(value: string, admit = true): string {
    if (!this.pattern.test(value)) return this.overflow;
    if (this.#seen.has(value)) return value;
    if (admit && this.#seen.size < this.max) {
      this.#seen.add(value);
      return value;
    }
    return this.overflow;
  }

  /** The values admitted so far. */
  values(): IterableIterator<string> {
    return this.#seen.values();
  }
}

/** Operation names that share a label because they have none of their own. */
const OTHER_OPERATION = "other";
/** The label of an operation without a name. */
const ANONYMOUS_OPERATION = "anonymous";
/** How long a window of OperationLabels lasts by default. */
export const OPERATION_WINDOW_MS = 10 * 60_000;
/** Reserved names (persisted documents, configured ones) at most: a guard, a manifest holds far fewer. */
export const MAX_RESERVED_OPERATION_NAMES = 1_000;

/** Options of OperationLabels. */
export interface OperationLabelsOptions {
  /** Names admitted by use at once (METRICS_MAX_OPERATION_NAMES). */
  max: number;
  /** Names that always have a label of their own (not counted in `max`). */
  reserved?: Iterable<string>;
  /** Length of a window in ms. */
  windowMs?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
  /** Called with a name that lost its label, so its series can be removed. */
  onEvict?: (name: string) => void;
}

interface Candidate {
  count: number;
  /** How much of `count` may belong to names this entry replaced (space-saving). */
  error: number;
}

/**
 * The operation names with a label of their own, in two tiers, so no caller can take a real name's
 * label away by sending other names:
 * - reserved: names of persisted documents (noted when one runs by id) and configured names, always
 *   labelled, never evicted, and not counted against `max`;
 * - admitted by use: at most `max` other names of validated documents. While there is room a name
 *   is admitted when it first runs. Once full, a new name counts as "other" and is tracked as a
 *   candidate (at most `max` of them, the least used replaced, space-saving). When a window ends,
 *   each candidate whose use in the window is surely (its count less what it may have inherited)
 *   greater than that of the least used admitted name takes that name's place; then every count
 *   starts again. A name with a live subscription is not evicted (its gauge must come down).
 * So a flood of junk names takes the free places only until a window ends, and keeps a name out
 * only by being used more than that name, window after window; names of persisted documents it
 * cannot touch. Labels at once: reserved + `max` + "other" + "anonymous".
 */
export class OperationLabels {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #onEvict: (name: string) => void;
  readonly #reserved = new Set<string>();
  /** Admitted names and their use in the current window. */
  readonly #admitted = new Map<string, number>();
  readonly #candidates = new Map<string, Candidate>();
  /** Live subscriptions per label. */
  readonly #pins = new Map<string, number>();
  #windowEnd: number;

  constructor(options: OperationLabelsOptions) {
    this.#max = options.max;
    this.#windowMs = options.windowMs ?? OPERATION_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#onEvict = options.onEvict ?? (() => {});
    this.#windowEnd = this.#now() + this.#windowMs;
    for (const name of options.reserved ?? []) this.reserve(name);
  }

  /** Gives `name` a label of its own for good (a persisted document's, a configured one). */
  reserve(name: string): void {
    if (!OPERATION_NAME.test(name) || this.#reserved.has(name)) return;
    if (this.#reserved.size >= MAX_RESERVED_OPERATION_NAMES) return;
    this.#reserved.add(name);
    this.#candidates.delete(name);
    // Its place among the names admitted by use is free for another.
    this.#admitted.delete(name);
  }

  /** The label `name` has now, admitting nothing (a name not yet validated, a count being made). */
  label(name: string | null | undefined): string {
    if (!name) return ANONYMOUS_OPERATION;
    this.#roll();
    return this.#reserved.has(name) || this.#admitted.has(name) ? name : OTHER_OPERATION;
  }

  /** Notes one run of a validated document's operation `name`, and answers its label. */
  use(name: string | null | undefined): string {
    if (!name) return ANONYMOUS_OPERATION;
    if (!OPERATION_NAME.test(name)) return OTHER_OPERATION;
    this.#roll();
    if (this.#reserved.has(name)) return name;
    const uses = this.#admitted.get(name);
    if (uses !== undefined) {
      this.#admitted.set(name, uses + 1);
      return name;
    }
    if (this.#admitted.size < this.#max) {
      this.#admitted.set(name, 1);
      return name;
    }
    this.#candidate(name);
    return OTHER_OPERATION;
  }

  /** A live subscription holds `label` (not evicted until unpinned as often). */
  pin(label: string): void {
    this.#pins.set(label, (this.#pins.get(label) ?? 0) + 1);
  }

  unpin(label: string): void {
    const left = (this.#pins.get(label) ?? 0) - 1;
    if (left > 0) this.#pins.set(label, left);
    else this.#pins.delete(label);
  }

  #candidate(name: string): void {
    const known = this.#candidates.get(name);
    if (known) {
      known.count++;
      return;
    }
    if (this.#candidates.size < this.#max) {
      this.#candidates.set(name, { count: 1, error: 0 });
      return;
    }
    // Space-saving: the least counted candidate makes room; the newcomer inherits its count as error.
    let least: [string, Candidate] | undefined;
    for (const entry of this.#candidates) if (!least || entry[1].count < least[1].count) least = entry;
    this.#candidates.delete(least![0]);
    this.#candidates.set(name, { count: least![1].count + 1, error: least![1].count });
  }

  /** Ends the window when it is over: candidates used surely more than the least used admitted names replace them. */
  #roll(): void {
    const now = this.#now();
    if (now < this.#windowEnd) return;
    this.#windowEnd = now + this.#windowMs;
    if (this.#candidates.size > 0) {
      const rising = [...this.#candidates]
        .map(([name, c]) => [name, c.count - c.error] as const)
        .filter(([, sure]) => sure > 0)
        .sort((a, b) => b[1] - a[1]);
      const falling = [...this.#admitted].filter(([name]) => !this.#pins.has(name)).sort((a, b) => a[1] - b[1]);
      for (let i = 0; i < rising.length && i < falling.length; i++) {
        const [name, sure] = rising[i]!;
        const [out, uses] = falling[i]!;
        if (sure <= uses) break;
        this.#admitted.delete(out);
        this.#admitted.set(name, 0);
        this.#onEvict(out);
      }
      this.#candidates.clear();
    }
    for (const name of this.#admitted.keys()) this.#admitted.set(name, 0);
  }
}
