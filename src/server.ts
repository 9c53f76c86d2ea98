/**
 * The gateway's HTTP server on node:http: GraphQL (with GraphiQL) at /graphql over HTTP, SSE and
 * websockets (graphql-ws; subscriptions are fed by the event log), liveness at
 * /health (and /livez), readiness at /readyz, Prometheus metrics at /metrics, and `/` redirecting
 * to GraphiQL. Each backend's calls pass its bulkhead, circuit breaker and read retries
 * (backends/resilience.ts), whose state readiness and metrics report. Every request
 * passes the HTTP access checks (host, origin, body size) before yoga sees it, every SSE stream
 * and websocket connection takes one of its caller's MAX_STREAMS_PER_CALLER slots, and every GraphQL
 * operation passes the request limits before it executes. The legacy client lives as long as the
 * server; everything per request (credentials, loaders, the deadline) is made in the context.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { GraphQLError } from "graphql";
import {
  createLogger,
  createYoga,
  maskError,
  type GraphiQLOptions,
  type Plugin,
  type YogaServerInstance,
} from "graphql-yoga";
import { apiKeySigner, partnerSigner, popSigner } from "./backends/commerce/auth.js";
import { CommerceClient } from "./backends/commerce/client.js";
import { LegacyClient } from "./backends/legacy/client.js";
import {
  apiKeyCredential,
  withStoreEvents,
  oauthCredential,
  partnerCredential as partnerCredentialOf,
} from "./domain/commerce/scopes.js";
import type { CommerceCaller } from "./domain/commerce/service.js";
import type { Config } from "./config.js";
import {
  COMMERCE_API_KEY_HEADER,
  createContext,
  LEGACY_API_KEY_HEADER,
  type ContextDeps,
  type GraphContext,
} from "./context.js";
import { createIngress } from "./events/ingress/index.js";
import { createEventLog, RedisEventLog, type EventLog } from "./events/log/index.js";
import type { LegacyCaller } from "./domain/legacy/loaders.js";
import { cookiesAllowed, hostPolicy, refuseRequest } from "./http/access.js";
import { corsOptions } from "./http/cors.js";
import { useCsrfHeaderRule } from "./plugins/csrf.js";
import { useGraphQLOverHttp } from "./plugins/graphql-http.js";
import { CallerStreams, callerKey, type StreamSlot } from "./server/caller-streams.js";
import { useHttpStreams, type StreamAdmission } from "./plugins/http-streams.js";
import { useRequestLimits } from "./plugins/limits.js";
import { useLiveStreams } from "./plugins/live-streams.js";
import { useQueryParamsCheck } from "./plugins/query-params.js";
import { useReadinessEndpoint } from "./plugins/readiness-endpoint.js";
import { createReadiness, type Readiness } from "./readiness.js";
import { BackendPolicy } from "./backends/resilience.js";
import { GatewayMetrics } from "./metrics/index.js";
import { METRICS_PATH, serveMetrics } from "./metrics/endpoint.js";
import { STORE_QUERY } from "./schema/commerce/examples.js";
import { LIST_FEED_QUERY, LIST_FEED_VARIABLES } from "./schema/events/examples.js";
import { schema } from "./schema/index.js";
import { PERSON_QUERY } from "./schema/people/examples.js";
import { atExpiry } from "./util/at-expiry.js";
import { listen } from "./util/listen.js";
import { sendJson } from "./util/send-json.js";
import { persistedRules, type PersistedRules } from "./persisted/index.js";
import { drain, trackRequests, type DrainReport } from "./shutdown/drain.js";
import {
  deadlineSignal,
  ExecutionAbort,
  requestSignals as signalsOf,
  type RequestSignals,
} from "./util/request-signals.js";
import { RequestSlot } from "./util/request-slot.js";
import { installPromiseWithResolvers } from "./util/promise-with-resolvers.js";
import type { Tracer } from "@opentelemetry/api";
import type { CallerSignal } from "./util/call-abort.js";
import { noteErrorCode, observeRequest, useRequestRecording } from "./logging/access-log.js";
import { gatewayLogger, yogaLogging } from "./logging/gateway.js";
import { observeWebSocket } from "./logging/websocket-log.js";
import type { Logger } from "./logging/logger.js";
import { scopeOf } from "./logging/request-context.js";
import { startTracing } from "./tracing/setup.js";
import { useOperationSpans } from "./plugins/operation-spans.js";
import {
  attachWebSocket,
  isLiveRequest,
  isStreamRequest,
  websocketSignal,
  type WebSocketEndpoint,
} from "./websocket/index.js";
import { createLoginRoutes, AUTH_PREFIX, CALLBACK_PATH, ONE_TIME_CODE_TTL_MS } from "./auth/login.js";
import { RedisOneTimeCodes } from "./auth/one-time-codes.js";
import { loginAccess, requestAuthenticatorFor, websocketGate } from "./auth/gateway-auth.js";
import { loginAvailable, withLoginBar } from "./auth/graphiql-login.js";
import { cachedPage, lazyGraphiQL, wantsGraphiQL } from "./graphiql-page.js";

/** Where webhooks of both backends arrive (events/ingress). */
const WEBHOOK_PREFIX = "/webhooks/";

