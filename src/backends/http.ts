/**
 * The one undici layer both backend clients send through: a keep-alive Agent per origin with the
 * configured timeouts, a total deadline per call, a reply size cap, and failures reduced to a few
 * kinds with scrubbed causes; with a BackendPolicy (resilience.ts), bulkhead, breaker and read
 * retries too. It moves bytes only: each client gives statuses and bodies their meaning.
 */
import { followSignal } from "../util/request-signals.js";
import { CallAbort, type CallerSignal } from "../util/call-abort.js";
import { Agent, type Dispatcher } from "undici";
import { sanitizedCause, type Redactor } from "../util/redact.js";
import { abortReason, BackendShedError, type BackendPolicy } from "./resilience.js";
import { observeBackendCall } from "./call-span.js";
import type { HttpLimits } from "../config.js";
import type { BackendReply, BackendRequest, SendBudget } from "./wire.js";

export type { BackendReply, BackendRequest, SendBudget } from "./wire.js";
import type { RequestScope } from "../logging/request-context.js";

/**
 * A backend's configured limits and, made by the server at start-up, its bulkhead, circuit
 * breaker and read retries, shared by every call to it; without a policy each call is sent once.
 */
export interface BackendLimits extends HttpLimits {
  readonly policy?: BackendPolicy | undefined;
}

/** How one request may be sent. */
export interface BackendSendOptions {
  /** The caller's signal (the GraphQL request going away, or its own deadline). */
  readonly signal?: CallerSignal;
  /** Scrubs the request's secrets from any text a failure carries. */
  readonly redact: Redactor;
  /**
   * Send once more when a reused keep-alive socket turns out to be closed. Only for requests
   * that are safe to repeat; the retry stays within the same deadline.
   */
  readonly retryStaleSocket?: boolean;
  /**
   * May the request be sent again after a failure (a read)? Default: GET only. With a policy,
   * reads are retried (resilience.ts); writes never are.
   */
  readonly idempotent?: boolean;
  /**
   * A bounded name of the call for metrics, errors and its span, given by the backend's client:
   * the legacy operation, or a commerce route (`GET /customer-lists/{id}`); default "other".
   */
  readonly operation?: string;
  /** The path of a REST call with its ids replaced (`/customer-lists/{id}`), which names its span. */
  readonly template?: string;
  /** The request the call is made for: its id goes along, and its span is the call span's parent. */
  readonly scope?: RequestScope;
  /**
   * A smaller size cap for this call's reply (a page asked for a few entries); the backend's
   * configured cap holds when it is larger or absent.
   */
  readonly maxBytes?: number;
  /**
   * What every request sent for this call pays from (the operation's call budget,
   * domain/call-budget.ts): the first attempt, each retry, and the resend after a stale socket.
   * The first attempt it refuses rejects the call with the budget's own error, nothing sent; a
   * retry or resend it refuses is not made, and the call ends with what the last attempt met.
   */
  readonly budget?: SendBudget;
}

/**
 * What went wrong below HTTP semantics:
 * - `timeout`: connect, headers or body timeout, the call's deadline, or a caller's deadline signal;
 * - `aborted`: the caller gave up (its signal fired for any reason but a deadline);
 * - `unavailable`: refused, reset, DNS and other socket failures with a known code;
 * - `failed`: any other failure to complete the exchange;
 * - `too-large`: the body exceeded the size cap.
 */
export type BackendFailureKind = "timeout" | "aborted" | "unavailable" | "failed" | "too-large";

/** A failed exchange. Clients map it onto their own typed errors; `cause` is already scrubbed. */
export class BackendHttpError extends Error {
  /** A scrubbed copy of the underlying error (name, code, message), when there was one. */
  declare readonly cause: Error | undefined;

