/**
 * What the gateway knows about the request being served, wherever the work happens: the request id
 * (sent on to the backends), what the access log reports and the trace the work belongs to. Handed
 * along explicitly, not kept in AsyncLocalStorage: see docs/decisions.md, "Signals on the request
 * hot path; the request's scope is handed along".
 */
import type { IncomingMessage } from "node:http";
import type { Span, SpanContext, Tracer } from "@opentelemetry/api";

/** One request's facts, filled in as it is served (shared by every scope of the request). */
export interface RequestRecord {
  /** Accepted from X-Request-Id or made up; answered in X-Request-Id and sent to the backends. */
  readonly id: string;
  /** The GraphQL operation name the caller gave, when there was one. */
  operationName?: string;
  /** extensions.code of the errors answered, each once, in order of appearance. */
  readonly errorCodes: Set<string>;
  /** The caller's trace (its traceparent header), which the operation span continues. */
  readonly remoteParent?: SpanContext;
  /** The trace the request's operation was recorded in (when tracing), for its log line. */
  traceId?: string;
}

/**
 * Where a piece of work runs: its request and, when tracing is on, the span it belongs under.
 * A request's own scope gets its operation's span once the operation starts (plugins/
 * operation-spans.ts); a span inside it (a loader batch, a service call) makes a child scope.
 */
export interface RequestScope {
  readonly request: RequestRecord;
  /** The gateway's tracer; absent when tracing is off (no span is made, nothing is exported). */
  readonly tracer?: Tracer;
  /** The innermost span open around this work. */
  span?: Span;
}

const nodeScopes = new WeakMap<IncomingMessage, RequestScope>();

/** Makes `scope` the scope of everything served for the node request `req`. */
export function bindScope(req: IncomingMessage, scope: RequestScope): void {
  nodeScopes.set(req, scope);
}

/** The scope bound to a node request, if it is one the gateway observes. */
export function scopeOf(req: IncomingMessage | undefined): RequestScope | undefined {
  return req && nodeScopes.get(req);
}

/** A new record for a request with this id. */
export function newRequestRecord(id: string, remoteParent?: SpanContext): RequestRecord {
  return { id, errorCodes: new Set(), remoteParent };
}
