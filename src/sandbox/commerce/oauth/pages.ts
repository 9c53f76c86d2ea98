/**
 * The HTML pages of the OAuth authorization step: the consent page (approve or reject, and which
 * of the requested scopes to grant) and the error page.
 */
import { createHash } from "node:crypto";
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

/**
 * Keeps each write_ box and its read_ box consistent (a write_ scope grants the read_ one too, so
 * read_ cannot be withheld while write_ stays): ticking write_ ticks read_, unticking read_ unticks
 * write_. The page says the same in words for a browser without scripts.
 */
const TIE_SCOPES_SCRIPT = `document.addEventListener("change",function(e){var b=e.target;if(!b||b.name!=="grant")return;
var m=/^(read|write)_(.+)$/.exec(b.value);if(!m)return;
var other=document.querySelector('input[name="grant"][value="'+(m[1]==="read"?"write_":"read_")+m[2]+'"]');
if(other&&((m[1]==="write"&&b.checked)||(m[1]==="read"&&!b.checked)))other.checked=b.checked;});`;

/** The Content-Security-Policy of the consent page: the sandbox's own, plus its one script by hash. */
export const CONSENT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; " +
  `script-src 'sha256-${createHash("sha256").update(TIE_SCOPES_SCRIPT).digest("base64")}'`;

/** The form field saying the scopes were chosen on the page (its `grant` fields are the choice). */
export const SCOPE_CHOICE_FIELD = "scope_choice";

const hidden = (name: string, value: string): string => `<input type="hidden" name="${e(name)}" value="${e(value)}">`;

/** What the page says of the requested write_ scopes that include a requested read_ one, or nothing. */
function tiedHint(scopes: readonly string[]): string {
  const pairs = scopes
    .filter((s) => s.startsWith("write_") && scopes.includes(`read_${s.slice("write_".length)}`))
    .map((s) => [`read_${s.slice("write_".length)}`, s] as const);
  if (pairs.length === 0) return "";
  const [read, write] = pairs[0]!;
  return (
    ` A <code>write_</code> scope includes its <code>read_</code> scope: <code>${e(read)}</code> is withheld only ` +
    `when <code>${e(write)}</code> is unticked too (unticking a read_ scope unticks its write_ scope).`
  );
}

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
          .join("")}</ul><p class="hint">Untick a scope to withhold it.${tiedHint(scopes)}</p>` +
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
      `<button type="submit" name="decision" value="reject">Reject</button></form>` +
      (scopes.length > 0 ? `<script>${TIE_SCOPES_SCRIPT}</script>` : ""),
  );
}
