/**
 * What the gateway knows about the request being served, wherever the work happens: the request
 * id (sent on to the backends), what the access log line reports (operation name, error codes),
 * and the trace the work belongs to. It travels with the async work of the request
 * (AsyncLocalStorage), so the HTTP layer and the loaders read it without being handed it.
 */
import { AsyncLocalStorage } from "node:async_hooks";
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

/** Where a piece of work runs: its request and, when tracing is on, the span it belongs under. */
export interface RequestScope {
  readonly request: RequestRecord;
  /** The gateway's tracer; absent when tracing is off (no span is made, nothing is exported). */
  readonly tracer?: Tracer;
  /** The innermost span open around this work. */
  readonly span?: Span;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it starts) in `scope`. */
export function runInScope<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the work running now, if it belongs to a request. */
export function currentScope(): RequestScope | undefined {
  return storage.getStore();
}

/** A new record for a request with this id. */
export function newRequestRecord(id: string, remoteParent?: SpanContext): RequestRecord {
  return { id, errorCodes: new Set(), remoteParent };
}
