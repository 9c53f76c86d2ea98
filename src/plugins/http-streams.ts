/**
 * `useHttpStreams(options)`: what a stream is over HTTP, decided here once, and its rules.
 *
 * A stream is a subscription whose request's Accept covers text/event-stream, the way yoga picks
 * its SSE answer (`acceptsEventStream`): `*\/*` (curl's and fetch's default) and no Accept at all
 * do, as do text/event-stream and text/*. Every stream rule applies to exactly those: it takes one
 * of its caller's slots before the subscription starts (server/caller-streams.ts), is cut when the
 * gateway token that opened it expires, and is a stream, not a request in flight, to a shutdown
 * (`isStreamResponse`). A subscription whose Accept cannot stream (application/json,
 * application/graphql-response+json) is refused before it starts, 406 with
 * SUBSCRIPTION_NEEDS_STREAM saying how to subscribe: yoga would run it, then answer 406 with an
 * empty body and leave the feed it opened running. Anything a refused request opened anyway is
 * closed before its answer goes out.
 *
 * A query or mutation using @defer or @stream is no stream: it answers in parts (multipart/mixed,
 * or SSE) only to an Accept that names one of those types itself, and otherwise runs whole and
 * answers one JSON result with the same data, so a client that never asked for parts (fetch's and
 * curl's `*\/*` among them, and graphql-ws operations) is not handed any. Either way it is a request
 * in flight, bounded by the request's deadline, that takes no stream slot and that a shutdown waits for.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isAsyncIterable } from "@envelop/core";
import {
  GraphQLError,
  Kind,
  visit,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type InlineFragmentNode,
  type SelectionNode,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { isLiveStream } from "../live/live-stream.js";
import { acceptedRanges, coversType, INCREMENTAL_TYPES, JSON_TYPE, jsonTypeFor } from "../http/accept.js";

/** The media type of an SSE answer. */
const EVENT_STREAM_TYPE = "text/event-stream";

/**
 * Whether yoga answers a subscription of `request` as an SSE stream: some range of its Accept (no
 * Accept is `*\/*`; a range asking for a charset other than UTF-8 does not count) covers
 * text/event-stream. A subscription has no other streaming answer (yoga offers multipart/mixed to
 * queries only), whatever order or q-values the ranges come in.
 */
export function acceptsEventStream(request: Request): boolean {
  return acceptedRanges(request).some((range) => coversType(range, EVENT_STREAM_TYPE));
}

/**
 * Whether a query's @defer and @stream parts may go out as parts to `request`: its Accept names
 * multipart/mixed or text/event-stream itself. A wildcard does not: a client that can read parts
 * says so (GraphiQL's fetcher sends `multipart/mixed`), and every other one gets one result.
 */
export function acceptsIncrementalDelivery(request: Request): boolean {
  return acceptedRanges(request).some((range) => INCREMENTAL_TYPES.includes(range));
}

const INCREMENTAL_DIRECTIVES = new Set(["defer", "stream"]);
const wholeDocuments = new WeakMap<DocumentNode, DocumentNode>();

/** An inline fragment that neither narrows the type nor carries a directive: its fields belong to its parent. */
function isBareFragment(selection: SelectionNode): selection is InlineFragmentNode {
  return selection.kind === Kind.INLINE_FRAGMENT && !selection.typeCondition && !selection.directives?.length;
}

/**
 * `document` without its @defer and @stream, a deferred `... { }` merged into its parent (the
 * document itself when it has none), kept per document: yoga's parser cache hands every request
 * with the same text the same one.
 */
export function withoutIncrementalDelivery(document: DocumentNode): DocumentNode {
  let whole = wholeDocuments.get(document);
  if (!whole) {
    let found = false;
    const stripped = visit(document, {
      Directive: (node) => {
        if (!INCREMENTAL_DIRECTIVES.has(node.name.value)) return undefined;
        found = true;
        return null;
      },
      SelectionSet: {
        leave: (node) =>
          node.selections.some(isBareFragment)
            ? {
                ...node,
                selections: node.selections.flatMap((s) => (isBareFragment(s) ? s.selectionSet.selections : [s])),
              }
            : undefined,
      },
    });
    whole = found ? stripped : document;
    wholeDocuments.set(document, whole);
  }
  return whole;
}

/** The refusal of a subscription over HTTP whose Accept cannot stream. */
export function streamNeededError(): GraphQLError {
  return new GraphQLError(
    "A subscription is answered as a stream, and this request's Accept allows none: send Accept: text/event-stream " +
      "(server-sent events; */* or no Accept also streams), or subscribe over graphql-ws (graphql-transport-ws) on this same path.",
    { extensions: { code: "SUBSCRIPTION_NEEDS_STREAM", http: { status: 406 } } },
  );
}

