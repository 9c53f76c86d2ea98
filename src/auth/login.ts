/**
 * The commerce OAuth partner login, served by the gateway under /auth: the browser goes to the
 * commerce authorize page and back, and the access token and granted scopes are sealed into a
 * gateway token (a session cookie, or a one-time code for an app), so the access token never
 * leaves the gateway. See docs/decisions.md, "Login cookies, state and one-time login codes".
 */
import { randomBytes } from "node:crypto";
import { grantedScopes } from "../domain/commerce/scopes.js";
import { scopeOf } from "../logging/request-context.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CommerceClient } from "../backends/commerce/client.js";
import {
  CommerceError,
  CommerceOAuthError,
  OAuthCallbackError,
  OAuthDeniedError,
} from "../backends/commerce/errors.js";
import { completeAuthorization, createAuthorization } from "../backends/commerce/oauth.js";
import { isLoopbackHost, type AuthConfig, type CommerceConfig } from "../config.js";
import { hostName } from "../http/access.js";
import { readCookie, SESSION_COOKIE, setCookie, signValue, STATE_COOKIE, verifyValue } from "./cookies.js";
import { deriveKey, sealGatewayToken, tokenKey } from "./gateway-token.js";
import { OneTimeCodes, type OneTimeCodeStore } from "./one-time-codes.js";
import { renderLoginPage, type LoginPage } from "./pages.js";
import { sendSessionState, SESSION_PATH } from "./session-state.js";
import { readBody, TOO_LARGE } from "../util/read-body.js";
import { sendJson } from "../util/send-json.js";

/** Where the login lives (GET /auth/session is session-state.ts's). */
export const AUTH_PREFIX = "/auth/";
/**
 * GET, `?return_to=<url on an AUTH_RETURN_ORIGINS origin>` optional: to the authorize page with a
 * fresh state in a signed HttpOnly SameSite=Lax cookie (first moved to the callback's loopback
 * name when it came by another: loopbackBounce).
 */
export const LOGIN_PATH = "/auth/commerce/login";
/**
 * GET: checks the state, exchanges the code (Basic auth, form body) and answers with a session
 * cookie (then back to GraphiQL) or a one-time code in the `return_to` app's URL fragment.
 */
export const CALLBACK_PATH = "/auth/commerce/callback";
/** POST: exchanges a one-time code for the gateway token (JSON). */
export const TOKEN_PATH = "/auth/token";
/** POST: forgets the session cookie. */
export const LOGOUT_PATH = "/auth/logout";
/** How long a started login may take before its callback (the state cookie's life). */
export const STATE_TTL_SECONDS = 10 * 60;
/**
 * The subject of a login session: a random id made at the callback, so each login is its own
 * caller for MAX_STREAMS_PER_CALLER (many users behind one address would otherwise share one
 * budget). Random rather than taken from the grant: the access-token reply names no user, and a
 * value derived from the access token would be a function of a secret in logs. Not a secret
 * itself: it only tells sessions apart.
 */
export const newSessionSubject = (): string => `login:${randomBytes(16).toString("base64url")}`;
/** How long a one-time code waits for POST /auth/token. */
export const ONE_TIME_CODE_TTL_MS = 60_000;

/** What the login needs of the gateway. */
export interface LoginOptions {
  auth: AuthConfig;
  commerce: CommerceConfig;
  /** The commerce client the code is exchanged with; undefined without a commerce backend. */
  commerceClient: CommerceClient | undefined;
  /** The callback URL registered with the commerce app: COMMERCE_REDIRECT_URI, else this gateway's own. */
  redirectUri(): string;
  /** Where GraphiQL is. */
  graphqlPath: string;
  /** One line per failed login (the reason only; never a code, state or token). */
  log(line: string): void;
  now?: () => Date;
  /**
   * Where one-time codes wait (RedisOneTimeCodes with REDIS_URL, shared by the instances); default:
   * this process's memory. The gateway closes it.
   */
  codes?: OneTimeCodeStore;
}

