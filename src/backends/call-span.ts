/**
 * The hook of the one backend HTTP layer (http.ts): every call of a request carries
 * the request's id in X-Request-Id and, when tracing is on, runs in a client span whose
 * traceparent goes along, so a backend that traces continues the gateway's trace. Outside a
 * request (start-up checks, background work) calls go out unchanged.
 */
import { SpanKind, SpanStatusCode, type Attributes } from "@opentelemetry/api";
import type { BackendReply, BackendRequest } from "./wire.js";
import type { RequestScope } from "../logging/request-context.js";
import { REQUEST_ID_HEADER } from "../logging/request-id.js";
import { loggablePath, textScrubber } from "../logging/redaction.js";
import { traceparentOf } from "../tracing/propagation.js";
import { inSpan } from "../tracing/spans.js";

const TRACEPARENT = "traceparent";
const scrub = textScrubber();

/** Sends `request` through `send` with the request id and trace headers, in a span when tracing. */
export function observeBackendCall(
  request: BackendRequest,
  /**
   * The request the call is made for, and how its client names it: a REST route's `template`
   * (commerce), else its `operation` (the legacy operation).
   */
  { scope, operation, template }: { scope?: RequestScope; operation?: string; template?: string },
  send: (request: BackendRequest) => Promise<BackendReply>,
): Promise<BackendReply> {
  if (!scope) return send(request);
  const headers = withHeader(request.headers, REQUEST_ID_HEADER, scope.request.id);
  if (!scope.tracer) return send({ ...request, headers });
  // A REST call by its route without ids (`GET /customer-lists/{id}/subscribers`), a legacy one by its operation.
  const named = template === undefined ? { operation } : { template };
  return inSpan(
    `${request.method} ${template ?? operation ?? "other"}`,
    { kind: SpanKind.CLIENT, attributes: callAttributes(request, named.operation, named.template) },
    scope,
    async (_scope, span) => {
      if (span && !hasHeader(headers, TRACEPARENT)) headers[TRACEPARENT] = traceparentOf(span);
      const reply = await send({ ...request, headers });
      span?.setAttribute("http.response.status_code", reply.status);
      if (reply.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR, message: String(reply.status) });
      return reply;
    },
  );
}

/** Bounded, secret-free attributes: no query string (legacy GET carries the API key there). */
function callAttributes(
  request: BackendRequest,
  operation: string | undefined,
  template: string | undefined,
): Attributes {
  const origin = new URL(request.origin);
  const attributes: Attributes = {
    "http.request.method": request.method,
    "server.address": origin.hostname,
    "server.port": Number(origin.port) || (origin.protocol === "https:" ? 443 : 80),
    "url.path": scrub(loggablePath(request.path)),
  };
  if (operation) attributes["mailgraph.legacy.operation"] = operation;
  if (template) attributes["url.template"] = template;
  return attributes;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

/**
 * A copy of `headers` with `name` (lower-case) set to `value` unless it has that header in any
 * case. Copied key by key: adding a key to a spread copy makes V8 leave the spread's fast-cloned
 * shape for a slow one, on every backend call (measured: bench/RESULTS.md, clients-throughput).
 */
function withHeader(headers: Readonly<Record<string, string>>, name: string, value: string): Record<string, string> {
  const copy: Record<string, string> = {};
  let present = false;
  for (const key in headers) {
    copy[key] = headers[key]!;
    if (!present && key.toLowerCase() === name) present = true;
  }
  if (!present) copy[name] = value;
  return copy;
}
