/**
 * The HTML pages of the OAuth authorization step: the consent page (approve or reject, and which
 * of the requested scopes to grant) and the error page.
 */
import { escapeHtml as e } from "../http-io.js";
import type { AuthorizeParams, PartnerApp, User } from "../model.js";

const STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}ul{padding-left:1.2rem}button{font-size:1rem;padding:.5rem 1.2rem;margin-right:.5rem}
.problems li{color:#a00}code{background:#f3f3f3;padding:0 .2rem}`;

const layout = (title: string, body: string): string =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${e(title)}</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>` +
  `<body>${body}</body></html>\n`;

/** The page listing each problem of an invalid authorization request (no redirect). */
export const errorPage = (problems: readonly string[]): string =>
  layout(
    "Authorization request invalid",
    `<h1>This authorization request cannot be processed</h1><ul class="problems">` +
      problems.map((p) => `<li>${e(p)}</li>`).join("") +
      `</ul><p>Go back to the application and try again.</p>`,
  );

/** The form field saying the scopes were chosen on the page (its `grant` fields are the choice). */
export const SCOPE_CHOICE_FIELD = "scope_choice";

const hidden = (name: string, value: string): string => `<input type="hidden" name="${e(name)}" value="${e(value)}">`;

/** The consent page: app name, requested scopes, approve / reject posting back with a CSRF value. */
export function consentPage(
  app: PartnerApp,
  user: User,
  params: AuthorizeParams,
  scopes: readonly string[],
  csrf: string,
): string {
  // One checkbox per requested scope, all ticked: the user grants what stays ticked. The marker
  // tells a form post that made a choice (even of nothing) from one that made none.
  const scopeList =
    scopes.length > 0
      ? `<ul class="scopes">${scopes
          .map(
            (s) =>
              `<li><label><input type="checkbox" name="grant" value="${e(s)}" checked> <code>${e(s)}</code></label></li>`,
          )
          .join("")}</ul><p class="hint">Untick a scope to withhold it.</p>` +
        `<input name="${SCOPE_CHOICE_FIELD}" type="hidden" value="1">`
      : `<p>No scopes: basic access only.</p>`;
  return layout(
    `Authorize ${app.name}`,
    `<h1>Authorize <span class="app-name">${e(app.name)}</span></h1>` +
      `<p>Signed in as ${e(user.name)} (${e(user.email)}).</p>` +
      `<form method="post" action="/oauth/authorize/decision">` +
      `<p><strong>${e(app.name)}</strong> asks for access to your store with these scopes:</p>${scopeList}` +
      hidden("client_id", params.clientId) +
      hidden("redirect_uri", params.redirectUri) +
      hidden("scope", params.scope) +
      hidden("state", params.state) +
      hidden("csrf", csrf) +
      `<button type="submit" name="decision" value="approve">Approve</button>` +
      `<button type="submit" name="decision" value="reject">Reject</button></form>`,
  );
}
