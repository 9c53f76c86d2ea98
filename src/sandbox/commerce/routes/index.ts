/**
 * Every /api/v1 endpoint of the catalog (backends/commerce/catalog.ts) with its handler: the
 * catalog row says method, path and scopes, the handler what the endpoint does. The type makes a
 * catalog endpoint without a handler a compile error, so the catalog and the sandbox cannot drift.
 */
import { apiEndpoints, type ApiEndpointName, type EndpointSpec } from "../../../backends/commerce/catalog.js";
import { getJob, getJobResult } from "./async-jobs.js";
import { listCoupons } from "./coupons.js";
import { partnersRoot } from "./partners.js";
import { matchPattern, patternOf, type Route } from "./route.js";
import { exportSegment, listSegments } from "./segments.js";
import { listSubscribers } from "./subscribers.js";
import { putSubscription } from "./subscriptions.js";
import { deleteSubscribers } from "./unsubscribe.js";

const HANDLERS: Record<ApiEndpointName, Route> = {
  listCoupons,
  subscribe: putSubscription,
  listSubscribers,
  unsubscribe: deleteSubscribers,
  listSegments,
  exportSegment,
  getJob,
  getJobResult,
  partnerRoot: partnersRoot,
};

/** One routed endpoint: its catalog row, the sandbox's pattern of its path, and its handler. */
export interface RouteEntry {
  readonly name: ApiEndpointName;
  readonly row: EndpointSpec;
  /** The row's path with `:name` segments (`/customer-lists/:id/subscribers`); names its calls. */
  readonly pattern: string;
  readonly route: Route;
}

export const ROUTES: readonly RouteEntry[] = apiEndpoints().map(([name, row]) => ({
  name,
  row,
  pattern: patternOf(row),
  route: HANDLERS[name],
}));

/** The route serving `method path` (path relative to /api/v1); `/partners` also reaches the root. */
export function findRoute(
  method: string,
  path: string,
): { entry: RouteEntry; params: Record<string, string> } | undefined {
  const normalized = path === "/partners" ? "/partners/" : path;
  for (const entry of ROUTES) {
    if (entry.row.method !== method) continue;
    const params = matchPattern(entry.pattern, normalized);
    if (params) return { entry, params };
  }
  return undefined;
}
