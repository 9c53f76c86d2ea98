/**
 * The shape of one /api/v1 route and the matcher of its path pattern. A route is only its
 * handler: method, path and scopes are its endpoint's catalog row (backends/commerce/catalog.ts).
 */
import type { EndpointSpec } from "../../../backends/commerce/catalog.js";
import type { Principal } from "../authenticate.js";
import type { RouteRequest } from "../context.js";
import type { Reply } from "../http-io.js";

/** A request that passed authentication and the scope check. */
export interface AuthorizedRequest extends RouteRequest {
  principal: Principal;
}

/** The handler of one endpoint. */
export interface Route {
  handle(request: AuthorizedRequest): Reply | Promise<Reply>;
}

/** The sandbox's pattern of a catalog path: `/customer-lists/:id/subscribers` for `/customer-lists/{id}/subscribers`. */
export const patternOf = (row: Pick<EndpointSpec, "path">): string => row.path.replace(/\{([a-z]+)\}/gi, ":$1");

/** The path parameters when `path` fits `pattern`, else undefined. */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? "";
    const g = got[i] ?? "";
    if (w.startsWith(":")) {
      if (g === "") return undefined;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) {
      return undefined;
    }
  }
  return params;
}
