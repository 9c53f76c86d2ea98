/**
 * Readiness: should this instance get traffic now? It is ready when each configured backend is
 * reachable and its circuit breaker is not open, when the event log's Redis (REDIS_URL) answers,
 * and while the instance is not draining (setDraining, on shutdown: 503 from then on).
 *
 * Each backend is asked one cheap unauthenticated request. The legacy service gets the read every
 * caller's first query makes, User.GetClients over HTTP GET, with an empty ApiKey: the spec has it
 * answer Result 100 (invalid key) in HTTP 200 before doing any work, so it needs no key, and only
 * the service at the right path answers it: a LEGACY_URL whose path is wrong (404), or a host that
 * answers every path with some page, is "down", where a bare "any answer below 500" called it up.
 * The commerce interface gets its segment list, which answers 401 without a key; any HTTP answer
 * below 500 means it is reachable. Redis is sent a PING. Results are kept for a short while so a
 * busy probe cannot turn into load on the backends; circuit states are read fresh on every check.
 * The report names backends and their state only: no URL, no key.
 */
import type { Config, LegacyConfig } from "../config.js";
import type { BackendName, BackendPolicy, CircuitName } from "../backends/resilience.js";
import { operation } from "../backends/legacy/catalog.js";
import { decodeReply, encodeRequest } from "../backends/legacy/codec.js";
import { LegacyError, LegacyResultError } from "../backends/legacy/errors.js";
import type { WireParam } from "../backends/legacy/params.js";

/** One backend's state. */
export interface BackendState {
  status: "up" | "down" | "not configured";
  /** Why it is down, in words that carry no address or secret. */
  reason?: string;
  ms?: number;
  /** The gateway's circuit breaker for the backend, when it has one. */
  circuit?: CircuitName;
}

/** The event log's Redis. */
export interface RedisState {
  status: "up" | "down" | "not configured";
  reason?: string;
  ms?: number;
}

/** What /readyz answers. */
export interface ReadinessReport {
  status: "ready" | "unavailable" | "draining";
  backends: Record<BackendName, BackendState>;
  redis: RedisState;
  /** The shared cache of backend reads: where it is, or `uncached` while its Redis does not answer. */
  cache: { status: "memory" | "redis" | "uncached" | "off" };
}

export interface Readiness {
  /** The report now (cached for a moment); `status` other than "ready" means 503. */
  check(): Promise<ReadinessReport>;
  /** From now on readiness answers "draining" (503): for shutdown, before the listener closes. */
  setDraining(): void;
  readonly draining: boolean;
}

/** What readiness looks at besides the configured URLs. */
export interface ReadinessDeps {
  /** The backends' policies, whose circuit state counts. */
  policies?: Partial<Record<BackendName, BackendPolicy>>;
  /** The event log when it is on Redis: something that answers a PING. */
  redis?: { ping(timeoutMs?: number): Promise<void> };
  /** The cache's store, read fresh on every check; absent: the cache is off. */
  cache?: { readonly kind: "memory" | "redis"; usable(): boolean };
}

const PROBE_TIMEOUT_MS = 2_000;
const CACHE_MS = 2_000;

async function probe(url: string | undefined): Promise<BackendState> {
  if (!url) return { status: "not configured" };
  const started = Date.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), redirect: "manual" });
    await res.body?.cancel();
    const ms = Date.now() - started;
    return res.status < 500 ? { status: "up", ms } : { status: "down", reason: `HTTP ${res.status}`, ms };
  } catch (error) {
    return unanswered(error, started);
  }
}

/** The legacy probe's operation: a read with no parameter but the key, answered 100 without one. */
const LEGACY_PROBE = operation("User.GetClients");
const LEGACY_PROBE_PARAMS: readonly WireParam[] = [{ name: "ApiKey", value: "" }];
/** A Result 100 document is a few hundred bytes; a page this large is not the service's answer. */
const LEGACY_PROBE_MAX_BYTES = 64 * 1024;

