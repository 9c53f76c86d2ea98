/**
 * The partner side of the OAuth code flow (spec: Authentication, 2): build the authorize URL
 * with a fresh random state, then check the callback and exchange its code.
 *
 * Everything that can be refused locally is refused before any request: a state mismatch, an
 * error redirect, a malformed code, and a code certainly past its 3-minute life.
 */
import type { RequestScope } from "../../logging/request-context.js";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { endpoint } from "./catalog.js";
import type { CommerceClient } from "./client.js";
import { CommerceConfigError, CommerceOAuthError, OAuthCallbackError, OAuthDeniedError } from "./errors.js";
import type { AccessTokenGrant } from "./types.js";
import type { CallerSignal } from "../../util/call-abort.js";

/** Life of an authorization code (spec: Limits). */
export const CODE_LIFETIME_MS = 3 * 60 * 1000;
const CODE_PATTERN = /^[0-9a-f]{60}$/i;

/** What an authorization request needs. */
export interface AuthorizationRequest {
  /** {auth_url}: the host root of /oauth/authorize. */
  authUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  now?: () => Date;
}

/** The URL to send the user to, and the state to keep until the callback. */
export interface PendingAuthorization {
  url: string;
  state: string;
  createdAt: Date;
}

/** Starts an authorization: 24 random bytes as 32 url-safe characters of state. */
export function createAuthorization(request: AuthorizationRequest): PendingAuthorization {
  const state = randomBytes(24).toString("base64url");
  let url: URL;
  try {
    url = new URL(`${request.authUrl.replace(/\/+$/, "")}${endpoint("authorize").path}`);
  } catch {
    throw new CommerceConfigError("commerce auth URL must be an absolute URL");
  }
  url.search = new URLSearchParams([
    ["client_id", request.clientId],
    ["redirect_uri", request.redirectUri],
    ...(request.scopes.length > 0 ? [["scope", request.scopes.join(" ")] as [string, string]] : []),
    ["state", state],
  ]).toString();
  return { url: url.href, state, createdAt: (request.now ?? (() => new Date()))() };
}

/** The query parameters of a callback. */
export interface CallbackParams {
  code?: string | null;
  state?: string | null;
  error?: string | null;
  error_description?: string | null;
}

/** A callback to complete: the URL the user came back on, or its parameters. */
export type AuthorizationCallback = ({ callbackUrl: string } | CallbackParams) & {
  /** The state of the PendingAuthorization this callback answers. */
  expectedState: string;
  /**
   * When the callback arrived. The code was issued before that, so once 3 minutes have passed
   * since then it is certainly expired (decisions: OAuth code age). Defaults to now.
   */
  receivedAt?: Date;
};

/** The app's credentials and the client to exchange with. */
export interface CodeExchanger {
  client: CommerceClient;
  clientId: string;
  clientSecret: string;
  /** Exactly as used in the authorization request. */
  redirectUri: string;
  now?: () => Date;
  signal?: CallerSignal;
  /** The gateway request the exchange is made for (its id and span). */
  scope?: RequestScope;
}

function paramsOf(callback: AuthorizationCallback): CallbackParams {
  if (!("callbackUrl" in callback)) return callback;
  let url: URL;
  try {
    url = new URL(callback.callbackUrl);
  } catch {
    throw new OAuthCallbackError("COMMERCE_OAUTH_INVALID_CODE", "callback URL is not an absolute URL");
  }
  const q = url.searchParams;
  return {
    code: q.get("code"),
    state: q.get("state"),
    error: q.get("error"),
    error_description: q.get("error_description"),
  };
}

/** Constant-time equality of two strings of any lengths (compares their SHA-256 digests). */
export function sameState(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Checks a callback and exchanges its code for a PoP access token. */
export async function completeAuthorization(
  callback: AuthorizationCallback,
  exchanger: CodeExchanger,
): Promise<AccessTokenGrant> {
  const params = paramsOf(callback);
  // State first: an error redirect with a foreign state is not ours to report either.
  if (!params.state || !sameState(params.state, callback.expectedState)) {
    throw new OAuthCallbackError("COMMERCE_OAUTH_STATE_MISMATCH", "callback state does not match the state sent");
  }
  if (params.error) {
    const description = params.error_description ?? undefined;
    if (params.error === "access_denied") throw new OAuthDeniedError(description);
    throw new CommerceOAuthError(params.error, description, { code: "COMMERCE_OAUTH_CALLBACK" });
  }
  const code = params.code ?? "";
  if (!CODE_PATTERN.test(code)) {
    throw new OAuthCallbackError(
      "COMMERCE_OAUTH_INVALID_CODE",
      "callback code is missing or not 60 hexadecimal characters",
    );
  }
  const now = (exchanger.now ?? (() => new Date()))();
  const receivedAt = callback.receivedAt ?? now;
  if (now.getTime() - receivedAt.getTime() >= CODE_LIFETIME_MS) {
    throw new OAuthCallbackError("COMMERCE_OAUTH_CODE_EXPIRED", "authorization code is older than 3 minutes");
  }
  return exchanger.client.exchangeCode(
    { clientId: exchanger.clientId, clientSecret: exchanger.clientSecret, code, redirectUri: exchanger.redirectUri },
    { signal: exchanger.signal, scope: exchanger.scope },
  );
}
