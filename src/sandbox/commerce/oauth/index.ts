/**
 * The OAuth paths under {auth_url}.
 */
import type { IncomingMessage } from "node:http";
import type { SandboxContext } from "../context.js";
import type { Reply } from "../http-io.js";
import { exchangeCode } from "./access-token.js";
import { decide, showAuthorizePage } from "./authorize.js";
import type { CommerceStore } from "../store.js";

/** An OAuth endpoint: its call-count key and handler. */
interface OAuthRoute {
  key: string;
  handle(req: IncomingMessage, url: URL, ctx: SandboxContext): Reply | Promise<Reply>;
}

const OAUTH_ROUTES: Record<string, OAuthRoute> = {
  "GET /oauth/authorize": { key: "GET /oauth/authorize", handle: (_req, url, ctx) => showAuthorizePage(url, ctx) },
  "POST /oauth/authorize/decision": {
    key: "POST /oauth/authorize/decision",
    handle: (req, _url, ctx) => decide(req, ctx),
  },
  "POST /oauth/access-token": { key: "POST /oauth/access-token", handle: (req, _url, ctx) => exchangeCode(req, ctx) },
};

export const findOAuthRoute = (method: string, path: string): OAuthRoute | undefined =>
  OAUTH_ROUTES[`${method} ${path}`];

/**
 * Registers `redirectUri` as the one redirect URI of partner app `clientId`: a gateway started on
 * a port picked at run time makes its own callback the demo app's.
 */
export function setRedirectUri(store: CommerceStore, clientId: string, redirectUri: string): void {
  const app = store.apps.get(clientId);
  if (!app) throw new Error(`no partner app ${clientId}`);
  app.redirectUri = new URL(redirectUri).href;
}
