/**
 * What stands between the gateway and one backend besides the HTTP connection pool (cockatiel): a
 * bulkhead, a circuit breaker and retries of reads (BackendPolicy). One policy per backend lives as
 * long as the gateway; its state is what readiness and metrics report, and the HTTP layer (http.ts)
 * runs each call through `run`.
 */
import {
  BrokenCircuitError,
  BulkheadRejectedError,
  CircuitState,
  ConsecutiveBreaker,
  bulkhead,
  circuitBreaker,
  handleWhen,
  type BulkheadPolicy,
  type CircuitBreakerPolicy,
} from "cockatiel";
import type { BackendReply, BackendRequest, SendBudget } from "./wire.js";
import type { AbortState } from "../util/call-abort.js";
import type { ResilienceSettings } from "../config.js";

export type { ResilienceSettings } from "../config.js";

/** The backends the gateway calls. */
export type BackendName = "legacy" | "commerce";

/** Circuit states as reported (readiness, metrics). */
export type CircuitName = "closed" | "open" | "half-open";

/** What one attempt of a backend call came to, for metrics. */
export interface AttemptObservation {
  readonly backend: BackendName;
  /** A bounded label: a legacy operation name, or a commerce route with ids replaced. */
  readonly operation: string;
  /** The HTTP status, or the failure: timeout, unavailable, failed, too-large, aborted, circuit_open, bulkhead_full. */
  readonly outcome: string;
  readonly seconds: number;
}

/** Who hears about attempts, retries and circuit changes (the metrics module). */
export interface BackendObserver {
  attempt(observation: AttemptObservation): void;
  retry(backend: BackendName, operation: string): void;
  circuit(backend: BackendName, state: CircuitName): void;
}

/** Why a call was not sent: the breaker is open, or the bulkhead is full. Not the caller's fault. */
export type ShedCode = "BREAKER_OPEN" | "BULKHEAD_FULL";

/** A call the gateway refused to send to a backend to protect it (or itself). */
export class BackendShedError extends Error {
  constructor(
    readonly code: ShedCode,
    readonly backend: BackendName,
    readonly operation: string,
    /** For BREAKER_OPEN: milliseconds until the breaker lets a probe through (0 when due). */
    readonly retryInMs?: number,
  ) {
    super(
      code === "BREAKER_OPEN"
        ? `${backend} ${operation}: not sent, the circuit breaker is open after repeated failures of the backend`
        : `${backend} ${operation}: not sent, too many calls to the backend are in flight or waiting`,
    );
    this.name = "BackendShedError";
  }
}

/** How the HTTP layer describes one call to the policy. */
export interface PolicyCall {
  readonly request: BackendRequest;
  /** May this request be sent more than once? Reads yes, writes never. */
  readonly idempotent: boolean;
  /** A bounded name for metrics and errors. */
  readonly operation: string;
  /** When the call's own deadline passes (ms since the epoch). */
  readonly deadlineAt: number;
  /** The call's whole budget, in ms. */
  readonly deadlineMs: number;
  /** The call's abort state (the caller's signal and the deadline). */
  readonly signal: AbortState;
  /**
   * What each retry pays from before it is made (the operation's call budget; the first attempt was
   * paid by the HTTP layer). Its `take` throws once nothing is left: the retry is then not made, and
   * the call ends with what its last attempt met.
   */
  readonly budget?: SendBudget;
}

/** One attempt: a reply, or a rejection with a failure that has a `kind` (BackendHttpError) or not. */
export type Attempt = () => Promise<BackendReply>;

/** The failure kinds of http.ts a policy reads (kept structural to avoid an import cycle). */
interface KindedError {
  readonly kind: string;
  readonly code: string;
}

function kindOf(error: unknown): KindedError | undefined {
  const e = error as Partial<KindedError> | null;
  return e && typeof e.kind === "string" && typeof e.code === "string" ? (e as KindedError) : undefined;
}

/** The codes http.ts gives a passed deadline: the call's own, and the caller's (REQUEST_DEADLINE_MS). */
const DEADLINE_CODE = "DEADLINE";
const REQUEST_DEADLINE_CODE = "REQUEST_DEADLINE";

/** Codes of a request undici would not send as built (our fault, not the backend's). */
const REQUEST_REFUSED = /^(?:UND_ERR_INVALID_ARG|UND_ERR_NOT_SUPPORTED|ERR_INVALID_)/;

/** A failure of the backend itself (counts for the breaker, may be retried for a read). */
function isBackendFailure(error: unknown): boolean {
  const failure = kindOf(error);
  if (!failure) return false;
  if (failure.kind === "failed") return !REQUEST_REFUSED.test(failure.code);
  // The caller's own deadline cut the call short: one heavy request must not open the breaker for all.
  if (failure.code === REQUEST_DEADLINE_CODE) return false;
  return failure.kind === "unavailable" || failure.kind === "timeout";
}

