/**
 * Typed calls to the legacy list service, built from the catalog: parameters are checked and
 * ordered (params.ts), encoded for the chosen transport (codec.ts), sent (transport.ts) and the
 * reply decoded into the operation's value or a LegacyError (reply.ts).
 */
import type { HttpLimits } from "../../config.js";
import { operation as operationSpec, type LegacyTransport, type OperationName } from "./catalog.js";
import { decodeReply, encodeRequest, type EncodeTarget } from "./codec.js";
import { prepareParams } from "./params.js";
import { redactorFor } from "./redact.js";
import { LegacyHttp } from "./transport.js";
import type { LegacyParams, LegacyResults } from "./types.js";

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
  limits: HttpLimits;
}

/** Per-call overrides. */
export interface LegacyCallOptions {
  apiKey?: string;
  signal?: AbortSignal;
  transport?: LegacyTransport;
}

/** A client of the legacy list service over SOAP 1.1, HTTP GET or HTTP POST. */
export class LegacyClient {
  readonly #http: LegacyHttp;
  readonly #target: EncodeTarget;
  readonly #transport: LegacyTransport;
  readonly #apiKey: string | undefined;

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
    params: LegacyParams,
    options: LegacyCallOptions = {},
  ): Promise<LegacyResults[Op]> {
    const op = operationSpec(operation);
    const apiKey = options.apiKey ?? this.#apiKey;
    const redact = redactorFor(apiKey);
    const sent = prepareParams(op, apiKey, params);
    const request = encodeRequest(op, options.transport ?? this.#transport, sent, this.#target);
    const reply = await this.#http.send(request, {
      operation: op.name,
      idempotent: !op.write,
      signal: options.signal,
      redact,
    });
    return decodeReply(op, reply, { sent, redact }) as LegacyResults[Op];
  }

  /** Closes the connection pool; calls in flight finish first. */
  async close(): Promise<void> {
    await this.#http.close();
  }
}
