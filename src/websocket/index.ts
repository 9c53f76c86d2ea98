/**
 * GraphQL over websockets (the graphql-ws protocol) on the gateway's own HTTP server and path.
 * graphql-ws's `makeServer` runs the protocol over the ws glue below (what `useServer` would do):
 * who may connect (admission.ts), what each socket keeps and how a shutdown ends it
 * (connections.ts), how each operation runs and shares (operations.ts), and the Request each
 * operation's context is made from (requests.ts).
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { CloseCode, GRAPHQL_TRANSPORT_WS_PROTOCOL, handleProtocols, makeServer } from "graphql-ws";
import { WebSocketServer, type WebSocket } from "ws";
import { admitUpgrade, connectionGate, InitWaits, type AdmissionOptions } from "./admission.js";
import { Connections, keepAlive, type ConnectionExtra } from "./connections.js";
import { operationHooks, type EnvelopedApp, type OperationOptions } from "./operations.js";
import { operationHeaders, type UpgradeRequest } from "./requests.js";
import { Fanout, type FanoutStats } from "../live/fanout.js";
import { slowConsumerResult } from "../schema/events/subscriptions.js";

export {
  CONNECTION_INIT_WAIT_MS,
  MAX_CONNECTION_PARAMS_BYTES,
  MAX_CONNECTION_PARAMS_DEPTH,
  PARAMS_CLOSE_CODE,
} from "./admission.js";
export type { EnvelopedApp } from "./operations.js";
export { isLiveRequest, isStreamRequest, websocketAddress, websocketSignal } from "./requests.js";

/** How long closing waits for clients to answer their close frame before dropping them. */
export const CLOSE_GRACE_MS = 1_000;

/** How often an idle socket is pinged; one that does not answer by the next ping is dropped. */
const KEEP_ALIVE_MS = 12_000;

/** Options of attachWebSocket. */
export interface WebSocketOptions extends AdmissionOptions, OperationOptions {
  /** Whether the upgrade's cookies may act for its caller (http/access.ts cookiesAllowed); absent: yes. */
  cookiesAllowed?: (req: IncomingMessage) => boolean;
  /** Largest message accepted, in bytes. */
  maxPayload: number;
  /** Told of each accepted connection before its first message (logging/websocket-log.ts). */
  onConnection?: (req: IncomingMessage, socket: WebSocket) => void;
}

/** The websocket side of the gateway. */
export interface WebSocketEndpoint {
  /** Live subscriptions sharing executions (counters, for tests and metrics). */
  readonly fanout: { readonly stats: FanoutStats };
  /** Closes every socket and stops accepting new ones. */
  close(): Promise<void>;
}

/** Attaches the graphql-ws endpoint to `server`. */
export function attachWebSocket(server: Server, yoga: EnvelopedApp, options: WebSocketOptions): WebSocketEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload, handleProtocols });
  const fanout = new Fanout({ slowConsumerResult });
  const connections = new Connections();
  connections.register(server, wss.clients);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!admitUpgrade(req, socket, options, connections.draining)) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      options.onConnection?.(req, ws);
      wss.emit("connection", ws, req);
      // Accepted as the drain began: it has nothing to finish.
      if (connections.draining) connections.goAway(ws);
    });
  };
  server.on("upgrade", onUpgrade);

  const initWaits = new InitWaits();
  const admit = connectionGate(options);
  const protocol = makeServer<Record<string, unknown>, ConnectionExtra>({
    // The wait for connection_init is ours (InitWaits): ended when it comes, not kept until the close.
    connectionInitWaitTimeout: 0,
    onConnect: (ctx) => {
      initWaits.end(ctx.extra.socket);
      return admit(ctx);
    },
    ...operationHooks(yoga, options, connections, fanout),
  });

  const alive = keepAlive(wss.clients, KEEP_ALIVE_MS);

  wss.on("connection", (socket: WebSocket, upgrade: IncomingMessage) => {
    socket.on("error", () => socket.close(CloseCode.InternalServerError, "Internal server error"));
    socket.on("close", () => connections.forget(socket));
    socket.on("pong", () => alive.answered(socket));
    // What operations need of the upgrade request, without holding on to the request itself. A
    // page whose origin may not use cookies (one let in by CORS_ORIGINS=*) gets none of its own.
    const headers = operationHeaders(upgrade.headers);
    if (options.cookiesAllowed && !options.cookiesAllowed(upgrade)) delete headers.cookie;
    const address = upgrade.socket.remoteAddress;
    const request: UpgradeRequest = { headers, url: upgrade.url, address };
    const closed = protocol.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== socket.OPEN) {
              resolve();
              return;
            }
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (cb) =>
          socket.on("message", (data: Buffer) => {
            cb(String(data)).catch(() => socket.close(CloseCode.InternalServerError, "Internal server error"));
          }),
      },
      { socket, request, address },
    );
    if (socket.protocol === GRAPHQL_TRANSPORT_WS_PROTOCOL) initWaits.start(socket);
    socket.on("close", (code, reason) => {
      initWaits.end(socket);
      void closed(code, String(reason));
    });
  });

  return {
    fanout,
    async close() {
      server.off("upgrade", onUpgrade);
      alive.stop();
      for (const client of wss.clients) {
        connections.endMutations(client);
        client.close(1001, "Going away");
      }
      // A peer that never answers the close frame would hold this for ws's own 30 s: cut it.
      const grace = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, CLOSE_GRACE_MS);
      grace.unref();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      clearTimeout(grace);
    },
  };
}
