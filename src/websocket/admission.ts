/**
 * Who may open a websocket: the upgrade passes the same Host and Origin checks as every HTTP request
 * (refused with 503 while the gateway drains), and connection_init comes within
 * CONNECTION_INIT_WAIT_MS with params within bounds (else 4400, the reason naming the bound) and
 * the credentials an HTTP request would need (else 4401). An admitted connection takes one of its
 * caller's stream slots (1013 when refused), given back when it closes, and lives no longer than
 * the gateway token that opened it.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { CloseCode, type Context } from "graphql-ws";
import type { WebSocket } from "ws";
import { shuttingDown, type ConnectionExtra } from "./connections.js";
import { headersOf } from "./requests.js";
import type { Refusal } from "../http/access.js";
import { nestsDeeperThan } from "../live/share-key.js";
import { closeReason, STREAMS_CLOSE_CODE, type StreamSlot } from "../server/caller-streams.js";
import { atExpiry } from "../util/at-expiry.js";

/**
 * Largest connection_init payload (connection params), in bytes of its JSON; default of
 * `maxParamsBytes`. A real client sends an API key or two and a token: a few hundred bytes. The
 * params are the connection's for its whole life (every operation's headers and share key come
 * from them), so they are bounded once, where they arrive, far below the message limit.
 */
export const MAX_CONNECTION_PARAMS_BYTES = 16 * 1024;

/** Deepest nesting of objects and arrays in the connection params (the payload itself is 1); default of `maxParamsDepth`. */
export const MAX_CONNECTION_PARAMS_DEPTH = 8;

/** Close code of a connection_init whose params pass a bound (graphql-ws's Bad Request); the reason names the bound. */
export const PARAMS_CLOSE_CODE = CloseCode.BadRequest;

/**
 * How long a socket may go without its connection_init before it is closed with 4408 (graphql-ws's
 * own default, kept here rather than there: graphql-ws keeps its timer for the connection's life).
 */
export const CONNECTION_INIT_WAIT_MS = 3_000;

/** What decides whether an upgrade and its connection_init are admitted. */
export interface AdmissionOptions {
  /** The path websockets are accepted on (the GraphQL path). */
  path: string;
  /** The access checks of an HTTP request (Host, Origin); a refusal answers the upgrade. */
  refuse: (req: IncomingMessage) => Refusal | undefined;
  /** Bytes of connection params accepted (default MAX_CONNECTION_PARAMS_BYTES); more closes with 4400. */
  maxParamsBytes?: number;
  /** Nesting of connection params accepted (default MAX_CONNECTION_PARAMS_DEPTH); deeper closes with 4400. */
  maxParamsDepth?: number;
  /**
   * Whether a connection's credentials (the upgrade's headers and cookie, plus connection params)
   * are good, until when, and whom they name; a connection_init that is not closes the socket
   * with 4401 (src/auth).
   */
  authenticate?: (headers: Headers) => Promise<{ expiresAt?: number; subject?: string } | false>;
  /**
   * A stream slot of the caller an admitted connection acts for (the subject `authenticate` found
   * in its credentials, else its peer address); a connection refused one is closed with 1013 and
   * the limit error's code and message as the reason.
   */
  streamSlot?: (subject: string | undefined, address: string | undefined) => StreamSlot;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string, body = ""): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Whether the upgrade may proceed; when not, its refusal has been written to `socket`. */
export function admitUpgrade(
  req: IncomingMessage,
  socket: Duplex,
  options: Pick<AdmissionOptions, "path" | "refuse">,
  draining: boolean,
): boolean {
  const path = (req.url ?? "/").split("?")[0];
  if (path !== options.path) {
    refuseUpgrade(socket, 404, "Not Found");
    return false;
  }
  if (draining) {
    const error = shuttingDown();
    const body = JSON.stringify({ errors: [{ message: error.message, extensions: error.extensions }] });
    refuseUpgrade(socket, 503, "Service Unavailable", body);
    return false;
  }
  const refusal = options.refuse(req);
  if (refusal) {
    const body = JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] });
    refuseUpgrade(socket, refusal.status, refusal.status === 403 ? "Forbidden" : "Refused", body);
    return false;
  }
  return true;
}

/** Why connection params are refused (the close reason), or undefined when they are within bounds. */
function paramsRefusal(params: Record<string, unknown> | undefined, maxBytes: number, maxDepth: number) {
  if (params === undefined) return undefined;
  // Depth first, without recursion: params nested past it are never walked further or serialized.
  if (nestsDeeperThan(params, maxDepth)) return `Connection params nest deeper than ${maxDepth} levels`;
  if (Buffer.byteLength(JSON.stringify(params)) > maxBytes) return `Connection params exceed ${maxBytes} bytes`;
  return undefined;
}

/**
 * connection_init authorization (graphql-ws's `onConnect`): the params' bounds, then the same
 * credentials an HTTP request would need, then the caller's stream slot. False (the socket closed
 * with the reason) refuses the connection.
 */
export function connectionGate(options: AdmissionOptions) {
  const maxParamsBytes = options.maxParamsBytes ?? MAX_CONNECTION_PARAMS_BYTES;
  const maxParamsDepth = options.maxParamsDepth ?? MAX_CONNECTION_PARAMS_DEPTH;
  return async (ctx: Context<Record<string, unknown>, ConnectionExtra>): Promise<boolean> => {
    const { socket, request, address } = ctx.extra;
    const refusal = paramsRefusal(ctx.connectionParams, maxParamsBytes, maxParamsDepth);
    if (refusal) {
      socket.close(PARAMS_CLOSE_CODE, refusal);
      return false;
    }
    if (!options.authenticate && !options.streamSlot) return true;
    // Only the headers: a whole Request would follow the socket's signal until it is collected.
    const headers = headersOf(request, ctx.connectionParams);
    const admitted: { expiresAt?: number; subject?: string } | false = options.authenticate
      ? await options.authenticate(headers)
      : {};
    if (!admitted) {
      socket.close(4401, "Unauthorized");
      return false;
    }
    if (options.streamSlot) {
      // The caller as the admission found it: its credentials are not read a second time.
      const slot = options.streamSlot(admitted.subject, address);
      if ("refused" in slot) {
        socket.close(STREAMS_CLOSE_CODE, closeReason(slot.refused));
        return false;
      }
      // A socket that closed while its credentials were read has said "close" already.
      if (socket.readyState === socket.CLOSED) {
        slot.release();
        return false;
      }
      socket.on("close", slot.release);
    }
    // A connection lives no longer than the gateway token that opened it.
    if (admitted.expiresAt !== undefined) {
      const cancel = atExpiry(admitted.expiresAt * 1000, () => socket.close(4401, "Token expired"));
      socket.on("close", cancel);
    }
    return true;
  };
}

/** Each socket's wait for its connection_init, ended when it comes (or the socket closes). */
export class InitWaits {
  readonly #timers = new WeakMap<WebSocket, ReturnType<typeof setTimeout>>();

  start(socket: WebSocket): void {
    this.#timers.set(
      socket,
      setTimeout(
        () => socket.close(CloseCode.ConnectionInitialisationTimeout, "Connection initialisation timeout"),
        CONNECTION_INIT_WAIT_MS,
      ),
    );
  }

  end(socket: WebSocket): void {
    clearTimeout(this.#timers.get(socket));
    this.#timers.delete(socket);
  }
}