/** What an unexpected error says to the caller (yoga's masking, and a shared execution's). */
const UNEXPECTED_ERROR_MESSAGE = "Unexpected error.";

/** Where GraphQL is served. */
export const GRAPHQL_PATH = "/graphql";

/**
 * The query GraphiQL opens with. Its comment says where the legacy key comes from in each mode:
 * after a store login in token mode it is the tab that cannot run (src/auth/graphiql-login.ts opens
 * the Store tab then).
 */
export const OVERVIEW_QUERY = `# The legacy account at a glance: clients, their lists
# (stats, custom fields) and campaigns.
# Legacy fields need a legacy key. Open mode: LEGACY_API_KEY
# or an X-Legacy-Api-Key header. AUTH_MODE=token: a gateway
# token carrying one (npm run token -- --legacy-api-key K),
# in Headers: {"Authorization": "Bearer <token>"}.
# A store login alone runs the Store tab.
query Overview {
  clients {
    id name
    lists { id name stats { totalActiveSubscribers totalUnsubscribes totalBounced }
            customFields { key fieldName dataType options } }
    campaigns { id subject sentDate summary { recipients uniqueOpened clicks bounced unsubscribed } }
  }
}
`;

/** A request refusal's code as the webhook ingress words its own (payload_too_large, host_not_allowed, …). */
function webhookRefusalCode(code: string): string {
  return code === "MAX_BODY_BYTES_EXCEEDED" ? "payload_too_large" : code.toLowerCase();
}

/** Headers on every answer of the gateway's server: it is never framed, nor its types sniffed. */
export const FRAMING_AND_SNIFFING_HEADERS: readonly (readonly [string, string])[] = [
  ["content-security-policy", "frame-ancestors 'none'"],
  ["x-frame-options", "DENY"],
  ["x-content-type-options", "nosniff"],
];

/** How long a client may take to send a whole request to the gateway, and its headers alone. */
export const CLIENT_REQUEST_TIMEOUT_MS = 30_000;
export const CLIENT_HEADERS_TIMEOUT_MS = 10_000;

