/**
 * The GraphQL app: yoga over the schema with the gateway's plugins, and the context factory that
 * makes each operation's caller, signals and per-request domain services. `createGateway` serves
 * it over node:http (`serveGraphQL`) and websockets; tests and benchmarks may call `yoga.fetch`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Tracer } from "@opentelemetry/api";
import { useDeferStream } from "@graphql-yoga/plugin-defer-stream";
import { createLogger, createYoga, maskError, type YogaServerInstance } from "graphql-yoga";
import { requestAuthenticatorFor } from "../auth/gateway-auth.js";
import type { RequestCredentials } from "../auth/request-auth.js";
import type { Config } from "../config.js";
import type { SharedCache } from "../cache/index.js";
import { createContext, type ContextDeps, type GraphContext } from "../context.js";
import type { CommerceCaller } from "../domain/commerce/service.js";
import type { LegacyCaller } from "../domain/legacy/loaders.js";
import type { EventLog } from "../events/log/index.js";
import { corsOptions } from "../http/cors.js";
import { useRequestRecording } from "../logging/access-log.js";
import { yogaLogging } from "../logging/gateway.js";
import type { Logger } from "../logging/logger.js";
import { scopeOf } from "../logging/request-context.js";
import type { GatewayMetrics } from "../metrics/index.js";
import { persistedRules, type PersistedRules } from "../persisted/index.js";
import { useCsrfHeaderRule } from "../plugins/csrf.js";
import { useGraphQLOverHttp } from "../plugins/graphql-http.js";
import { useHttpStreams, type StreamAdmission } from "../plugins/http-streams.js";
import { BudgetCallers, MemoryBudgetStore, type BudgetStore } from "../budget/index.js";
import { createBudget } from "../plugins/budget.js";
import { useRequestLimits } from "../plugins/limits.js";
import { useLiveStreams } from "../plugins/live-streams.js";
import { useMetrics } from "../plugins/metrics.js";
import { useOperationSpans } from "../plugins/operation-spans.js";
import { useQueryParamsCheck } from "../plugins/query-params.js";
import { useRequestSignal } from "../plugins/request-signal.js";
import { useCacheReport } from "../plugins/cache-report.js";
import { useStreamContext } from "../plugins/stream-context.js";
import { schema } from "../schema/index.js";
import type { CallerSignal } from "../util/call-abort.js";
import { installPromiseWithResolvers } from "../util/promise-with-resolvers.js";
import { deadlineSignal, requestSignals as signalsOf, type RequestSignals } from "../util/request-signals.js";
import { RequestSlot } from "../util/request-slot.js";
import { isLiveRequest, isStreamRequest, websocketAddress, websocketSignal } from "../websocket/index.js";
import { addressKey } from "./caller-streams.js";
import { configuredCommerceCredentials } from "./clients.js";
import { graphiQLOptions, graphiQLRenderer } from "./graphiql.js";

/** Where GraphQL is served. */
export const GRAPHQL_PATH = "/graphql";

/** What an unexpected error says to the caller (yoga's masking, and a shared execution's). */
export const UNEXPECTED_ERROR_MESSAGE = "Unexpected error.";

// On Node 20 the executor's deferred promises (one per execution with a signal) would otherwise be
// object literals with getters, which keep every request past V8's young generation
// (util/promise-with-resolvers.ts).
installPromiseWithResolvers();

/** What node:http hands yoga with each request (absent when tests call `yoga.fetch`). */
export interface NodeContext {
  req?: IncomingMessage;
  res?: ServerResponse;
}

/**
 * The signal that ends a request's work: the caller hanging up (seen on the socket, which is
 * reliable where the fetch Request's own signal is not), the Request's signal, or the deadline.
 */
const requestSignals = new RequestSlot<Request, CallerSignal>("mailgraph.requestSignal");
const nodeSignals = new RequestSlot<IncomingMessage, RequestSignals>("mailgraph.nodeSignals");

/** The credentials a request's context was made with: whose budget its operations spend. */
const requestCredentials = new RequestSlot<Request, RequestCredentials>("mailgraph.requestCredentials");

/** How to remake a request's context for a subscription: without the request's deadline. */
const streamContexts = new RequestSlot<Request, () => GraphContext>("mailgraph.streamContext");

