/**
 * Who may talk to the gateway over HTTP, checked before GraphQL sees a request:
 * - Host: only the configured names and the loopback names (a page on another site that points
 *   its own DNS name at this machine, "DNS rebinding", is not served; see hostPolicy);
 * - Origin: a browser request from another origin is refused unless that origin is allowed
 *   (CORS_ORIGINS); same-origin pages such as GraphiQL pass;
 * - body size: a declared length over the limit is refused before it is read, and a body
 *   without a declared length is refused, so nothing unbounded is ever buffered.
 * CORS headers for the allowed origins are given by yoga (`corsOptions`), and yoga's CSRF
 * prevention refuses the "simple" requests a browser would send without a preflight, saying what
 * to send instead (`useCsrfHeaderRule`).
 */
import type { IncomingMessage } from "node:http";
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { createGraphQLError, type CORSOptions, type Plugin } from "graphql-yoga";
import { isLoopbackHost, type HttpAccessConfig } from "../config.js";

/** A refusal: HTTP status, a machine-readable code and a message for the body. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** The host name of a Host header value, lower-cased, without the port. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(0, h.indexOf("]") + 1);
  const colon = h.lastIndexOf(":");
  return colon === -1 ? h : h.slice(0, colon);
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
 * Checks Host, Origin and body size of a request; undefined when it may go on. `bodySetting` names
 * the setting `maxBodyBytes` comes from, for the message.
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
  if (hosts.any) return true;
  const name = hostName(host);
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

/** Yoga's CORS option: headers for allowed cross-origin callers, none for anyone else. */
export function corsOptions(access: HttpAccessConfig): (request: Request) => CORSOptions {
  return (request) => {
    const origin = request.headers.get("origin");
    if (!origin) return false;
    const any = access.corsOrigins.includes("*");
    if (!any && !access.corsOrigins.includes(origin)) return false;
    return {
      origin: [origin],
      // Credentials (cookies) only for origins named one by one, never for "*".
      credentials: !any,
      methods: ["GET", "POST", "OPTIONS"],
      allowedHeaders: [
        "content-type",
        "authorization",
        "x-legacy-api-key",
        "x-commerce-api-key",
        "x-graphql-yoga-csrf",
      ],
      maxAge: 600,
    };
  };
}

/** The header that lets a request without a JSON body through the CSRF rule (any value). */
export const CSRF_HEADER = "x-graphql-yoga-csrf";

/**
 * Yoga's CSRF prevention: a request a browser may send from any page without a preflight (a GET,
 * a form or text/plain POST) is refused unless it carries CSRF_HEADER, which such a page cannot
 * add. Its refusal says only "Required CSRF header(s) not present"; this one is coded
 * (CSRF_HEADER_REQUIRED, 403) and tells a curl user the two ways through.
 */
export function useCsrfHeaderRule(): Plugin {
  const rule = useCSRFPrevention({ requestHeaders: [CSRF_HEADER] });
  return {
    onRequestParse(payload) {
      // The library's check is synchronous: it throws, or lets the request on.
      try {
        return rule.onRequestParse?.(payload);
      } catch {
        throw createGraphQLError(
          `A GET, form or text request needs the ${CSRF_HEADER} header (any value), which pages of other sites cannot send: ` +
            `POST the request as JSON (content-type: application/json), or add the header (curl -H '${CSRF_HEADER}: 1').`,
          { extensions: { code: "CSRF_HEADER_REQUIRED", header: CSRF_HEADER, http: { status: 403 } } },
        );
      }
    },
  };
}