  constructor(
    readonly kind: BackendFailureKind,
    /** The low-level code (ECONNREFUSED, UND_ERR_BODY_TIMEOUT, …); "DEADLINE" for a deadline; "" when unknown. */
    readonly code: string,
    options: { status?: number; maxBytes?: number; cause?: Error } = {},
  ) {
    super(`backend call ${kind}${code ? ` (${code})` : ""}`, { cause: options.cause });
    this.name = "BackendHttpError";
    this.status = options.status;
    this.maxBytes = options.maxBytes;
  }
  /** The status of a reply whose body was refused (too large). */
  readonly status: number | undefined;
  /** The cap that was exceeded, for `too-large`. */
  readonly maxBytes: number | undefined;
}

/** The code the call's own deadline is reported with. */
export const DEADLINE = "DEADLINE";

/**
 * The code of a call ended by the caller's deadline (REQUEST_DEADLINE_MS) before its own: a
 * timeout for the caller, but nothing the backend did, so no breaker counts it.
 */
export const REQUEST_DEADLINE = "REQUEST_DEADLINE";

const TIMEOUT_CODES = new Set([
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "ETIMEDOUT",
]);
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
]);
const TOO_LARGE_CODES = new Set(["UND_ERR_RES_EXCEEDED_MAX_SIZE"]);
// A server closing an idle keep-alive socket just as a request goes out shows up as these.
const STALE_SOCKET_CODES = new Set(["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]);

/** Sends requests to a backend's origins over keep-alive connections. */
export class BackendHttp {
  readonly #agent: Agent;
  readonly #maxBytes: number;
  readonly #deadlineMs: number;
  readonly #policy: BackendPolicy | undefined;

  constructor(limits: BackendLimits) {
    this.#maxBytes = limits.maxResponseBytes;
    this.#deadlineMs = limits.deadlineMs;
    this.#policy = limits.policy;
    this.#agent = new Agent({
      connections: limits.connections,
      connect: { timeout: limits.connectTimeoutMs },
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout: limits.bodyTimeoutMs,
      pipelining: 1,
    });
  }

  /**
   * Sends one request and reads the whole reply; rejects with BackendHttpError. Within a request
   * the call carries its X-Request-Id and, when tracing, its own span and traceparent.
   */
  send(request: BackendRequest, options: BackendSendOptions): Promise<BackendReply> {
    if (options.budget) {
      // Paid before anything else: a call the budget refuses is neither sent, timed nor traced.
      try {
        options.budget.take();
      } catch (error) {
        // Passed on exactly as the budget threw it (its own error, which the graph reports).
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        return Promise.reject(error);
      }
    }
    return observeBackendCall(request, options, (outgoing) => this.#send(outgoing, options));
  }

  async #send(request: BackendRequest, options: BackendSendOptions): Promise<BackendReply> {
    // undici's body timeout restarts with every chunk; only this bounds the call as a whole.
    const deadlineAt = Date.now() + this.#deadlineMs;
    const call = callSignal(options.signal, this.#deadlineMs);
    const { signal, deadline } = call;
    const maxBytes = Math.min(this.#maxBytes, options.maxBytes ?? Infinity);
    const policy = this.#policy;
    // Where the policy retries reads, its retry (after a full-jitter wait of [0, base)) stands in for
    // the immediate resend after a stale keep-alive socket, so a failing backend is not sent each attempt twice.
    const resendStale = options.retryStaleSocket === true && !(policy && policy.settings.retryAttempts > 0);
    const attempt = async () => {
      try {
        return await this.#exchange(request, signal, resendStale && options, maxBytes);
      } catch (err) {
        throw failure(err, options, deadline, maxBytes);
      }
    };
    const work = policy
      ? policy.run(
          {
            request,
            idempotent: options.idempotent ?? request.method === "GET",
            operation: options.operation ?? "other",
            deadlineAt,
            deadlineMs: this.#deadlineMs,
            signal,
            budget: options.budget,
          },
          attempt,
        )
      : attempt();
    try {
      return await untilAborted(work, signal);
    } catch (err) {
      throw failure(err, options, deadline, maxBytes);
    } finally {
      call.done();
    }
  }

  async #exchange(
    request: BackendRequest,
    signal: CallAbort,
    /** Send once more after a stale socket, paid from the call's budget; false: never. */
    resendStale: false | Pick<BackendSendOptions, "budget">,
    maxBytes: number,
  ): Promise<BackendReply> {
    try {
      return await this.#attempt(request, signal, maxBytes);
    } catch (err) {
      if (!resendStale || signal.aborted || !STALE_SOCKET_CODES.has(errorCode(err))) throw err;
      // The resend is a request like any other: the budget pays for it, or the first failure stands.
      try {
        resendStale.budget?.take();
      } catch {
        throw err;
      }
    }
    return this.#attempt(request, signal, maxBytes);
  }

  /**
   * One exchange through undici's dispatch API: the reply's chunks are collected as they arrive,
   * without the Readable stream, async iteration and async-hook resource that `request()` builds
   * around every reply only for this loop to drain them (bench/profiling/primitives-ab.ts measures
   * the difference). Aborting `signal` aborts the exchange in whatever phase it is, including while
   * it waits for a connection.
   */
  #attempt(request: BackendRequest, signal: CallAbort, maxBytes: number): Promise<BackendReply> {
    return new Promise<BackendReply>((resolve, reject) => {
      if (signal.aborted) {
        reject(abortReason(signal));
        return;
      }
      this.#agent.dispatch(
        {
          origin: request.origin,
          path: request.path,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
        },
        new ReplyCollector(signal, maxBytes, resolve, reject),
      );
    });
  }

  /** Closes idle connections and waits for requests in flight. */
  async close(): Promise<void> {
    await this.#agent.close();
  }
}

