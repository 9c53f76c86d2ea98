/**
 * The kinds of reads and how long each is kept (CACHE_TTL_*_S): what changes with every subscriber
 * (list statistics and members) briefly, a campaign's reports longer, rarely changing definitions
 * (templates, custom fields) long, an export job's state very briefly.
 */
import type { CacheConfig } from "../config.js";

export type CacheKind = "listStats" | "campaignSummary" | "reference" | "job" | "other";

/** Time to live of each kind, in milliseconds. */
export type CacheTtls = Readonly<Record<CacheKind, number>>;

export function ttlsOf(config: Pick<CacheConfig, "ttlSeconds">): CacheTtls {
  const s = config.ttlSeconds;
  return {
    listStats: s.listStats * 1000,
    campaignSummary: s.campaignSummary * 1000,
    reference: s.reference * 1000,
    job: s.job * 1000,
    other: s.other * 1000,
  };
}

/** The longest time an entry lives: tag versions must outlive every entry stored under them. */
export function longestTtl(ttls: CacheTtls): number {
  return Math.max(...Object.values(ttls));
}