/** The body of `res`, or undefined past `max` bytes (the rest is not read). */
async function bodyUpTo(res: Response, max: number): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > max) {
      await res.body?.cancel();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Why the legacy probe's reply is not the service's, in words without address or key. */
function notTheService(error: unknown): string {
  if (!(error instanceof LegacyError)) return "no reply of the legacy service";
  const status = (error as { status?: number }).status;
  if (status === 404) return "HTTP 404 at the service path: is LEGACY_URL the service's base URL?";
  return status !== undefined && status !== 200
    ? `HTTP ${status} at the service path (${error.code})`
    : `no reply of the legacy service at the service path (${error.code})`;
}

/**
 * Up when the service path answers User.GetClients as the legacy service does: with a Result code
 * (100 without a key) or, should it take an empty key, the clients.
 */
async function probeLegacy(legacy: LegacyConfig): Promise<BackendState> {
  if (!legacy.url) return { status: "not configured" };
  const base = new URL(legacy.url);
  const request = encodeRequest(LEGACY_PROBE, "get", LEGACY_PROBE_PARAMS, {
    basePath: base.pathname.replace(/\/+$/, ""),
    namespace: legacy.namespace,
  });
  const started = Date.now();
  let reply: { status: number; contentType: string; body: Buffer };
  try {
    const res = await fetch(`${base.origin}${request.path}`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      redirect: "manual",
    });
    const body = await bodyUpTo(res, LEGACY_PROBE_MAX_BYTES);
    const ms = Date.now() - started;
    if (body === undefined) return { status: "down", reason: "no reply of the legacy service (too large)", ms };
    reply = { status: res.status, contentType: (res.headers.get("content-type") ?? "").toLowerCase(), body };
  } catch (error) {
    return unanswered(error, started);
  }
  const ms = Date.now() - started;
  try {
    decodeReply(LEGACY_PROBE, reply, { sent: LEGACY_PROBE_PARAMS, redact: (text) => text });
    return { status: "up", ms };
  } catch (error) {
    if (error instanceof LegacyResultError) return { status: "up", ms };
    return { status: "down", reason: notTheService(error), ms };
  }
}

/** A probe that got no answer: timed out or unreachable. */
function unanswered(error: unknown, started: number): BackendState {
  const timedOut = (error as Error)?.name === "TimeoutError";
  return {
    status: "down",
    reason: timedOut ? `no answer within ${PROBE_TIMEOUT_MS} ms` : "unreachable",
    ms: Date.now() - started,
  };
}

async function pingRedis(redis: ReadinessDeps["redis"], configured: boolean): Promise<RedisState> {
  if (!configured || !redis) return { status: "not configured" };
  const started = Date.now();
  try {
    await redis.ping(PROBE_TIMEOUT_MS);
    return { status: "up", ms: Date.now() - started };
  } catch {
    // ioredis messages may carry the host; the reason stays generic.
    return { status: "down", reason: "no answer to PING", ms: Date.now() - started };
  }
}

/** A backend's probe result with its circuit state; an open circuit makes it "down". */
function withCircuit(state: BackendState, policy: BackendPolicy | undefined): BackendState {
  if (!policy || state.status === "not configured") return state;
  const circuit = policy.circuit;
  if (circuit === "open" && state.status === "up") {
    return { ...state, status: "down", reason: "circuit breaker open after repeated failures", circuit };
  }
  return { ...state, circuit };
}

/** A readiness check of the configured backends and Redis, cached for CACHE_MS. */
export function createReadiness(config: Config, deps: ReadinessDeps = {}): Readiness {
  let last: { at: number; report: Promise<Omit<ReadinessReport, "status" | "cache"> & { ready: boolean }> } | undefined;
  let draining = false;
  const commerceProbe = config.commerce.url ? `${config.commerce.url}/segments` : undefined;
  const probes = () =>
    Promise.all([
      probeLegacy(config.legacy),
      probe(commerceProbe),
      pingRedis(deps.redis, !!config.events.redisUrl),
    ]).then(([legacy, commerce, redis]) => ({ legacy, commerce, redis }));
  return {
    get draining() {
      return draining;
    },
    setDraining() {
      draining = true;
    },
    async check() {
      // While draining the answer is 503 whatever the backends say: a report already made is
      // reused rather than waiting for new probes.
      if (!last || (!draining && Date.now() - last.at >= CACHE_MS)) {
        const report = probes().then(({ legacy, commerce, redis }) => ({
          backends: { legacy, commerce },
          redis,
          ready: legacy.status !== "down" && commerce.status !== "down" && redis.status !== "down",
        }));
        last = { at: Date.now(), report };
      }
      const probed = await last.report;
      // Circuit states are read fresh: they change between probes.
      const legacy = withCircuit(probed.backends.legacy, deps.policies?.legacy);
      const commerce = withCircuit(probed.backends.commerce, deps.policies?.commerce);
      const ready = probed.ready && legacy.status !== "down" && commerce.status !== "down";
      // Draining wins: the instance is going away whatever its dependencies say.
      const status = draining ? "draining" : ready ? "ready" : "unavailable";
      const store = deps.cache;
      const cache = { status: !store ? "off" : store.usable() ? store.kind : "uncached" } as const;
      return { status, backends: { legacy, commerce }, redis: probed.redis, cache };
    },
  };
}
