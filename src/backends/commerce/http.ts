/**
 * The commerce client's HTTP layer over undici: one keep-alive Agent, the configured connect,
 * headers and body timeouts, a response size cap, and AbortSignal support. It returns the raw
 * status, headers and text; deciding what a status means is the caller's job. Transport failures
 * become CommerceTransportError with a scrubbed cause.
 */
import { Agent, request } from "undici";
import type { HttpLimits } from "../../config.js";
import { CommerceTransportError } from "./errors.js";
import { redact, sanitizedCause } from "./redact.js";

/** One request, with the secrets its errors must never show. */
export interface HttpRequest {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: URL;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  secrets: readonly string[];
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

const TIMEOUT_CODES = new Set(["UND_ERR_CONNECT_TIMEOUT", "UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);
const TOO_LARGE_CODES = new Set(["UND_ERR_RES_EXCEEDED_MAX_SIZE"]);

/** Where a request went, for messages: method and path, never the query or credentials. */
export function target(method: string, url: URL): string {
  return `${method} ${url.pathname}`;
}

function flatHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

/** Owns the connection pool of one commerce backend (REST and OAuth origins alike). */
export class CommerceHttp {
  private readonly agent: Agent;
  private readonly maxBytes: number;

  constructor(limits: HttpLimits) {
    this.maxBytes = limits.maxResponseBytes;
    this.agent = new Agent({
      connections: limits.connections,
      connect: { timeout: limits.connectTimeoutMs },
      headersTimeout: limits.headersTimeoutMs,
      bodyTimeout: limits.bodyTimeoutMs,
      // A backstop only: readBody enforces the cap itself so the error names the limit.
      maxResponseSize: limits.maxResponseBytes + 1,
    });
  }

  async send(req: HttpRequest): Promise<HttpReply> {
    const where = target(req.method, req.url);
    try {
      const reply = await request(req.url, {
        dispatcher: this.agent,
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
      });
      const headers = flatHeaders(reply.headers);
      const text = await this.readBody(reply.body, headers, where, reply.statusCode);
      const mediaType = (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
      return { status: reply.statusCode, headers, mediaType, text };
    } catch (error) {
      throw this.transportError(error, req, where);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private async readBody(
    body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
    headers: Record<string, string>,
    where: string,
    status: number,
  ): Promise<string> {
    const declared = Number(headers["content-length"]);
    if (Number.isFinite(declared) && declared > this.maxBytes) {
      body.destroy();
      throw this.tooLarge(where, status);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > this.maxBytes) {
        body.destroy();
        throw this.tooLarge(where, status);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  private tooLarge(where: string, status?: number): CommerceTransportError {
    return new CommerceTransportError("COMMERCE_TOO_LARGE", `${where}: reply exceeds ${this.maxBytes} bytes`, { status });
  }

  private transportError(error: unknown, req: HttpRequest, where: string): CommerceTransportError {
    if (error instanceof CommerceTransportError) return error;
    const cause = sanitizedCause(error, req.secrets);
    const code = (error as { code?: unknown } | null)?.code;
    if (req.signal?.aborted) {
      return new CommerceTransportError("COMMERCE_ABORTED", `${where}: aborted by the caller`, { cause });
    }
    if (typeof code === "string" && TIMEOUT_CODES.has(code)) {
      return new CommerceTransportError("COMMERCE_TIMEOUT", `${where}: timed out (${code})`, { cause });
    }
    if (typeof code === "string" && TOO_LARGE_CODES.has(code)) {
      return this.tooLarge(where);
    }
    const detail = typeof code === "string" ? code : redact(cause.message, req.secrets);
    return new CommerceTransportError("COMMERCE_UNAVAILABLE", `${where}: backend unreachable (${detail})`, { cause });
  }
}
