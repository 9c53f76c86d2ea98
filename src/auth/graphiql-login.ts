/**
 * GraphiQL with a way in and out: a strip above the IDE (covering none of its panes) saying whether
 * this browser is logged in to the store, with the one action that applies, log in or log out. The
 * page is the same for every caller (rendered once), so the strip fills itself in the browser from
 * GET /auth/session; the session is an HttpOnly cookie GraphiQL's requests carry on their own.
 */
import type { Config } from "../config.js";
import { LOGIN_PATH, LOGOUT_PATH } from "./login.js";
import { SESSION_PATH } from "./session-state.js";

/** Height of the strip; GraphiQL's container is made this much shorter than the window. */
const BAR_HEIGHT = "34px";

/** The operation name of the tab a login returns to (src/schema/commerce/examples.ts STORE_QUERY). */
const STORE_TAB = "Store";

/** sessionStorage key set when a login starts from this page. */
const LOGIN_STARTED = "mailgraph:login-started";

const STYLE =
  `<style>` +
  `#mailgraph-auth{box-sizing:border-box;height:${BAR_HEIGHT};display:flex;align-items:center;` +
  `justify-content:flex-end;gap:12px;padding:0 16px;font:13px system-ui,sans-serif;color:#3b4b68;` +
  `background:#f5f6f8;border-bottom:1px solid #dde1e8}` +
  `#mailgraph-auth [hidden]{display:none}` +
  `#mailgraph-auth>span{display:flex;align-items:center;gap:12px;min-width:0;white-space:nowrap}` +
  `#mailgraph-session,#mailgraph-out-text{overflow:hidden;text-overflow:ellipsis}` +
  `#mailgraph-auth form{margin:0}` +
  `#mailgraph-auth button{font:inherit;cursor:pointer}` +
  `body.graphiql-dark #mailgraph-auth{color:#c3cbd9;background:#1f2633;border-color:#2f3847}` +
  `body.graphiql-dark #mailgraph-auth a{color:#8ab4f8}` +
  `#root .graphiql-container{height:calc(100vh - ${BAR_HEIGHT})}` +
  `</style>`;

/**
 * Before GraphiQL starts (it reads its tabs from storage then): a page reached from a login this
 * page started opens the Store tab, when there is one. That is what a store login is for; the
 * legacy tabs need a legacy key a store login never carries.
 */
const HEAD_SCRIPT = `<script>
(() => {
  try {
    if (sessionStorage.getItem(${JSON.stringify(LOGIN_STARTED)}) === null) return;
    sessionStorage.removeItem(${JSON.stringify(LOGIN_STARTED)});
    const state = JSON.parse(localStorage.getItem("graphiql:tabState") || "null");
    const tabs = state && Array.isArray(state.tabs) ? state.tabs : [];
    const store = tabs.findIndex((tab) => tab && tab.operationName === ${JSON.stringify(STORE_TAB)});
    if (store < 0) return;
    state.activeTabIndex = store;
    localStorage.setItem("graphiql:tabState", JSON.stringify(state));
  } catch {
    // No storage: GraphiQL opens as it would.
  }
})();
</script>`;

const BAR =
  `<div id="mailgraph-auth" role="region" aria-label="Store login">` +
  `<span id="mailgraph-out" hidden><span id="mailgraph-out-text">Not logged in to the store.</span>` +
  `<a id="mailgraph-login" href="${LOGIN_PATH}">Log in to the store</a></span>` +
  `<span id="mailgraph-in" hidden><span id="mailgraph-session"></span>` +
  `<form method="post" action="${LOGOUT_PATH}"><button id="mailgraph-logout" type="submit">Log out</button></form>` +
  `</span></div>`;

/** Fills the strip from GET /auth/session. */
const BAR_SCRIPT = `<script>
(() => {
  const $ = (id) => document.getElementById(id);
  $("mailgraph-login").addEventListener("click", () => {
    try {
      sessionStorage.setItem(${JSON.stringify(LOGIN_STARTED)}, "1");
    } catch {
      // Without storage the login still works; it returns to the tab that was open.
    }
  });
  const loggedOut = (text) => {
    $("mailgraph-out-text").textContent = text;
    $("mailgraph-out").hidden = false;
    $("mailgraph-in").hidden = true;
  };
  fetch(${JSON.stringify(SESSION_PATH)}, { credentials: "same-origin", cache: "no-store" })
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
    .then((state) => {
      if (state.session === "active") {
        const scopes = state.scopes === "all" ? "all" : state.scopes.length ? state.scopes.join(", ") : "none";
        const until = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
          new Date(state.expiresAt),
        );
        // The time first: a long list of scopes is cut at the window's edge (whole in the tooltip).
        const text = "Logged in to the store until " + until + ". Scopes: " + scopes + ".";
        $("mailgraph-session").textContent = text;
        $("mailgraph-session").title = text;
        $("mailgraph-in").hidden = false;
        $("mailgraph-out").hidden = true;
      } else if (state.session === "ended") {
        loggedOut(state.reason === "expired" ? "Your store login has expired." : "Your store login is no longer valid.");
      } else loggedOut("Not logged in to the store.");
    })
    .catch(() => loggedOut("The store login's state is unknown."));
})();
</script>`;

/** Whether this gateway can run the commerce login (a secret, a commerce backend, a partner app). */
export function loginAvailable(config: Config): boolean {
  const { commerce, auth } = config;
  return Boolean(auth.secret && commerce.url && commerce.clientId && commerce.clientSecret);
}

/** `html` with `text` inserted before the first `marker` (unchanged without one). */
function insertBefore(html: string, marker: string, text: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + text + html.slice(at);
}

/** `render` with the login strip: its style and head script, the strip first in the body, its script last. */
export function withLoginBar<O>(render: (options?: O) => string): (options?: O) => string {
  return (options) => {
    let html = insertBefore(render(options), "</head>", STYLE + HEAD_SCRIPT);
    const body = /<body[^>]*>/.exec(html);
    if (body) {
      const at = body.index + body[0].length;
      html = html.slice(0, at) + BAR + html.slice(at);
    } else html = BAR + html;
    const end = html.lastIndexOf("</body>");
    return end < 0 ? html + BAR_SCRIPT : html.slice(0, end) + BAR_SCRIPT + html.slice(end);
  };
}
