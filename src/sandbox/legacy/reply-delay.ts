/**
 * Replies held back by a fixed latency, as a service across a network answers: each request is
 * worked on as soon as it arrives, and its reply leaves `delayMs` plus its own work's time after
 * arrival, so requests arriving together do not wait for each other's work. See docs/decisions.md,
 * "How the legacy sandbox adds a reply delay".
 */
import type { IncomingMessage } from "node:http";
import { seededRandom } from "../random.js";

/** The clock and timers a ReplyDelay runs on (injectable for tests). */
export interface DelayClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
}

const SYSTEM_CLOCK: DelayClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
};

interface Timing {
  readonly arrived: number;
  /** The latency this request's reply gets (the delay, give or take the jitter). */
  readonly latency: number;
  /** Time worked on this request so far, and since when it has been worked on (if it is). */
  worked: number;
  since: number | undefined;
}

interface Pending {
  readonly due: number;
  readonly write: () => void;
}

/** The latency of one sandbox; `delayMs` 0 sends every reply at once. */
export class ReplyDelay {
  readonly #timings = new WeakMap<IncomingMessage, Timing>();
  /** Replies waiting to leave, earliest first. */
  #pending: Pending[] = [];
  /** When the timer set last wakes the sandbox, while it is set. */
  #timerAt: number | undefined;

  /**
   * `jitterMs` spreads the latency: each request's is drawn from [delayMs − jitterMs, delayMs +
   * jitterMs] (uniformly, from `random`, a seeded source in [0, 1)), as replies across a real
   * network and service vary; 0 gives every reply the same.
   */
  constructor(
    readonly delayMs: number,
    private readonly clock: DelayClock = SYSTEM_CLOCK,
    options: { jitterMs?: number; random?: () => number } = {},
  ) {
    const jitterMs = options.jitterMs ?? 0;
    if (!(jitterMs >= 0 && jitterMs <= delayMs)) throw new RangeError("the reply jitter must be within [0, the delay]");
    this.jitterMs = jitterMs;
    const seeded = seededRandom(1);
    this.#random = options.random ?? (() => seeded.next());
  }

  readonly jitterMs: number;
  readonly #random: () => number;

  /** The request arrived and is being worked on (the listener's first synchronous part). */
  arrived(req: IncomingMessage): void {
    if (this.delayMs <= 0) return;
    const now = this.clock.now();
    const latency = this.delayMs + (this.jitterMs > 0 ? (2 * this.#random() - 1) * this.jitterMs : 0);
    this.#timings.set(req, { arrived: now, latency, worked: 0, since: now });
  }

  /** Work on the request stops until `resume` (it waits for its body). */
  pause(req: IncomingMessage): void {
    const timing = this.#timings.get(req);
    if (!timing || timing.since === undefined) return;
    timing.worked += this.clock.now() - timing.since;
    timing.since = undefined;
  }

  /** Work on the request goes on. */
  resume(req: IncomingMessage): void {
    const timing = this.#timings.get(req);
    if (timing && timing.since === undefined) timing.since = this.clock.now();
  }

  /** Runs `write` (which sends the reply to `req`) once the reply is due. */
  send(req: IncomingMessage, write: () => void): void {
    const timing = this.#timings.get(req);
    if (!timing) {
      write();
      return;
    }
    this.pause(req);
    this.#timings.delete(req);
    const due = timing.arrived + timing.latency + timing.worked;
    if (due <= this.clock.now()) {
      write();
      return;
    }
    const at = this.#pending.findIndex((p) => p.due > due);
    this.#pending.splice(at === -1 ? this.#pending.length : at, 0, { due, write });
    this.#schedule();
  }

  /**
   * Sets the timer for the first due reply, unless one already wakes the sandbox by then. Timers
   * step in milliseconds and may wake a little early: #flush then sends nothing before its time and
   * sets the timer again. No polling, so the wait costs no CPU.
   */
  #schedule(): void {
    const first = this.#pending[0];
    if (!first) return;
    if (this.#timerAt !== undefined && this.#timerAt <= first.due) return;
    const at = first.due;
    this.#timerAt = at;
    this.clock.setTimeout(
      () => {
        if (this.#timerAt === at) this.#timerAt = undefined;
        this.#flush();
      },
      Math.max(1, Math.ceil(at - this.clock.now())),
    );
  }

  /** Sends every due reply, then waits for the next. */
  #flush(): void {
    const now = this.clock.now();
    let due = 0;
    while (due < this.#pending.length && this.#pending[due]!.due <= now) due++;
    for (const p of this.#pending.splice(0, due)) p.write();
    this.#schedule();
  }
}
