/**
 * The GraphQL context: one per request, holding the caller's credentials (resolved once, here)
 * and the domain services built from them, so cached data never crosses from one caller to another.
 */
import { initContextCache } from "@pothos/core";
import type { LegacyConfig } from "./config.js";
import { DEFAULT_MAX_NODE_IDS } from "./domain/input-limits.js";
import type { LegacyCaller } from "./domain/legacy/loaders.js";
import { createLegacyService, type LegacyService } from "./domain/legacy/service.js";

/** Header through which a caller sends its own legacy API key. */
export const LEGACY_API_KEY_HEADER = "x-legacy-api-key";

/** What every resolver receives. */
export interface GraphContext {
  /** The legacy list service, bound to this request's API key. */
  legacy: LegacyService;
  /** Bounds of this request's arguments that the server configures. */
  limits: GraphLimits;
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
}

/** The caller's key from the header, else the configured key; blank counts as absent. */
export function legacyApiKeyFor(headers: Headers | undefined, configured: string | undefined): string | undefined {
  const sent = headers?.get(LEGACY_API_KEY_HEADER)?.trim();
  return sent ? sent : configured;
}

/**
 * Builds the context of one request. `signal` (the request's abort combined with its deadline,
 * made by the server) aborts backend calls still running; without it, the request's own signal.
 */
export function createContext(deps: ContextDeps, request?: Request, signal?: AbortSignal): GraphContext {
  return {
    // Pothos keeps its per-request caches here; the marker survives the server copying the object.
    ...initContextCache(),
    legacy: createLegacyService(deps.legacyClient, {
      apiKey: legacyApiKeyFor(request?.headers, deps.legacy.apiKey),
      concurrency: deps.legacy.concurrency,
      signal: signal ?? request?.signal,
    }),
    limits: { maxNodeIds: deps.limits?.maxNodeIds ?? DEFAULT_MAX_NODE_IDS },
  };
}
