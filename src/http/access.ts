/**
 * Who may talk to the gateway over HTTP, checked before GraphQL sees a request: the Host (against
 * DNS rebinding), the Origin (CORS_ORIGINS; same-origin pages pass) and the declared body size.
 * CORS headers come from yoga (http/cors.ts), the CSRF rule from plugins/csrf.ts. See
 * docs/decisions.md, "Host names, origins and framing".
 */
import type { IncomingMessage } from "node:http";
import { isLoopbackHost, type HttpAccessConfig } from "../config.js";

/** A refusal: HTTP status, a machine-readable code and a message for the body. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * A Host header as RFC 9110 §7.2 allows it, `uri-host [ ":" port ]` (RFC 3986): an IP literal in
 * brackets, or a name of unreserved, percent-encoded and sub-delimiter characters (an IPv4 address
 * is one), then at most one colon and a port of up to five digits. Nothing else (no '@', '/',
 * space, nor a second colon outside brackets) can stand for a host to serve.
 */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})+)(?::(\d{1,5}))?$/;

/**
 * The host name of a Host header value, lower-cased, without the port; "" when the value is no
 * valid host[:port] (so it matches no name to serve).
 */
export function hostName(header: string): string {
  const match = HOST_HEADER.exec(header.trim().toLowerCase());
  if (!match || Number(match[2] ?? 0) > 65_535) return "";
  return match[1]!;
}

/** Which Host names the gateway serves. */
export interface HostPolicy {
  /** Names (or name:port) served besides the loopback names. */
  names: readonly string[];
  /** Serve any Host (bound to a public address with no ALLOWED_HOSTS; warned at start-up). */
  any: boolean;
}

/**
 * The host policy of a gateway bound to `bindHost`: the configured names; with none, loopback
 * names only when it listens on loopback (what a local page could reach by rebinding), any name
 * otherwise.
 */
export function hostPolicy(access: HttpAccessConfig, bindHost: string): HostPolicy {
  return { names: access.allowedHosts, any: access.allowedHosts.length === 0 && !isLoopbackHost(bindHost) };
}

/**
 * Checks a request before GraphQL sees it; undefined when it may go on. Host: the configured and
 * loopback names only (a page pointing its own DNS name at this machine is not served). Origin: a
 * browser request from another origin only when that origin is allowed. Body: a declared length
 * over the limit, or none at all, is refused before anything is read, so nothing unbounded is
 * buffered. `bodySetting` names the setting `maxBodyBytes` comes from, for the message.
 */
export function refuseRequest(
  req: IncomingMessage,
  access: HttpAccessConfig,
  hosts: HostPolicy,
  maxBodyBytes: number,
  bodySetting = "MAX_BODY_BYTES",
): Refusal | undefined {
  const host = req.headers.host;
  if (!host) return { status: 400, code: "BAD_REQUEST", message: "The request has no Host header." };
  if (!hostAllowed(host, hosts)) {
    return {
      status: 421,
      code: "HOST_NOT_ALLOWED",
      message: "This gateway does not serve that host name (see ALLOWED_HOSTS).",
    };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !originAllowed(origin, host, access)) {
    return {
      status: 403,
      code: "ORIGIN_NOT_ALLOWED",
      message: "Requests from this origin are not allowed (see CORS_ORIGINS).",
    };
  }
  if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") {
    const length = req.headers["content-length"];
    if (length === undefined) {
      if (req.headers["transfer-encoding"] !== undefined) {
        return { status: 411, code: "LENGTH_REQUIRED", message: "Send the request body with a Content-Length." };
      }
    } else if (!/^\d+$/.test(length) || Number(length) > maxBodyBytes) {
      return {
        status: 413,
        code: "MAX_BODY_BYTES_EXCEEDED",
        message: `The request body is larger than the limit of ${maxBodyBytes} bytes (${bodySetting}).`,
      };
    }
  }
  return undefined;
}

function hostAllowed(host: string, hosts: HostPolicy): boolean {
  const name = hostName(host);
  if (name === "") return false;
  if (hosts.any) return true;
  if (LOOPBACK_NAMES.has(name)) return true;
  const full = host.trim().toLowerCase();
  return hosts.names.some((allowed) => allowed === name || allowed === full);
}

/** Same origin as the Host the request was sent to, or listed in CORS_ORIGINS. */
function originAllowed(origin: string, host: string, access: HttpAccessConfig): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage
  }
  if (url.host === host.trim().toLowerCase()) return true;
  return access.corsOrigins.includes("*") || access.corsOrigins.includes(url.origin);
}

/**
 * Whether a request's cookies may act for its caller: no Origin (not a page), the gateway's own
 * origin, or an origin CORS_ORIGINS names one by one. An origin let in only by `*` is not, as over
 * HTTP, where browsers send no credentials to a `*` grant. A websocket upgrade has no preflight, so
 * without this a page of a sibling subdomain (same site, so a SameSite=Lax cookie goes along) could
 * act with a logged-in user's session when CORS_ORIGINS is `*`.
 */
export function cookiesAllowed(req: Pick<IncomingMessage, "headers">, access: HttpAccessConfig): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.host === (req.headers.host ?? "").trim().toLowerCase()) return true;
  return access.corsOrigins.includes(url.origin);
}
