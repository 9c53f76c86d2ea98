/**
 * The GraphQL context: one per request, holding the caller's credentials (resolved once, here)
 * and the domain services built from them, so cached data never crosses from one caller to another.
 */
import type { Tracer } from "@opentelemetry/api";
import { newRequestRecord, type RequestScope } from "./logging/request-context.js";
import { acceptRequestId, REQUEST_ID_HEADER } from "./logging/request-id.js";
import { initContextCache } from "@pothos/core";
import { apiKeySigner } from "./backends/commerce/auth.js";
import type { LegacyConfig } from "./config.js";
import { apiKeyCredential, type CommerceCredential } from "./domain/commerce/scopes.js";
import { CommerceService, type CommerceCaller } from "./domain/commerce/service.js";
import { DEFAULT_MAX_NODE_IDS } from "./domain/input-limits.js";
import type { LegacyCaller, LegacyKeyRules } from "./domain/legacy/loaders.js";
import { createLegacyService, type LegacyService } from "./domain/legacy/service.js";
import type { EventLog } from "./events/log/index.js";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER, type RequestCredentials } from "./auth/request-auth.js";
import type { CallerSignal } from "./util/call-abort.js";
import { CallBudget } from "./domain/call-budget.js";
import { CacheUse, type SharedCache } from "./cache/index.js";

export { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER };

/** What every resolver receives. */
export interface GraphContext {
  /** The legacy list service, bound to this request's API key. */
  legacy: LegacyService;
  /** The commerce interface, bound to this request's commerce credential. */
  commerce: CommerceService;
  /** The scopes this request's commerce credential holds ("all" for an API key); undefined without one. */
  commerceScopes: CommerceCredential["scopes"] | undefined;
  /** Whose commerce webhook events this request's credential may receive; undefined: none. */
  commerceStoreEvents: CommerceCredential["storeEvents"];
  /** Bounds of this request's arguments that the server configures. */
  limits: GraphLimits;
  /** The event log subscriptions read; undefined when the app runs without one (subscriptions then fail). */
  events: EventLog | undefined;
  /**
   * The request this context serves (its id, log record and trace), handed to every backend call;
   * the operation's span goes in here once it starts (plugins/operation-spans.ts).
   */
  requestScope: RequestScope;
  /** The backend calls this operation has made, bounded by MAX_COST once it executes (domain/call-budget.ts). */
  calls: CallBudget;
  /**
   * What the shared cache did for this request: reads it served (they cost no backend call) and
   * fetched, the oldest answer's age; `fresh` when the caller sent Cache-Control: no-cache.
   */
  cache: CacheUse;
}

/** Argument bounds the server configures. */
export interface GraphLimits {
  /** Ids `nodes(ids:)` takes at most. */
  maxNodeIds: number;
}

/** Long-lived things the per-request context is made from. */
export interface ContextDeps {
  legacyClient: LegacyCaller;
  legacy: Pick<LegacyConfig, "apiKey" | "concurrency">;
  /** Argument bounds; each one absent takes its default (maxNodeIds 100). */
  limits?: Partial<GraphLimits>;
  /** The commerce client; absent, every commerce field fails as not configured. */
  commerceClient?: CommerceCaller;
  commerce?: {
    concurrency: number;
    /** The server's own store credential (its API key, or its OAuth token with its scopes). */
    credential?: CommerceCredential;
    /** The partner application's credential, for the partner interface. */
    partnerCredential?: CommerceCredential;
  };
  /** The event log webhooks feed, for subscriptions. */
  events?: EventLog;
  /** The gateway's tracer: contexts made without a request scope (graphql-ws operations) trace with it. */
  tracer?: Tracer;
  /** How callers bring a legacy key (AUTH_MODE), so a request without one is told what works here. */
  auth?: LegacyKeyRules;
  /** The cache of backend reads shared across requests (src/cache); absent: every read goes to the backend. */
  cache?: SharedCache;
}

