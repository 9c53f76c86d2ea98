/**
 * The commerce client's side of the shared HTTP layer (../http.ts): one connection pool per
 * backend (REST and OAuth origins alike), raw status, headers and text back, and transport
 * failures as CommerceTransportError with a scrubbed cause. Deciding what a status means is the
 * caller's job.
 */
import type { RequestScope } from "../../logging/request-context.js";
import type { BackendLimits } from "../http.js";
import { BackendHttp, BackendHttpError, DEADLINE, REQUEST_DEADLINE, type SendBudget } from "../http.js";
import { redactorFor } from "../../util/redact.js";
import { commercePathTemplate } from "./routes.js";
import type { EndpointSpec } from "./catalog.js";
import { CommerceTransportError } from "./errors.js";
import type { CallerSignal } from "../../util/call-abort.js";

/** One request, with the secrets its errors must never show. */
export interface HttpRequest {
  method: EndpointSpec["method"];
  /** May it be sent again after a failure (its catalog row says); absent, GET only. */
  retryable?: boolean;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  signal?: CallerSignal;
  /** The request the call is made for (its id and span). */
  scope?: RequestScope;
  secrets: readonly string[];
  /** A size cap below the configured one for this reply (a page of a few entries). */
  maxBytes?: number;
  /** What each request sent pays from, retries included (../http.ts); its refusal passes unchanged. */
  budget?: SendBudget;
}

/** A reply read in full (within the size cap). */
export interface HttpReply {
  status: number;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** Media type without parameters, lower-cased; "" when absent. */
  mediaType: string;
  text: string;
}

/**
 * Reply bodies are UTF-8 (JSON, RFC 8259 §8.1) and read strictly: a byte sequence that is not
 * UTF-8 is refused rather than read as U+FFFD, which would pass altered addresses and names on
 * as if the backend had sent them.
 */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Where a request went, for messages: method and path, never the query or credentials. */
export function target(method: string, url: URL): string {
  return `${method} ${url.pathname}`;
}

/** Owns the connection pool of one commerce backend. */
export class CommerceHttp {
  private readonly http: BackendHttp;

  constructor(limits: BackendLimits) {
    this.http = new BackendHttp(limits);
  }

  async send(req: HttpRequest): Promise<HttpReply> {
    const redact = redactorFor(req.secrets);
    try {
      const template = commercePathTemplate(req.url.pathname);
      const reply = await this.http.send(
        {
          method: req.method,
          origin: req.url.origin,
          path: `${req.url.pathname}${req.url.search}`,
          headers: req.headers,
          body: req.body,
        },
        {
          signal: req.signal,
          scope: req.scope,
          redact,
          idempotent: req.retryable,
          maxBytes: req.maxBytes,
          budget: req.budget,
          operation: `${req.method} ${template}`,
          template,
        },
      );
      const headers = { ...reply.headers };
      const [type = ""] = (headers["content-type"] ?? "").split(";");
      const mediaType = type.trim().toLowerCase();
      return { status: reply.status, headers, mediaType, text: replyText(reply.status, reply.body, req) };
    } catch (error) {
      if (!(error instanceof BackendHttpError)) throw error;
      throw transportError(error, target(req.method, req.url), redact);
    }
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

/**
 * The body as text. A success that is not UTF-8 is a bad reply; an error status keeps its meaning
 * without its body (its message would be unreadable), as on the legacy side.
 */
function replyText(status: number, body: Buffer, req: HttpRequest): string {
  try {
    return utf8.decode(body);
  } catch {
    if (status < 200 || status > 299) return "";
    throw new CommerceTransportError(
      "COMMERCE_BAD_RESPONSE",
      `${target(req.method, req.url)}: answered a body that is not UTF-8`,
      { status },
    );
  }
}

function transportError(
  error: BackendHttpError,
  where: string,
  redact: (text: string) => string,
): CommerceTransportError {
  const { code, cause } = error;
  switch (error.kind) {
    case "too-large":
      return new CommerceTransportError("COMMERCE_TOO_LARGE", `${where}: reply exceeds ${error.maxBytes} bytes`, {
        status: error.status,
      });
    case "aborted":
      return new CommerceTransportError("COMMERCE_ABORTED", `${where}: aborted by the caller`, { cause });
    case "timeout":
      return code === DEADLINE || code === REQUEST_DEADLINE
        ? new CommerceTransportError(
            "COMMERCE_TIMEOUT",
            `${where}: timed out (the ${code === DEADLINE ? "call's" : "request's"} deadline passed)`,
          )
        : new CommerceTransportError("COMMERCE_TIMEOUT", `${where}: timed out (${code})`, { cause });
    case "unavailable":
    case "failed":
      return new CommerceTransportError(
        "COMMERCE_UNAVAILABLE",
        `${where}: backend unreachable (${code || redact(cause?.message ?? "unknown")})`,
        {
          cause,
        },
      );
  }
}