/**
 * Collects one reply for #attempt within the size cap, and settles its promise once: with the
 * reply at its end, or with the error that ended it (a refused size, the signal's reason, or
 * undici's own error).
 */
class ReplyCollector implements Dispatcher.DispatchHandler {
  readonly #signal: CallAbort;
  readonly #maxBytes: number;
  readonly #resolve: (reply: BackendReply) => void;
  readonly #reject: (error: unknown) => void;
  #controller: Dispatcher.DispatchController | undefined;
  #status = 0;
  #headers: Record<string, string> = {};
  #chunks: Buffer[] = [];
  #size = 0;
  #settled = false;
  readonly #stopListening: () => void;

  constructor(
    signal: CallAbort,
    maxBytes: number,
    resolve: (reply: BackendReply) => void,
    reject: (error: unknown) => void,
  ) {
    this.#signal = signal;
    this.#maxBytes = maxBytes;
    this.#resolve = resolve;
    this.#reject = reject;
    this.#stopListening = signal.onAbort(() => this.#controller?.abort(abortReason(signal)));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    // Aborted while it waited for a connection: it is not sent.
    if (this.#signal.aborted) controller.abort(abortReason(this.#signal));
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.#status = status;
    this.#headers = flatHeaders(headers);
    const declared = Number(this.#headers["content-length"]);
    if (Number.isFinite(declared) && declared > this.#maxBytes) this.#refuse(controller);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#settled) return;
    this.#size += chunk.length;
    // Stop reading: aborting closes the socket instead of draining the rest.
    if (this.#size > this.#maxBytes) this.#refuse(controller);
    else this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#settle())
      this.#resolve({ status: this.#status, headers: this.#headers, body: Buffer.concat(this.#chunks, this.#size) });
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    if (this.#settle()) this.#fail(error);
  }

  #refuse(controller: Dispatcher.DispatchController): void {
    const error = new BackendHttpError("too-large", "", { status: this.#status, maxBytes: this.#maxBytes });
    if (this.#settle()) this.#fail(error);
    controller.abort(error);
  }

  /** Rejects the call; the chunks read so far are let go at once (undici holds the handler a while). */
  #fail(error: unknown): void {
    this.#chunks = [];
    this.#reject(error);
  }

  /** True the first time: the call is over and its listener goes. */
  #settle(): boolean {
    if (this.#settled) return false;
    this.#settled = true;
    this.#stopListening();
    return true;
  }
}

/** The signal one call runs under, and whether its own deadline is what fired. */
interface CallSignal {
  readonly signal: CallAbort;
  readonly deadline: { readonly aborted: boolean };
  /** The call is over: its timer goes, and the caller's signal no longer holds it. */
  done(): void;
}

/**
 * The caller's signal or the call's own deadline, whichever fires first, with the reason of the
 * one that fired (a deadline's is a TimeoutError DOMException, as `AbortSignal.timeout` gives).
 * One AbortController and one timer per call, let go when it ends: the same as
 * `AbortSignal.any([caller, AbortSignal.timeout(ms)])` without the bookkeeping those keep for
 * every call.
 */
function callSignal(caller: CallerSignal | undefined, ms: number): CallSignal {
  // Not an AbortController: only this file's code listens to a call's signal (util/call-abort.ts).
  const controller = new CallAbort();
  const deadline = { aborted: false };
  const timer = setTimeout(() => {
    if (controller.aborted) return;
    deadline.aborted = true;
    controller.abort(new DOMException("The backend call's deadline passed.", "TimeoutError"));
  }, ms);
  // Like AbortSignal.timeout's, the timer does not keep a stopping process alive.
  timer.unref();
  // The caller's signal carries one listener for all the calls under it, and none once they end.
  const unfollow = caller ? followSignal(caller, controller) : undefined;
  return {
    signal: controller,
    deadline,
    done() {
      clearTimeout(timer);
      unfollow?.();
    },
  };
}

/** True for a call the caller gave up on (either backend's error): quiet, not an upstream fault. */
export function isCallerAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "LEGACY_ABORTED" || code === "COMMERCE_ABORTED";
}

/**
 * `work`, or a rejection as soon as `signal` fires. undici drops a request still waiting for a
 * connection only once it is handed a socket; this makes the deadline hold in every phase.
 */
function untilAborted<T>(work: Promise<T>, signal: CallAbort): Promise<T> {
  if (signal.aborted) {
    work.catch(() => {});
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const stop = signal.onAbort(() => reject(abortReason(signal)));
    work.then(resolve, reject).finally(stop);
  });
}

function failure(
  err: unknown,
  options: BackendSendOptions,
  deadline: { readonly aborted: boolean },
  maxBytes: number,
): BackendHttpError | BackendShedError {
  // A call the policy did not send (breaker open, bulkhead full) is not a transport failure.
  if (err instanceof BackendHttpError || err instanceof BackendShedError) return err;
  const caller = options.signal;
  if (caller?.aborted && !isTimeoutReason(caller.reason)) {
    return new BackendHttpError("aborted", "", { cause: sanitizedCause(caller.reason ?? err, options.redact) });
  }
  if (deadline.aborted) return new BackendHttpError("timeout", DEADLINE);
  if (caller?.aborted) return new BackendHttpError("timeout", REQUEST_DEADLINE);
  const code = errorCode(err);
  const cause = sanitizedCause(err, options.redact);
  if (TIMEOUT_CODES.has(code)) return new BackendHttpError("timeout", code, { cause });
  if (TOO_LARGE_CODES.has(code)) return new BackendHttpError("too-large", code, { cause, maxBytes });
  if (UNAVAILABLE_CODES.has(code)) return new BackendHttpError("unavailable", code, { cause });
  return new BackendHttpError("failed", code, { cause });
}

/** AbortSignal.timeout() reports a passed deadline with a TimeoutError. */
function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "TimeoutError";
}

function errorCode(err: unknown): string {
  // undici wraps socket errors; the system code may sit on the cause.
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (TIMEOUT_CODES.has(code) || UNAVAILABLE_CODES.has(code))) return code;
  }
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  // No prototype: a header named like an Object.prototype member stays a header.
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
