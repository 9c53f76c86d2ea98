/**
 * The Request each websocket operation runs with: the upgrade's headers plus the API keys a client
 * may send in its connection_init payload, and what the gateway's plugins ask of it (its signal,
 * whether it is a subscription, whether it is a shared execution's own run).
 */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER } from "../context.js";
import type { CallerSignal } from "../util/call-abort.js";

/** Connection params copied into the context's headers (API keys and the gateway token; nothing else). */
const PARAM_HEADERS = [LEGACY_API_KEY_HEADER, COMMERCE_API_KEY_HEADER, "authorization"] as const;

/** Headers of the websocket handshake itself: they mean nothing to the operations that follow it. */
const HANDSHAKE_HEADERS: ReadonlySet<string> = new Set([
  "connection",
  "upgrade",
  "sec-websocket-key",
  "sec-websocket-version",
  "sec-websocket-extensions",
  "sec-websocket-protocol",
]);

/** The upgrade's headers without the handshake's (each connection keeps them for its lifetime). */
export function operationHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const name of Object.keys(headers)) if (!HANDSHAKE_HEADERS.has(name)) kept[name] = headers[name];
  return kept;
}

/** The parts of a websocket's upgrade request its operations are built from, and its client's address. */
export type UpgradeRequest = Pick<IncomingMessage, "headers" | "url"> & { address?: string | undefined };

/** The upgrade's headers plus keys from connection params: what an operation's Request carries. */
export function headersOf(req: UpgradeRequest, params: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  for (const name of PARAM_HEADERS) {
    const value = params?.[name];
    if (typeof value === "string" && value.trim() !== "") headers.set(name, value.trim());
  }
  return headers;
}

/**
 * The signal of each websocket operation's Request (`websocketSignal`). The Request itself is made
 * without one: given a signal, a Request makes an AbortController of its own following it, which
 * every idle subscription would keep for as long as it runs.
 */
const requestSignals = new WeakMap<Request, CallerSignal>();

/** The client address of each websocket operation's Request (its connection's peer). */
const requestAddresses = new WeakMap<Request, string>();

/** The address a websocket operation's connection comes from (for per-caller budgets); undefined for others. */
export function websocketAddress(request: Request): string | undefined {
  return requestAddresses.get(request);
}

/**
 * The signal that ends a websocket operation (its socket's, or its shared execution's CallAbort);
 * undefined for others.
 */
export function websocketSignal(request: Request): CallerSignal | undefined {
  return requestSignals.get(request);
}

/**
 * A Request standing for one websocket operation: the upgrade's headers plus keys from connection
 * params. Its method is POST, not the upgrade's GET: the operation came as a message on a socket
 * whose upgrade passed the Origin check, which only the page that opened it can send, so yoga's rule
 * against mutations over GET (a link or an image a foreign page makes the browser fetch) does not
 * apply, and mutations run over graphql-ws as clients expect.
 */
export function requestOf(
  req: UpgradeRequest,
  params: Record<string, unknown> | undefined,
  signal: CallerSignal,
): Request {
  const headers = headersOf(req, params);
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: "POST",
    headers,
  });
  requestSignals.set(request, signal);
  if (req.address !== undefined) requestAddresses.set(request, req.address);
  return request;
}

/**
 * Requests of websocket subscriptions: their context is made for the stream at once (src/server/graphql-app.ts),
 * not made with the request's deadline and then made again without it.
 */
const streamRequests = new WeakSet<Request>();

/** Whether `request` stands for a websocket subscription. */
export function isStreamRequest(request: Request): boolean {
  return streamRequests.has(request);
}

/** Requests of shared executions: their subscription streams as a LiveStream (src/plugins/live-streams.ts). */
const liveRequests = new WeakSet<Request>();

/** Whether `request` stands for a shared execution's own run (src/live/fanout.ts). */
export function isLiveRequest(request: Request): boolean {
  return liveRequests.has(request);
}

/** Marks `request` as a websocket subscription's; `live`: also a shared execution's own run. */
export function markStreamRequest(request: Request, live = false): void {
  streamRequests.add(request);
  if (live) liveRequests.add(request);
}
