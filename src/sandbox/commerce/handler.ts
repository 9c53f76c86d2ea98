/**
 * The request listener of the sandbox: settles due jobs, counts the call, then dispatches to the
 * OAuth pages or to /api/v1 (authenticate → rate limit → route → scopes → handler), and turns
 * thrown errors into the documented error replies. Routes and the scopes they need are the
 * catalog's rows (backends/commerce/catalog.ts).
 */
import type { IncomingMessage, RequestListener } from "node:http";
import { ApiError, OAuthTokenError, notFound } from "./api-error.js";
import { authenticate, requireScopes } from "./authenticate.js";
import { API_PREFIX, type SandboxContext } from "./context.js";
import { handleControl } from "./control.js";
import { json, requestOrigin, writeReply, type Reply } from "./http-io.js";
import { findOAuthRoute } from "./oauth/index.js";
import { findRoute } from "./routes/index.js";
import { endpoint } from "../../backends/commerce/catalog.js";

/** The partner root's path (`/partners/`): it and everything under it takes partner tokens only. */
const PARTNER_ROOT = endpoint("partnerRoot").path;
const isPartnerPath = (path: string): boolean => path === PARTNER_ROOT.slice(0, -1) || path.startsWith(PARTNER_ROOT);

async function handleApi(req: IncomingMessage, url: URL, ctx: SandboxContext, origin: string): Promise<Reply> {
  const method = req.method ?? "GET";
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  const match = findRoute(method, path);
  ctx.calls.record(`${method} ${match ? match.entry.pattern : path}`);
  const principal = await authenticate(req, ctx, isPartnerPath(path));
  const rate = ctx.rateLimiter.take(principal.rateKey);
  if (!rate.allowed) {
    throw new ApiError(429, "rate_limited", "too many requests for this credential; retry later", undefined, {
      "retry-after": String(rate.retryAfterSeconds),
    });
  }
  if (!match) throw notFound(`no endpoint ${method} ${API_PREFIX}${path}`);
  requireScopes(principal, match.entry.row.scopes);
  return match.entry.route.handle({ ctx, req, url, params: match.params, origin, principal });
}

async function route(req: IncomingMessage, url: URL, ctx: SandboxContext, origin: string): Promise<Reply> {
  const method = req.method ?? "GET";
  if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) return handleApi(req, url, ctx, origin);
  if (url.pathname.startsWith("/__sandbox/")) return handleControl(req, url, ctx);
  const oauth = findOAuthRoute(method, url.pathname);
  ctx.calls.record(oauth ? oauth.key : `${method} ${url.pathname}`);
  if (!oauth) throw notFound(`no endpoint ${method} ${url.pathname}`);
  return oauth.handle(req, url, ctx);
}

function errorReply(error: unknown): Reply {
  if (error instanceof ApiError) return json(error.toBody(), error.status, error.headers);
  if (error instanceof OAuthTokenError) {
    const headers: Record<string, string> = { "cache-control": "no-store" };
    if (error.status === 401) headers["www-authenticate"] = 'Basic realm="oauth"';
    return json({ error: error.error, error_description: error.description }, error.status, headers);
  }
  // A sandbox bug: say so on stderr (messages never carry credentials) and answer 500.
  console.error("commerce sandbox: unexpected error", error);
  return json(new ApiError(500, "internal", "internal sandbox error").toBody(), 500);
}

/** The listener serving one sandbox instance. */
export function createHandler(ctx: SandboxContext): RequestListener {
  return (req, res) => {
    ctx.jobs.settle();
    const origin = requestOrigin(req, ctx.fallbackOrigin);
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://sandbox.invalid");
    } catch {
      writeReply(res, errorReply(new ApiError(400, "bad_request", "malformed request target")));
      return;
    }
    route(req, url, ctx, origin)
      .catch(errorReply)
      .then((reply) => writeReply(res, reply))
      .catch(() => res.destroy());
  };
}
