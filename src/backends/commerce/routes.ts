/**
 * How commerce calls are named in metrics, errors and spans: by route, with every id replaced, so
 * a label or span name never holds a customer list's or a job's id, nor a query.
 */
import type { BackendRequest } from "../wire.js";
import { pathWords } from "./catalog.js";

/** Path words of the commerce interface, from the catalog; anything else in a path is an id. */
const COMMERCE_WORDS = new Set(pathWords());

/** `GET /customer-lists/{id}/subscribers` for `GET /api/v1/customer-lists/42/subscribers?…`: no ids, no query. */
export function commerceRoute(request: Pick<BackendRequest, "method" | "path">): string {
  return `${request.method} ${commercePathTemplate(request.path)}`;
}

/** `/customer-lists/{id}/subscribers` for `/api/v1/customer-lists/42/subscribers?…`: no ids, no query. */
export function commercePathTemplate(pathAndQuery: string): string {
  const path = pathAndQuery.split("?")[0] ?? "";
  const parts = path
    .split("/")
    .filter((p, i, all) => p !== "" || i === all.length - 1)
    .map((p) => (p === "" ? "" : COMMERCE_WORDS.has(p) ? p : "{id}"));
  return `/${parts.join("/").replace(/^api\/v1\/?/, "")}`;
}