/** Backend clients the graph uses. */
export interface GraphClients {
  legacy: LegacyCaller;
  commerce?: CommerceCaller;
  /** The event log subscriptions read (without one, subscriptions fail). */
  events?: EventLog;
  /** The gateway's logger (yoga's messages go there) and tracer (spans of graphql-ws operations). */
  logger?: Logger;
  tracer?: Tracer;
  /** Metrics to count requests, errors and subscriptions in. */
  metrics?: GatewayMetrics;
  /** The persisted-document rules (default: made from the config; the gateway shares its own with the websockets). */
  persisted?: PersistedRules;
  /** Admits an SSE stream over node:http (its caller's slot, its token's expiry): the gateway's. */
  admitStream?: StreamAdmission;
  /** Callers' budgets of backend calls (src/budget): the gateway's (Redis with REDIS_URL); absent: in memory. */
  budget?: BudgetStore;
  /** The cache of backend reads shared across requests (src/cache); absent: none. */
  cache?: SharedCache;
}

/** Serves one node:http request with the app; its log line says when it was abandoned (logging/access-log.ts). */
export function serveGraphQL(
  yoga: YogaServerInstance<NodeContext, GraphContext>,
  req: IncomingMessage,
  res: ServerResponse,
  deadlineMs: number,
): void {
  nodeSignals.set(req, signalsOf(res, deadlineMs));
  void yoga.requestListener(req, res);
}

