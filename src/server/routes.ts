/**
 * The gateway's node:http route table. Every answer gets the framing and sniffing headers; then,
 * by path: the login (/auth/), backend webhooks (/webhooks/), the probes (/health, /livez, /readyz)
 * and /metrics, `/` to GraphiQL, GraphiQL's page, and GraphQL for the rest. Every request passes
 * the HTTP access checks (host, origin, body size; http/access.ts) before anything reads it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { YogaServerInstance } from "graphql-yoga";
import { loginAccess } from "../auth/gateway-auth.js";
import { AUTH_PREFIX, type LoginRoutes } from "../auth/login.js";
import type { Config } from "../config.js";
import type { GraphContext } from "../context.js";
import type { IngressHandler } from "../events/ingress/index.js";
import { refuseRequest, type HostPolicy } from "../http/access.js";
import { noteErrorCode } from "../logging/access-log.js";
import type { Logger } from "../logging/logger.js";
import { METRICS_PATH, serveMetrics } from "../metrics/endpoint.js";
import type { GatewayMetrics } from "../metrics/index.js";
import { sendJson } from "../util/send-json.js";
import { wantsGraphiQL } from "./graphiql-page.js";
import { GRAPHQL_PATH, serveGraphQL, UNEXPECTED_ERROR_MESSAGE, type NodeContext } from "./graphql-app.js";
import type { Readiness } from "./readiness.js";

/** Where webhooks of both backends arrive (events/ingress). */
const WEBHOOK_PREFIX = "/webhooks/";

/** Where readiness is answered. */
const READINESS_PATH = "/readyz";

/** Headers on every answer of the gateway's server: it is never framed, nor its types sniffed. */
export const FRAMING_AND_SNIFFING_HEADERS: readonly (readonly [string, string])[] = [
  ["content-security-policy", "frame-ancestors 'none'"],
  ["x-frame-options", "DENY"],
  ["x-content-type-options", "nosniff"],
];

/** A request refusal's code as the webhook ingress words its own (payload_too_large, host_not_allowed, …). */
function webhookRefusalCode(code: string): string {
  return code === "MAX_BODY_BYTES_EXCEEDED" ? "payload_too_large" : code.toLowerCase();
}

/** What the routes answer with. */
export interface RouteTargets {
  config: Config;
  hosts: HostPolicy;
  logger: Logger;
  metrics: GatewayMetrics;
  readiness: Readiness;
  login: LoginRoutes;
  ingress: IngressHandler;
  /** GraphiQL's page; undefined when there is none (PERSISTED_ONLY). */
  graphiql: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  yoga: YogaServerInstance<NodeContext, GraphContext>;
}

/** Answers /readyz (any method, any query string): the report, 200 when ready, else 503. */
function serveReadiness(res: ServerResponse, readiness: Readiness): void {
  readiness.check().then(
    (report) => sendJson(res, report.status === "ready" ? 200 : 503, report),
    (error: unknown) => {
      if (res.headersSent) return void res.destroy();
      const text = error instanceof Error;
      res.writeHead(503, text ? { "content-type": "text/plain; charset=utf-8" } : {});
      res.end(text ? error.message : undefined);
    },
  );
}

/** The request handler of the gateway's node:http server. */
export function createRoutes(targets: RouteTargets): (req: IncomingMessage, res: ServerResponse) => void {
  const { config, hosts, logger, metrics, readiness, login, ingress, graphiql, yoga } = targets;
  const loginFailed = (res: ServerResponse, error: unknown) => {
    logger.error({ err: error }, "login route failed");
    if (!res.headersSent) sendJson(res, 500, { error: "internal_error", message: "The login could not be completed." });
    else res.destroy();
  };
  return (req, res) => {
    // No page of another site may frame an answer (GraphiQL, in open mode acting with the configured
    // keys, could be clickjacked into running a mutation), and no answer is sniffed into another type.
    // A page setting its own policy (the login's) replaces this one.
    for (const [name, value] of FRAMING_AND_SNIFFING_HEADERS) res.setHeader(name, value);
    if ((req.url ?? "").startsWith(AUTH_PREFIX)) {
      // The login's pages and its code exchange (src/auth/login.ts), before GraphQL.
      const refusal = refuseRequest(req, loginAccess(config, req), hosts, 4096);
      if (refusal) sendJson(res, refusal.status, { error: refusal.code, message: refusal.message });
      else
        void login.handle(req, res).then(
          // A path that leaves /auth/ once resolved (/auth/../graphql) is no login route either.
          (handled) => handled || sendJson(res, 404, { error: "not_found", message: "No such path." }),
          (error: unknown) => loginFailed(res, error),
        );
      return;
    }
    const webhook = (req.url ?? "").startsWith(WEBHOOK_PREFIX);
    // Deliveries accepted and refused, whichever step answers (src/metrics).
    if (webhook) metrics.webhook(req, res);
    // Webhooks bring batches of up to 1,000 events: their own body cap, checked by the ingress.
    const refusal = webhook
      ? refuseRequest(req, config.http, hosts, config.events.maxBodyBytes, "WEBHOOK_MAX_BODY_BYTES")
      : refuseRequest(req, config.http, hosts, config.limits.maxBodyBytes);
    if (refusal) {
      noteErrorCode(req, refusal.code);
      // The body is not read: close the connection after answering rather than drain it. A webhook
      // gets the ingress's shape and codes (docs/operations.md), GraphQL callers GraphQL's.
      const body = webhook
        ? { error: { code: webhookRefusalCode(refusal.code), message: refusal.message } }
        : { errors: [{ message: refusal.message, extensions: { code: refusal.code } }] };
      sendJson(res, refusal.status, body, { connection: "close" });
      return;
    }
    if (webhook) {
      // The legacy path carries a secret: it is never logged, and anything unhandled is a 404.
      void ingress(req, res).then(
        (handled) => {
          if (!handled) sendJson(res, 404, { error: { code: "not_found", message: "No such webhook path." } });
        },
        () => {
          if (!res.headersSent)
            sendJson(res, 500, { error: { code: "internal_error", message: "The webhook was not accepted." } });
          else res.destroy();
        },
      );
      return;
    }
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/health" || path === "/livez") {
      sendJson(res, 200, { status: "ok" });
      return;
    }
    if (path === READINESS_PATH) {
      serveReadiness(res, readiness);
      return;
    }
    if (path === METRICS_PATH) {
      // Loopback callers, or METRICS_TOKEN bearers (src/metrics/endpoint.ts).
      void serveMetrics(req, res, metrics, config.metrics.token).catch(() => {
        if (!res.headersSent) sendJson(res, 500, { error: { code: "internal_error", message: "No metrics." } });
        else res.destroy();
      });
      return;
    }
    if (path === "/" && (req.method === "GET" || req.method === "HEAD")) {
      res.writeHead(302, { location: GRAPHQL_PATH, "cache-control": "no-store" });
      res.end();
      return;
    }
    if (graphiql && (path === GRAPHQL_PATH || path === `${GRAPHQL_PATH}/`) && wantsGraphiQL(req)) {
      // The same page for everyone, sent from memory (server/graphiql-page.ts).
      void graphiql(req, res).catch((error: unknown) => {
        logger.error({ err: error }, "GraphiQL page failed");
        if (!res.headersSent) sendJson(res, 500, { errors: [{ message: UNEXPECTED_ERROR_MESSAGE }] });
        else res.destroy();
      });
      return;
    }
    serveGraphQL(yoga, req, res, config.limits.deadlineMs);
  };
}
