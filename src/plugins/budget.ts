/**
 * `createBudget(options)`: each caller's budget of backend calls (src/budget), spent by the
 * operations it runs, on every transport that runs through the envelop pipeline.
 *
 * - A query or mutation takes its requested cost (the cost analysis of limits/cost.ts, the number
 *   MAX_COST is checked against) from its caller's bucket before it runs; one the bucket cannot
 *   cover does not run: THROTTLED, with the seconds until it would fit, HTTP 429 and Retry-After.
 *   Once it has run, what it did not spend is given back: its actual cost is the backend requests
 *   it really sent (domain/call-budget.ts counts them), so what a cache serves costs nothing.
 * - A subscription pays its setting up the same way, then each execution (one per event) as it
 *   runs: an event the bucket cannot cover is answered with a THROTTLED error instead of its
 *   result, and the stream stays open (the next event may fit; the caller did nothing wrong by
 *   subscribing). A shared execution (src/live/fanout.ts) is paid once per event by the caller
 *   whose subscription started it: its calls are made once however many subscribers read them.
 * - Every result carries `extensions.cost`, shaped as Shopify's:
 *   `{ requestedQueryCost, actualQueryCost, throttleStatus: { maximumAvailable, currentlyAvailable,
 *   restoreRate } }` (currentlyAvailable: whole calls, as the bucket stood once the operation's
 *   unspent cost was given back).
 * - So does an operation the request limits refused once it was parsed (plugins/limits.ts): its
 *   cost as counted, nothing spent, the caller's bucket as it stands (looked at, nothing taken). A
 *   limit checked while executing (MAX_COST, mutation fields, `nodes` ids) asks `refusalExtensions`
 *   for it; one checked while validating (depth, aliases, directives) is noted here and its result
 *   given the cost before it is sent (over HTTP: a graphql-ws client is told of a validation
 *   failure by an error message, which carries no extensions). A document that did not parse has
 *   no operation to count: its answer carries none.
 *
 * Place it after the request limits (a document over MAX_COST is refused as that, not throttled),
 * after the stream context (a subscription's calls are counted on the context it runs with) and
 * before the live streams (which take its per-event executor, `executeEvent`).
 */