/** The /auth routes; `handle` answers and returns true for their paths, false for any other. */
export interface LoginRoutes {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

interface StateCookie {
  /** The OAuth state. */
  s: string;
  /** return_to, when the login hands its result to an app. */
  r?: string;
  /** When the login started (Unix ms). */
  t: number;
}

const isStateCookie = (v: unknown): v is StateCookie =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as StateCookie).s === "string" &&
  typeof (v as StateCookie).t === "number" &&
  ((v as StateCookie).r === undefined || typeof (v as StateCookie).r === "string");

function sendPage(res: ServerResponse, page: LoginPage, cookies: string[] = []): void {
  const body = renderLoginPage(page);
  res.writeHead(page.status, {
    "content-type": "text/html; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "referrer-policy": "no-referrer",
    ...(cookies.length > 0 ? { "set-cookie": cookies } : {}),
  });
  res.end(body);
}

function redirect(res: ServerResponse, location: string, cookies: string[] = []): void {
  res.writeHead(302, {
    location,
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    ...(cookies.length > 0 ? { "set-cookie": cookies } : {}),
  });
  res.end();
}

/** A body of at most `limit` bytes as text, else undefined. */
async function readSmallBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const body = await readBody(req, limit);
  return body === TOO_LARGE ? undefined : body.toString("utf8");
}

/**
 * Where a login started under `host` must go first, or undefined when it may start there. The state
 * cookie is kept per host name and the commerce service returns to the one registered callback
 * (`redirectUri`), so a login started on localhost whose callback is 127.0.0.1 would find no cookie.
 * The login moves to the callback's origin before the cookie is set, and only between loopback
 * names: those reach this gateway directly, so the move cannot loop through a proxy that rewrites
 * Host, and the target is always the configured callback, never a name taken from the request.
 */
export function loopbackBounce(host: string | undefined, redirectUri: string): string | undefined {
  if (!host) return undefined;
  const callback = new URL(redirectUri);
  let came: URL;
  try {
    came = new URL(`${callback.protocol}//${host}`);
  } catch {
    return undefined;
  }
  if (came.host === callback.host) return undefined;
  return isLoopbackHost(hostName(came.host)) && isLoopbackHost(callback.hostname) ? callback.origin : undefined;
}

