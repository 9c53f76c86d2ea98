/**
 * Turns to read one replay page from the log: at most `limit` at once per log instance, the others
 * waiting in the order they asked. A replay holds a turn only while it reads a page, never while its
 * reader is slow, so many replays interleave and an instance holds at most `limit` pages being read
 * and parsed.
 */
import { EventLogError } from "./types.js";

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: EventLogError) => void;
  /** Set once the waiter gave up (its deadline passed): skipped when its turn comes. */
  gone: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** The turns of one log instance. */
export class ReplayGate {
  readonly #limit: number;
  #running = 0;
  /** Waiters in order; `#head` is the first one still waiting (shifting a long array costs O(n)). */
  #waiting: (Waiter | undefined)[] = [];
  #head = 0;
  #closed = false;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError("replay concurrency is a whole number of at least 1");
    this.#limit = limit;
  }

  /** Turns taken now, and waiters in line (some may have given up). */
  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length - this.#head;
  }

  /**
   * Resolves when the caller may read a page; it then calls `done()` once. With `waitMs`, rejects
   * with EVENT_LOG_BUSY when no turn came within it; rejects with EVENT_LOG_CLOSED once closed.
   */
  turn(waitMs?: number): Promise<void> {
    if (this.#closed) return Promise.reject(new EventLogError("EVENT_LOG_CLOSED", "the event log is closed"));
    if (this.#running < this.#limit && this.waiting === 0) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, gone: false, timer: undefined };
      if (waitMs !== undefined) {
        waiter.timer = setTimeout(() => {
          waiter.gone = true;
          reject(
            new EventLogError(
              "EVENT_LOG_BUSY",
              `other replays held the event log for ${waitMs} ms; subscribe again with the same after`,
            ),
          );
        }, waitMs);
        waiter.timer.unref?.();
      }
      this.#waiting.push(waiter);
    });
  }

  /** Gives a turn back: the next waiter still waiting gets it. */
  done(): void {
    this.#running -= 1;
    this.#grant();
  }

  /** Refuses every waiter, and every later turn. */
  close(): void {
    this.#closed = true;
    const waiting = this.#waiting.slice(this.#head);
    this.#waiting = [];
    this.#head = 0;
    for (const waiter of waiting) {
      if (!waiter) continue;
      clearTimeout(waiter.timer);
      if (!waiter.gone) waiter.reject(new EventLogError("EVENT_LOG_CLOSED", "the event log is closed"));
    }
  }

  #grant(): void {
    while (this.#running < this.#limit && this.#head < this.#waiting.length) {
      const waiter = this.#waiting[this.#head];
      this.#waiting[this.#head] = undefined;
      this.#head += 1;
      if (!waiter || waiter.gone) continue;
      clearTimeout(waiter.timer);
      this.#running += 1;
      waiter.resolve();
    }
    // Compacted once the consumed part dominates: the array never holds more than twice the line.
    if (this.#head > 1024 && this.#head * 2 > this.#waiting.length) {
      this.#waiting = this.#waiting.slice(this.#head);
      this.#head = 0;
    }
  }
}
