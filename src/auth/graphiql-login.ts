/**
 * GraphiQL with a way in and out: a small corner bar on the IDE's page linking to the commerce
 * login and posting to /auth/logout. The session itself is an HttpOnly cookie GraphiQL's requests
 * carry on their own, so the page needs no script for it.
 */
import type { Config } from "../config.js";
import { LOGIN_PATH, LOGOUT_PATH } from "./login.js";

const BAR =
  `<div id="mailgraph-auth" style="position:fixed;right:12px;bottom:12px;z-index:1000;display:flex;gap:8px;` +
  `align-items:center;font:13px system-ui,sans-serif;background:#fff;border:1px solid #ccc;border-radius:6px;` +
  `padding:6px 10px;box-shadow:0 1px 4px rgba(0,0,0,.15)">` +
  `<a id="mailgraph-login" href="${LOGIN_PATH}">Log in to the store</a>` +
  `<form method="post" action="${LOGOUT_PATH}" style="margin:0"><button id="mailgraph-logout" type="submit" ` +
  `style="font:inherit;cursor:pointer">Log out</button></form></div>`;

/** Whether this gateway can run the commerce login (a secret, a commerce backend, a partner app). */
export function loginAvailable(config: Config): boolean {
  const { commerce, auth } = config;
  return Boolean(auth.secret && commerce.url && commerce.clientId && commerce.clientSecret);
}

/** `render` with the login bar added before the end of the page's body. */
export function withLoginBar<O>(render: (options?: O) => string): (options?: O) => string {
  return (options) => {
    const html = render(options);
    const end = html.lastIndexOf("</body>");
    return end < 0 ? html + BAR : html.slice(0, end) + BAR + html.slice(end);
  };
}