/** Builds the /auth routes of one gateway. */
export function createLoginRoutes(options: LoginOptions): LoginRoutes {
  const { auth, commerce } = options;
  const now = options.now ?? (() => new Date());
  const keys = auth.secret
    ? { token: tokenKey(auth.secret), state: deriveKey(auth.secret, "login-state cookie HMAC-SHA256") }
    : undefined;
  const codes = options.codes ?? new OneTimeCodes(ONE_TIME_CODE_TTL_MS, () => now().getTime());
  // Cookies are Secure when the login's own callback is served over https.
  const secure = () => options.redirectUri().startsWith("https:");
  const clearState = () => setCookie(STATE_COOKIE, "", { path: "/auth/commerce", maxAge: 0, secure: secure() });
  const loginUrl = (returnTo: string | undefined) =>
    returnTo ? `${LOGIN_PATH}?${new URLSearchParams([["return_to", returnTo]]).toString()}` : LOGIN_PATH;

  /** Why the login cannot run on this gateway, or undefined when it can. */
  const unavailable = (): LoginPage | undefined => {
    const base = { status: 503, title: "Login is not available", reason: "login_not_configured" };
    if (!keys) return { ...base, message: "This gateway has no GATEWAY_SECRET, so it cannot issue sessions." };
    if (!options.commerceClient || !commerce.url) return { ...base, message: "This gateway has no commerce backend." };
    if (!commerce.clientId || !commerce.clientSecret) {
      return {
        ...base,
        message: "This gateway has no commerce partner application (COMMERCE_CLIENT_ID and COMMERCE_CLIENT_SECRET).",
      };
    }
    return undefined;
  };

  /** return_to when it is an http(s) URL on an allowed origin; null when given but not allowed. */
  const allowedReturnTo = (raw: string | null): string | undefined | null => {
    if (raw === null || raw === "") return undefined;
    try {
      const url = new URL(raw);
      if ((url.protocol === "http:" || url.protocol === "https:") && auth.returnOrigins.includes(url.origin)) {
        url.hash = "";
        return url.href;
      }
    } catch {
      // not a URL: refused below
    }
    return null;
  };

  const login = (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const problem = unavailable();
    if (problem) return sendPage(res, problem);
    const returnTo = allowedReturnTo(url.searchParams.get("return_to"));
    if (returnTo === null) {
      return sendPage(res, {
        status: 400,
        title: "This login cannot return there",
        message: "return_to must be an address on one of the origins this gateway allows (AUTH_RETURN_ORIGINS).",
        reason: "return_to_not_allowed",
      });
    }
    const bounce = loopbackBounce(req.headers.host, options.redirectUri());
    if (bounce) return redirect(res, `${bounce}${loginUrl(returnTo)}`);
    const authUrl = commerce.authUrl ?? new URL(commerce.url!).origin;
    const pending = createAuthorization({
      authUrl,
      clientId: commerce.clientId!,
      redirectUri: options.redirectUri(),
      scopes: commerce.scopes,
      now,
    });
    const cookie: StateCookie = { s: pending.state, t: now().getTime(), ...(returnTo ? { r: returnTo } : {}) };
    redirect(res, pending.url, [
      setCookie(STATE_COOKIE, signValue(cookie, keys!.state), {
        path: "/auth/commerce",
        maxAge: STATE_TTL_SECONDS,
        secure: secure(),
      }),
    ]);
  };

  const failed = (res: ServerResponse, page: Omit<LoginPage, "retryUrl">, returnTo: string | undefined) => {
    options.log(`login failed: ${page.reason}`);
    sendPage(res, { ...page, retryUrl: loginUrl(returnTo) }, [clearState()]);
  };

  const callback = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const problem = unavailable();
    if (problem) return sendPage(res, problem);
    const raw = readCookie(req.headers.cookie, STATE_COOKIE);
    const held = verifyValue(raw, keys!.state);
    if (!isStateCookie(held) || now().getTime() - held.t > STATE_TTL_SECONDS * 1000) {
      return failed(res, stateProblem(req, raw, held, options.redirectUri(), options.graphqlPath), undefined);
    }
    const returnTo = held.r;
    let grant;
    try {
      grant = await completeAuthorization(
        { callbackUrl: url.href, expectedState: held.s, receivedAt: now() },
        {
          client: options.commerceClient!,
          clientId: commerce.clientId!,
          clientSecret: commerce.clientSecret!,
          redirectUri: options.redirectUri(),
          now,
          scope: scopeOf(req),
        },
      );
    } catch (error) {
      return failed(res, pageOfFailure(error), returnTo);
    }
    // Only scopes asked for and known go into the token (a grant naming others is the backend's error).
    const { scopes, dropped } = grantedScopes(grant.scopes, commerce.scopes);
    if (dropped.length > 0)
      options.log(`login grant named ${dropped.length} scope(s) not asked for: left out of the token`);
    const token = await sealGatewayToken(
      { commerce: { kind: "oauth", accessToken: grant.accessToken }, scopes, subject: newSessionSubject() },
      keys!.token,
      auth.sessionTtlSeconds,
      now,
    );
    if (returnTo) {
      const code = await codes.issue(token, new URL(returnTo).origin, auth.sessionTtlSeconds);
      const target = new URL(returnTo);
      target.hash = new URLSearchParams([["gateway_code", code]]).toString();
      return redirect(res, target.href, [clearState()]);
    }
    redirect(res, options.graphqlPath, [
      clearState(),
      setCookie(SESSION_COOKIE, token, { path: "/", maxAge: auth.sessionTtlSeconds, secure: secure() }),
    ]);
  };

  /** CORS for the apps that may exchange codes: their origins only, never credentials. */
  const corsHeaders = (origin: string | undefined): Record<string, string> | undefined =>
    origin && auth.returnOrigins.includes(origin)
      ? { "access-control-allow-origin": origin, vary: "Origin" }
      : undefined;

  const exchange = async (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    const cors = corsHeaders(origin);
    if (req.method === "OPTIONS") {
      if (!cors)
        return sendJson(res, 403, { error: "origin_not_allowed", message: "This origin may not exchange codes." });
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "POST",
        "access-control-allow-headers": "content-type",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    if (req.method !== "POST")
      return sendJson(res, 405, { error: "method_not_allowed", message: "Use POST." }, { allow: "POST, OPTIONS" });
    if (origin && !cors) {
      return sendJson(res, 403, { error: "origin_not_allowed", message: "This origin may not exchange codes." });
    }
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    const text = await readSmallBody(req, 4096);
    let code: unknown;
    if (text !== undefined && type === "application/json") {
      try {
        code = (JSON.parse(text) as { code?: unknown })?.code;
      } catch {
        code = undefined;
      }
    } else if (text !== undefined && type === "application/x-www-form-urlencoded") {
      code = new URLSearchParams(text).get("code");
    }
    if (typeof code !== "string" || code === "") {
      return sendJson(
        res,
        400,
        { error: "invalid_request", message: 'Send {"code": "<one-time code>"} as application/json.' },
        cors,
      );
    }
    const redeemed = await codes.redeem(code, origin);
    if (!redeemed) {
      options.log("login code refused: unknown, used, expired or for another origin");
      return sendJson(
        res,
        400,
        { error: "invalid_grant", message: "The code is unknown, already used, expired, or for another origin." },
        cors,
      );
    }
    sendJson(res, 200, { token: redeemed.token, token_type: "Bearer", expires_in: redeemed.expiresIn }, cors);
  };

  const logout = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST") {
      return sendJson(res, 405, { error: "method_not_allowed", message: "Use POST." }, { allow: "POST" });
    }
    req.resume();
    const cleared = setCookie(SESSION_COOKIE, "", { path: "/", maxAge: 0, secure: secure() });
    // A form on GraphiQL's page goes back there (303: as a GET); a script gets a bare 204.
    if ((req.headers.accept ?? "").includes("text/html")) {
      res.writeHead(303, { location: options.graphqlPath, "cache-control": "no-store", "set-cookie": cleared });
    } else {
      res.writeHead(204, { "cache-control": "no-store", "set-cookie": cleared });
    }
    res.end();
  };

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? "/", "http://gateway.invalid");
      const route = `${req.method ?? "GET"} ${url.pathname}`;
      if (!url.pathname.startsWith(AUTH_PREFIX)) return false;
      if (url.pathname === TOKEN_PATH) await exchange(req, res);
      else if (url.pathname === LOGOUT_PATH) logout(req, res);
      else if (route === `GET ${SESSION_PATH}`) await sendSessionState(req, res, keys?.token, now);
      else if (route === `GET ${LOGIN_PATH}` || route === `HEAD ${LOGIN_PATH}`) login(req, res, url);
      else if (route === `GET ${CALLBACK_PATH}`) {
        try {
          await callback(req, res, url);
        } catch (error) {
          // Something nobody planned for: a page in words, the details only in the log.
          if (res.headersSent) throw error;
          options.log(`login failed: unexpected ${(error as Error)?.name ?? "error"}`);
          sendPage(
            res,
            {
              status: 500,
              title: "The login could not be completed",
              message: "Something went wrong on the gateway. Nothing was granted; try again.",
              reason: "internal_error",
              retryUrl: LOGIN_PATH,
            },
            [clearState()],
          );
        }
      } else sendJson(res, 404, { error: "not_found", message: "No such path." });
      return true;
    },
  };
}

