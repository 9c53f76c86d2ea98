/**
 * One log line per HTTP request the gateway serves: method, path (no query string; the legacy
 * webhook's token censored), operation name, status, duration, request id and the error codes
 * answered, written when the reply is finished or the caller hangs up. The request id is a sane
 * X-Request-Id or a new one, answered in X-Request-Id and sent on to the backends.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Tracer } from "@opentelemetry/api";
import { isAsyncIterable } from "@envelop/core";
import { getOperationAST, type ExecutionArgs } from "graphql";
import type { Plugin } from "graphql-yoga";
import { codeOf, errorsOf, type ResultOrPart } from "../util/result-parts.js";
import { OPERATION_NAME } from "../util/operation-name.js";
import { parseTraceparent } from "../tracing/propagation.js";
import type { Logger } from "./logger.js";
import { loggablePath } from "./redaction.js";
import { bindScope, newRequestRecord, scopeOf, type RequestRecord, type RequestScope } from "./request-context.js";
import { acceptRequestId, REQUEST_ID_HEADER } from "./request-id.js";

/** Paths probes call every few seconds: logged at debug level only. */
const PROBE_PATHS = new Set(["/health", "/livez", "/readyz"]);

/** What observeRequest needs from the gateway. */
export interface RequestObserver {
  readonly logger: Logger;
  /** Present when tracing is on. */
  readonly tracer?: Tracer;
  /** Whether `res` answers a subscription's event stream (the server's stream rules say). */
  readonly isStream?: (res: ServerResponse) => boolean;
}

/**
 * Serves one request through `route`, its scope (request id, trace) bound to `req`; answers the id in
 * X-Request-Id, and logs the request's line once it ends.
 */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  observer: RequestObserver,
  route: () => void,
): void {
  const started = performance.now();
  const record = newRequestRecord(
    acceptRequestId(req.headers[REQUEST_ID_HEADER]),
    observer.tracer ? parseTraceparent(req.headers.traceparent) : undefined,
  );
  res.setHeader(REQUEST_ID_HEADER, record.id);
  let logged = false;
  const done = () => {
    if (logged) return;
    logged = true;
    // A subscription's event stream (SSE) ends when the caller leaves: its normal end, not an
    // abandoned request. A query's parts over SSE have a last one: leaving before it abandons it.
    const streamed = res.headersSent && observer.isStream?.(res) === true;
    logRequest(observer.logger, {
      method: req.method ?? "GET",
      path: loggablePath(req.url),
      record,
      status: res.writableFinished || streamed ? res.statusCode : undefined,
      durationMs: performance.now() - started,
    });
  };
  res.once("finish", done);
  res.once("close", done);
  bindScope(req, { request: record, tracer: observer.tracer });
  route();
}

/** The facts of one finished (or abandoned: no status) request. */
export interface RequestFacts {
  method: string;
  path: string;
  record: RequestRecord;
  /** The status answered; undefined when the caller hung up before the reply was complete. */
  status: number | undefined;
  durationMs: number;
}

/** Writes a request's line: warn when abandoned, error on 5xx, debug for probes, else info. */
export function logRequest(logger: Logger, facts: RequestFacts): void {
  const { method, path, record, status } = facts;
  const line = {
    requestId: record.id,
    traceId: record.traceId,
    method,
    path,
    operationName: record.operationName,
    status,
    durationMs: Math.round(facts.durationMs * 10) / 10,
    errorCodes: record.errorCodes.size > 0 ? [...record.errorCodes] : undefined,
  };
  if (status === undefined) logger.warn({ ...line, abandoned: true }, "request abandoned by the caller");
  else if (status >= 500) logger.error(line, "request failed");
  else if (PROBE_PATHS.has(path)) logger.debug(line, "request");
  else logger.info(line, "request");
}

/**
 * Notes, for the request's log line, the operation name the caller gave and the extensions.code
 * of every error answered, in every part of an answer in parts (@defer, @stream): the line is
 * written once the last part has gone. A subscription's events are not followed.
 */
export function useRequestRecording(): Plugin {
  return {
    onParams({ params, context }) {
      const record = scopeOf((context as { req?: IncomingMessage }).req)?.request;
      // Only a name as GraphQL writes one (at most 64 characters): the caller's text is not validated yet.
      if (record && typeof params.operationName === "string" && OPERATION_NAME.test(params.operationName)) {
        record.operationName = params.operationName;
      }
    },
    // A document's one operation has its name even when the request's params give none.
    onExecute({ args }) {
      const record = noteOperationName(args);
      if (!record) return;
      return {
        // An answer in parts: the codes of each part as it goes out (onResultProcess sees only the parts' stream).
        onExecuteDone: ({ result }) =>
          isAsyncIterable(result) ? { onNext: ({ result: part }) => noteErrorCodes(record, part) } : undefined,
      };
    },
    onSubscribe({ args }) {
      noteOperationName(args);
    },
    onResultProcess({ result, serverContext }) {
      const record = scopeOf((serverContext as { req?: IncomingMessage }).req)?.request;
      if (!record) return;
      for (const single of Array.isArray(result) ? result : [result]) {
        if (!single || Symbol.asyncIterator in single) continue;
        noteErrorCodes(record, single);
      }
    },
  };
}

/** Notes the name of the operation `args` runs on its request's record, returned (if any). */
function noteOperationName({ document, operationName, contextValue }: ExecutionArgs): RequestRecord | undefined {
  const record = (contextValue as { requestScope?: RequestScope } | undefined)?.requestScope?.request;
  const name = record && getOperationAST(document, operationName)?.name?.value;
  if (record && name) record.operationName = name;
  return record;
}

/** Adds a code to the line of the request `req` (a refusal answered before GraphQL). */
export function noteErrorCode(req: IncomingMessage, code: string): void {
  scopeOf(req)?.request.errorCodes.add(code);
}

/** Adds the codes of the errors of a result, or of one part of an answer in parts, to the record. */
export function noteErrorCodes(record: RequestRecord, result: ResultOrPart): void {
  for (const error of errorsOf(result)) record.errorCodes.add(codeOf(error, "UNCODED"));
}