/** Whether the request asks for fresh data: `Cache-Control: no-cache` (or `no-store`, `max-age=0`). */
export function wantsFreshData(headers: Headers | undefined): boolean {
  const value = headers?.get("cache-control");
  return value ? /(?:^|,)\s*(?:no-cache|no-store|max-age\s*=\s*0)\s*(?:,|$)/i.test(value) : false;
}

/** The caller's key from the header, else the configured key; blank counts as absent. */
export function legacyApiKeyFor(headers: Headers | undefined, configured: string | undefined): string | undefined {
  const sent = headers?.get(LEGACY_API_KEY_HEADER)?.trim();
  return sent ? sent : configured;
}

/**
 * The caller's commerce credential: an API key it sends (holding every scope, as the backend's
 * keys do), else the server's configured one.
 */
export function commerceCredentialFor(headers: Headers | undefined, configured: CommerceCredential | undefined) {
  const sent = headers?.get(COMMERCE_API_KEY_HEADER)?.trim();
  return sent ? apiKeyCredential(apiKeySigner(sent)) : configured;
}

/** A commerce backend that is not there: every call fails the way an unreachable one does. */
const NO_COMMERCE_BACKEND = new Proxy({} as CommerceCaller, {
  get: () => () => Promise.reject(new CommerceNotConfiguredError()),
});

/** Raised for every commerce call when the gateway has no commerce backend configured. */
export class CommerceNotConfiguredError extends Error {
  readonly code = "COMMERCE_NOT_CONFIGURED";
  constructor() {
    super("No commerce backend is configured (COMMERCE_URL).");
    this.name = "CommerceNotConfiguredError";
  }
}

/**
 * Builds the context of one request. `signal` (the request's abort combined with its deadline,
 * made by the server) aborts backend calls still running; without it, the request's own signal.
 */
export function createContext(
  deps: ContextDeps,
  request?: Request,
  signal?: CallerSignal,
  /** The caller's credentials as the gateway's auth resolved them (src/auth); absent: headers, else configured. */
  credentials?: RequestCredentials,
  /** The request's scope (the HTTP handler's); absent: one for this context, its id from X-Request-Id or new. */
  scope?: RequestScope,
): GraphContext {
  const requestScope = scope ?? {
    request: newRequestRecord(acceptRequestId(request?.headers.get(REQUEST_ID_HEADER))),
    tracer: deps.tracer,
  };
  const commerceCredential = credentials
    ? credentials.commerce
    : commerceCredentialFor(request?.headers, deps.commerce?.credential);
  // Pothos keeps its per-request caches under a symbol key; the marker survives the server copying
  // the object. Assigned onto Pothos's object rather than spread into a literal: V8 copies a
  // spread symbol key on a slow path, on every request (measured: bench/RESULTS.md, clients-throughput).
  const calls = new CallBudget();
  const cache = new CacheUse(wantsFreshData(request?.headers));
  const shared = deps.cache ? { shared: deps.cache, use: cache } : undefined;
  return Object.assign(initContextCache(), {
    legacy: createLegacyService(deps.legacyClient, {
      apiKey: credentials ? credentials.legacyApiKey : legacyApiKeyFor(request?.headers, deps.legacy.apiKey),
      concurrency: deps.legacy.concurrency,
      signal: signal ?? request?.signal,
      scope: requestScope,
      calls,
      keyRules: deps.auth,
      cache: shared,
    }),
    commerce: new CommerceService(deps.commerceClient ?? NO_COMMERCE_BACKEND, {
      credential: commerceCredential,
      // App-wide data: only for callers the gateway's auth lets use the partner application's credential.
      partnerCredential: credentials && !credentials.partner ? undefined : deps.commerce?.partnerCredential,
      partnerRefused: credentials !== undefined && !credentials.partner,
      concurrency: deps.commerce?.concurrency ?? 8,
      signal: signal ?? request?.signal,
      scope: requestScope,
      calls,
      cache: shared,
    }),
    commerceScopes: commerceCredential?.scopes,
    commerceStoreEvents: commerceCredential?.storeEvents,
    limits: { maxNodeIds: deps.limits?.maxNodeIds ?? DEFAULT_MAX_NODE_IDS },
    events: deps.events,
    requestScope,
    calls,
    cache,
  });
}