/**
 * The page for a callback without a usable state cookie, naming the likely cause: a cookie that
 * was changed (or signed under another GATEWAY_SECRET), one past its 10 minutes, or none at all;
 * for none, whether this browser sends this host other cookies tells a login started under another
 * host name (or too long ago) from cookies that are blocked.
 */
function stateProblem(
  req: IncomingMessage,
  raw: string | undefined,
  held: unknown,
  redirectUri: string,
  graphqlPath: string,
): Omit<LoginPage, "retryUrl"> {
  const nothing = "Nothing was granted.";
  const minutes = STATE_TTL_SECONDS / 60;
  if (raw !== undefined && !isStateCookie(held)) {
    return {
      status: 400,
      title: "The login cookie is not valid",
      message: `The cookie of the login started in this browser was changed, or was signed by a gateway with another GATEWAY_SECRET (restarted since the login started). ${nothing} Start the login again.`,
      reason: "state_cookie_invalid",
    };
  }
  if (raw !== undefined) {
    return {
      status: 400,
      title: "This login took too long",
      message: `The login was started more than ${minutes} minutes ago. ${nothing} Start the login again.`,
      reason: "state_expired",
    };
  }
  const origin = new URL(redirectUri).origin;
  const names = `cookies are kept per host name: localhost and 127.0.0.1 are two sites to a browser`;
  const again = readCookie(req.headers.cookie, SESSION_COOKIE)
    ? "This browser already holds a login session here: if this page was opened again after a login finished (a reload, the back button), there is nothing to do. "
    : "";
  const likely =
    (req.headers.cookie ?? "").trim() !== ""
      ? `This browser does send this site its other cookies, so the login was most likely started under another host name than ${origin} (${names}), or more than ${minutes} minutes ago.`
      : `The login was started under another host name than ${origin} (${names}), or this browser blocks cookies for this site, or the login was started more than ${minutes} minutes ago or in another browser.`;
  return {
    status: 400,
    title: "The login cookie is missing",
    message: `The browser came back from the commerce service without the cookie set when the login started, so this answer cannot be tied to a login in this browser. ${again}${likely} ${nothing} Start the login again from ${origin}${graphqlPath}.`,
    reason: "state_missing",
  };
}

