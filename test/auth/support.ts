/**
 * A gateway in token mode in front of both sandboxes, its login wired to the commerce sandbox's
 * demo partner app (whose redirect URI becomes the gateway's own callback), and a user agent with
 * a cookie jar that walks the login over plain HTTP the way a browser does.
 */
import type { CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import type { LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { GATEWAY_SECRET, startStack, type Stack } from "../support/stack.js";

export { GATEWAY_SECRET };

/** The sandboxes and a token-mode gateway. */
export interface AuthStack {
  legacy: LegacySandbox;
  commerce: CommerceSandbox;
  gateway: Gateway;
  /** Every line the gateway logged. */
  logLines: string[];
  /** Moves the commerce sandbox's clock (PoP ts window, code expiry) by `ms`. */
  shiftCommerceClock(ms: number): void;
  /** Another token-mode gateway on the same sandboxes and partner app, `env` added (closed with the stack). */
  gatewayWith: Stack["gatewayWith"];
  close(): Promise<void>;
}

/** Starts the sandboxes and a gateway with AUTH_MODE=token and the demo partner app; `env` adds to it. */
export async function startAuthStack(env: Record<string, string> = {}): Promise<AuthStack> {
  let shift = 0;
  const logLines: string[] = [];
  const stack = await startStack({
    auth: "token",
    commerce: { now: () => new Date(Date.now() + shift) },
    env,
    log: (line: string) => void logLines.push(line),
  });
  return {
    legacy: stack.legacy,
    commerce: stack.commerce,
    gateway: stack.gateway,
    logLines,
    shiftCommerceClock: (ms) => void (shift += ms),
    gatewayWith: stack.gatewayWith,
    close: stack.close,
  };
}

/** A response as the user agent saw it. */
export interface Seen {
  status: number;
  location: string | undefined;
  text: string;
  setCookies: string[];
}

/** A browser-like HTTP client: keeps cookies per host:port, follows nothing by itself. */
export class UserAgent {
  readonly jar = new Map<string, Map<string, string>>();

  async get(url: string, headers: Record<string, string> = {}): Promise<Seen> {
    return this.send(url, { method: "GET", headers });
  }

  async post(url: string, body: string, headers: Record<string, string> = {}): Promise<Seen> {
    return this.send(url, { method: "POST", body, headers });
  }

  /** The cookie `name` held for `url`'s host. */
  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    if (!this.jar.has(host)) this.jar.set(host, new Map());
    this.jar.get(host)!.set(name, value);
  }

  private async send(
    url: string,
    init: { method: string; body?: string; headers: Record<string, string> },
  ): Promise<Seen> {
    const host = new URL(url).host;
    const cookies = [...(this.jar.get(host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(url, {
      method: init.method,
      body: init.body,
      redirect: "manual",
      headers: { ...(cookies ? { cookie: cookies } : {}), ...init.headers },
    });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!this.jar.has(host)) this.jar.set(host, new Map());
      const deleted = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (deleted) this.jar.get(host)!.delete(name);
      else this.jar.get(host)!.set(name, value);
    }
    return {
      status: res.status,
      location: res.headers.get("location") ?? undefined,
      text: await res.text(),
      setCookies,
    };
  }
}

const unescapeHtml = (s: string) =>
  s
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The form post a user makes on the consent page: its hidden fields, the ticked grants, and the button. */
export function consentForm(page: string, decision: "approve" | "reject", grant?: readonly string[]): string {
  const form = new URLSearchParams();
  for (const m of page.matchAll(
    /<input (?:type="hidden" name="([^"]*)"|name="([^"]*)" type="hidden") value="([^"]*)">/g,
  )) {
    form.append(unescapeHtml(m[1] ?? m[2] ?? ""), unescapeHtml(m[3] ?? ""));
  }
  const offered = [...page.matchAll(/<input type="checkbox" name="grant" value="([^"]*)"/g)].map((m) =>
    unescapeHtml(m[1] ?? ""),
  );
  for (const scope of grant ?? offered) form.append("grant", scope);
  form.append("decision", decision);
  return form.toString();
}

/** Where a login went: the authorize URL, the callback URL the sandbox sent the user to, and the callback's answer. */
export interface LoginWalk {
  authorizeUrl: string;
  callbackUrl: string;
  callback: Seen;
}

/**
 * Walks a login as a browser would: the gateway's login, the sandbox's consent page, the decision
 * (granting `grant`, default everything offered), and the callback.
 */
export async function walkLogin(
  agent: UserAgent,
  gatewayUrl: string,
  options: { decision?: "approve" | "reject"; grant?: readonly string[]; query?: string } = {},
): Promise<LoginWalk> {
  const start = await agent.get(`${gatewayUrl}/auth/commerce/login${options.query ?? ""}`);
  if (start.status !== 302 || !start.location) throw new Error(`login answered ${start.status}: ${start.text}`);
  const authorizeUrl = start.location;
  const page = await agent.get(authorizeUrl);
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${page.text}`);
  const decided = await agent.post(
    new URL("/oauth/authorize/decision", authorizeUrl).href,
    consentForm(page.text, options.decision ?? "approve", options.grant),
    { "content-type": "application/x-www-form-urlencoded" },
  );
  if (decided.status !== 302 || !decided.location) throw new Error(`decision answered ${decided.status}`);
  const callbackUrl = decided.location;
  return { authorizeUrl, callbackUrl, callback: await agent.get(callbackUrl) };
}

/** POSTs a GraphQL query string to the gateway with `headers`. */
export async function query(
  gatewayUrl: string,
  source: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; path?: unknown[]; extensions?: { code?: string } }[];
  };
  headers: Headers;
}> {
  const res = await fetch(`${gatewayUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", ...headers },
    body: JSON.stringify({ query: source }),
  });
  return { status: res.status, body: (await res.json()) as never, headers: res.headers };
}
