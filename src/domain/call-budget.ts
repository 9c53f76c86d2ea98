/**
 * The backend calls one operation may make (MAX_COST), across both backends, paid as each request
 * leaves the gateway (backends/http.ts), retries included: the cost checked before execution is an
 * estimate that an account larger than it would exceed. Set as queries and mutations start
 * executing (src/plugins/limits.ts). See docs/decisions.md, "Cost in backend calls; MAX_COST holds
 * for the calls made".
 *
 * It also notes what each backend answered to the request's own credential (the loaders tell it:
 * accepted, or refused as a credential), so a caller's budget can follow a key only once its
 * backend accepted it (src/budget/caller.ts).
 */

/** A backend whose credential the request brings. */
export type CredentialBackend = "legacy" | "commerce";

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
  /** Per backend: true once a reply accepted the request's credential, false once one refused it. */
  #answers: { legacy?: boolean; commerce?: boolean } | undefined;

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

  /**
   * Notes a reply of `backend` to the request's own credential: `accepted` false for a refusal of
   * the credential itself, which stands whatever the other replies said.
   */
  answered(backend: CredentialBackend, accepted: boolean): void {
    const answers = (this.#answers ??= {});
    if (answers[backend] !== false) answers[backend] = accepted;
  }

  /** Whether `backend` accepted the request's credential: undefined until a reply said either. */
  accepted(backend: CredentialBackend): boolean | undefined {
    return this.#answers?.[backend];
  }
}
