/**
 * GET /auth/session: whether this browser has a login session, for GraphiQL's login bar. The
 * session cookie is HttpOnly, so the page cannot read it; it asks here, and learns only what the
 * bar shows (the granted scopes and the end of the session), never the token or its credentials.
 * The grant names no store or user (the token reply has none), so neither can this.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { readCookie, SESSION_COOKIE } from "./cookies.js";
import { GatewayTokenError, openGatewayToken } from "./gateway-token.js";
import { sendJson } from "../util/send-json.js";

export const SESSION_PATH = "/auth/session";

/** What the page is told about its session. */
export type SessionState =
  | { session: "none" }
  | { session: "active"; scopes: string[] | "all"; expiresAt: string }
  /** A cookie the gateway no longer takes: expired, or sealed with another GATEWAY_SECRET. */
  | { session: "ended"; reason: "expired" | "invalid" };

/** The state of the session cookie in `cookieHeader`; `key` is the gateway token key (none: no sessions). */
export async function sessionState(
  cookieHeader: string | undefined,
  key: Uint8Array | undefined,
  now?: () => Date,
): Promise<SessionState> {
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  if (!token || !key) return { session: "none" };
  try {
    const caller = await openGatewayToken(token, key, now);
    return {
      session: "active",
      scopes: caller.scopes === "all" ? "all" : [...caller.scopes],
      expiresAt: new Date(caller.expiresAt * 1000).toISOString(),
    };
  } catch (error) {
    if (error instanceof GatewayTokenError) {
      return { session: "ended", reason: error.reason === "expired" ? "expired" : "invalid" };
    }
    throw error;
  }
}

/** Answers GET /auth/session (JSON, never cached). */
export async function sendSessionState(
  req: IncomingMessage,
  res: ServerResponse,
  key: Uint8Array | undefined,
  now?: () => Date,
): Promise<void> {
  req.resume();
  sendJson(res, 200, await sessionState(req.headers.cookie, key, now));
}
