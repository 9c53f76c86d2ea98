/**
 * The shape of one /api/v1 route and the matcher of its path pattern.
 */
import type { Principal } from "../authenticate.js";
import type { RouteRequest } from "../context.js";
import type { Reply } from "../http-io.js";

/** A request that passed authentication and the scope check. */
export interface AuthorizedRequest extends RouteRequest {
  principal: Principal;
}

/** One endpoint: method, path pattern under /api/v1 (":name" segments), scopes, handler. */
export interface Route {
  method: string;
  pattern: string;
  /** Scopes a PoP token needs; an empty list means any authenticated caller. */
  scopes: readonly string[];
  handle(request: AuthorizedRequest): Reply | Promise<Reply>;
}

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
