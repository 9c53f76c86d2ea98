/**
 * The user authorization step: GET /oauth/authorize shows the consent page (or the error page),
 * POST /oauth/authorize/decision redirects back with a code bound to the scopes the user granted
 * (those ticked on the page) or with access_denied.
 */
import type { IncomingMessage } from "node:http";
import type { SandboxContext } from "../context.js";
import { html, readBody, type Reply } from "../http-io.js";
import type { AuthorizeParams } from "../model.js";
import { randomHex } from "../secrets.js";
import { checkAuthorizeParams } from "./authorize-params.js";
import { CONSENT_PAGE_CSP, consentPage, errorPage, SCOPE_CHOICE_FIELD } from "./pages.js";

/** How long a consent page may be answered. */
const CONSENT_TTL_MS = 10 * 60 * 1000;

/** The fixed refusal message of a rejected authorization (spec: Errors 1). */
export const ACCESS_DENIED_DESCRIPTION = "The user denied the authorization request.";

function signedInUser(ctx: SandboxContext) {
  const user = ctx.store.users.get(ctx.store.signedInUserId ?? "");
  if (!user) throw new Error("the sandbox has no signed-in user");
  return user;
}

export function showAuthorizePage(url: URL, ctx: SandboxContext): Reply {
  const check = checkAuthorizeParams(url.searchParams, ctx.store);
  if (!check.ok) return html(errorPage(check.problems), 400);
  const app = ctx.store.apps.get(check.params.clientId);
  if (!app) return html(errorPage(["client_id does not name a registered application"]), 400);
  const user = signedInUser(ctx);
  const issuedAt = ctx.now().getTime();
  for (const [value, ticket] of ctx.store.consentTickets) {
    if (ticket.used || issuedAt - ticket.issuedAt > CONSENT_TTL_MS) ctx.store.consentTickets.delete(value);
  }
  const csrf = randomHex(32);
  ctx.store.consentTickets.set(csrf, { value: csrf, params: check.params, userId: user.id, issuedAt, used: false });
  const reply = html(consentPage(app, user, check.params, check.scopes, csrf));
  return { ...reply, headers: { ...reply.headers, "content-security-policy": CONSENT_PAGE_CSP } };
}

const redirect = (target: URL): Reply => ({
  status: 302,
  headers: { location: target.toString(), "cache-control": "no-store" },
});

const sameParams = (a: AuthorizeParams, form: URLSearchParams): boolean =>
  form.get("client_id") === a.clientId &&
  form.get("redirect_uri") === a.redirectUri &&
  (form.get("scope") ?? "") === a.scope &&
  form.get("state") === a.state;

export async function decide(req: IncomingMessage, ctx: SandboxContext): Promise<Reply> {
  if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
    return html(errorPage(["the decision must be a form post"]), 400);
  }
  const form = new URLSearchParams(await readBody(req));
  const now = ctx.now().getTime();
  const ticket = ctx.store.consentTickets.get(form.get("csrf") ?? "");
  if (!ticket || ticket.used || now - ticket.issuedAt > CONSENT_TTL_MS) {
    return html(
      errorPage(["the consent page has expired or was already answered; start again from the application"]),
      400,
    );
  }
  if (!sameParams(ticket.params, form)) {
    return html(errorPage(["the decision does not match the authorization request it was shown for"]), 400);
  }
  const decision = form.get("decision");
  if (decision !== "approve" && decision !== "reject") {
    return html(errorPage(["decision must be approve or reject"]), 400);
  }
  ticket.used = true;

  const { params } = ticket;
  const target = new URL(params.redirectUri);
  if (decision === "reject") {
    target.searchParams.append("error", "access_denied");
    target.searchParams.append("error_description", ACCESS_DENIED_DESCRIPTION);
    target.searchParams.append("state", params.state);
    return redirect(target);
  }
  const requested = params.scope.split(/\s+/).filter(Boolean);
  // A form from the consent page grants the ticked scopes (possibly none); a post that made no
  // choice grants what was requested. A scope nobody asked for cannot be granted.
  const scopes = form.has(SCOPE_CHOICE_FIELD) ? form.getAll("grant") : requested;
  const extra = scopes.filter((scope) => !requested.includes(scope));
  if (extra.length > 0) {
    ticket.used = false;
    return html(errorPage([`the application did not request ${extra.map((s) => `"${s}"`).join(", ")}`]), 400);
  }
  const code = randomHex(30);
  ctx.store.codes.set(code, {
    code,
    appId: params.clientId,
    userId: ticket.userId,
    scopes: [...new Set(scopes)],
    redirectUri: params.redirectUri,
    issuedAt: now,
    used: false,
  });
  target.searchParams.append("code", code);
  target.searchParams.append("state", params.state);
  return redirect(target);
}
