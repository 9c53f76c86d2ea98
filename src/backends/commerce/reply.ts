/**
 * Turns a raw reply into JSON or into the typed error its status stands for, decoding the error
 * body of docs/decisions.md ("Error bodies and statuses"). Server messages are scrubbed of the
 * request's credentials before they reach an error.
 */
import {
  CommerceHttpError,
  CommerceInsufficientScopeError,
  CommerceRateLimitedError,
  CommerceTransportError,
  CommerceUnauthenticatedError,
  CommerceValidationError,
  type CommerceError,
  type CommerceValidationDetail,
  type HttpFailure,
} from "./errors.js";
import type { HttpReply } from "./http.js";
import { redact } from "../../util/redact.js";

const JSON_TYPES = /^application\/([a-z0-9.+-]+\+)?json$/;

function looksLikeHtml(reply: HttpReply): boolean {
  return reply.mediaType === "text/html" || /^\s*<(!doctype|html)/i.test(reply.text);
}

/** Parses a reply body as JSON, refusing HTML pages, other media types and malformed text. */
export function parseJson(reply: HttpReply, where: string): unknown {
  if (looksLikeHtml(reply)) {
    throw new CommerceTransportError("COMMERCE_BAD_RESPONSE", `${where}: answered an HTML page instead of JSON`, {
      status: reply.status,
    });
  }
  if (reply.mediaType !== "" && !JSON_TYPES.test(reply.mediaType)) {
    throw new CommerceTransportError("COMMERCE_BAD_RESPONSE", `${where}: answered ${reply.mediaType}, not JSON`, {
      status: reply.status,
    });
  }
  try {
    return JSON.parse(reply.text) as unknown;
  } catch {
    const what = reply.text.trim() === "" ? "an empty body" : "malformed JSON";
    throw new CommerceTransportError("COMMERCE_BAD_RESPONSE", `${where}: answered ${what}`, { status: reply.status });
  }
}

/** JSON of an error reply, or undefined when the body is not JSON (a proxy page, say). */
function errorBody(reply: HttpReply): Record<string, unknown> | undefined {
  try {
    const body = JSON.parse(reply.text) as unknown;
    return typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function text(value: unknown, secrets: readonly string[]): string | undefined {
  return typeof value === "string" && value !== "" ? redact(value, secrets) : undefined;
}

function details(value: unknown, secrets: readonly string[]): CommerceValidationDetail[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((d): d is Record<string, unknown> => typeof d === "object" && d !== null)
    .map((d) => ({
      field: text(d.field, secrets) ?? "",
      rule: text(d.rule, secrets) ?? "",
      message: text(d.message, secrets) ?? "",
    }));
}

/**
 * Scopes of an insufficient_scope reply. The sandbox lists `{"field": "scope", "rule": <scope>}`
 * entries; a bare string or a `{"scope"}` entry is read too.
 */
function scopes(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((d): string[] => {
    if (typeof d === "string") return [d];
    if (typeof d !== "object" || d === null) return [];
    const entry = d as Record<string, unknown>;
    const scope = typeof entry.scope === "string" ? entry.scope : entry.field === "scope" ? entry.rule : undefined;
    return typeof scope === "string" ? [scope] : [];
  });
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function retryAfterSeconds(header: string | undefined, now: Date = new Date()): number | undefined {
  if (header === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** The typed error for a non-2xx reply. */
export function httpError(reply: HttpReply, method: string, url: URL, secrets: readonly string[]): CommerceError {
  const body = errorBody(reply);
  const error = body?.error;
  const fields = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const failure: HttpFailure = {
    method,
    path: url.pathname,
    status: reply.status,
    serverCode: text(fields.code, secrets),
    serverMessage: text(fields.message, secrets),
  };
  const s = reply.status;
  if (s === 400) return new CommerceHttpError("COMMERCE_BAD_REQUEST", failure);
  if (s === 401) return new CommerceUnauthenticatedError(failure, reply.headers["www-authenticate"]);
  if (s === 403 && failure.serverCode === "insufficient_scope") {
    return new CommerceInsufficientScopeError(failure, scopes(fields.details));
  }
  if (s === 403) return new CommerceHttpError("COMMERCE_FORBIDDEN", failure);
  if (s === 404) return new CommerceHttpError("COMMERCE_NOT_FOUND", failure);
  if (s === 409) return new CommerceHttpError("COMMERCE_CONFLICT", failure);
  if (s === 422) return new CommerceValidationError(failure, details(fields.details, secrets));
  if (s === 429) return new CommerceRateLimitedError(failure, retryAfterSeconds(reply.headers["retry-after"]));
  if (s >= 500) return new CommerceHttpError("COMMERCE_SERVER", failure);
  return new CommerceHttpError("COMMERCE_HTTP_STATUS", failure);
}
