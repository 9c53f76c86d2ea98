/**
 * `useLiveStreams(options)`: the subscriptions a shared execution runs (src/events/fanout.ts) are
 * set up through the whole envelop pipeline like any other (limits, context, spans, metrics), but
 * their stream comes back as a LiveStream (src/events/live-stream.ts) instead of graphql's
 * layered async iterator: the root field's source stream, each event executed with the operation's
 * own arguments and its errors masked as yoga masks every other result.
 *
 * The subscribe function set here is wrapped by the plugins after it (operation spans), so place
 * it after the engine and before those. The per-result hooks envelop would add to an async
 * iterable (error masking, the subscription gauge) are not added to a LiveStream: it masks its own
 * results and errors, and the metrics plugin counts it until `whenEnded`.
 */
import { buildExecutionContext, execute } from "@graphql-tools/executor";
import {
  createSourceEventStream,
  GraphQLError,
  getOperationAST,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { isPromiseLike, LiveStream, type LiveEventMapping } from "../events/live-stream.js";
import { codeRequestErrors } from "./graphql-http.js";

/** Options of useLiveStreams. */
export interface LiveStreamsOptions {
  /** Whether this subscription is a shared execution's (its stream becomes a LiveStream). */
  readonly isLive: (args: ExecutionArgs) => boolean;
  /** The error a caller may see for `error`: graph errors as they are, anything else masked (and logged). */
  readonly maskError: (error: unknown) => Error;
}

type MaskError = LiveStreamsOptions["maskError"];

/** Errors masked, as yoga masks every result. */
function masked(result: ExecutionResult, maskError: MaskError): ExecutionResult {
  return result.errors ? { ...result, errors: result.errors.map((error) => maskError(error) as GraphQLError) } : result;
}

/** An event's result: one result (the schema has no @defer or @stream, so it never comes in parts). */
function single(result: ExecutionResult | { initialResult: ExecutionResult }): ExecutionResult {
  if ("initialResult" in result) throw new Error("a subscription event's result came in parts");
  return result;
}

/**
 * How one shared execution's events become results: the operation executed with the event as its
 * root value, with the arguments it was set up with. An object rather than closures: one stays
 * for as long as its execution runs, and thousands may run.
 */
class OperationEvents implements LiveEventMapping {
  readonly #args: ExecutionArgs;
  readonly #maskError: MaskError;

  constructor(args: ExecutionArgs, maskError: MaskError) {
    this.#args = args;
    this.#maskError = maskError;
  }

  result(event: unknown): ExecutionResult | PromiseLike<ExecutionResult> {
    const result = execute({ ...this.#args, rootValue: event });
    if (isPromiseLike(result)) return Promise.resolve(result).then((value) => masked(single(value), this.#maskError));
    return masked(single(result), this.#maskError);
  }

  /** As graphql-tools reports a failing source: a graph error at the operation, then masked. */
  error(error: unknown): unknown {
    const message = error instanceof Error ? error.message : String(error);
    const operation = getOperationAST(this.#args.document, this.#args.operationName);
    return this.#maskError(
      new GraphQLError(message, {
        nodes: operation ? [operation] : undefined,
        // A thrown non-Error still counts as unexpected, so it is masked too.
        originalError: error instanceof Error ? error : new Error(message),
      }),
    );
  }
}

/**
 * The subscribe function of a shared execution: the source stream of the operation's root field,
 * or the errors that stopped it, coded as every request error is (src/plugins/graphql-http.ts:
 * a bad variable is BAD_USER_INPUT).
 */
function liveSubscribe(maskError: MaskError) {
  return async (args: ExecutionArgs): Promise<ExecutionResult | LiveStream> => {
    // Without a signal, whatever a plugin set: graphql-tools' executor puts a listener on the
    // signal of each execution that stays until the signal aborts, and a shared execution runs for
    // as long as it has subscribers (one listener per event). The gateway's own useRequestSignal
    // gives it none (its signal is a CallAbort); its backend calls end with it through the context.
    const { signal: _signal, ...run } = args as ExecutionArgs & { signal?: AbortSignal };
    const context = buildExecutionContext(run);
    if (!("schema" in context)) {
      codeRequestErrors(context);
      return { errors: context };
    }
    const source = await createSourceEventStream(run);
    if (!(Symbol.asyncIterator in source)) return source;
    return new LiveStream(source[Symbol.asyncIterator](), new OperationEvents(run, maskError));
  };
}

/** Subscriptions of shared executions stream as LiveStreams (see the file's comment). */
export function useLiveStreams(options: LiveStreamsOptions): Plugin {
  const subscribe = liveSubscribe(options.maskError);
  return {
    onSubscribe({ args, setSubscribeFn }) {
      if (options.isLive(args)) setSubscribeFn(subscribe as never);
    },
  };
}