/** Statuses that say "try again later" without meaning the backend is failing. */
const RETRY_LATER = new Set([429]);

/** Delay of a Retry-After header (seconds or an HTTP date), in ms; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d{1,9}$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (!/[a-z]/i.test(value) || Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

/** What one attempt met: the reply, or the error it failed with. */
type Outcome = { reply: BackendReply } | { error: unknown };

/** Whether a reply means the backend is failing: per backend, since the legacy service uses 500 for the caller's mistakes. */
export type ReplyJudge = (reply: BackendReply) => boolean;

/**
 * The legacy service answers 500 for SOAP faults, most of them the caller's (soap:Client), and for
 * GET/POST requests it cannot take (unknown method, missing parameter; plain text). A failing
 * service shows as 502-504 from a proxy in front of it, a soap:Server fault, or an HTML error page.
 */
export const legacyReplyFails: ReplyJudge = (reply) => {
  if (reply.status >= 502 && reply.status <= 504) return true;
  if (reply.status !== 500) return false;
  const head = reply.body.subarray(0, 4096).toString("utf8");
  const type = (reply.headers["content-type"] ?? "").toLowerCase();
  if (/<(?:[\w-]+:)?faultcode>\s*(?:[\w-]+:)?Server\b/.test(head)) return true;
  return type.includes("html") || /^\s*<(?:!doctype\s+html|html)\b/i.test(head);
};

/** The commerce interface reports its own failures as 5xx (501 aside: not a transient state). */
export const commerceReplyFails: ReplyJudge = (reply) =>
  reply.status === 500 || (reply.status >= 502 && reply.status <= 504);

/**
 * The policy of one backend: a bulkhead (at most `bulkheadLimit` calls in flight and
 * `bulkheadQueue` waiting, then BULKHEAD_FULL at once instead of piling up), a circuit breaker
 * (after `breakerFailures` consecutive failures of the backend itself, BREAKER_OPEN for
 * `breakerHalfOpenMs`, then one probe), and retries of reads only, after a full-jitter delay or a
 * longer Retry-After, while the call's deadline and budget allow. Writes are never sent twice.
 * See docs/decisions.md, "Backend calls: one HTTP layer, total deadline; retries: reads only".
 */
export class BackendPolicy {
  readonly #breaker: CircuitBreakerPolicy;
  readonly #bulkhead: BulkheadPolicy;
  readonly #observer: BackendObserver | undefined;
  readonly #fails: ReplyJudge;
  readonly #random: () => number;
  #openedAt = 0;

