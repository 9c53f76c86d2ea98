/**
 * The HTML pages of the login: what happened, in words, and a way to start again. They never show
 * a token, a code, a state or a backend message that could carry one.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const STYLE = `body{font-family:system-ui,sans-serif;max-width:38rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}a.button{display:inline-block;padding:.5rem 1.2rem;border:1px solid #555;border-radius:4px;
text-decoration:none;color:#111;background:#f3f3f3}code{background:#f3f3f3;padding:0 .2rem}`;

/** A page of the login: a title, a paragraph, and links. */
export interface LoginPage {
  status: number;
  title: string;
  message: string;
  /** Machine-readable reason, shown small on the page and in a data attribute (tests, support). */
  reason: string;
  /** Where "Log in again" leads; omitted when starting again cannot help. */
  retryUrl?: string;
}

/** The HTML of a login page. */
export function renderLoginPage(page: LoginPage): string {
  const retry = page.retryUrl
    ? `<p><a class="button" id="login-again" href="${escapeHtml(page.retryUrl)}">Log in again</a></p>`
    : "";
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<style>${STYLE}</style></head><body data-reason="${escapeHtml(page.reason)}">` +
    `<h1>${escapeHtml(page.title)}</h1><p id="message">${escapeHtml(page.message)}</p>${retry}` +
    `<p><a href="/graphql">Back to GraphiQL</a></p>` +
    `<p><small>Reason: <code>${escapeHtml(page.reason)}</code></small></p></body></html>\n`
  );
}
