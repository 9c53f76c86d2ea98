/**
 * The composition root: `createGateway(config)` makes the backend clients with their policies,
 * the metrics, event log, readiness, stream admissions, persisted documents, the GraphQL app, the
 * webhook ingress and the login, serves them on one node:http server (routes.ts) with websockets
 * on the GraphQL path, and owns their lifecycle (graceful shutdown, close).
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { YogaServerInstance } from "graphql-yoga";
import { websocketGate } from "../auth/gateway-auth.js";
import { CALLBACK_PATH, createLoginRoutes, ONE_TIME_CODE_TTL_MS } from "../auth/login.js";
import { RedisOneTimeCodes } from "../auth/one-time-codes.js";
import { BackendPolicy } from "../backends/resilience.js";
import { createBudgetStore } from "../budget/index.js";
import type { Config } from "../config.js";
import { createCache, type SharedCache } from "../cache/index.js";
import { invalidateOnWebhook } from "./cache-invalidation.js";
import type { GraphContext } from "../context.js";
import type { LegacyCaller } from "../domain/legacy/loaders.js";
import { createIngress } from "../events/ingress/index.js";
import { createEventLog, RedisEventLog, type EventLog } from "../events/log/index.js";
import { cookiesAllowed, hostPolicy, refuseRequest } from "../http/access.js";
import { observeRequest } from "../logging/access-log.js";
import { gatewayLogger } from "../logging/gateway.js";
import { observeWebSocket } from "../logging/websocket-log.js";
import { GatewayMetrics } from "../metrics/index.js";
import { persistedRules } from "../persisted/index.js";
import { isStreamResponse } from "../plugins/http-streams.js";
import { schema } from "../schema/index.js";
import { drain, trackRequests, type DrainReport } from "../shutdown/drain.js";
import { startTracing } from "../tracing/setup.js";
import { listen } from "../util/listen.js";
import { attachWebSocket, type WebSocketEndpoint } from "../websocket/index.js";
import { commerceClientFor, legacyClientFor } from "./clients.js";
import { graphiQLPage } from "./graphiql.js";
import { createGraphQLApp, GRAPHQL_PATH, type NodeContext } from "./graphql-app.js";
import { createReadiness, type Readiness } from "./readiness.js";
import { createRoutes } from "./routes.js";
import { streamAdmissions } from "./stream-admission.js";

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
  /** The cache of backend reads (Redis with REDIS_URL, else memory); undefined when off. */
  readonly cache: SharedCache | undefined;
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

/** Backend clients to use instead of the ones built from the config. */
export interface GatewayOptions {
  legacyClient?: LegacyCaller;
  /**
   * Where the gateway's JSON log lines go (one per request, and any failure), each ending in a
   * newline; default stdout.
   */
  log?: (line: string) => void;
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
  // Reads shared across requests (src/cache); Redis not answering is logged once per outage.
  let cacheDown = false;
  const cache = createCache(config, {
    observer: metrics.cacheObserver(() => cache?.store.bytes()),
    onError: (error) => {
      if (cacheDown) return;
      cacheDown = true;
      setTimeout(() => (cacheDown = false), 60_000).unref();
      logger.warn({ err: error }, "cache store not answering: reads go to the backends uncached");
    },
  });
  const readiness = createReadiness(config, {
    cache: cache?.store,
    policies: { legacy: owned ? policies.legacy : undefined, commerce: commerceClient ? policies.commerce : undefined },
    redis: events instanceof RedisEventLog ? events : undefined,
  });
  // Websocket connections and SSE streams per caller, at most MAX_STREAMS_PER_CALLER each.
  const streams = streamAdmissions(config);

  // The manifest is read and checked against the schema once, for HTTP, SSE and websockets.
  const persisted = persistedRules(config.persisted, schema);
  // The manifest's operations keep their metrics labels whatever other names callers send.
  metrics.reserveOperationNames(persisted.documents.operationNames);
  // Callers' budgets: in Redis with REDIS_URL, so every instance draws from one per caller; while
  // Redis does not answer, each instance budgets in memory (counted in /metrics; /readyz says Redis is down).
  const budget = config.budget.enabled
    ? createBudgetStore(config.budget, {
        redisUrl: config.events.redisUrl,
        keyPrefix: config.events.logKeyPrefix,
        onUnavailable: () => metrics.budgetStoreUnavailable.inc(),
      })
    : undefined;
  const yoga = createGraphQLApp(config, {
    budget,
    persisted,
    legacy: legacyClient,
    commerce: commerceClient,
    events,
    logger,
    tracer: tracing?.tracer,
    metrics,
    admitStream: streams.admitStream,
    cache,
  });
  const graphiql = graphiQLPage(config, persisted.only);
  const ingress = createIngress({
    log: events,
    ingressToken: config.events.ingressToken,
    commerceWebhookSecret: config.events.commerceWebhookSecret,
    maxBodyBytes: config.events.maxBodyBytes,
    bodyDeadlineMs: config.events.bodyDeadlineMs,
    // A webhook's changes leave the shared cache before the webhook is answered (server/cache-invalidation.ts).
    onAccepted: cache ? invalidateOnWebhook(cache) : undefined,
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
  // Each request runs in its scope (request id, trace) and ends in one log line.
  const route = createRoutes({ config, hosts, logger, metrics, readiness, login, ingress, graphiql, yoga });
  const handler = (req: IncomingMessage, res: ServerResponse) =>
    observeRequest(req, res, { logger, tracer: tracing?.tracer, isStream: isStreamResponse }, () => route(req, res));

  /** Closes the clients, stores and exporters the gateway made; spans still buffered go out last. */
  const closeOwned = async () => {
    await owned?.close();
    await commerceClient?.close();
    await events.close();
    await cache?.close();
    await loginCodes?.close();
    await budget?.close();
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
    streamSlot: streams.websocketStreamSlot,
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
    cache,
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
