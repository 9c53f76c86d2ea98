/**
 * Typed calls to the legacy list service, built from the catalog: parameters are checked and
 * ordered (params.ts), encoded for the chosen transport (codec.ts), sent (transport.ts) and the
 * reply decoded into the operation's value or a LegacyError (reply.ts).
 */
import type { RequestScope } from "../../logging/request-context.js";
import type { BackendLimits } from "../http.js";
import { operation as operationSpec, type LegacyTransport, type OperationName } from "./catalog.js";
import { decodeReply, decodeReplyInSlices, encodeRequest, LARGE_REPLY_BYTES, type EncodeTarget } from "./codec.js";
import { prepareParams } from "./params.js";
import { redactorFor, type Redactor } from "../../util/redact.js";
import { LegacyHttp, type LegacyHttpReply } from "./transport.js";
import type { LegacyParamsOf, LegacyResults } from "./types.js";
import type { CallerSignal } from "../../util/call-abort.js";
import type { SendBudget } from "../http.js";

export type { LegacyTransport } from "./catalog.js";

/** How to reach one legacy service. */
export interface LegacyClientOptions {
  /** Base URL of the service (origin or origin+prefix); the client appends /api/api.asmx. */
  url: string;
  transport: LegacyTransport;
  /** {api_namespace}, ends with "/". */
  namespace: string;
  /** Default key when a call gives none. */
  apiKey?: string;
  limits: BackendLimits;
}

/** Per-call overrides. */
export interface LegacyCallOptions {
  apiKey?: string;
  signal?: CallerSignal;
  /** The request the call is made for (its id and span). */
  scope?: RequestScope;
  transport?: LegacyTransport;
  /**
   * What each request sent pays from (the operation's call budget): every attempt, and the resend
   * to an observed path. A refusal rejects with the budget's own error.
   */
  budget?: SendBudget;
}

/** A client of the legacy list service over SOAP 1.1, HTTP GET or HTTP POST. */
export class LegacyClient {
  readonly #http: LegacyHttp;
  readonly #target: EncodeTarget;
  readonly #transport: LegacyTransport;
  readonly #apiKey: string | undefined;
  /** "transport operation" pairs the service answered only under their observed path. */
  readonly #observedPaths = new Set<string>();

  constructor(options: LegacyClientOptions) {
    const base = new URL(options.url);
    this.#http = new LegacyHttp(base.origin, options.limits);
    this.#target = { basePath: base.pathname.replace(/\/+$/, ""), namespace: options.namespace };
    this.#transport = options.transport;
    this.#apiKey = options.apiKey;
  }

  /**
   * Calls one operation. Resolves with its decoded value; rejects with LegacyResultError for a
   * non-zero Result code, LegacyInputError before sending, LegacySoapFaultError, or
   * LegacyTransportError.
   */
  async call<Op extends OperationName>(
    operation: Op,
    params: LegacyParamsOf<Op>,
    options: LegacyCallOptions = {},
  ): Promise<LegacyResults[Op]> {
    const op = operationSpec(operation);
    const apiKey = options.apiKey ?? this.#apiKey;
    const redact = lazyRedactor(apiKey);
    const sent = prepareParams(op, apiKey, params);
    const transport = options.transport ?? this.#transport;
    const sendOptions = {
      operation: op.name,
      idempotent: !op.write,
      signal: options.signal,
      scope: options.scope,
      redact,
      budget: options.budget,
    };
    // A service that knows the operation only under the path its samples show (transport note 3)
    // refuses the documented name; a read is then sent once to that path, and this client uses
    // that path for the operation from then on, so the refusal costs one extra call at most. That
    // call is paid from the budget like the first; refused, the call fails with the budget's error,
    // since the first reply says nothing of the operation, only of its path.
    const observedKey = `${transport} ${op.name}`;
    const observedFirst = this.#observedPaths.has(observedKey);
    let reply = await this.#http.send(
      encodeRequest(op, transport, sent, this.#target, observedFirst ? { observedPath: true } : undefined),
      sendOptions,
    );
    if (
      !observedFirst &&
      transport !== "soap" &&
      !op.write &&
      op.aliases?.[transport] !== undefined &&
      isUnknownMethod(reply)
    ) {
      const observed = encodeRequest(op, transport, sent, this.#target, { observedPath: true });
      reply = await this.#http.send(observed, sendOptions);
      if (!isUnknownMethod(reply)) this.#observedPaths.add(observedKey);
    }
    // A large reply is read a slice per turn of the event loop, so it does not hold up the
    // instance's other requests, one large reply at a time in the process, and stops when the
    // call is aborted; a small one in one go, with no promise or turn added.
    if (reply.body.length >= LARGE_REPLY_BYTES) {
      const context = { sent, redact, signal: options.signal };
      return (await decodeReplyInSlices(op, reply, context)) as LegacyResults[Op];
    }
    return decodeReply(op, reply, { sent, redact }) as LegacyResults[Op];
  }

  /** Closes the connection pool; calls in flight finish first. */
  async close(): Promise<void> {
    await this.#http.close();
  }
}

/**
 * The key's redactor, built the first time some text needs scrubbing: most calls succeed and never
 * use it, and building one (the key's URL-encoded forms) costs more than the rest of a small call.
 */
function lazyRedactor(apiKey: string | undefined): Redactor {
  let built: Redactor | undefined;
  return (text) => (built ??= redactorFor(apiKey))(text);
}

/** ASMX's answer to a GET/POST path naming no method: 404, or 500 "… Web Service method name is not valid." */
function isUnknownMethod(reply: LegacyHttpReply): boolean {
  if (reply.status === 404) return true;
  return reply.status === 500 && /method name is not valid/i.test(reply.body.subarray(0, 4096).toString("utf8"));
}