  constructor(
    readonly backend: BackendName,
    readonly settings: ResilienceSettings,
    options: {
      observer?: BackendObserver;
      /** Source of the jitter; Math.random by default. */
      random?: () => number;
    } = {},
  ) {
    this.#observer = options.observer;
    this.#random = options.random ?? Math.random;
    this.#fails = backend === "legacy" ? legacyReplyFails : commerceReplyFails;
    const failing = handleWhen((error) => isBackendFailure(error)).orWhenResult((reply) =>
      this.#fails(reply as BackendReply),
    );
    this.#breaker = circuitBreaker(failing, {
      halfOpenAfter: settings.breakerHalfOpenMs,
      breaker: new ConsecutiveBreaker(settings.breakerFailures),
    });
    this.#bulkhead = bulkhead(settings.bulkheadLimit, settings.bulkheadQueue);
    this.#breaker.onStateChange((state) => {
      if (state === CircuitState.Open) this.#openedAt = Date.now();
      this.#observer?.circuit(backend, circuitName(state));
    });
  }

  /** The breaker's state now. An open breaker whose wait is over reads as half-open (the next call probes). */
  get circuit(): CircuitName {
    const state = circuitName(this.#breaker.state);
    if (state === "open" && Date.now() - this.#openedAt >= this.settings.breakerHalfOpenMs) return "half-open";
    return state;
  }

  /** Calls in flight and waiting. */
  get load(): { active: number; queued: number } {
    const active = this.settings.bulkheadLimit - this.#bulkhead.executionSlots;
    const queued = this.settings.bulkheadQueue - this.#bulkhead.queueSlots;
    return { active, queued };
  }

  /**
   * Runs one call: retries (reads only) around bulkhead around breaker around each attempt. The
   * retries are this loop rather than a cockatiel retry policy: whether and how long to wait
   * depends on the call (its deadline, whether it may be repeated) and on the reply (Retry-After),
   * which a policy shared by every call cannot see, and one built per call would make its own
   * event emitters on every backend call.
   */
  async run(call: PolicyCall, attempt: Attempt): Promise<BackendReply> {
    let retries = 0;
    // A retry the breaker or the bulkhead refuses gives back what the previous attempt met: that is
    // what went wrong, the refusal only ended the retries.
    let previous: Outcome | undefined;
    for (;;) {
      let outcome: Outcome;
      try {
        outcome = previous = { reply: await this.#once(call, attempt) };
      } catch (error) {
        outcome = error instanceof BackendShedError && previous ? previous : (previous = { error });
      }
      const wait = this.#retryWait(call, outcome, retries);
      // A retry is paid for when it is decided, before its wait: one the budget refuses is not
      // waited for, and the call gives back what the backend answered, as when the breaker refuses it.
      if (wait === undefined || !paid(call.budget)) {
        if ("reply" in outcome) return outcome.reply;
        throw outcome.error;
      }
      retries++;
      this.#observer?.retry(this.backend, call.operation);
      // No signal here: the next attempt checks it first (#once), and the wait ends a tenth of the
      // call's deadline before it at the latest. Unreferenced: a pending retry keeps no process up.
      await new Promise<void>((resolve) => setTimeout(resolve, wait).unref());
    }
  }

  /** How long to wait before the next attempt of a call that met `outcome`, or undefined for no retry. */
  #retryWait(call: PolicyCall, outcome: Outcome, retries: number): number | undefined {
    if (!call.idempotent || retries >= this.settings.retryAttempts || call.signal.aborted) return undefined;
    // The failure just opened the breaker: another attempt would not be sent.
    if (this.#breaker.state === CircuitState.Open) return undefined;
    let wait: number;
    if ("reply" in outcome) {
      const reply = outcome.reply;
      if (!RETRY_LATER.has(reply.status) && !this.#fails(reply)) return undefined;
      const asked = retryAfterMs(reply.headers["retry-after"]);
      // A backend asking for a longer pause than we would ever wait: give its answer back now.
      if (asked !== undefined && asked > this.settings.retryMaxDelayMs) return undefined;
      wait = Math.max(asked ?? 0, this.#jitter(retries));
    } else {
      const failure = kindOf(outcome.error);
      if (!isBackendFailure(outcome.error) || failure?.code === DEADLINE_CODE) return undefined;
      wait = this.#jitter(retries);
    }
    // Only when the wait still leaves a tenth of the call's deadline for the attempt itself.
    if (Date.now() + wait + call.deadlineMs / 10 >= call.deadlineAt) return undefined;
    return wait;
  }

  /** Full jitter: a random delay in [0, min(max, base·2ⁿ)) for the n-th retry (n from 0). */
  #jitter(n: number): number {
    const ceiling = Math.min(this.settings.retryMaxDelayMs, this.settings.retryBaseDelayMs * 2 ** n);
    return Math.floor(this.#random() * ceiling);
  }

  async #once(call: PolicyCall, attempt: Attempt): Promise<BackendReply> {
    if (call.signal.aborted) throw abortReason(call.signal);
    try {
      return await this.#bulkhead.execute(
        () =>
          this.#breaker.execute(async () => {
            if (call.signal.aborted) throw abortReason(call.signal);
            const started = performance.now();
            try {
              const reply = await attempt();
              this.#observe(call, String(reply.status), started);
              return reply;
            } catch (error) {
              this.#observe(call, kindOf(error)?.kind ?? "failed", started);
              throw error;
            }
          }),
        // No signal here: cockatiel's queue skips starting the next waiter when a waiting call is
        // cancelled through it. A call whose caller left ends at the check above when its turn comes,
        // and the caller itself is answered at once by the signal race in http.ts.
      );
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        this.#observer?.attempt({
          backend: this.backend,
          operation: call.operation,
          outcome: "circuit_open",
          seconds: 0,
        });
        const left = Math.max(0, this.settings.breakerHalfOpenMs - (Date.now() - this.#openedAt));
        throw new BackendShedError("BREAKER_OPEN", this.backend, call.operation, left);
      }
      if (error instanceof BulkheadRejectedError) {
        this.#observer?.attempt({
          backend: this.backend,
          operation: call.operation,
          outcome: "bulkhead_full",
          seconds: 0,
        });
        throw new BackendShedError("BULKHEAD_FULL", this.backend, call.operation);
      }
      throw error;
    }
  }

  #observe(call: PolicyCall, outcome: string, started: number): void {
    this.#observer?.attempt({
      backend: this.backend,
      operation: call.operation,
      outcome,
      seconds: (performance.now() - started) / 1000,
    });
  }
}

/** Takes one from `budget` (none: free); false when it refused. */
function paid(budget: SendBudget | undefined): boolean {
  if (!budget) return true;
  try {
    budget.take();
    return true;
  } catch {
    return false;
  }
}

function circuitName(state: CircuitState): CircuitName {
  switch (state) {
    case CircuitState.Closed:
      return "closed";
    case CircuitState.HalfOpen:
      return "half-open";
    default:
      return "open";
  }
}

/** The error an aborted signal stands for (its reason, made an Error when it is not one). */
export function abortReason(signal: AbortState): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error(String(reason));
}
