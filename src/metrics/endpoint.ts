/**
 * GET /metrics on the gateway's own port. Who may read it (docs/decisions.md, "Metrics"):
 * - with METRICS_TOKEN set, whoever sends `Authorization: Bearer <METRICS_TOKEN>` (loopback too);
 * - without it, loopback callers only, and only when the request carries no proxy header
 *   (Forwarded, X-Forwarded-For, X-Real-IP): a reverse proxy on the same machine forwards the
 *   public's requests from loopback, and those must not read the metrics.
 * Refusals are 401 (token expected) or 403 (not loopback), with the JSON error shape of the
 * server's other refusals; the token is never echoed.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GatewayMetrics } from "./index.js";

/** Where metrics are served. */
export const METRICS_PATH = "/metrics";

const PROXY_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.replace(/^::ffff:/, "");
  return a === "::1" || /^127\.\d+\.\d+\.\d+$/.test(a);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(res: ServerResponse, status: number, code: string, message: string, headers = {}): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
}

/** Answers a request for /metrics (the caller has checked the path). */
export async function serveMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  metrics: GatewayMetrics,
  token: string | undefined,
): Promise<void> {
  if (req.method !== "GET" && req.method !== "HEAD") {
    refuse(res, 405, "METHOD_NOT_ALLOWED", "Metrics are read with GET.", { allow: "GET, HEAD" });
    return;
  }
  if (token !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? "");
    if (!match?.[1] || !sameSecret(match[1], token)) {
      refuse(res, 401, "METRICS_UNAUTHORIZED", "Metrics need the metrics bearer token.", {
        "www-authenticate": 'Bearer realm="metrics"',
      });
      return;
    }
  } else if (!isLoopbackAddress(req.socket.remoteAddress) || PROXY_HEADERS.some((h) => req.headers[h] !== undefined)) {
    refuse(
      res,
      403,
      "METRICS_FORBIDDEN",
      "Metrics are served to this machine only; set METRICS_TOKEN to read them from elsewhere.",
    );
    return;
  }
  const { contentType, body } = await metrics.render();
  res.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : body);
}
