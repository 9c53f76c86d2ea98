/**
 * Spans around units of work, under whatever span the request's scope holds (or the caller's
 * remote parent). With tracing off (no tracer in the scope) the work simply runs.
 */
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from "@opentelemetry/api";
import type { RequestScope } from "../logging/request-context.js";

/** The context a new span of `scope` starts in: its open span, else the caller's trace, else none. */
export function parentContext(scope: RequestScope): Context {
  if (scope.span) return trace.setSpan(ROOT_CONTEXT, scope.span);
  const remote = scope.request.remoteParent;
  return remote ? trace.setSpanContext(ROOT_CONTEXT, remote) : ROOT_CONTEXT;
}

/** Options of a span made by inSpan. */
export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
}

/**
 * Runs `work` inside a new span, a child of `scope`'s span, ending it when the work settles; the
 * work gets the child scope to hand on. A failure marks the span as an error, named by the
 * error's code (never its message, which may echo request data).
 */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  scope: RequestScope | undefined,
  work: (scope: RequestScope | undefined, span: Span | undefined) => Promise<T>,
): Promise<T> {
  const tracer = scope?.tracer;
  if (!scope || !tracer) return work(scope, undefined);
  const span = tracer.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parentContext(scope),
  );
  const run = async () => {
    try {
      return await work({ ...scope, span }, span);
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  };
  return run();
}

export function markFailed(span: Span, error: unknown): void {
  const code = (error as { code?: unknown } | null)?.code;
  const type = error instanceof Error ? error.name : "Error";
  span.setStatus({ code: SpanStatusCode.ERROR, message: typeof code === "string" ? code : type });
  span.setAttribute("error.type", typeof code === "string" ? code : type);
}
