/**
 * Bounds how many calls of one request run at once: a call starts when fewer than `max` run, else
 * waits its turn (first come, first started). The one thing the request's loaders need of p-limit,
 * whose queue entry and promise per call double the bytes a request promotes out of the young
 * generation (bench/profiling/primitives-ab.ts).
 */
export class CallGate {
  readonly #max: number;
  #active = 0;
  /** Waiting starts; `#head` is the next one, so taking it is O(1) however many wait. */
  #waiting: (() => void)[] = [];
  #head = 0;

  constructor(max: number) {
    if (!Number.isSafeInteger(max) || max < 1) throw new RangeError(`max must be a positive integer, got ${max}`);
    this.#max = max;
  }

  /** Calls running now. */
  get active(): number {
    return this.#active;
  }

  /** Calls waiting for a slot. */
  get pending(): number {
    return this.#waiting.length - this.#head;
  }

  /** Runs `call` once a slot is free; settles as it does (a throw becomes the rejection). */
  run<T>(call: () => Promise<T>): Promise<T> {
    if (this.#active < this.#max) return this.#start(call);
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push(() => {
        this.#start(call).then(resolve, reject);
      });
    });
  }

  #start<T>(call: () => Promise<T>): Promise<T> {
    this.#active++;
    let running: Promise<T>;
    try {
      running = call();
    } catch (error) {
      // Passed on exactly as the call threw it, as its rejection would have been.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
      running = Promise.reject(error);
    }
    return running.finally(() => this.#next());
  }

  #next(): void {
    this.#active--;
    if (this.#head === this.#waiting.length) return;
    const start = this.#waiting[this.#head]!;
    this.#head++;
    // Taken entries are dropped once they are half the array, so a long queue does not keep them.
    if (this.#head === this.#waiting.length) {
      this.#waiting = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#waiting.length) {
      this.#waiting = this.#waiting.slice(this.#head);
      this.#head = 0;
    }
    start();
  }
}
