/**
 * The subscribe function of a shared execution (fanout.ts): set up through the whole envelop
 * pipeline like any other subscription, but its stream comes back as a LiveStream (live-stream.ts)
 * instead of graphql's layered async iterator: the root field's source stream, each event executed
 * with the operation's own arguments and its errors masked as yoga masks every other result.
 */
import { buildExecutionContext, execute } from "@graphql-tools/executor";
import {
  createSourceEventStream,
  GraphQLError,
  getOperationAST,
  type ExecutionArgs,
  type ExecutionResult,
} from "graphql";
import { isPromiseLike, LiveStream, type LiveEventMapping } from "./live-stream.js";

/** Options of liveSubscribe. */
export interface LiveSubscribeOptions {
  /** The error a caller may see for `error`: graph errors as they are, anything else masked (and logged). */
  readonly maskError: (error: unknown) => Error;
  /** Codes the errors that stop an operation before it runs, as every request error is coded. */
  readonly codeRequestErrors: (errors: readonly GraphQLError[]) => void;
  /**
   * Executes one event (`args.rootValue`) instead of the executor's `execute`: the caller's budget
   * pays each execution as it runs (plugins/budget.ts). Its result is masked like any other.
   */
  readonly executeEvent?: ExecuteEvent | undefined;
}

type EventResult = ExecutionResult | { initialResult: ExecutionResult };
type ExecuteEvent = (args: ExecutionArgs) => EventResult | PromiseLike<EventResult>;

type MaskError = LiveSubscribeOptions["maskError"];

/** Errors masked, as yoga masks every result. */
function masked(result: ExecutionResult, maskError: MaskError): ExecutionResult {
  return result.errors ? { ...result, errors: result.errors.map((error) => maskError(error) as GraphQLError) } : result;
}

/** An event's result: one result (the schema has no @defer or @stream, so it never comes in parts). */
function single(result: EventResult): ExecutionResult {
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
  readonly #execute: ExecuteEvent;

  constructor(args: ExecutionArgs, maskError: MaskError, executeEvent: ExecuteEvent) {
    this.#args = args;
    this.#maskError = maskError;
    this.#execute = executeEvent;
  }

  result(event: unknown): ExecutionResult | PromiseLike<ExecutionResult> {
    const result = this.#execute({ ...this.#args, rootValue: event });
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
 * or the errors that stopped it, coded as every request error is (`codeRequestErrors`: a bad
 * variable is BAD_USER_INPUT).
 */
export function liveSubscribe({ maskError, codeRequestErrors, executeEvent }: LiveSubscribeOptions) {
  const executeOne: ExecuteEvent = executeEvent ?? ((args) => execute(args));
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
    return new LiveStream(source[Symbol.asyncIterator](), new OperationEvents(run, maskError, executeOne));
  };
}