/** A running gateway. */
export interface Gateway {
  /** Origin, e.g. http://127.0.0.1:4000 (GraphQL is at `${url}/graphql`). */
  readonly url: string;
  readonly port: number;
  /** The node:http server, for protocols that attach to it (websockets). */
  readonly server: Server;
  readonly yoga: YogaServerInstance<NodeContext, GraphContext>;
  /** The event log webhooks are appended to (Redis Streams with REDIS_URL, else in memory). */
  readonly events: EventLog;
  /** Readiness of this instance (/readyz); `setDraining()` turns it to 503 for shutdown. */
  readonly readiness: Readiness;
  /** The instance's Prometheus metrics (/metrics). */
  readonly metrics: GatewayMetrics;
  /** Live subscriptions over websockets sharing one execution per document, variables and caller scope. */
  readonly fanout: WebSocketEndpoint["fanout"];
  /**
   * Graceful shutdown (SIGTERM): readiness 503, then after SHUTDOWN_DELAY_MS no new connections,
   * requests in flight finished, websockets closed with 1001 and SSE streams ended, then close();
   * all within SHUTDOWN_DEADLINE_MS (src/shutdown/drain.ts). Runs once; it ends with close().
   */
  shutdown(): Promise<DrainReport>;
  close(): Promise<void>;
}

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

/**
 * Resolvers stop being called once an HTTP request's signal aborts (execution honours `signal`).
 * A websocket's CallAbort (and a shared execution's) is for the gateway's services only: graphql-
 * tools' executor puts a listener on an execution's signal that stays until the signal aborts,
 * one per operation on a socket that lives for hours. Over websockets graphql-ws returns the
 * socket's streams when it closes, and the operations' backend calls end with it (the context).
 */
function useRequestSignal(): Plugin {
  const attach = ({ args }: { args: { contextValue: unknown } }) => {
    const request = (args.contextValue as { request?: Request } | undefined)?.request;
    const signal = request && requestSignals.get(request);
    if (signal instanceof AbortSignal || signal instanceof ExecutionAbort) {
      (args as { signal?: AbortSignal | ExecutionAbort }).signal = signal;
    }
  };
  return { onExecute: attach, onSubscribe: attach };
}

/** How to remake a request's context for a subscription: without the request's deadline. */
const streamContexts = new RequestSlot<Request, () => GraphContext>("mailgraph.streamContext");

/**
 * A subscription's context takes the caller's signal only: REQUEST_DEADLINE_MS bounds one answer,
 * and a stream outlives it (every backend call keeps its own *_CALL_DEADLINE_MS).
 */
function useStreamContext(): Plugin {
  return {
    onSubscribe({ args }) {
      const context = args.contextValue as { request?: Request } | undefined;
      const request = context?.request;
      const remake = request && streamContexts.get(request);
      if (!remake) return;
      // Used once: kept, it would hold the request's deadline signal for as long as the stream runs.
      streamContexts.clear(request);
      Object.assign(context, remake());
    },
  };
}

/** The headers a caller's identity is read from (its gateway token, session cookie or backend keys). */
function credentialHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name of ["authorization", "cookie", LEGACY_API_KEY_HEADER, COMMERCE_API_KEY_HEADER]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

/** Backend clients to use instead of the ones built from the config. */
export interface GatewayOptions {
  legacyClient?: LegacyCaller;
  /**
   * Where the gateway's JSON log lines go (one per request, and any failure), each ending in a
   * newline; default stdout.
   */
  log?: (line: string) => void;
}

function legacyClientFor(config: Config, policy?: BackendPolicy): LegacyClient {
  if (!config.legacy.url) throw new Error("config.legacy.url is not set: start the legacy sandbox or set LEGACY_URL");
  return new LegacyClient({
    url: config.legacy.url,
    transport: config.legacy.transport,
    namespace: config.legacy.namespace,
    apiKey: config.legacy.apiKey,
    // The backend's bulkhead, breaker and read retries travel with its limits to the HTTP layer.
    limits: { ...config.legacy.limits, policy },
  });
}

function commerceClientFor(config: Config, policy?: BackendPolicy): CommerceClient | undefined {
  if (!config.commerce.url) return undefined;
  return new CommerceClient({
    baseUrl: config.commerce.url,
    authUrl: config.commerce.authUrl,
    limits: { ...config.commerce.limits, policy },
  });
}

