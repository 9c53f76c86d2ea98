/**
 * Prometheus metrics of one gateway (prom-client, a registry per gateway so several can live in
 * one process): GraphQL requests, errors and latency by operation name; backend calls by backend,
 * operation and status, with latency, retries, circuit state and bulkhead load; webhook deliveries
 * accepted and refused; live subscriptions; event-log lag; and the process's default metrics.
 *
 * Every label is drawn from a bounded set: operation names are GraphQL names taken from validated
 * documents, those of persisted documents always and at most `maxOperationNames` others, chosen by
 * use per window (OperationLabels), every other name "other"; backend operations are legacy
 * operation names or commerce routes with ids replaced (resilience.ts); error codes are the graph's
 * `extensions.code` values. No URL, id, address or key ever becomes a label.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { getOperationAST, type DocumentNode, type ExecutionResult, type GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { BackendName, BackendObserver, BackendPolicy, CircuitName } from "../backends/resilience.js";
import type { EventSource } from "../events/log/index.js";
import { isLiveStream } from "../live/live-stream.js";
import { OPERATION_NAME } from "../util/operation-name.js";

/** The prefix of every metric of the gateway itself. */
const P = "mailgraph_";

const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;
const CIRCUITS: readonly CircuitName[] = ["closed", "open", "half-open"];

/**
 * A bounded set of label values: the first `max` acceptable values get their own label, every
 * later one `overflow` (error codes: the gateway's own, not the caller's text).
 */
export class BoundedLabels {
  readonly #seen = new Set<string>();
  constructor(
    readonly max: number,
    readonly pattern: RegExp,
    readonly overflow: string,
  ) {}

  /** The label of `value`, admitting it when there is room and `admit` is set. */
  label(value: string, admit = true): string {
    if (!this.pattern.test(value)) return this.overflow;
    if (this.#seen.has(value)) return value;
    if (admit && this.#seen.size < this.max) {
      this.#seen.add(value);
      return value;
    }
    return this.overflow;
  }

  /** The values admitted so far. */
  values(): IterableIterator<string> {
    return this.#seen.values();
  }
}

/** Operation names that share a label because they have none of their own. */
const OTHER_OPERATION = "other";
/** The label of an operation without a name. */
const ANONYMOUS_OPERATION = "anonymous";
/** How long a window of OperationLabels lasts by default. */
export const OPERATION_WINDOW_MS = 10 * 60_000;
/** Reserved names (persisted documents, configured ones) at most: a guard, a manifest holds far fewer. */
export const MAX_RESERVED_OPERATION_NAMES = 1_000;

/** Options of OperationLabels. */
export interface OperationLabelsOptions {
  /** Names admitted by use at once (METRICS_MAX_OPERATION_NAMES). */
  max: number;
  /** Names that always have a label of their own (not counted in `max`). */
  reserved?: Iterable<string>;
  /** Length of a window in ms. */
  windowMs?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
  /** Called with a name that lost its label, so its series can be removed. */
  onEvict?: (name: string) => void;
}

interface Candidate {
  count: number;
  /** How much of `count` may belong to names this entry replaced (space-saving). */
  error: number;
}

/**
 * The operation names with a label of their own, in two tiers, so no caller can take a real name's
 * label away by sending other names:
 * - reserved: names of persisted documents (noted when one runs by id) and configured names, always
 *   labelled, never evicted, and not counted against `max`;
 * - admitted by use: at most `max` other names of validated documents. While there is room a name
 *   is admitted when it first runs. Once full, a new name counts as "other" and is tracked as a
 *   candidate (at most `max` of them, the least used replaced, space-saving). When a window ends,
 *   each candidate whose use in the window is surely (its count less what it may have inherited)
 *   greater than that of the least used admitted name takes that name's place; then every count
 *   starts again. A name with a live subscription is not evicted (its gauge must come down).
 * So a flood of junk names takes the free places only until a window ends, and keeps a name out
 * only by being used more than that name, window after window; names of persisted documents it
 * cannot touch. Labels at once: reserved + `max` + "other" + "anonymous".
 */
export class OperationLabels {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #onEvict: (name: string) => void;
  readonly #reserved = new Set<string>();
  /** Admitted names and their use in the current window. */
  readonly #admitted = new Map<string, number>();
  readonly #candidates = new Map<string, Candidate>();
  /** Live subscriptions per label. */
  readonly #pins = new Map<string, number>();
  #windowEnd: number;

  constructor(options: OperationLabelsOptions) {
    this.#max = options.max;
    this.#windowMs = options.windowMs ?? OPERATION_WINDOW_MS;
    this.#now = options.now ?? Date.now;
    this.#onEvict = options.onEvict ?? (() => {});
    this.#windowEnd = this.#now() + this.#windowMs;
    for (const name of options.reserved ?? []) this.reserve(name);
  }

