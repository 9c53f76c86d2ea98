/**
 * HTTP for the legacy client over undici: one keep-alive Pool per client, the configured
 * timeouts, a response size cap, caller abort signals, and errors mapped onto
 * LegacyTransportError codes. It moves bytes only; the codec gives them meaning.
 */
import { Pool } from "undici";
import type { HttpLimits } from "../../config.js";
import { LegacyTransportError } from "./errors.js";
import type { Redactor } from "./redact.js";

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
  readonly signal?: AbortSignal;
  /** Scrubs the API key from any text an error carries. */
  readonly redact: Redactor;
}

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "ETIMEDOUT"]);
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
// A server closing an idle keep-alive socket just as a request goes out shows up as these.
const STALE_SOCKET_CODES = new Set(["ECONNRESET", "UND_ERR_SOCKET", "EPIPE"]);

/** Sends legacy requests to one origin over a keep-alive pool. */
export class LegacyHttp {
  readonly #pool: Pool;
  readonly #maxBytes: number;

  /** `origin` is scheme://host:port; paths in requests carry any prefix. */
  constructor(origin: string, limits: HttpLimits) {
    this.#maxBytes = limits.maxResponseBytes;
    this.#pool = new Pool(origin, {
      connections: limits.connections,
      connectTimeout: limits.connectTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout: limits.bodyTimeoutMs,
      pipelining: 1,
    });
  }

  /** Sends one request and reads the whole reply; rejects with LegacyTransportError. */
  async send(request: LegacyHttpRequest, options: SendOptions): Promise<LegacyHttpReply> {
    try {
      return await this.#attempt(request, options);
    } catch (err) {
      if (!options.idempotent || !isStaleSocket(err) || options.signal?.aborted) throw this.#mapError(err, options);
    }
    try {
      return await this.#attempt(request, options);
    } catch (err) {
      throw this.#mapError(err, options);
    }
  }

  async #attempt(request: LegacyHttpRequest, options: SendOptions): Promise<LegacyHttpReply> {
    const response = await this.#pool.request({
      method: request.method,
      path: request.path,
      headers: request.headers,
      body: request.body,
      signal: options.signal,
    });
    const contentType = headerText(response.headers["content-type"]).toLowerCase();
    const declared = Number(headerText(response.headers["content-length"]));
    if (Number.isFinite(declared) && declared > this.#maxBytes) {
      response.body.destroy();
      throw tooLarge(options.operation, response.statusCode, this.#maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > this.#maxBytes) {
        // Stop reading: destroying the body closes the socket instead of draining the rest.
        response.body.destroy();
        throw tooLarge(options.operation, response.statusCode, this.#maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
    return { status: response.statusCode, contentType, body: Buffer.concat(chunks, size) };
  }

  #mapError(err: unknown, options: SendOptions): unknown {
    if (err instanceof LegacyTransportError) return err;
    const { operation, signal, redact } = options;
    if (signal?.aborted) {
      // AbortSignal.timeout() is a deadline, reported as a timeout; any other abort is the caller's own.
      const reason: unknown = signal.reason;
      if (reason instanceof DOMException && reason.name === "TimeoutError") {
        return new LegacyTransportError("LEGACY_TIMEOUT", operation, `${operation}: the call's deadline passed`);
      }
      return reason ?? err;
    }
    const code = errorCode(err);
    const cause = sanitizedCause(err, code, redact);
    if (TIMEOUT_CODES.has(code)) {
      return new LegacyTransportError("LEGACY_TIMEOUT", operation, `${operation}: the service timed out (${code})`, {
        cause,
      });
    }
    if (UNAVAILABLE_CODES.has(code)) {
      return new LegacyTransportError("LEGACY_UNAVAILABLE", operation, `${operation}: the service is unreachable (${code})`, {
        cause,
      });
    }
    return new LegacyTransportError("LEGACY_UNAVAILABLE", operation, `${operation}: the request failed (${code || "unknown"})`, {
      cause,
    });
  }

  /** Closes idle connections and waits for requests in flight. */
  async close(): Promise<void> {
    await this.#pool.close();
  }
}

function tooLarge(operation: string, status: number, max: number): LegacyTransportError {
  return new LegacyTransportError("LEGACY_REPLY_TOO_LARGE", operation, `${operation}: the reply exceeds ${max} bytes`, {
    status,
  });
}

function headerText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
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

function isStaleSocket(err: unknown): boolean {
  return STALE_SOCKET_CODES.has(errorCode(err));
}

/**
 * The low-level error reduced to its code and a scrubbed message: undici and node messages can
 * name the request, and a GET request carries the API key in its query.
 */
function sanitizedCause(err: unknown, code: string, redact: Redactor): Error {
  const message = err instanceof Error ? err.message : String(err);
  return Object.assign(new Error(redact(message)), { code });
}