/**
 * The server's own commerce credentials, made once: its API key (every scope), else its OAuth
 * access token signed as PoP with the scopes it was granted; and the partner application's.
 */
function configuredCommerceCredentials(
  config: Config,
): Pick<NonNullable<ContextDeps["commerce"]>, "credential" | "partnerCredential"> {
  const { apiKey, accessToken, clientId, clientSecret, popAlgorithm, scopes, userId } = config.commerce;
  const signed = apiKey
    ? apiKeyCredential(apiKeySigner(apiKey))
    : accessToken && clientSecret
      ? oauthCredential(popSigner({ accessToken, clientSecret, algorithm: popAlgorithm }), scopes)
      : undefined;
  // The gateway's own store: the one COMMERCE_USER_ID names, else every store whose webhooks reach it.
  const credential = signed && withStoreEvents(signed, userId === undefined ? "all" : { userId });
  const partnerCredential =
    clientId && clientSecret
      ? partnerCredentialOf(partnerSigner({ appId: clientId, clientSecret, algorithm: popAlgorithm }))
      : undefined;
  return { credential, partnerCredential };
}

/** Backend clients the graph uses. */
export interface GraphClients {
  legacy: LegacyCaller;
  commerce?: CommerceCaller;
  /** The event log subscriptions read (without one, subscriptions fail). */
  events?: EventLog;
  /** The gateway's logger (yoga's messages go there) and tracer (spans of graphql-ws operations). */
  logger?: Logger;
  tracer?: Tracer;
  /** The instance's readiness (default: one of the configured backends, without circuit states). */
  readiness?: Readiness;
  /** Metrics to count requests, errors and subscriptions in. */
  metrics?: GatewayMetrics;
  /** The persisted-document rules (default: made from the config; the gateway shares its own with the websockets). */
  persisted?: PersistedRules;
  /** Admits an SSE stream over node:http (its caller's slot, its token's expiry): the gateway's. */
  admitStream?: StreamAdmission;
}

/** Builds the yoga app of the graph (no server): for `createGateway` and for tests via `yoga.fetch`. */
/**
 * GraphiQL's options: one tab per example (the legacy account, the commerce store, one person
 * across both, and the live events of a list); it subscribes over websockets (graphql-ws, same
 * path). With PERSISTED_ONLY there is no introspection for GraphiQL to explore, and it sends
 * document texts: no page.
 */
function graphiQLOptions(persistedOnly: boolean): GraphiQLOptions | false {
  if (persistedOnly) return false;
  return {
    title: "mailgraph",
    defaultQuery: OVERVIEW_QUERY,
    defaultTabs: [
      { query: OVERVIEW_QUERY },
      { query: STORE_QUERY },
      { query: PERSON_QUERY },
      { query: LIST_FEED_QUERY, variables: LIST_FEED_VARIABLES },
    ],
    subscriptionsProtocol: "WS",
  };
}

/**
 * GraphiQL's renderer. Its scripts and styles are inline rather than from a CDN, so the IDE also
 * works offline and behind firewalls that block third-party hosts. With the commerce login
 * available, the page gets a corner bar to log in and out (src/auth). The IDE itself is imported
 * on the page's first request (src/graphiql-page.ts).
 */
function graphiQLRenderer(config: Config): (options?: GraphiQLOptions) => Promise<string> {
  return lazyGraphiQL(loginAvailable(config) ? withLoginBar : undefined);
}

/** The gateway's GraphiQL page, rendered and compressed once; undefined when there is none. */
function graphiQLPage(config: Config, persistedOnly: boolean) {
  const options = graphiQLOptions(persistedOnly);
  if (options === false) return undefined;
  const render = graphiQLRenderer(config);
  return cachedPage(() => render(options));
}

