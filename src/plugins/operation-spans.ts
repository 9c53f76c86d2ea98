/**
 * A span per GraphQL operation (query, mutation, or the setting up of a subscription), named as
 * the OpenTelemetry GraphQL conventions say ("query Overview"), under the caller's traceparent
 * when it sent one; the loaders' batches and the backend calls the operation causes are its
 * children: the span goes into the scope the GraphQL context carries (server.ts makes one per
 * HTTP request and per graphql-ws operation), which the services hand to every call. Errors
 * answered are counted on it by code. A query answered in parts (@defer, @stream) ends its span
 * with its last part (or when the caller leaves), its errors those of every part.
 */
import { SpanKind, SpanStatusCode, type Span, type Tracer } from "@opentelemetry/api";
import { isAsyncIterable } from "@envelop/core";
import { getOperationAST, type ExecutionArgs } from "graphql";
import type { Plugin } from "graphql-yoga";
import { isLiveStream } from "../live/live-stream.js";
import { newRequestRecord, type RequestScope } from "../logging/request-context.js";
import { acceptRequestId, REQUEST_ID_HEADER } from "../logging/request-id.js";
import { codeOf, errorsOf, followParts, type ResultOrPart } from "../util/result-parts.js";
import { parentContext } from "../tracing/spans.js";

type Run = (args: ExecutionArgs) => unknown;

/** The operation-span plugin; `tracer` serves operations that come without a request scope. */
export function useOperationSpans(tracer: Tracer | undefined): Plugin {
  // `parts`: an execution, whose result may be an answer in parts; a subscription's span covers its setting up only.
  const wrap =
    (run: Run, parts: boolean): Run =>
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
      const errors = spanErrors(span);
      const failed = () => span.setStatus({ code: SpanStatusCode.ERROR, message: "execution failed" });
      const traced = async () => {
        let sending = false;
        try {
          const result = await run(args);
          if (parts && isAsyncIterable(result) && !isLiveStream(result)) {
            sending = true;
            return followParts(result as AsyncIterable<ResultOrPart>, errors.note, (threw) => {
              if (threw) failed();
              span.end();
            });
          }
          if (isExecutionResult(result)) errors.note(result);
          return result;
        } catch (error) {
          failed();
          throw error;
        } finally {
          if (!sending) span.end();
        }
      };
      return traced();
    };
  return {
    onExecute({ executeFn, setExecuteFn }) {
      setExecuteFn(wrap(executeFn as Run, true) as typeof executeFn);
    },
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      setSubscribeFn(wrap(subscribeFn as Run, false) as typeof subscribeFn);
    },
  };
}

/** The id of the connection an operation came over (set on its upgrade), else a new one. */
function connectionRequestId(args: ExecutionArgs): string {
  const request = (args.contextValue as { request?: Request } | undefined)?.request;
  return acceptRequestId(request?.headers.get(REQUEST_ID_HEADER));
}

function isExecutionResult(value: unknown): value is ResultOrPart {
  return typeof value === "object" && value !== null && !(Symbol.asyncIterator in value) && !isLiveStream(value);
}

/**
 * The errors of a span's result, or of every part of an answer in parts so far: their codes and
 * count on the span; any error marks it as failed.
 */
function spanErrors(span: Span): { note: (result: ResultOrPart) => void } {
  const codes = new Set<string>();
  let count = 0;
  return {
    note(result) {
      const errors = errorsOf(result);
      if (errors.length === 0) return;
      for (const error of errors) codes.add(codeOf(error, "UNCODED"));
      count += errors.length;
      span.setAttribute("graphql.error.codes", [...codes]);
      span.setAttribute("graphql.error.count", count);
      span.setStatus({ code: SpanStatusCode.ERROR, message: [...codes].join(",") });
    },
  };
}
