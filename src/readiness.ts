/**
 * Readiness: can the gateway reach its backends now? Each backend is asked one cheap
 * unauthenticated request (the legacy service's WSDL, the commerce interface's segment list,
 * which answers 401 without a key); any HTTP answer below 500 means it is reachable. Results are
 * kept for a short while so a busy probe cannot turn into load on the backends. The report names
 * backends and their state only: no URL, no key.
 */
import type { Config } from "./config.js";

/** One backend's state. */
export interface BackendState {
  status: "up" | "down" | "not configured";
  /** Why it is down, in words that carry no address or secret. */
  reason?: string;
  ms?: number;
}

/** What /readyz answers. */
export interface ReadinessReport {
  status: "ready" | "unavailable";
  backends: Record<"legacy" | "commerce", BackendState>;
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
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
    const timedOut = (error as Error)?.name === "TimeoutError";
    return {
      status: "down",
      reason: timedOut ? `no answer within ${PROBE_TIMEOUT_MS} ms` : "unreachable",
      ms: Date.now() - started,
    };
  }
}

/** A readiness check of the configured backends, cached for CACHE_MS. */
export function createReadiness(config: Config): Readiness {
  let last: { at: number; report: Promise<ReadinessReport> } | undefined;
  const legacyProbe = config.legacy.url ? `${config.legacy.url}/api/api.asmx?WSDL` : undefined;
  const commerceProbe = config.commerce.url ? `${config.commerce.url}/segments` : undefined;
  return {
    check() {
      if (last && Date.now() - last.at < CACHE_MS) return last.report;
      const report = Promise.all([probe(legacyProbe), probe(commerceProbe)]).then(([legacy, commerce]) => ({
        status: legacy.status === "down" || commerce.status === "down" ? ("unavailable" as const) : ("ready" as const),
        backends: { legacy, commerce },
      }));
      last = { at: Date.now(), report };
      return report;
    },
  };
}
