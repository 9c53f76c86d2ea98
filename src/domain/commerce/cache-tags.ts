/**
 * What each cached commerce read depends on and what each write changes, in one table (the legacy
 * one is domain/legacy/cache-tags.ts): `segments`, `coupons`, `list:<id>` (a customer list's
 * members), `job:<id>` and `jobs` (every job, for a completion whose job is not named).
 */
import type { CacheKind } from "../../cache/index.js";

/** Each read: how long it is kept and its tags (all filed under `commerce:`). */
export const COMMERCE_READS = {
  segments: { kind: "other", tags: () => ["segments"] },
  couponPage: { kind: "other", tags: () => ["coupons"] },
  subscribersPage: { kind: "listStats", tags: (listId: string) => [`list:${listId}`] },
  job: { kind: "job", tags: (id: string) => [`job:${id}`, "jobs"] },
} as const satisfies Record<string, { kind: CacheKind; tags: (id: string) => string[] }>;

/** Each write: the tags it changes. */
export const COMMERCE_WRITES = {
  subscribe: (listId: string) => [`list:${listId}`],
  unsubscribeEmails: (listId: string) => [`list:${listId}`],
  unsubscribeSegment: (listId: string) => [`list:${listId}`, "segments"],
} as const satisfies Record<string, (id: string) => string[]>;

/** Tags as the cache files them: per backend. */
export function commerceTags(tags: readonly string[]): string[] {
  return tags.map((tag) => `commerce:${tag}`);
}

/** The tags an async-job/completed changes: its job, or every job when it names none. */
export function commerceJobTags(jobId: string | undefined): string[] {
  return commerceTags(jobId === undefined ? ["jobs"] : [`job:${jobId}`]);
}