export function createGraphQLApp(config: Config, clients: GraphClients): YogaServerInstance<NodeContext, GraphContext> {
  const { legacy: legacyClient, commerce: commerceClient, events } = clients;
  const readiness: Readiness = clients.readiness ?? createReadiness(config);
  const deps: ContextDeps = {
    legacyClient,
    legacy: config.legacy,
    limits: { maxNodeIds: config.limits.maxNodeIds },
    commerceClient,
    commerce: { concurrency: config.commerce.concurrency, ...configuredCommerceCredentials(config) },
    events,
    tracer: clients.tracer,
    auth: config.auth,
  };
  const { deadlineMs } = config.limits;
  const authenticate = requestAuthenticatorFor(config, deps);
  const persisted = clients.persisted ?? persistedRules(config.persisted, schema);
  const logger = clients.logger ? yogaLogging(clients.logger) : createLogger();
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
      ...(clients.metrics ? [clients.metrics.plugin()] : []),
      useReadinessEndpoint("/readyz", async (fetchAPI) => {
        const report = await readiness.check();
        return new fetchAPI.Response(JSON.stringify(report), {
          status: report.status === "ready" ? 200 : 503,
          headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
        });
      }),
      // A browser sends "simple" requests (form posts, plain GETs) to any site without asking
      // first; requiring a non-simple content type or this header stops pages driving the graph.
      useCsrfHeaderRule(),
      // Documents by id (documentId, persistedQuery); with PERSISTED_ONLY nothing else (src/persisted).
      ...persisted.plugins,
      useQueryParamsCheck(),
      useRequestLimits(config.limits),
      // Request errors coded, and their status as a GraphQL-over-HTTP client expects it per Accept.
      useGraphQLOverHttp(),
      // What is a stream over HTTP, and its rules: refused before it starts unless its Accept can
      // stream, then its caller's slot and its token's expiry (src/plugins/caller-streams.ts).
      useHttpStreams({ admit: clients.admitStream, overWebSocket: isStreamRequest }),
      // Stops resolving when the caller goes away, instead of finishing work nobody will read.
      useRequestSignal(),
      useStreamContext(),
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
      // deadline signal and no first context made only to be replaced (src/websocket.ts).
      if (isStreamRequest(request)) {
        return authenticate(request.headers).then((credentials) =>
          createContext(deps, request, gone, credentials, scope),
        );
      }
      const backend = signals ? signals.backend : deadlineSignal(gone, deadlineMs);
      // The caller's credentials (gateway token, allowed headers, else in open mode the configured
      // ones); a request that has none in token mode ends here with 401 UNAUTHENTICATED.
      return authenticate(request.headers).then((credentials) => {
        // A subscription lives as long as its stream: its backend calls (access checks, per-event
        // reloads) end with the caller, each within its own call deadline, not at the request's.
        streamContexts.set(request, () => createContext(deps, request, gone, credentials, scope));
        return createContext(deps, request, backend, credentials, scope);
      });
    },
    // Unexpected errors are masked to "Unexpected error."; ours are GraphQLErrors with safe messages.
    maskedErrors: { errorMessage: UNEXPECTED_ERROR_MESSAGE },
    // The node server refuses bodies without a Content-Length or above MAX_BODY_BYTES before yoga
    // sees them (plugins/http-access.ts), and node's parser reads no more than that length; yoga's
    // own limit would pipe every body through a TransformStream again (a stream pipeline and an
    // AbortController per request) to enforce the same bound.
    maxRequestBodySize: false,
    logging: logger,
  });
}

