/**
 * `useLiveStreams(options)`: the subscriptions a shared execution runs (src/live/fanout.ts) stream
 * as a LiveStream (src/live/live-subscribe.ts) instead of graphql's layered async iterator; their
 * request errors are coded as every other one (graphql-http.ts).
 *
 * The subscribe function set here is wrapped by the plugins after it (operation spans), so place
 * it after the engine and before those. The per-result hooks envelop would add to an async
 * iterable (error masking, the subscription gauge) are not added to a LiveStream: it masks its own
 * results and errors, and the metrics plugin counts it until `whenEnded`.
 */
import type { ExecutionArgs } from "graphql";
import type { Plugin } from "graphql-yoga";
import { liveSubscribe, type LiveSubscribeOptions } from "../live/live-subscribe.js";
import { codeRequestErrors } from "./graphql-http.js";

/** Options of useLiveStreams. */
export interface LiveStreamsOptions {
  /** Whether this subscription is a shared execution's (its stream becomes a LiveStream). */
  readonly isLive: (args: ExecutionArgs) => boolean;
  /** The error a caller may see for `error`: graph errors as they are, anything else masked (and logged). */
  readonly maskError: (error: unknown) => Error;
  /** Executes each event, paid from its caller's budget (plugins/budget.ts); default: the executor's. */
  readonly executeEvent?: LiveSubscribeOptions["executeEvent"];
}

/** Subscriptions of shared executions stream as LiveStreams (see the file's comment). */
export function useLiveStreams(options: LiveStreamsOptions): Plugin {
  const subscribe = liveSubscribe({
    maskError: options.maskError,
    codeRequestErrors,
    executeEvent: options.executeEvent,
  });
  return {
    onSubscribe({ args, setSubscribeFn }) {
      if (options.isLive(args)) setSubscribeFn(subscribe as never);
    },
  };
}
