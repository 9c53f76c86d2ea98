/**
 * `useMetrics(metrics)`: counts GraphQL requests, errors and latency by operation name, and live
 * subscriptions, in the gateway's metrics (src/metrics). Over HTTP a request is counted when its
 * response goes out, or, answered in parts (@defer, @stream), when its last part has gone (or the
 * caller left), with the errors of every part; over graphql-ws (no HTTP request) an operation when
 * it is done, a subscription when it starts.
 */
import { isAsyncIterable } from "@envelop/core";
import { getOperationAST, type DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { isLiveStream } from "../live/live-stream.js";
import type { GatewayMetrics } from "../metrics/index.js";
import { followParts } from "../util/result-parts.js";

type OperationName = string | null | undefined;

/** Per-request state between the yoga hooks. */
interface RequestState {
  readonly started: number;
  /**
   * A GraphQL request's operation name (null: anonymous), given its label when counted: a name
   * evicted meanwhile counts as "other" instead of bringing its series back.
   */
  name?: string | null;
  type?: string;
  /** The request named a persisted document by id and sent no document text. */
  persisted?: boolean;
  /** Answers in parts still going out: the request is counted once they have all ended. */
  sending?: number;
  /** The response has gone out (its body may still be streaming parts). */
  responded?: boolean;
}

/** The yoga plugin counting requests, errors, latency and live subscriptions in `metrics`. */
export function useMetrics(metrics: GatewayMetrics): Plugin {
  const { operations } = metrics;
  const requests = new WeakMap<Request, RequestState>();
  // A validated document's operation runs: its name is noted (and, from a persisted document, reserved).
  const operationOf = (document: DocumentNode, operationName: OperationName, state: RequestState | undefined) => {
    const op = getOperationAST(document, operationName);
    const name = op?.name?.value ?? null;
    if (name && state?.persisted) operations.reserve(name);
    return { name, operation: operations.use(name), type: op?.operation ?? "unknown" };
  };
  // A GraphQL request over HTTP, once: its latency is until its answer (every part of it) has gone.
  const countRequest = (state: RequestState) => {
    const labels = { operation: operations.label(state.name ?? null), type: state.type ?? "unknown" };
    metrics.requests.inc(labels);
    if (labels.type !== "subscription") {
      metrics.duration.observe(labels, (performance.now() - state.started) / 1000);
    }
  };
  const stateOf = (contextValue: unknown) => {
    const request = (contextValue as { request?: Request } | undefined)?.request;
    return request ? requests.get(request) : undefined;
  };
  return {
    onRequest: ({ request }) => {
      requests.set(request, { started: performance.now() });
    },
    onParams: ({ params, request }) => {
      const state = requests.get(request);
      if (!state) return;
      const name = params.operationName;
      // Until a document names it, a name only counts if it has a label already (operations.label).
      state.name = typeof name === "string" && name ? name : null;
      // No text: the document is the manifest's one its id names, or the request fails before
      // execution (src/persisted runs after this plugin; a text sent with an id is run as sent).
      // Params seen more than once (a batch) count as persisted only if none carried a text.
      const noText = typeof params.query !== "string" || params.query === "";
      state.persisted = state.persisted !== false && noText;
    },
    onExecute: ({ args }) => {
      const state = stateOf(args.contextValue);
      const { name, type } = operationOf(args.document as DocumentNode, args.operationName as OperationName, state);
      if (state) {
        Object.assign(state, { name, type });
        return {
          // Parts (@defer, @stream): each one's errors are counted as it goes out, and the request
          // when the last has (not when the response starts), however the answer ends.
          onExecuteDone: ({ result, setResult }) => {
            if (!isAsyncIterable(result)) return;
            state.sending = (state.sending ?? 0) + 1;
            setResult(
              followParts(
                result,
                (part) => metrics.countErrors(operations.label(state.name ?? null), part),
                () => {
                  state.sending = (state.sending ?? 1) - 1;
                  if (state.sending === 0 && state.responded) countRequest(state);
                },
              ),
            );
          },
        };
      }
      // Over graphql-ws there is no HTTP request: the operation is counted when it is done.
      const started = performance.now();
      return {
        onExecuteDone: ({ result }) => {
          if (isAsyncIterable(result)) return;
          const labels = { operation: operations.label(name), type };
          metrics.requests.inc(labels);
          metrics.duration.observe(labels, (performance.now() - started) / 1000);
          metrics.countErrors(labels.operation, result);
        },
      };
    },
    onSubscribe: ({ args }) => {
      const state = stateOf(args.contextValue);
      const { name, operation, type } = operationOf(
        args.document as DocumentNode,
        args.operationName as OperationName,
        state,
      );
      if (state) Object.assign(state, { name, type });
      // Over graphql-ws (no HTTP request) a subscription counts as a request when it starts.
      else metrics.requests.inc({ operation, type });
      // The gauge goes up and down under the label the subscription started with, which stays
      // (is not evicted) while it runs. It is held from here, not from when the stream starts: a
      // window ending while the subscribe runs (a contactEvents reads the caller's lists first)
      // would otherwise evict the name and the gauge bring its series back, for good.
      operations.pin(operation);
      let pinned = true;
      const release = () => {
        if (!pinned) return;
        pinned = false;
        operations.unpin(operation);
      };
      const started = () => metrics.subscriptions.inc({ operation });
      const ended = () => {
        metrics.subscriptions.dec({ operation });
        release();
      };
      return {
        onSubscribeError: release,
        onSubscribeResult: ({ result }) => {
          // A shared execution's LiveStream is no async iterable (envelop adds no onEnd to it): it says when it ends.
          if (isLiveStream(result)) {
            started();
            result.whenEnded(ended);
            return;
          }
          if (!isAsyncIterable(result)) {
            release();
            return;
          }
          started();
          let done = false;
          return {
            onEnd: () => {
              if (done) return;
              done = true;
              ended();
            },
          };
        },
      };
    },
    onResultProcess: ({ request, result }) => {
      const state = requests.get(request);
      if (!state || isAsyncIterable(result)) return;
      const operation = operations.label(state.name);
      for (const one of Array.isArray(result) ? result : [result]) metrics.countErrors(operation, one);
    },
    onResponse: ({ request }) => {
      const state = requests.get(request);
      requests.delete(request);
      // Only GraphQL requests have an operation (a GraphiQL page served by yoga has none).
      if (!state || state.name === undefined) return;
      state.responded = true;
      // An answer in parts is counted when its last part has gone.
      if (!state.sending) countRequest(state);
    },
  };
}
