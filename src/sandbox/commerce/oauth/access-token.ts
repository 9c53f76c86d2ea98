/**
 * POST /oauth/access-token: exchanges an authorization code for a PoP access token (spec:
 * Authentication 2). Errors use OAuth's own body (RFC 6749 §5.2), per docs/decisions.md.
 */
import type { IncomingMessage } from "node:http";
import { OAuthTokenError } from "../api-error.js";
import type { SandboxContext } from "../context.js";
import { json, readBody, type Reply } from "../http-io.js";
import type { PartnerApp } from "../model.js";
import { sameSecret } from "../secrets.js";

/** Authorization code life (spec: Limits): valid while younger than this. */
export const CODE_TTL_MS = 3 * 60 * 1000;

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before base64; undecodable text is taken as is. */
function formDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

function authenticateClient(req: IncomingMessage, ctx: SandboxContext): PartnerApp {
  const header = req.headers.authorization ?? "";
  const match = /^Basic +([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match)
    throw new OAuthTokenError(
      401,
      "invalid_client",
      "client authentication required: HTTP Basic with the app id and client secret",
    );
  const decoded = Buffer.from(match[1] ?? "", "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const id = formDecode(colon < 0 ? decoded : decoded.slice(0, colon));
  const secret = formDecode(colon < 0 ? "" : decoded.slice(colon + 1));
  const app = ctx.store.apps.get(id);
  // The same answer for an unknown app and a wrong secret.
  if (!app || !sameSecret(secret, app.secret))
    throw new OAuthTokenError(401, "invalid_client", "unknown client or wrong client secret");
  return app;
}

export async function exchangeCode(req: IncomingMessage, ctx: SandboxContext): Promise<Reply> {
  const app = authenticateClient(req, ctx);
  if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthTokenError(400, "invalid_request", "the body must be application/x-www-form-urlencoded");
  }
  const form = new URLSearchParams(await readBody(req));
  const code = form.get("code");
  const redirectUri = form.get("redirect_uri");
  const missing = [code ? null : "code", redirectUri ? null : "redirect_uri"].filter((f) => f !== null);
  if (missing.length > 0) throw new OAuthTokenError(400, "invalid_request", `missing field(s): ${missing.join(", ")}`);

  const grant = ctx.store.codes.get(code ?? "");
  if (!grant || grant.appId !== app.id)
    throw new OAuthTokenError(400, "invalid_grant", "the code was not issued to this application");
  if (grant.used) throw new OAuthTokenError(400, "invalid_grant", "the code has already been used");
  if (ctx.now().getTime() - grant.issuedAt >= CODE_TTL_MS)
    throw new OAuthTokenError(400, "invalid_grant", "the code has expired");
  if (grant.redirectUri !== redirectUri) {
    throw new OAuthTokenError(400, "invalid_grant", "redirect_uri differs from the one the code was issued for");
  }
  grant.used = true;
  const token = ctx.store.issueAccessToken(app.id, grant.userId, grant.scopes);
  // `scope` (RFC 6749 §5.1): the user may have granted fewer scopes than the app asked for.
  return json({ access_token: token.token, token_type: "pop", scope: grant.scopes.join(" ") }, 200, {
    "cache-control": "no-store",
    pragma: "no-cache",
  });
}