/** Builds the yoga app of the graph (no server): for `createGateway` and for tests via `yoga.fetch`. */
export function createGraphQLApp(config: Config, clients: GraphClients): YogaServerInstance<NodeContext, GraphContext> {
  const { legacy: legacyClient, commerce: commerceClient, events } = clients;
  const deps: ContextDeps = {
    legacyClient,
    legacy: config.legacy,
    limits: { maxNodeIds: config.limits.maxNodeIds },
    commerceClient,
    commerce: { concurrency: config.commerce.concurrency, ...configuredCommerceCredentials(config) },
    events,
    tracer: clients.tracer,
    auth: config.auth,
    cache: clients.cache,
  };
  const { deadlineMs } = config.limits;
  const authenticate = requestAuthenticatorFor(config, deps);
  const persisted = clients.persisted ?? persistedRules(config.persisted, schema);
  const logger = clients.logger ? yogaLogging(clients.logger) : createLogger();
  // Whose budget an operation spends: its token's subject, the keys it sends once their backends
  // accepted them, or its address.
  const callers = new BudgetCallers(config.auth.secret);
  const budget = config.budget.enabled
    ? createBudget({
        store: clients.budget ?? new MemoryBudgetStore(config.budget),
        cost: { defaultListSize: config.limits.defaultListSize, stopAbove: config.limits.maxCost },
        callerOf: (context) => {
          const { request, req } = context as { request: Request; req?: IncomingMessage };
          const address = addressKey(req ? req.socket.remoteAddress : websocketAddress(request));
          // The credentials its context was made with (below): the request is authenticated once.
          const credentials = requestCredentials.get(request);
          if (credentials) return callers.callerOf(credentials.subject, request.headers, address);
          // No context was made for it (refused by a limit while validating): its credentials are read here, once.
          return authenticate(request.headers).then(
            (found) => callers.callerOf(found.subject, request.headers, address),
            () => callers.callerOf(undefined, request.headers, address),
          );
        },
        observe: (caller, accepted) => callers.observe(caller, accepted),
        onThrottled: (kind) => clients.metrics?.budgetThrottled.inc({ kind }),
      })
    : undefined;
  return createYoga<NodeContext, GraphContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    // GraphiQL itself is served by the gateway's node server from a kept copy (graphiQLPage); yoga's
    // renderer stays for an app used without that server (tests, benchmarks).
    graphiql: graphiQLOptions(persisted.only),
    renderGraphiQL: graphiQLRenderer(config),
    cors: corsOptions(config.http),
    plugins: [
      // Requests, errors and latency by operation, live subscriptions (src/metrics).
      ...(clients.metrics ? [useMetrics(clients.metrics)] : []),
      // Form posts and plain GETs need a non-simple content type or the CSRF header (plugins/csrf.ts).
      useCsrfHeaderRule(),
      // Documents by id (documentId, persistedQuery); with PERSISTED_ONLY nothing else (src/persisted).
      ...persisted.plugins,
      useQueryParamsCheck(),
      // @defer and @stream (declared by the schema): their validation rules; the parts go out over
      // multipart/mixed or SSE when the Accept names one (plugins/http-streams.ts).
      useDeferStream(),
      // An operation refused past its parsing still says its cost (plugins/budget.ts).
      useRequestLimits(config.limits, budget ? { refusalExtensions: budget.refusalExtensions } : undefined),
      // What the shared cache served and how old it is, in extensions.cache (plugins/cache-report.ts).
      ...(clients.cache ? [useCacheReport()] : []),
      // Request errors coded, and their status as a GraphQL-over-HTTP client expects it per Accept.
      useGraphQLOverHttp(),
      // What is a stream over HTTP, and its rules: refused before it starts unless its Accept can
      // stream, then its caller's slot and its token's expiry (plugins/http-streams.ts).
      useHttpStreams({ admit: clients.admitStream, overWebSocket: isStreamRequest }),
      // Stops resolving when the caller goes away, instead of finishing work nobody will read.
      useRequestSignal({ signalOf: (request) => requestSignals.get(request) }),
      // A subscription's context without the request's deadline, made once (then let go).
      useStreamContext({
        take: (request) => {
          const remake = streamContexts.get(request);
          if (remake) streamContexts.clear(request);
          return remake;
        },
      }),
      // Each caller's budget of backend calls: taken before an operation runs (THROTTLED past it),
      // what it did not spend given back, extensions.cost on every result (plugins/budget.ts).
      ...(budget ? [budget.plugin] : []),
      // A shared execution's stream without graphql's per-result iterator layers (before the spans,
      // which wrap it); its results masked as yoga masks every other one, the original logged.
      useLiveStreams({
        isLive: (args) => {
          const request = (args.contextValue as { request?: Request } | undefined)?.request;
          return request !== undefined && isLiveRequest(request);
        },
        maskError: (error) => {
          const masked = maskError(error, UNEXPECTED_ERROR_MESSAGE);
          if (masked !== error) logger.error(error);
          return masked;
        },
        // A shared execution's events are paid from the budget of the caller who started it.
        executeEvent: budget?.executeEvent,
      }),
      // The operation name and error codes of the request's log line; a span per operation.
      useRequestRecording(),
      useOperationSpans(clients.tracer),
    ],
    context: ({ request, req }) => {
      // Execution stops when the caller is gone; at the deadline only the backend calls still
      // running end, so the fields already resolved still arrive, with errors on the rest. Over
      // node:http the handler made both signals already (util/request-signals.ts).
      const signals = req && nodeSignals.get(req);
      // A websocket operation's Request carries no signal: its socket's (or shared execution's) is kept aside.
      const gone = signals ? signals.gone : (websocketSignal(request) ?? request.signal);
      // The request's id, log record and trace (logging/access-log.ts); without node:http, the
      // context makes its own from X-Request-Id.
      const scope = scopeOf(req);
      requestSignals.set(request, gone);
      // A websocket subscription's context is its stream context from the start (see below): no
      // deadline signal and no first context made only to be replaced (src/websocket/requests.ts).
      if (isStreamRequest(request)) {
        return authenticate(request.headers).then((credentials) => {
          if (budget) requestCredentials.set(request, credentials);
          return createContext(deps, request, gone, credentials, scope);
        });
      }
      const backend = signals ? signals.backend : deadlineSignal(gone, deadlineMs);
      // The caller's credentials (gateway token, allowed headers, else in open mode the configured
      // ones); a request that has none in token mode ends here with 401 UNAUTHENTICATED.
      return authenticate(request.headers).then((credentials) => {
        if (budget) requestCredentials.set(request, credentials);
        // A subscription lives as long as its stream: its backend calls (access checks, per-event
        // reloads) end with the caller, each within its own call deadline, not at the request's.
        streamContexts.set(request, () => createContext(deps, request, gone, credentials, scope));
        return createContext(deps, request, backend, credentials, scope);
      });
    },
    // Unexpected errors are masked to "Unexpected error."; ours are GraphQLErrors with safe messages.
    maskedErrors: { errorMessage: UNEXPECTED_ERROR_MESSAGE },
    // The node server refuses bodies without a Content-Length or above MAX_BODY_BYTES before yoga
    // sees them (http/access.ts), and node's parser reads no more than that length; yoga's
    // own limit would pipe every body through a TransformStream again (a stream pipeline and an
    // AbortController per request) to enforce the same bound.
    maxRequestBodySize: false,
    logging: logger,
  });
}
