/**
 * Graceful shutdown of the HTTP server in the order a load balancer needs: readiness 503 (serving
 * on for SHUTDOWN_DELAY_MS), stop accepting, let requests and graphql-ws queries and mutations
 * finish, close sockets with 1001, end SSE streams, close Redis and the pools; what still runs at
 * SHUTDOWN_DEADLINE_MS is cut. See docs/decisions.md, "Shutdown: order, streams and the deadline".
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { isStreamResponse } from "../plugins/http-streams.js";
import { ChurnList } from "../util/churn-list.js";

/** The requests of one server. */
export interface RequestTracker {
  /** Requests whose response has not closed, streams excluded. */
  readonly inFlight: number;
  /** SSE responses open now. */
  readonly streams: number;
  /** Sockets open for plain HTTP (not carrying a websocket or an SSE stream), idle ones included. */
  readonly sockets: number;
  /** From now on responses carry `Connection: close`: callers open new connections (elsewhere). */
  closeAfterResponses(): void;
  /**
   * Closes the listener (new connections are refused) and leaves open sockets to close by
   * themselves: a client may be sending a request on an idle keep-alive socket at that very moment,
   * which would meet a reset. Each closes after its next response, or at node's keep-alive timeout
   * (advertised as `Keep-Alive: timeout=5`), after which no client honouring it sends on it.
   */
  stopListening(): void;
  /**
   * Resolves when no request is in flight (streams do not count) and every plain HTTP socket has
   * closed (after its last response, or at its keep-alive timeout), or when `signal` aborts.
   */
  settled(signal: AbortSignal): Promise<void>;
  /**
   * Ends every SSE response (never finished by itself, so not in flight); returns how many. The
   * chunked body ends cleanly without a `complete` event, then the socket closes: the client
   * reconnects elsewhere, resuming with `after` where the subscription has one.
   */
  endStreams(): number;
}

interface Tracked {
  req: IncomingMessage;
  res: ServerResponse;
}

/** Whether the response is an SSE stream under way: admitted as one, and its headers went out. */
function isStream({ res }: Tracked): boolean {
  return res.headersSent && isStreamResponse(res);
}

/** Starts counting the requests of `server`. */
export function trackRequests(server: Server): RequestTracker {
  // Not a Set: one made every request outlive the young generation (util/churn-list.ts).
  const open = new ChurnList<Tracked>();
  const sockets = new Set<Socket>();
  // Sockets handed to a websocket: graphql-ws closes them (closeWebSockets).
  const upgraded = new WeakSet<Duplex>();
  let closing = false;
  let changed: (() => void) | undefined;
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      changed?.();
    });
  });
  server.on("upgrade", (_req: IncomingMessage, socket: Duplex) => upgraded.add(socket));
  // Before the gateway's own handler, which answers some paths (/livez) at once.
  server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => {
    const tracked = { req, res };
    const entry = open.add(tracked);
    // Node closes the socket after this response: no new request arrives on it.
    if (closing && !res.headersSent) res.setHeader("connection", "close");
    res.once("close", () => {
      open.delete(entry);
      changed?.();
    });
  });
  const count = (stream: boolean) => open.values().filter((t) => isStream(t) === stream).length;
  const plainSockets = () => {
    const streaming = new Set(
      open
        .values()
        .filter(isStream)
        .map(({ req }) => req.socket),
    );
    let plain = 0;
    for (const socket of sockets) if (!upgraded.has(socket) && !streaming.has(socket)) plain++;
    return plain;
  };
  return {
    get inFlight() {
      return count(false);
    },
    get streams() {
      return count(true);
    },
    get sockets() {
      return plainSockets();
    },
    closeAfterResponses() {
      closing = true;
      for (const { res } of open) if (!res.headersSent) res.setHeader("connection", "close");
    },
    stopListening() {
      // net.Server's own close: http.Server's would first close every idle keep-alive socket.
      NetServer.prototype.close.call(server);
    },
    settled(signal) {
      return new Promise<void>((resolve) => {
        const check = () => {
          // A stream's headers go out a moment after its request arrives: check again on each change.
          if ((count(false) === 0 && plainSockets() === 0) || signal.aborted) {
            changed = undefined;
            clearInterval(poll);
            resolve();
          }
        };
        const poll = setInterval(check, 50);
        changed = check;
        signal.addEventListener("abort", check, { once: true });
        check();
      });
    },
    endStreams() {
      let ended = 0;
      for (const tracked of open) {
        if (!isStream(tracked)) continue;
        // The SSE body may still try to write after the end; that is not worth a crash.
        tracked.res.on("error", () => undefined);
        // The body's end, then the socket's: the client reconnects on a new connection.
        const socket = tracked.req.socket;
        tracked.res.end(() => socket.end());
        ended++;
      }
      return ended;
    },
  };
}