  /** Gives `name` a label of its own for good (a persisted document's, a configured one). */
  reserve(name: string): void {
    if (!OPERATION_NAME.test(name) || this.#reserved.has(name)) return;
    if (this.#reserved.size >= MAX_RESERVED_OPERATION_NAMES) return;
    this.#reserved.add(name);
    this.#candidates.delete(name);
    // Its place among the names admitted by use is free for another.
    this.#admitted.delete(name);
  }

  /** The label `name` has now, admitting nothing (a name not yet validated, a count being made). */
  label(name: string | null | undefined): string {
    if (!name) return ANONYMOUS_OPERATION;
    this.#roll();
    return this.#reserved.has(name) || this.#admitted.has(name) ? name : OTHER_OPERATION;
  }

  /** Notes one run of a validated document's operation `name`, and answers its label. */
  use(name: string | null | undefined): string {
    if (!name) return ANONYMOUS_OPERATION;
    if (!OPERATION_NAME.test(name)) return OTHER_OPERATION;
    this.#roll();
    if (this.#reserved.has(name)) return name;
    const uses = this.#admitted.get(name);
    if (uses !== undefined) {
      this.#admitted.set(name, uses + 1);
      return name;
    }
    if (this.#admitted.size < this.#max) {
      this.#admitted.set(name, 1);
      return name;
    }
    this.#candidate(name);
    return OTHER_OPERATION;
  }

  /** A live subscription holds `label` (not evicted until unpinned as often). */
  pin(label: string): void {
    this.#pins.set(label, (this.#pins.get(label) ?? 0) + 1);
  }

  unpin(label: string): void {
    const left = (this.#pins.get(label) ?? 0) - 1;
    if (left > 0) this.#pins.set(label, left);
    else this.#pins.delete(label);
  }

  #candidate(name: string): void {
    const known = this.#candidates.get(name);
    if (known) {
      known.count++;
      return;
    }
    if (this.#candidates.size < this.#max) {
      this.#candidates.set(name, { count: 1, error: 0 });
      return;
    }
    // Space-saving: the least counted candidate makes room; the newcomer inherits its count as error.
    let least: [string, Candidate] | undefined;
    for (const entry of this.#candidates) if (!least || entry[1].count < least[1].count) least = entry;
    this.#candidates.delete(least![0]);
    this.#candidates.set(name, { count: least![1].count + 1, error: least![1].count });
  }

  /** Ends the window when it is over: candidates used surely more than the least used admitted names replace them. */
  #roll(): void {
    const now = this.#now();
    if (now < this.#windowEnd) return;
    this.#windowEnd = now + this.#windowMs;
    if (this.#candidates.size > 0) {
      const rising = [...this.#candidates]
        .map(([name, c]) => [name, c.count - c.error] as const)
        .filter(([, sure]) => sure > 0)
        .sort((a, b) => b[1] - a[1]);
      const falling = [...this.#admitted].filter(([name]) => !this.#pins.has(name)).sort((a, b) => a[1] - b[1]);
      for (let i = 0; i < rising.length && i < falling.length; i++) {
        const [name, sure] = rising[i]!;
        const [out, uses] = falling[i]!;
        if (sure <= uses) break;
        this.#admitted.delete(out);
        this.#admitted.set(name, 0);
        this.#onEvict(out);
      }
      this.#candidates.clear();
    }
    for (const name of this.#admitted.keys()) this.#admitted.set(name, 0);
  }
}

/** Options of createMetrics. */
export interface MetricsOptions {
  /** Operation names admitted by use with a label of their own (METRICS_MAX_OPERATION_NAMES). */
  maxOperationNames: number;
  /** Operation names that always have a label of their own, e.g. those of the persisted documents. */
  reservedOperationNames?: Iterable<string>;
  /** Length of the window over which operation names are ranked by use (default 10 minutes). */
  operationWindowMs?: number;
  /** The clock of the operation-name windows (ms), for tests. */
  now?: () => number;
  /** Node's default process metrics (CPU, memory, event loop, GC); default true. */
  processMetrics?: boolean;
}

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
}

/** The `type` label values. */
const OPERATION_TYPES = ["query", "mutation", "subscription", "unknown"] as const;

/** The metrics of one gateway. */
export class GatewayMetrics {
  readonly registry = new Registry();
  readonly #operations: OperationLabels;
  readonly #codes = new BoundedLabels(100, CODE, "OTHER");
  readonly #policies: BackendPolicy[] = [];
  readonly #requests = new WeakMap<Request, RequestState>();

  readonly requests: Counter<"operation" | "type">;
  readonly errors: Counter<"operation" | "code">;
  readonly duration: Histogram<"operation" | "type">;
  readonly backendCalls: Counter<"backend" | "operation" | "status">;
  readonly backendDuration: Histogram<"backend" | "operation">;
  readonly backendRetries: Counter<"backend" | "operation">;
  readonly circuitTransitions: Counter<"backend" | "state">;
  readonly webhooks: Counter<"source" | "outcome" | "status">;
  readonly subscriptions: Gauge<"operation">;
  readonly eventLag: Histogram<"source">;

  constructor(options: MetricsOptions) {
    this.#operations = new OperationLabels({
      max: options.maxOperationNames,
      reserved: options.reservedOperationNames,
      windowMs: options.operationWindowMs,
      now: options.now,
      onEvict: (name) => this.#forget(name),
    });
    const registers = [this.registry];
    this.requests = new Counter({
      name: `${P}graphql_requests_total`,
      help: "GraphQL requests by operation name and type (query, mutation, subscription; unknown before parsing).",
      labelNames: ["operation", "type"],
      registers,
    });
    this.errors = new Counter({
      name: `${P}graphql_errors_total`,
      help: "Errors in GraphQL responses by operation name and extensions.code.",
      labelNames: ["operation", "code"],
      registers,
    });
    this.duration = new Histogram({
      name: `${P}graphql_request_duration_seconds`,
      help: "Time from a GraphQL request's arrival to its response (subscriptions left out).",
      labelNames: ["operation", "type"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.backendCalls = new Counter({
      name: `${P}backend_calls_total`,
      help: "Backend call attempts by backend, operation and outcome (HTTP status, or timeout, unavailable, failed, too-large, aborted, circuit_open, bulkhead_full).",
      labelNames: ["backend", "operation", "status"],
      registers,
    });
    this.backendDuration = new Histogram({
      name: `${P}backend_call_duration_seconds`,
      help: "Time of one backend call attempt, connect to last byte.",
      labelNames: ["backend", "operation"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers,
    });
    this.backendRetries = new Counter({
      name: `${P}backend_retries_total`,
      help: "Reads sent again after a failure, by backend and operation.",
      labelNames: ["backend", "operation"],
      registers,
    });
    this.circuitTransitions = new Counter({
      name: `${P}backend_circuit_transitions_total`,
      help: "Circuit breaker state changes by backend and the state entered.",
      labelNames: ["backend", "state"],
      registers,
    });
    const policies = this.#policies;
    new Gauge({
      name: `${P}backend_circuit_state`,
      help: "1 for the state each backend's circuit breaker is in (closed, open, half-open), 0 for the others.",
      labelNames: ["backend", "state"],
      registers,
      collect() {
        for (const policy of policies) {
          const now = policy.circuit;
          for (const state of CIRCUITS) this.set({ backend: policy.backend, state }, state === now ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: `${P}backend_bulkhead_active`,
      help: "Backend calls in flight (bulkhead slots taken).",
      labelNames: ["backend"],
      registers,
      collect() {
        for (const policy of policies) this.set({ backend: policy.backend }, policy.load.active);
      },
    });
    new Gauge({
      name: `${P}backend_bulkhead_queued`,
      help: "Backend calls waiting for a bulkhead slot.",
      labelNames: ["backend"],
      registers,
      collect() {
        for (const policy of policies) this.set({ backend: policy.backend }, policy.load.queued);
      },
    });
    this.webhooks = new Counter({
      name: `${P}webhook_deliveries_total`,
      help: "Webhook deliveries by source and outcome (accepted: new events; duplicate: a retry already taken; refused) and HTTP status.",
      labelNames: ["source", "outcome", "status"],
      registers,
    });
    this.subscriptions = new Gauge({
      name: `${P}subscriptions_active`,
      help: "GraphQL subscriptions running now (SSE and graphql-ws), by operation name.",
      labelNames: ["operation"],
      registers,
    });
    this.eventLag = new Histogram({
      name: `${P}event_log_lag_seconds`,
      help: "Time from an event's append to the log to this instance's live reader taking it.",
      labelNames: ["source"],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.#processMetrics = options.processMetrics !== false;
  }

  readonly #processMetrics: boolean;

  /** The observer a backend's policy reports to. */
  backendObserver(): BackendObserver {
    return {
      attempt: ({ backend, operation, outcome, seconds }) => {
        this.backendCalls.inc({ backend, operation, status: outcome });
        if (outcome !== "circuit_open" && outcome !== "bulkhead_full") {
          this.backendDuration.observe({ backend, operation }, seconds);
        }
      },
      retry: (backend, operation) => this.backendRetries.inc({ backend, operation }),
      circuit: (backend: BackendName, state) => this.circuitTransitions.inc({ backend, state }),
    };
  }

  /** Reports this policy's circuit state and bulkhead load. */
  track(policy: BackendPolicy): void {
    this.#policies.push(policy);
    for (const state of CIRCUITS) this.circuitTransitions.inc({ backend: policy.backend, state }, 0);
  }

  /** For the event log's `onRead`: how far behind the log this instance's reader is. */
  readonly eventRead = (source: EventSource, id: string): void => {
    const ms = Number(id.split("-")[0]);
    if (Number.isFinite(ms)) this.eventLag.observe({ source }, Math.max(0, Date.now() - ms) / 1000);
  };

  /** Counts a webhook request once its answer is sent (call before the ingress handles it). */
  webhook(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const source = path.startsWith("/webhooks/legacy/")
      ? "legacy"
      : path === "/webhooks/commerce"
        ? "commerce"
        : "unknown";
    let counted = false;
    const count = (status: string, outcome: string) => {
      if (counted) return;
      counted = true;
      this.webhooks.inc({ source, outcome, status });
    };
    res.once("finish", () => {
      const status = res.statusCode;
      count(String(status), status === 202 ? "accepted" : status === 200 ? "duplicate" : "refused");
    });
    res.once("close", () => count("none", "refused"));
  }

  /** Operation names that always have a label of their own (the persisted documents' names). */
  reserveOperationNames(names: Iterable<string>): void {
    for (const name of names) this.#operations.reserve(name);
  }

  /** Removes the series of an operation name that lost its label, so the registry stays bounded. */
  #forget(operation: string): void {
    for (const type of OPERATION_TYPES) {
      this.requests.remove({ operation, type });
      this.duration.remove({ operation, type });
    }
    for (const code of [...this.#codes.values(), "OTHER", "INTERNAL_SERVER_ERROR"]) {
      this.errors.remove({ operation, code });
    }
    this.subscriptions.remove({ operation });
  }

  /** The yoga plugin counting requests, errors, latency and live subscriptions. */
  plugin(): Plugin {
    const operations = this.#operations;
    // A validated document's operation runs: its name is noted (and, from a persisted document, reserved).
    const operationOf = (document: DocumentNode, operationName: OperationName, state: RequestState | undefined) => {
      const op = getOperationAST(document, operationName);
      const name = op?.name?.value ?? null;
      if (name && state?.persisted) operations.reserve(name);
      return { name, operation: operations.use(name), type: op?.operation ?? "unknown" };
    };
    const stateOf = (contextValue: unknown) => {
      const request = (contextValue as { request?: Request } | undefined)?.request;
      return request ? this.#requests.get(request) : undefined;
    };
    return {
      onRequest: ({ request }) => {
        this.#requests.set(request, { started: performance.now() });
      },
      onParams: ({ params, request }) => {
        const state = this.#requests.get(request);
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
          return;
        }
        // Over graphql-ws there is no HTTP request: the operation is counted when it is done.
        const started = performance.now();
        return {
          onExecuteDone: ({ result }) => {
            if (isAsyncIterable(result)) return;
            const labels = { operation: operations.label(name), type };
            this.requests.inc(labels);
            this.duration.observe(labels, (performance.now() - started) / 1000);
            this.#countErrors(labels.operation, result);
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
        else this.requests.inc({ operation, type });
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
        const started = () => this.subscriptions.inc({ operation });
        const ended = () => {
          this.subscriptions.dec({ operation });
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
        const state = this.#requests.get(request);
        if (!state || isAsyncIterable(result)) return;
        const operation = operations.label(state.name);
        for (const one of Array.isArray(result) ? result : [result]) this.#countErrors(operation, one);
      },
      onResponse: ({ request }) => {
        const state = this.#requests.get(request);
        this.#requests.delete(request);
        // Only GraphQL requests have an operation (readiness and GraphiQL pages do not).
        if (!state || state.name === undefined) return;
        const labels = { operation: operations.label(state.name), type: state.type ?? "unknown" };
        this.requests.inc(labels);
        if (labels.type !== "subscription") {
          this.duration.observe(labels, (performance.now() - state.started) / 1000);
        }
      },
    };
  }

  #countErrors(operation: string, result: ExecutionResult): void {
    const errors: readonly GraphQLError[] = result.errors ?? [];
    for (const error of errors) {
      const code = error.extensions?.code;
      this.errors.inc({
        operation,
        code: typeof code === "string" ? this.#codes.label(code) : "INTERNAL_SERVER_ERROR",
      });
    }
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    const registry = this.#processMetrics ? Registry.merge([processRegistry(), this.registry]) : this.registry;
    return { contentType: registry.contentType, body: await registry.metrics() };
  }
}

/**
 * Node's default metrics (CPU, memory, event loop, GC) describe the process, and prom-client's
 * collectors for them (a GC observer, an event-loop monitor) cannot be stopped: one registry for
 * the process, made on first use and merged into each gateway's output.
 */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === "function";
}
