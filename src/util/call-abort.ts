/**
 * The abort state of one backend call, or of one request's backend work: the members of
 * AbortSignal the gateway's own code reads, without an EventTarget: with AbortControllers in its
 * place a request promotes several times the bytes (bench/profiling/primitives-ab.ts). See
 * docs/decisions.md, "Signals on the request hot path; the request's scope is handed along".
 */

/** What a call's code reads: whether it was aborted, and why. */
export interface AbortState {
  readonly aborted: boolean;
  readonly reason: unknown;
}

/** What the services and backend clients follow: a real AbortSignal, or a CallAbort. */
export type CallerSignal = AbortSignal | CallAbort;

export class CallAbort implements AbortState {
  #aborted = false;
  #reason: unknown = undefined;
  /** Listeners still waiting; at most a few per call (the reply collector, the caller's race). */
  #listeners: (() => void)[] = [];

  get aborted(): boolean {
    return this.#aborted;
  }

  get reason(): unknown {
    return this.#reason;
  }

  /**
   * Aborts with `reason` (the first call wins) and runs each waiting listener once, in order. As
   * with an EventTarget, a listener that throws does not stop the others: its error is thrown
   * again on its own, outside this call.
   */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /**
   * Runs `listener` once when the call is aborted (never when it already is: check `aborted`
   * first); returns the function that takes it back.
   */
  onAbort(listener: () => void): () => void {
    if (this.#aborted) return () => {};
    this.#listeners.push(listener);
    return () => {
      const at = this.#listeners.indexOf(listener);
      if (at >= 0) this.#listeners.splice(at, 1);
    };
  }
}
