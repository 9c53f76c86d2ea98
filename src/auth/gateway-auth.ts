/**
 * The gateway's auth, wired from its Config: the request authenticator the context uses, the
 * websocket gate (close code 4401), and the access rules of the /auth routes.
 */
import type { IncomingMessage } from "node:http";
import type { Config, HttpAccessConfig } from "../config.js";
import type { ContextDeps } from "../context.js";
import { tokenKey } from "./gateway-token.js";
import { createRequestAuthenticator, type RequestAuthenticator } from "./request-auth.js";
import { LOGIN_PATH, CALLBACK_PATH } from "./login.js";

/** The authenticator of a gateway configured by `config`, with the configured credentials of `deps` (open mode). */
export function requestAuthenticatorFor(
  config: Config,
  deps: Pick<ContextDeps, "legacy" | "commerce">,
): RequestAuthenticator {
  return createRequestAuthenticator({
    mode: config.auth.mode,
    tokenKey: config.auth.secret ? tokenKey(config.auth.secret) : undefined,
    allowCredentialHeaders: config.auth.allowCredentialHeaders,
    configured: { legacyApiKey: deps.legacy.apiKey, commerce: deps.commerce?.credential },
    pop: { clientSecret: config.commerce.clientSecret, algorithm: config.commerce.popAlgorithm },
  });
}

/**
 * A graphql-ws connection let in: until when its gateway token is valid (Unix seconds), and whom
 * the token names, if it has one.
 */
export interface WebSocketAdmission {
  expiresAt?: number;
  subject?: string;
}

/**
 * Whether a graphql-ws connection may open: the upgrade's headers (its cookie) plus the
 * `authorization` of its connection_init payload must authenticate as an HTTP request would.
 */
export function websocketGate(config: Config): (headers: Headers) => Promise<WebSocketAdmission | false> {
  const authenticate = requestAuthenticatorFor(config, { legacy: config.legacy, commerce: undefined });
  return (headers) =>
    authenticate(headers).then(
      (credentials) => ({
        ...(credentials.expiresAt === undefined ? {} : { expiresAt: credentials.expiresAt }),
        ...(credentials.subject === undefined ? {} : { subject: credentials.subject }),
      }),
      () => false,
    );
}

/**
 * The Origin rule of the /auth paths: the login and its callback are top-level navigations (a
 * redirect from the commerce site may carry its Origin, or "null"), so any Origin passes there;
 * POST /auth/token also takes the origins logins may return to.
 */
export function loginAccess(config: Config, req: IncomingMessage): HttpAccessConfig {
  const path = (req.url ?? "/").split("?")[0];
  if (path === LOGIN_PATH || path === CALLBACK_PATH) return { ...config.http, corsOrigins: ["*"] };
  return { ...config.http, corsOrigins: [...config.http.corsOrigins, ...config.auth.returnOrigins] };
}
