/**
 * The backend calls one operation may make, across both backends. The cost limit (MAX_COST) is
 * checked before execution against an estimate: collections the backends return whole (an
 * account's clients, a client's lists) are counted at COST_DEFAULT_LIST_SIZE, and some fields
 * (contact, unsubscribeEverywhere) at a typical account's size. An account larger than the
 * estimate would make more calls than the limit allows. So the same limit is also enforced as the
 * calls are made: each request sent to a backend (a read the request already holds is not sent
 * again) takes one from this budget first, where it leaves the gateway (backends/http.ts), so every
 * attempt of a retried read and the legacy client's resend to an observed path pay as well. Once it
 * is spent, further calls fail with MAX_COST_EXCEEDED, field by field, while what was read still
 * arrives; a retry it refuses is not made, and its call fails with what the backend last answered.
 *
 * Queries and mutations get the limit when they start executing (src/plugins/limits.ts);
 * subscriptions keep no budget, since their context lasts for the stream and their cost is checked
 * per operation.
 */

/** A call refused because the operation has made every call its budget allows. */
export class CallBudgetError extends Error {
  readonly max: number;

  constructor(max: number) {
    super(
      `This operation has made the ${max} backend calls one operation may make (MAX_COST); ` +
        "the rest of what it asks for was not read. Ask for less in one operation.",
    );
    this.name = "CallBudgetError";
    this.max = max;
  }
}

/** Calls taken so far, against a bound set once the operation is known. */
export class CallBudget {
  #max = Number.POSITIVE_INFINITY;
  #taken = 0;

  /** Bounds the operation's calls at `max` (its cost limit). */
  limit(max: number): void {
    this.#max = max;
  }

  /** Calls taken so far. */
  get taken(): number {
    return this.#taken;
  }

  /** The bound set by limit(); infinite until then. */
  get max(): number {
    return this.#max;
  }

  /** Calls that may still be taken (infinite while no bound is set). */
  get remaining(): number {
    return Math.max(0, this.#max - this.#taken);
  }

  /** Takes one call before it is sent; throws CallBudgetError once `max` were taken. */
  take(): void {
    if (this.#taken >= this.#max) throw new CallBudgetError(this.#max);
    this.#taken += 1;
  }
}
