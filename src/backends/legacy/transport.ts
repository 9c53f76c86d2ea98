/**
 * The legacy client's side of the shared HTTP layer (../http.ts): requests the codec builds go
 * to the service's origin, and transport failures become LegacyTransportError codes. It moves
 * bytes only; the codec gives them meaning.
 */
import type { RequestScope } from "../../logging/request-context.js";
import type { BackendLimits } from "../http.js";
import { BackendHttp, BackendHttpError, DEADLINE, REQUEST_DEADLINE, type SendBudget } from "../http.js";
import type { Redactor } from "../../util/redact.js";
import { LegacyTransportError } from "./errors.js";
import type { CallerSignal } from "../../util/call-abort.js";

/** One request to the service, built by the codec. */
export interface LegacyHttpRequest {
  readonly method: "GET" | "POST";
  /** Path and query below the origin. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A complete reply, body read within the size cap. */
export interface LegacyHttpReply {
  readonly status: number;
  /** The Content-Type header, lower-cased ("" when absent). */
  readonly contentType: string;
  readonly body: Buffer;
}

/** How one request may be sent. */
export interface SendOptions {
  /** Operation name, for error messages. */
  readonly operation: string;
  /** Reads may be sent again once when a reused keep-alive socket turns out to be closed. */
  readonly idempotent: boolean;
  readonly signal?: CallerSignal;
  /** The request the call is made for (its id and span). */
  readonly scope?: RequestScope;
  /** Scrubs the API key from any text an error carries. */
  readonly redact: Redactor;
  /** What each request sent pays from, retries included (../http.ts); its refusal passes unchanged. */
  readonly budget?: SendBudget;
}

/** Sends legacy requests to one origin over keep-alive connections. */
export class LegacyHttp {
  readonly #http: BackendHttp;
  readonly #origin: string;

  /** `origin` is scheme://host:port; paths in requests carry any prefix. */
  constructor(origin: string, limits: BackendLimits) {
    this.#origin = origin;
    this.#http = new BackendHttp(limits);
  }

  /** Sends one request and reads the whole reply; rejects with LegacyTransportError. */
  async send(request: LegacyHttpRequest, options: SendOptions): Promise<LegacyHttpReply> {
    try {
      const reply = await this.#http.send(
        { ...request, origin: this.#origin },
        {
          signal: options.signal,
          scope: options.scope,
          redact: options.redact,
          retryStaleSocket: options.idempotent,
          // Reads may be retried by the backend's policy; writes never are.
          idempotent: options.idempotent,
          operation: options.operation,
          budget: options.budget,
        },
      );
      const contentType = (reply.headers["content-type"] ?? "").toLowerCase();
      return { status: reply.status, contentType, body: reply.body };
    } catch (err) {
      throw err instanceof BackendHttpError ? transportError(err, options.operation) : err;
    }
  }

  /** Closes idle connections and waits for requests in flight. */
  async close(): Promise<void> {
    await this.#http.close();
  }
}

function transportError(err: BackendHttpError, operation: string): LegacyTransportError {
  const { code, cause } = err;
  switch (err.kind) {
    case "too-large":
      return new LegacyTransportError(
        "LEGACY_REPLY_TOO_LARGE",
        operation,
        `${operation}: the reply exceeds ${err.maxBytes} bytes`,
        {
          status: err.status,
        },
      );
    case "aborted":
      return new LegacyTransportError("LEGACY_ABORTED", operation, `${operation}: the caller gave up on the call`, {
        cause,
      });
    case "timeout":
      return code === DEADLINE || code === REQUEST_DEADLINE
        ? new LegacyTransportError(
            "LEGACY_TIMEOUT",
            operation,
            `${operation}: the ${code === DEADLINE ? "call's" : "request's"} deadline passed`,
          )
        : new LegacyTransportError("LEGACY_TIMEOUT", operation, `${operation}: the service timed out (${code})`, {
            cause,
          });
    case "unavailable":
      return new LegacyTransportError(
        "LEGACY_UNAVAILABLE",
        operation,
        `${operation}: the service is unreachable (${code})`,
        { cause },
      );
    case "failed":
      return new LegacyTransportError(
        "LEGACY_UNAVAILABLE",
        operation,
        `${operation}: the request failed (${code || "unknown"})`,
        {
          cause,
        },
      );
  }
}