import { buildExecutionContext, execute } from "@graphql-tools/executor";
import {
  createSourceEventStream,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from "graphql";
import { isAsyncIterable, type Plugin } from "graphql-yoga";
import { RequestSlot } from "../util/request-slot.js";
import { secondsUntil, type BucketShape, type BudgetStore } from "../budget/bucket.js";
import type { BudgetCaller, KeyBackend } from "../budget/caller.js";
import type { CallBudget } from "../domain/call-budget.js";
import { operationCost, type CostOptions } from "../limits/cost.js";

/** What `extensions.cost` says. */
export interface CostExtension {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

/** Options of createBudget. */
export interface BudgetOptions {
  readonly store: BudgetStore;
  /** How costs are counted (COST_DEFAULT_LIST_SIZE, and MAX_COST to stop counting at). */
  readonly cost: CostOptions;
  /** The caller an operation's context belongs to (src/budget/caller.ts). */
  readonly callerOf: (context: object) => BudgetCaller | Promise<BudgetCaller>;
  /**
   * Told, once an operation (or a subscription's event) ran, what its backends answered to the
   * keys its caller sent (`accepted`, from the context's call budget): a caller's keys name its
   * budget once accepted (src/budget/caller.ts `observe`).
   */
  readonly observe?: (caller: BudgetCaller, accepted: (backend: KeyBackend) => boolean | undefined) => void;
  /** Told of each refusal: an operation before it ran, or one event of a subscription. */
  readonly onThrottled?: (kind: "operation" | "event") => void;
}

/** The plugin, and how a subscription's events execute against the budget (for shared executions). */
export interface Budget {
  readonly plugin: Plugin;
  /** Executes one event of a subscription (`args.rootValue`), paid from its caller's budget. */
  readonly executeEvent: (args: ExecutionArgs) => Promise<ExecutionResult>;
  /**
   * The extensions of an operation the request limits refused while executing (`{ cost }`, see
   * the file's comment); undefined when it has no operation to count. Never rejects.
   */
  readonly refusalExtensions: (args: ExecutionArgs) => Promise<{ cost: CostExtension } | undefined>;
}

/** What an operation refused while validating is counted from. */
interface ValidationRefusal {
  schema: ExecutionArgs["schema"];
  document: DocumentNode;
}

/**
 * Operations refused by a limit while validating, on the context of their GraphQL parameters (one
 * per operation of a batch), until their result is sent.
 */
const validationRefusals = new RequestSlot<object, ValidationRefusal>("mailgraph.budgetValidationRefusal");

/** Whether a validation error is a request limit's (limits/limit-error.ts). */
const isLimitError = (error: Error): boolean =>
  error instanceof GraphQLError && typeof error.extensions["limit"] === "string";

/** The THROTTLED error: what the operation costs, what is available, and when it would fit. */
export function throttledError(cost: number, available: number, shape: BucketShape): GraphQLError {
  const seconds = secondsUntil(cost, available, shape);
  return new GraphQLError(
    `This caller's budget of backend calls cannot cover the operation: it costs ${cost}, ` +
      `${Math.max(0, Math.floor(available))} of ${shape.max} are available and ${shape.restorePerS} are restored ` +
      `a second (BUDGET_MAX, BUDGET_RESTORE_PER_S); try again in ${seconds} s.`,
    {
      extensions: {
        code: "THROTTLED",
        retryAfterSeconds: seconds,
        cost,
        http: { status: 429, headers: { "retry-after": String(seconds) } },
      },
    },
  );
}

/** A subscription's budget, kept by its context: who pays, and what one event is expected to cost. */
interface Payer {
  caller: BudgetCaller;
  eventCost: number;
}

type Counted = { calls?: CallBudget };

/** Backend calls the context has sent so far. */
const sent = (context: unknown): number => (context as Counted | undefined)?.calls?.taken ?? 0;

/** What the context's backends answered to its credentials (domain/call-budget.ts). */
const answersOf =
  (context: unknown) =>
  (backend: KeyBackend): boolean | undefined =>
    (context as Counted | undefined)?.calls?.accepted(backend);

/** The plugin and the per-event executor (see the file's comment). */
export function createBudget(options: BudgetOptions): Budget {
  const { store, cost: costOptions, callerOf } = options;
  const { shape } = store;
  const payers = new WeakMap<object, Payer>();

  const extension = (requested: number, actual: number, available: number): CostExtension => ({
    requestedQueryCost: requested,
    actualQueryCost: actual,
    throttleStatus: {
      maximumAvailable: shape.max,
      currentlyAvailable: Math.max(0, Math.floor(available)),
      restoreRate: shape.restorePerS,
    },
  });

  /**
   * Gives back what was taken and not spent (or charges what was spent beyond it), and notes which
   * of the caller's keys its backends accepted; the level after.
   */
  const settle = (
    caller: BudgetCaller,
    context: object,
    requested: number,
    actual: number,
    available: number,
  ): number => {
    const unspent = requested - actual;
    if (unspent !== 0) void store.adjust(caller.id, unspent).catch(() => undefined);
    if (caller.keys.length > 0) options.observe?.(caller, answersOf(context));
    return Math.min(shape.max, available + unspent);
  };

  const refused = (requested: number, available: number, kind: "operation" | "event"): ExecutionResult => {
    options.onThrottled?.(kind);
    return {
      errors: [throttledError(requested, available, shape)],
      extensions: { cost: extension(requested, 0, available) },
    };
  };

  /**
   * Costs of operations that declare no variables, by document: such a cost depends on the
   * document alone, and yoga's parser cache hands every request of the same text the same document.
   */
  const variableFree = new WeakMap<DocumentNode, Map<string, number>>();
  /** The operation's cost as counted; undefined when the document holds no such operation. */
  const countedCost = (args: ExecutionArgs): number | undefined => {
    const { document, operationName } = args;
    const operations = document.definitions.filter(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
    if (!operation) return undefined;
    const fragments = document.definitions.filter(
      (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
    );
    const count = () =>
      operationCost(args.schema, operation, fragments, args.variableValues ?? undefined, costOptions).cost;
    if ((operation.variableDefinitions?.length ?? 0) > 0) return count();
    let costs = variableFree.get(document);
    if (!costs) variableFree.set(document, (costs = new Map<string, number>()));
    const name = operation.name?.value ?? "";
    let cost = costs.get(name);
    if (cost === undefined) costs.set(name, (cost = count()));
    return cost;
  };
  const requestedCost = (args: ExecutionArgs): number => countedCost(args) ?? 0;

  const refusalExtensions = async (args: ExecutionArgs): Promise<{ cost: CostExtension } | undefined> => {
    try {
      const requested = countedCost(args);
      if (requested === undefined) return undefined;
      const caller = await callerOf(args.contextValue as object);
      return { cost: extension(requested, 0, await store.peek(caller.id)) };
    } catch {
      // A refusal is answered as it is; only its cost report is lost.
      return undefined;
    }
  };

  const executeEvent = async (args: ExecutionArgs): Promise<ExecutionResult> => {
    const context = args.contextValue as object;
    const payer = payers.get(context);
    if (!payer) return single(await execute(args));
    const charge = await store.take(payer.caller.id, payer.eventCost);
    if (!charge.admitted) return refused(payer.eventCost, charge.available, "event");
    const before = sent(context);
    const result = single(await execute(args));
    const actual = sent(context) - before;
    const available = settle(payer.caller, context, payer.eventCost, actual, charge.available);
    return withCost(result, extension(payer.eventCost, actual, available));
  };

  /** A subscription whose events are executed by executeEvent (what graphql's subscribe does, paid). */
  const subscribe = async (args: ExecutionArgs): Promise<ExecutionResult | AsyncIterable<ExecutionResult>> => {
    const checked = buildExecutionContext(args);
    if (!("schema" in checked)) return { errors: checked };
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in source)) return source;
    return paidEvents(source[Symbol.asyncIterator](), (event) => executeEvent({ ...args, rootValue: event }));
  };

  /** Takes the operation's requested cost from its caller's budget; refuses it (nothing runs) when it does not fit. */
  const admit = async (args: ExecutionArgs, refuse: (result: ExecutionResult) => void) => {
    const context = args.contextValue as object;
    const caller = await callerOf(context);
    const requested = requestedCost(args);
    const charge = await store.take(caller.id, requested);
    if (charge.admitted) return { context, caller, requested, charge };
    refuse(refused(requested, charge.available, "operation"));
    return undefined;
  };

  const plugin: Plugin = {
    onValidate({ params, context }) {
      return ({ valid, result }) => {
        if (valid || !result.some(isLimitError) || typeof context !== "object" || context === null) return;
        const { schema, documentAST } = params as { schema: ValidationRefusal["schema"]; documentAST: DocumentNode };
        validationRefusals.set(context, { schema, document: documentAST });
      };
    },
    async onExecutionResult(payload) {
      const { context } = payload;
      const refusal = validationRefusals.get(context);
      if (!refusal) return;
      validationRefusals.clear(context);
      const result = payload.result as ExecutionResult | AsyncIterable<ExecutionResult> | undefined;
      if (!result || isAsyncIterable(result) || result.extensions?.["cost"] !== undefined) return;
      const { params } = context;
      const extensions = await refusalExtensions({
        ...refusal,
        operationName: params.operationName,
        variableValues: params.variables,
        contextValue: context,
      });
      if (extensions) payload.setResult({ ...result, extensions: { ...result.extensions, ...extensions } });
    },
    async onExecute({ args, setResultAndStopExecution }) {
      const admitted = await admit(args, setResultAndStopExecution);
      if (!admitted) return undefined;
      const { context, caller, requested, charge } = admitted;
      const before = sent(context);
      const report = () => {
        const actual = sent(context) - before;
        return extension(requested, actual, settle(caller, context, requested, actual, charge.available));
      };
      return {
        onExecuteDone({ result, setResult }) {
          if (!isAsyncIterable(result)) {
            setResult(withCost(result, report()));
            return undefined;
          }
          // Incremental delivery: each part says what was spent so far; the rest is settled at the end.
          let settled = false;
          return {
            onNext({ result: part, setResult: setPart }) {
              const actual = sent(context) - before;
              setPart(withCost(part, extension(requested, actual, charge.available)));
            },
            onEnd() {
              if (!settled) settle(caller, context, requested, sent(context) - before, charge.available);
              settled = true;
            },
          };
        },
      };
    },
    async onSubscribe({ args, setSubscribeFn, setResultAndStopExecution }) {
      const admitted = await admit(args, setResultAndStopExecution);
      if (!admitted) return undefined;
      const { context, caller, requested, charge } = admitted;
      payers.set(context, { caller, eventCost: requested });
      setSubscribeFn(subscribe as never);
      const before = sent(context);
      return {
        onSubscribeResult({ result, setResult }) {
          const actual = sent(context) - before;
          const available = settle(caller, context, requested, actual, charge.available);
          if (!isAsyncIterable(result) && !isStreamLike(result)) {
            setResult(withCost(result, extension(requested, actual, available)));
          }
        },
      };
    },
  };
  return { plugin, executeEvent, refusalExtensions };
}

/** `result` with `extensions.cost` added (a copy: results may be shared). */
function withCost(result: ExecutionResult, cost: CostExtension): ExecutionResult {
  return { ...result, extensions: { ...result.extensions, cost } };
}

/** An event's result: one result (a subscription's events never come in parts). */
function single(result: Awaited<ReturnType<typeof execute>>): ExecutionResult {
  if ("initialResult" in result) throw new Error("a subscription event's result came in parts");
  return result as ExecutionResult;
}

/** Whether `value` is some other stream (a shared execution's LiveStream): not a result to add to. */
function isStreamLike(value: unknown): boolean {
  return typeof value === "object" && value !== null && !("errors" in value) && !("data" in value);
}

/**
 * The source's events mapped through `run`, one at a time. Ending it ends the source at once,
 * also while it waits for an event (an async generator would wait for that event first, keeping
 * the subscription's log reader until then).
 */
function paidEvents(
  source: AsyncIterator<unknown>,
  run: (event: unknown) => Promise<ExecutionResult>,
): AsyncIterableIterator<ExecutionResult> {
  const done = (): Promise<IteratorResult<ExecutionResult>> => Promise.resolve({ done: true, value: undefined });
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      const step = await source.next();
      if (step.done) return { done: true, value: undefined };
      return { done: false, value: await run(step.value) };
    },
    async return() {
      await source.return?.();
      return done();
    },
    async throw(error: unknown) {
      if (source.throw) await source.throw(error);
      throw error;
    },
  };
}