/** Starts the gateway on config.host:config.port (0 picks a free port). */
export async function createGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  const metrics = new GatewayMetrics({ maxOperationNames: config.metrics.maxOperationNames });
  const policies = {
    legacy: new BackendPolicy("legacy", config.legacy.resilience, { observer: metrics.backendObserver() }),
    commerce: new BackendPolicy("commerce", config.commerce.resilience, { observer: metrics.backendObserver() }),
  };
  if (!options.legacyClient) metrics.track(policies.legacy);
  if (config.commerce.url) metrics.track(policies.commerce);
  const owned = options.legacyClient ? undefined : legacyClientFor(config, policies.legacy);
  const legacyClient = options.legacyClient ?? owned!;
  const commerceClient = commerceClientFor(config, policies.commerce);
  const logger = gatewayLogger(config, options.log);
  const tracing = await startTracing(config.tracing);
  const hosts = hostPolicy(config.http, config.host);
  const events = createEventLog(config.events.redisUrl, {
    maxLength: config.events.logMaxLength,
    retentionMs: config.events.logRetentionMs,
    keyPrefix: config.events.logKeyPrefix,
    onError: (error) => logger.error({ err: error }, "event log failure"),
    onRead: metrics.eventRead,
  });
  const readiness = createReadiness(config, {
    policies: { legacy: owned ? policies.legacy : undefined, commerce: commerceClient ? policies.commerce : undefined },
    redis: events instanceof RedisEventLog ? events : undefined,
  });
  // Websocket connections and SSE streams per caller: the caller is the subject of the gateway
  // token it presents, else its address (src/plugins/caller-streams.ts). A request whose
  // credentials do not hold is counted by its address, and is refused by yoga or the websocket gate.
  const streams = new CallerStreams(config.limits.maxStreamsPerCaller);
  const authenticateCaller = requestAuthenticatorFor(config, { legacy: config.legacy, commerce: undefined });
  // The slot, and when the stream's gateway token expires (Unix seconds), if it came with one.
  const streamSlot = (
    headers: Headers,
    address: string | undefined,
  ): Promise<{ slot: StreamSlot; expiresAt?: number | undefined }> =>
    authenticateCaller(headers).then(
      (credentials) => ({
        slot: streams.take(callerKey(credentials.subject, address)),
        expiresAt: credentials.expiresAt,
      }),
      () => ({ slot: streams.take(callerKey(undefined, address)) }),
    );
  // A websocket's credentials were read by its admission (websocketGate), which says the subject.
  const websocketStreamSlot = (subject: string | undefined, address: string | undefined): StreamSlot =>
    streams.take(callerKey(subject, address));
  // An SSE stream holds one of its caller's slots until its response closes, and lives no longer
  // than the gateway token that opened it, as a websocket does: at its expiry the connection is
  // cut (not completed, so the client reconnects with a fresh token and resumes with `after`
  // rather than taking the stream for finished).
  const admitStream: StreamAdmission = async (req, res) => {
    const { slot, expiresAt } = await streamSlot(credentialHeaders(req), req.socket.remoteAddress);
    if ("refused" in slot) return slot.refused;
    if (res.closed || req.socket.destroyed) {
      // The caller left while it was looked up: the subscription does not start.
      slot.release();
      return new GraphQLError("The request was aborted before its stream started.", {
        extensions: { code: "REQUEST_ABORTED" },
      });
    }
    res.once("close", slot.release);
    if (expiresAt !== undefined)
      res.once(
        "close",
        atExpiry(expiresAt * 1000, () => res.destroy()),
      );
    return undefined;
  };

  // The manifest is read and checked against the schema once, for HTTP, SSE and websockets.
  const persisted = persistedRules(config.persisted, schema);
  // The manifest's operations keep their metrics labels whatever other names callers send.
  metrics.reserveOperationNames(persisted.documents.operationNames);
  const yoga = createGraphQLApp(config, {
    persisted,
    legacy: legacyClient,
    commerce: commerceClient,
    events,
    logger,
    tracer: tracing?.tracer,
    readiness,
    metrics,
    admitStream,
  });
  const graphiql = graphiQLPage(config, persisted.only);
  const ingress = createIngress({
    log: events,
    ingressToken: config.events.ingressToken,
    commerceWebhookSecret: config.events.commerceWebhookSecret,
    maxBodyBytes: config.events.maxBodyBytes,
    bodyDeadlineMs: config.events.bodyDeadlineMs,
  });

  // With Redis, a login's one-time code can be exchanged on any instance sharing it (src/auth).
  const loginCodes = config.events.redisUrl
    ? new RedisOneTimeCodes(
        {
          url: config.events.redisUrl,
          keyPrefix: config.events.logKeyPrefix,
          onError: (error) => logger.error({ err: error }, "login code store failure"),
        },
        ONE_TIME_CODE_TTL_MS,
        () => Date.now(),
      )
    : undefined;
  // Until the server listens its port may be unknown (PORT=0): the login's own callback is read then.
  let listeningUrl: string | undefined;
  const login = createLoginRoutes({
    auth: config.auth,
    commerce: config.commerce,
    commerceClient,
    redirectUri: () =>
      config.commerce.redirectUri ?? `${listeningUrl ?? `http://${config.host}:${config.port}`}${CALLBACK_PATH}`,
    graphqlPath: GRAPHQL_PATH,
    log: (line) => logger.warn(line),
    codes: loginCodes,
  });
  const loginFailed = (res: ServerResponse, error: unknown) => {
    logger.error({ err: error }, "login route failed");
    if (!res.headersSent) sendJson(res, 500, { error: "internal_error", message: "The login could not be completed." });
    else res.destroy();
  };

  // Each request runs in its scope (request id, trace) and ends in one log line.
  const handler = (req: IncomingMessage, res: ServerResponse) =>
    observeRequest(req, res, { logger, tracer: tracing?.tracer }, () => route(req, res));
  const route = (req: IncomingMessage, res: ServerResponse) => {
    // No page of another site may frame an answer (GraphiQL, in open mode acting with the configured
    // keys, could be clickjacked into running a mutation), and no answer is sniffed into another type.
    // A page setting its own policy (the login's) replaces this one.
    for (const [name, value] of FRAMING_AND_SNIFFING_HEADERS) res.setHeader(name, value);
    if ((req.url ?? "").startsWith(AUTH_PREFIX)) {
      // The login's pages and its code exchange (src/auth/login.ts), before GraphQL.
      const refusal = refuseRequest(req, loginAccess(config, req), hosts, 4096);
      if (refusal) sendJson(res, refusal.status, { error: refusal.code, message: refusal.message });
      else
        void login.handle(req, res).then(
          // A path that leaves /auth/ once resolved (/auth/../graphql) is no login route either.
          (handled) => handled || sendJson(res, 404, { error: "not_found", message: "No such path." }),
          (error: unknown) => loginFailed(res, error),
        );
      return;
    }
    const webhook = (req.url ?? "").startsWith(WEBHOOK_PREFIX);
    // Deliveries accepted and refused, whichever step answers (src/metrics).
    if (webhook) metrics.webhook(req, res);
    // Webhooks bring batches of up to 1,000 events: their own body cap, checked by the ingress.
    const refusal = webhook
      ? refuseRequest(req, config.http, hosts, config.events.maxBodyBytes, "WEBHOOK_MAX_BODY_BYTES")
      : refuseRequest(req, config.http, hosts, config.limits.maxBodyBytes);
    if (refusal) {
      noteErrorCode(req, refusal.code);
      // The body is not read: close the connection after answering rather than drain it. A webhook
      // gets the ingress's shape and codes (docs/operations.md), GraphQL callers GraphQL's.
      const body = webhook
        ? { error: { code: webhookRefusalCode(refusal.code), message: refusal.message } }
        : { errors: [{ message: refusal.message, extensions: { code: refusal.code } }] };
      sendJson(res, refusal.status, body, { connection: "close" });
      return;
    }
    if (webhook) {
      // The legacy path carries a secret: it is never logged, and anything unhandled is a 404.
      void ingress(req, res).then(
        (handled) => {
          if (!handled) sendJson(res, 404, { error: { code: "not_found", message: "No such webhook path." } });
        },
        () => {
          if (!res.headersSent)
            sendJson(res, 500, { error: { code: "internal_error", message: "The webhook was not accepted." } });
          else res.destroy();
        },
      );
      return;
    }
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/health" || path === "/livez") {
      sendJson(res, 200, { status: "ok" });
      return;
    }
    if (path === METRICS_PATH) {
      // Loopback callers, or METRICS_TOKEN bearers (src/metrics/endpoint.ts).
      void serveMetrics(req, res, metrics, config.metrics.token).catch(() => {
        if (!res.headersSent) sendJson(res, 500, { error: { code: "internal_error", message: "No metrics." } });
        else res.destroy();
      });
      return;
    }
    if (path === "/" && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(302, { location: GRAPHQL_PATH, "cache-control": "no-store" });
      res.end();
      return;
    }
    if (graphiql && (path === GRAPHQL_PATH || path === `${GRAPHQL_PATH}/`) && wantsGraphiQL(req)) {
      // The same page for everyone, sent from memory (src/graphiql-page.ts).
      void graphiql(req, res).catch((error: unknown) => {
        logger.error({ err: error }, "GraphiQL page failed");
        if (!res.headersSent) sendJson(res, 500, { errors: [{ message: UNEXPECTED_ERROR_MESSAGE }] });
        else res.destroy();
      });
      return;
    }
    serveGraphQL(req, res);
  };
  const serveGraphQL = (req: IncomingMessage, res: ServerResponse) => {
    // The request's log line says when it was abandoned (logging/access-log.ts).
    nodeSignals.set(req, signalsOf(res, config.limits.deadlineMs));
    void yoga.requestListener(req, res);
  };

  /** Closes the clients, stores and exporters the gateway made; spans still buffered go out last. */
  const closeOwned = async () => {
    await owned?.close();
    await commerceClient?.close();
    await events.close();
    await loginCodes?.close();
    await tracing?.shutdown();
  };

  let server;
  try {
    server = await listen(handler, {
      port: config.port,
      host: config.host,
      name: "the gateway",
      portSetting: "PORT",
      // A whole request within 30 s (a 1 MiB GraphQL body needs 35 KB/s), or the webhook body's own
      // deadline and some, whichever is longer; its headers within 10 s (docs/decisions.md).
      requestTimeoutMs: Math.max(CLIENT_REQUEST_TIMEOUT_MS, config.events.bodyDeadlineMs + 5_000),
      headersTimeoutMs: CLIENT_HEADERS_TIMEOUT_MS,
    });
    listeningUrl = server.url;
  } catch (error) {
    await closeOwned();
    throw error;
  }
  const requests = trackRequests(server.server);
  let draining: Promise<DrainReport> | undefined;
  let closing: Promise<void> | undefined;
  // The upgrade passes the same Host and Origin checks (it has no body).
  const websocket = attachWebSocket(server.server, yoga, {
    path: GRAPHQL_PATH,
    refuse: (req) => refuseRequest(req, config.http, hosts, config.limits.maxBodyBytes),
    cookiesAllowed: (req) => cookiesAllowed(req, config.http),
    maxPayload: config.limits.maxBodyBytes,
    maxOperations: config.limits.maxOperationsPerConnection,
    streamSlot: websocketStreamSlot,
    authenticate: websocketGate(config),
    persisted: (payload) => persisted.resolve(payload),
    onConnection: (req, socket) => observeWebSocket(req, socket, logger),
  });
  return {
    url: server.url,
    port: server.port,
    server: server.server,
    yoga,
    events,
    readiness,
    metrics,
    fanout: websocket.fanout,
    shutdown() {
      const closeWebSockets = () => websocket.close();
      const close = () => (this as Gateway).close();
      draining ??= drain({ readiness, server: server.server, requests, closeWebSockets, close }, config.shutdown);
      return draining;
    },
    // Runs once: a second call (after shutdown(), or from two stop paths) waits for the first.
    close() {
      closing ??= (async () => {
        await websocket.close();
        await server.close();
        await closeOwned();
      })();
      return closing;
    },
  };
}
