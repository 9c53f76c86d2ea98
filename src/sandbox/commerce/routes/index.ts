/**
 * Every /api/v1 endpoint, as one table: method, path pattern, scopes, handler.
 */
import { getJob, getJobResult } from "./async-jobs.js";
import { listCoupons } from "./coupons.js";
import { partnersRoot } from "./partners.js";
import { matchPattern, type Route } from "./route.js";
import { exportSegment, listSegments } from "./segments.js";
import { listSubscribers } from "./subscribers.js";
import { putSubscription } from "./subscriptions.js";
import { deleteSubscribers } from "./unsubscribe.js";

export const ROUTES: readonly Route[] = [
  listCoupons,
  putSubscription,
  listSubscribers,
  deleteSubscribers,
  listSegments,
  exportSegment,
  getJob,
  getJobResult,
  partnersRoot,
];

/** The route serving `method path` (path relative to /api/v1); `/partners` also reaches the root. */
export function findRoute(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
  const normalized = path === "/partners" ? "/partners/" : path;
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const params = matchPattern(route.pattern, normalized);
    if (params) return { route, params };
  }
  return undefined;
}
