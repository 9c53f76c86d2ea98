/**
 * One log line per websocket connection (graphql-ws), written when it closes: its request id
 * (from the upgrade's X-Request-Id, else made up), path, close code and duration. The id is put
 * on the upgrade request's headers, so every operation of the connection carries it to the
 * backends (tracing/operation-span.ts reads it from the operation's Request).
 */
import type { IncomingMessage } from "node:http";
import type { WebSocket } from "ws";
import type { Logger } from "./logger.js";
import { loggablePath } from "./redaction.js";
import { acceptRequestId, REQUEST_ID_HEADER } from "./request-id.js";

/** Gives the connection its id and logs its line when it closes. */
export function observeWebSocket(req: IncomingMessage, socket: WebSocket, logger: Logger): void {
  const started = performance.now();
  const id = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = id;
  // Only what the line needs: holding `req` would keep the whole upgrade request for the
  // connection's lifetime (its raw headers, streams and listeners).
  const method = req.method ?? "GET";
  const path = loggablePath(req.url);
  // `on`, not `once`: "close" is emitted once, and `once` adds a wrapper per connection.
  socket.on("close", (code: number) => {
    logger.info(
      {
        requestId: id,
        method,
        path,
        status: 101,
        closeCode: code,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      "websocket closed",
    );
  });
}