/** The responses of SSE streams on this process (a shutdown ends them rather than waits for them). */
const streamResponses = new WeakSet<ServerResponse>();

/** Whether `res` answers a request `useHttpStreams` admitted as a stream. */
export function isStreamResponse(res: ServerResponse): boolean {
  return streamResponses.has(res);
}

/**
 * Admits a stream over node:http: takes its caller's slot, and arranges the rules that follow the
 * response (the slot back, the cut at the token's expiry) on `res`. Resolves with the refusal, if
 * any.
 */
export type StreamAdmission = (req: IncomingMessage, res: ServerResponse) => Promise<GraphQLError | undefined>;

/** Options of useHttpStreams. */
export interface HttpStreamsOptions {
  /** Given by the node server; without one (yoga.fetch) only the Accept rule applies. */
  readonly admit?: StreamAdmission;
  /** Whether `request` stands for a websocket operation (its socket admitted it): not HTTP. */
  readonly overWebSocket: (request: Request) => boolean;
}

/** Errors this module answers with, as JSON whatever else the request accepts. */
const REFUSAL_CODES = new Set(["SUBSCRIPTION_NEEDS_STREAM", "MAX_STREAMS_PER_CALLER_EXCEEDED"]);

/** The one error of a result, when it is a refusal of this module. */
function refusalOf(result: unknown): GraphQLError | undefined {
  if (!result || typeof result !== "object" || isAsyncIterable(result) || "data" in result) return undefined;
  const [error, ...more] = (result as ExecutionResult).errors ?? [];
  return error && more.length === 0 && REFUSAL_CODES.has(String(error.extensions["code"])) ? error : undefined;
}

/** Closes a subscription's stream nobody will read (its feed, its metrics, its slot). */
function abandon(result: unknown): void {
  if (isLiveStream(result)) {
    void result.return().catch(() => undefined);
    return;
  }
  if (isAsyncIterable(result)) {
    const iterator = result[Symbol.asyncIterator]();
    void iterator.return?.()?.catch(() => undefined);
  }
}

/** What the context of an HTTP operation carries from node:http (absent with `yoga.fetch`). */
interface NodeParts {
  request?: Request;
  req?: IncomingMessage;
  res?: ServerResponse;
}

/**
 * The stream rules over HTTP (see the file's comment). Place it after the request limits (a
 * subscription refused by them takes no slot) and before every plugin that starts the stream.
 */
export function useHttpStreams({ admit, overWebSocket }: HttpStreamsOptions): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const { request } = (args.contextValue ?? {}) as NodeParts;
      // A graphql-ws query or mutation runs whole too: its Request carries the upgrade's headers,
      // whose Accept names neither type, and graphql-ws would send only a query's first part.
      if (request && acceptsIncrementalDelivery(request)) return;
      const document = args.document as DocumentNode;
      const whole = withoutIncrementalDelivery(document);
      const run = executeFn as (execution: ExecutionArgs) => unknown;
      if (whole !== document) setExecuteFn((execution) => run({ ...execution, document: whole }));
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const { request, req, res } = (args.contextValue ?? {}) as NodeParts;
      // A websocket's subscriptions (and shared executions) are admitted by their socket.
      if (!request || overWebSocket(request)) return;
      if (!acceptsEventStream(request)) {
        setResultAndStopExecution({ errors: [streamNeededError()] });
        return;
      }
      if (!admit || !req || !res) return;
      return admit(req, res).then((refused) => {
        if (refused) setResultAndStopExecution({ errors: [refused] });
        else streamResponses.add(res);
      });
    },
    onResultProcess(payload) {
      const { request, result, resultProcessor } = payload;
      // A stream yoga will not send (no processor streams it) is closed now, not left to run.
      if ((isAsyncIterable(result) && !resultProcessor) || isLiveStream(result)) {
        abandon(result);
        payload.setResult({ errors: [streamNeededError()] });
      }
      const refusal = refusalOf(payload.result);
      if (!refusal) return;
      // As JSON even to an Accept of text/event-stream alone: a refusal is no stream.
      const type = jsonTypeFor(request) ?? JSON_TYPE;
      payload.setResultProcessor((_result, fetchAPI) => {
        const status = refusal.extensions["http"]?.status ?? 400;
        return new fetchAPI.Response(JSON.stringify(refusalBody(refusal)), {
          status,
          headers: { "content-type": `${type}; charset=utf-8`, "cache-control": "no-store" },
        });
      }, type);
    },
  };
}

/** The JSON body of an HTTP refusal: `{ errors: [{ message, extensions }] }`, without yoga's `http` hint. */
export function refusalBody(error: GraphQLError): {
  errors: { message: string; extensions: Record<string, unknown> }[];
} {
  const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
  return { errors: [{ message: error.message, extensions }] };
}
