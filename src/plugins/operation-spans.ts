/**
 * A span per GraphQL operation (query, mutation, or the setting up of a subscription), named as
 * the OpenTelemetry GraphQL conventions say ("query Overview"), under the caller's traceparent
 * when it sent one; the loaders' batches and the backend calls the operation causes are its
 * children: the span goes into the scope the GraphQL context carries (server.ts makes one per
 * HTTP request and per graphql-ws operation), which the services hand to every call. Errors
 * answered are counted on it by code.
 */
import { SpanKind, SpanStatusCode, type Span, type Tracer } from "@opentelemetry/api";
import { getOperationAST, type ExecutionArgs, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import { isLiveStream } from "../live/live-stream.js";
import { newRequestRecord, type RequestScope } from "../logging/request-context.js";
import { acceptRequestId, REQUEST_ID_HEADER } from "../logging/request-id.js";
import { parentContext } from "../tracing/spans.js";

type Run = (args: ExecutionArgs) => unknown;

/** The operation-span plugin; `tracer` serves operations that come without a request scope. */
export function useOperationSpans(tracer: Tracer | undefined): Plugin {
  const wrap =
    (run: Run): Run =>
    (args) => {
      const context = args.contextValue as { requestScope?: RequestScope } | undefined;
      // The context's scope (server.ts makes one for every request and websocket operation).
      const scope: RequestScope = context?.requestScope ?? {
        request: newRequestRecord(connectionRequestId(args)),
        tracer,
      };
      if (!scope.tracer) return run(args);
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? "query";
      const name = operation?.name?.value;
      const span = scope.tracer.startSpan(
        name ? `${type} ${name}` : type,
        {
          kind: SpanKind.SERVER,
          attributes: {
            "graphql.operation.type": type,
            ...(name ? { "graphql.operation.name": name } : {}),
            "mailgraph.request_id": scope.request.id,
          },
        },
        // The caller's trace (or none): an operation's span is the root of the gateway's work.
        parentContext({ request: scope.request }),
      );
      scope.request.traceId = span.spanContext().traceId;
      // The operation's work (loader batches, service calls, backend calls) starts under its span.
      scope.span = span;
      const traced = async () => {
        try {
          const result = await run(args);
          if (isExecutionResult(result)) noteErrors(span, result);
          return result;
        } catch (error) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: "execution failed" });
          throw error;
        } finally {
          span.end();
        }
      };
      return traced();
    };
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn(wrap(executeFn as Run) as typeof executeFn);
    },
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      setSubscribeFn(wrap(subscribeFn as Run) as typeof subscribeFn);
    },
  };
}

/** The id of the connection an operation came over (set on its upgrade), else a new one. */
function connectionRequestId(args: ExecutionArgs): string {
  const request = (args.contextValue as { request?: Request } | undefined)?.request;
  return acceptRequestId(request?.headers.get(REQUEST_ID_HEADER));
}

function isExecutionResult(value: unknown): value is ExecutionResult {
  return typeof value === "object" && value !== null && !(Symbol.asyncIterator in value) && !isLiveStream(value);
}

/** The codes of a result's errors on its span; any error marks the span as failed. */
function noteErrors(span: Span, result: ExecutionResult): void {
  const errors = result.errors ?? [];
  if (errors.length === 0) return;
  const codes = [
    ...new Set(errors.map((e) => (typeof e.extensions?.code === "string" ? e.extensions.code : "UNCODED"))),
  ];
  span.setAttribute("graphql.error.codes", codes);
  span.setAttribute("graphql.error.count", errors.length);
  span.setStatus({ code: SpanStatusCode.ERROR, message: codes.join(",") });
}
