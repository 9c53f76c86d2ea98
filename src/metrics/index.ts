/**
 * Prometheus metrics of one gateway (prom-client, a registry per gateway so several can live in
 * one process): GraphQL requests, errors and latency by operation name (counted by useMetrics,
 * plugins/metrics.ts); backend calls by backend,
 * operation and status, with latency, retries, circuit state and bulkhead load; webhook deliveries
 * accepted and refused; live subscriptions; event-log lag; callers' budgets refusing (THROTTLED)
 * and budget commands Redis did not answer; and the process's default metrics.
 *
 * Every label is drawn from a bounded set: operation names are GraphQL names taken from validated
 * documents, those of persisted documents always and at most `maxOperationNames` others, chosen by
 * use per window (labels.ts), every other name "other"; backend operations are legacy
 * operation names or commerce routes with ids replaced (resilience.ts); error codes are the graph's
 * `extensions.code` values. No URL, id, address or key ever becomes a label.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { CacheObserver } from "../cache/shared-cache.js";
import type { BackendName, BackendObserver, BackendPolicy, CircuitName } from "../backends/resilience.js";
import type { EventSource } from "../events/log/index.js";
import { BoundedLabels, OperationLabels } from "./labels.js";
import { errorsOf, type ResultOrPart } from "../util/result-parts.js";

/** The prefix of every metric of the gateway itself. */
const P = "mailgraph_";

const CODE = /^[A-Z][A-Z0-9_]{0,63}$/;
const CIRCUITS: readonly CircuitName[] = ["closed", "open", "half-open"];

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

/** The `type` label values. */
const OPERATION_TYPES = ["query", "mutation", "subscription", "unknown"] as const;

/** The metrics of one gateway. */
export class GatewayMetrics {
  readonly registry = new Registry();
  /** The operation names with a label of their own (useMetrics notes each run). */
  readonly operations: OperationLabels;
  readonly #codes = new BoundedLabels(100, CODE, "OTHER");
  readonly #policies: BackendPolicy[] = [];

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
  readonly cacheReads: Counter<"backend" | "result">;
  readonly cacheInvalidations: Counter<"reason">;
  /** What reports the bytes the cache holds (its memory store); unset: 0. */
  #cacheBytes: () => number | undefined = () => undefined;
  readonly budgetThrottled: Counter<"kind">;
  readonly budgetStoreUnavailable: Counter;

  constructor(options: MetricsOptions) {
    this.operations = new OperationLabels({
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
    this.budgetThrottled = new Counter({
      name: `${P}budget_throttled_total`,
      help: "Refusals of callers' budgets (THROTTLED): an operation before it ran, or one event of a subscription.",
      labelNames: ["kind"],
      registers,
    });
    for (const kind of ["operation", "event"]) this.budgetThrottled.inc({ kind }, 0);
    this.budgetStoreUnavailable = new Counter({
      name: `${P}budget_store_unavailable_total`,
      help: "Budget commands Redis did not answer; this instance's memory budgeted them instead.",
      registers,
    });
    this.cacheReads = new Counter({
      name: `${P}cache_reads_total`,
      help: "Backend reads the shared cache could answer, by backend and result (hit: served from it; miss: sent to the backend).",
      labelNames: ["backend", "result"],
      registers,
    });
    this.cacheInvalidations = new Counter({
      name: `${P}cache_invalidations_total`,
      help: "Tags bumped in the shared cache, by what bumped them (write: a mutation of the gateway; webhook: a backend's).",
      labelNames: ["reason"],
      registers,
    });
    for (const reason of ["write", "webhook"]) this.cacheInvalidations.inc({ reason }, 0);
    const cacheBytes = () => this.#cacheBytes() ?? 0;
    new Gauge({
      name: `${P}cache_bytes`,
      help: "Bytes of answers this instance's in-memory cache holds (0 with Redis, which reports its own memory).",
      registers,
      collect() {
        this.set(cacheBytes());
      },
    });
    this.#processMetrics = options.processMetrics !== false;
  }

  /** The observer the shared cache reports to; `bytes` reads what its store holds. */
  cacheObserver(bytes?: () => number | undefined): CacheObserver {
    if (bytes) this.#cacheBytes = bytes;
    return {
      hit: (backend) => this.cacheReads.inc({ backend, result: "hit" }),
      miss: (backend) => this.cacheReads.inc({ backend, result: "miss" }),
      invalidated: (reason, tags) => this.cacheInvalidations.inc({ reason }, tags),
    };
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
    for (const name of names) this.operations.reserve(name);
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

  /** Counts the errors of one result, or of one part of an answer in parts, under `operation`, by their code. */
  countErrors(operation: string, result: ResultOrPart): void {
    for (const error of errorsOf(result)) {
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