/** An OAuth error code fit to show: one plain word, else "an unknown error" (never free text). */
const oauthErrorWord = (code: string) => (/^[a-z_]{1,40}$/.test(code) ? code : "an unknown error");

/** The page for a callback that could not complete; never the backend's own words, which could echo a code. */
export function pageOfFailure(error: unknown): Omit<LoginPage, "retryUrl"> {
  if (error instanceof OAuthDeniedError) {
    return {
      status: 403,
      title: "Access was not granted",
      message: "The authorization was rejected on the commerce authorize page, so you are not logged in.",
      reason: "access_denied",
    };
  }
  if (error instanceof OAuthCallbackError) {
    switch (error.code) {
      case "COMMERCE_OAUTH_STATE_MISMATCH":
        return {
          status: 400,
          title: "This login answer does not belong to your login",
          message:
            "The answer from the commerce service carries a state that does not match the login started in this browser, so it was refused. Nothing was granted.",
          reason: "state_mismatch",
        };
      case "COMMERCE_OAUTH_CODE_EXPIRED":
        return {
          status: 400,
          title: "The authorization code has expired",
          message: "Authorization codes are valid for 3 minutes. Start the login again.",
          reason: "code_expired",
        };
      default:
        return {
          status: 400,
          title: "The answer from the commerce service is incomplete",
          message: "The callback carried no usable authorization code.",
          reason: "invalid_code",
        };
    }
  }
  if (error instanceof CommerceOAuthError) {
    if (error.oauthError === "invalid_grant") {
      return {
        status: 400,
        title: "The authorization code was refused",
        message:
          "The commerce service refused the authorization code: it has expired or was already used (a code works once, for 3 minutes). Start the login again.",
        reason: "code_refused",
      };
    }
    if (error.status === undefined) {
      return {
        status: 400,
        title: "The commerce service refused the login",
        message: `The authorize step ended with "${oauthErrorWord(error.oauthError)}".`,
        reason: "authorize_error",
      };
    }
    return {
      status: 502,
      title: "The commerce service refused this gateway",
      message: `The code exchange was refused with "${oauthErrorWord(error.oauthError)}": the gateway's partner application settings may be wrong.`,
      reason: "exchange_refused",
    };
  }
  if (error instanceof CommerceError) {
    return {
      status: 502,
      title: "The commerce service could not be reached",
      message: "The code exchange did not complete. Try again in a moment.",
      reason: "exchange_failed",
    };
  }
  throw error;
}