/** The queries and mutations running over graphql-ws on one server, as a shutdown sees them. */
export interface WebSocketOperations {
  /** Queries and mutations whose result has not been sent yet (subscriptions excluded). */
  readonly inFlight: number;
  /**
   * From now on websocket upgrades are refused, operations sent on open sockets are not run, and
   * each socket closes with 1001 once none of its queries and mutations runs.
   */
  stopAccepting(): void;
  /** Resolves when no query or mutation runs, or when `signal` aborts. */
  settled(signal: AbortSignal): Promise<void>;
}

const websocketOperations = new WeakMap<Server, WebSocketOperations>();

/**
 * Makes `drain` wait for the graphql-ws operations running on `server` (src/websocket/connections.ts counts
 * them): a query or mutation is in flight until its result and `complete` are sent; subscriptions
 * end with their socket.
 */
export function registerWebSocketOperations(server: Server, operations: WebSocketOperations): void {
  websocketOperations.set(server, operations);
}

/** In-flight counts of one transport. */
export interface InFlightCount {
  /** In flight when the listener closed. */
  inFlight: number;
  /** Still in flight at the deadline, cut off. */
  cut: number;
}

/** What a shutdown did, for the log line of `npm start`. */
export interface DrainReport {
  /** Operations in flight when the listener closed: HTTP requests plus graphql-ws queries and mutations. */
  inFlight: number;
  /** Of those, still in flight at the deadline, cut off. */
  cut: number;
  /** HTTP requests (SSE streams excluded). */
  http: InFlightCount;
  /** graphql-ws queries and mutations (subscriptions excluded). */
  websocket: InFlightCount;
  /** SSE streams ended. */
  streams: number;
  /** Whether the whole shutdown finished before the deadline. */
  inTime: boolean;
  ms: number;
}

/** The parts of a gateway a shutdown works through. */
export interface Drainable {
  readiness: { setDraining(): void };
  server: Server;
  requests: RequestTracker;
  /** Closes every graphql-ws socket still open with 1001 (cutting what runs on it) and refuses upgrades. */
  closeWebSockets(): Promise<void>;
  /** Everything else: the listener, Redis, the backend pools, tracing. */
  close(): Promise<void>;
}

/** Timing of a shutdown (SHUTDOWN_DELAY_MS, SHUTDOWN_DEADLINE_MS). */
export interface DrainTiming {
  delayMs: number;
  deadlineMs: number;
}

/** Time kept back from the deadline for closing sockets, Redis and pools after the wait for requests. */
const CLOSE_RESERVE_MS = 1_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Shuts the gateway down gracefully within `deadlineMs`. */
export async function drain(gateway: Drainable, { delayMs, deadlineMs }: DrainTiming): Promise<DrainReport> {
  const started = Date.now();
  const deadline = AbortSignal.timeout(deadlineMs);
  // Requests get the time left after the delay, less what closing everything else needs.
  const reserve = Math.min(CLOSE_RESERVE_MS, Math.floor(deadlineMs / 4));
  const requestsDue = AbortSignal.timeout(Math.max(0, deadlineMs - reserve));

  gateway.readiness.setDraining();
  // Sockets idle in keep-alive are left alone during the delay: closing one races a request the
  // caller may be writing on it; each response closes its own socket instead.
  gateway.requests.closeAfterResponses();
  if (delayMs > 0) await sleep(delayMs, requestsDue);

  // No new connections; sockets in keep-alive close after their next response or at their
  // keep-alive timeout, never while a request may be on its way to them.
  gateway.requests.stopListening();
  const websockets = websocketOperations.get(gateway.server);
  websockets?.stopAccepting();
  const http = { inFlight: gateway.requests.inFlight, cut: 0 };
  const websocket = { inFlight: websockets?.inFlight ?? 0, cut: 0 };
  await Promise.all([gateway.requests.settled(requestsDue), websockets?.settled(requestsDue)]);
  http.cut = gateway.requests.inFlight;
  // Cut with their sockets by closeWebSockets() below.
  websocket.cut = websockets?.inFlight ?? 0;
  if (http.cut > 0) gateway.server.closeAllConnections();

  const streams = gateway.requests.endStreams();
  const closing = (async () => {
    await gateway.closeWebSockets();
    await gateway.close();
  })();
  const inTime = await Promise.race([
    closing.then(() => true),
    new Promise<boolean>((resolve) => deadline.addEventListener("abort", () => resolve(false), { once: true })),
  ]);
  if (!inTime) gateway.server.closeAllConnections();
  return {
    inFlight: http.inFlight + websocket.inFlight,
    cut: http.cut + websocket.cut,
    http,
    websocket,
    streams,
    inTime,
    ms: Date.now() - started,
  };
}

/** The shutdown's log line after "stopped in N ms: ". */
export function describeDrain(report: DrainReport): string {
  const { http, websocket } = report;
  return (
    `${report.inFlight - report.cut} of ${report.inFlight} operations in flight finished ` +
    `(HTTP ${http.inFlight - http.cut} of ${http.inFlight}, websocket ${websocket.inFlight - websocket.cut} of ${websocket.inFlight}), ` +
    `${report.streams} SSE streams ended`
  );
}
