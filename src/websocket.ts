/**
 * GraphQL over websockets (the graphql-ws protocol) on the gateway's own HTTP server and path.
 * Operations run through yoga's envelop pipeline (`getEnveloped`), so the request limits, the
 * signal handling and the per-request context apply as they do over HTTP. The context is built
 * from a Request made of the upgrade request's headers, plus the API keys a client may send in
 * its connection_init payload (`x-legacy-api-key`, `x-commerce-api-key`). The upgrade passes the
 * same Host and Origin checks as every HTTP request before the socket is accepted.
 *
 * graphql-ws's `makeServer` runs the protocol over the ws glue below (what `useServer` would do).
 * Live subscriptions of the same document, variables and caller scope share one execution and one
 * serialized payload per event (src/events/fanout.ts): the shared execution writes each payload,
 * wrapped in the subscriber's own `next` message, straight to every subscriber's socket.
 *
 * Hook point for connection_init authorization: `onConnect` in the makeServer options below
 * (return false or throw to refuse); `requestOf` builds every operation's Request from the upgrade
 * and the connection params. A connection admitted there also takes one of its caller's stream
 * slots (`streamSlot`, src/plugins/caller-streams.ts), given back when the socket closes. Whatever decides what a caller may see must also enter `scopeOf`, so
 * callers with different credentials never share an execution. The params are bounded there, before
 * anything reads them (MAX_CONNECTION_PARAMS_BYTES, MAX_CONNECTION_PARAMS_DEPTH: past either the socket
 * closes with 4400 and a reason naming the bound), and the scope is hashed once per connection.
 *
 * Shutdown (src/shutdown/drain.ts): the queries and mutations running on each socket are counted
 * (subscriptions are not: they never end by themselves). Once the drain stops accepting, an upgrade
 * is refused with 503, each socket closes with 1001 as soon as none of its queries and mutations
 * runs (their results and `complete` sent first), and a `subscribe` arriving then is never run:
 * graphql-ws clients send the operations a 1001 close left unfinished again on their next
 * connection, which the balancer gives another instance, so the operation runs once, elsewhere. An
 * `error` message instead would end it at the application with no retry.
 */
import type { IncomingHttpHeaders, IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  getOperationAST,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
} from "graphql";
import { CloseCode, GRAPHQL_TRANSPORT_WS_PROTOCOL, handleProtocols, makeServer } from "graphql-ws";
import { WebSocketServer, type WebSocket } from "ws";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER } from "./context.js";
import {
  Fanout,
  nestsDeeperThan,
  shareableField,
  shareKey,
  type FanoutSink,
  type FanoutStats,
  type SharedRunResult,
  type ShareRequest,
} from "./events/fanout.js";
import { isLiveStream } from "./events/live-stream.js";
import { slowConsumerResult } from "./schema/events/subscriptions.js";
import { limitError } from "./plugins/limit-error.js";
import { closeReason, STREAMS_CLOSE_CODE, type StreamSlot } from "./server/caller-streams.js";
import { atExpiry } from "./util/at-expiry.js";
import { CallAbort, type CallerSignal } from "./util/call-abort.js";
import type { Refusal } from "./http/access.js";
import { registerWebSocketOperations } from "./shutdown/drain.js";

/** Connection params copied into the context's headers (API keys and the gateway token; nothing else). */
const PARAM_HEADERS = [LEGACY_API_KEY_HEADER, COMMERCE_API_KEY_HEADER, "authorization"] as const;

/** How long closing waits for clients to answer their close frame before dropping them. */
export const CLOSE_GRACE_MS = 1_000;

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

/** Options of attachWebSocket. */
export interface WebSocketOptions {
  /** The path websockets are accepted on (the GraphQL path). */
  path: string;
  /** The access checks of an HTTP request (Host, Origin); a refusal answers the upgrade. */
  refuse: (req: IncomingMessage) => Refusal | undefined;
  /** Whether the upgrade's cookies may act for its caller (http-access.ts cookiesAllowed); absent: yes. */
  cookiesAllowed?: (req: IncomingMessage) => boolean;
  /** Largest message accepted, in bytes. */
  maxPayload: number;
  /** Operations one connection may have running at once. */
  maxOperations: number;
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
  /** Persisted documents (src/persisted): the payload to run (an id replaced by its document), or errors. */
  persisted?: <P extends { query: string }>(payload: P) => P | readonly GraphQLError[];
  /** Told of each accepted connection before its first message (logging/websocket-log.ts). */
  onConnection?: (req: IncomingMessage, socket: WebSocket) => void;
  /**
   * A stream slot of the caller an admitted connection acts for (the subject `authenticate` found
   * in its credentials, else its peer address); a connection refused one is closed with 1013 and
   * the limit error's code and message as the reason.
   */
  streamSlot?: (subject: string | undefined, address: string | undefined) => StreamSlot;
}

/** The websocket side of the gateway. */
export interface WebSocketEndpoint {
  /** Live subscriptions sharing executions (counters, for tests and metrics). */
  readonly fanout: { readonly stats: FanoutStats };
  /** Closes every socket and stops accepting new ones. */
  close(): Promise<void>;
}

/** Headers whose values decide what a caller may see: they enter the key of a shared execution. */
const CREDENTIAL_HEADERS = [
  LEGACY_API_KEY_HEADER,
  COMMERCE_API_KEY_HEADER,
  "authorization",
  "proxy-authorization",
  "cookie",
] as const;

/** The caller's scope: its credential headers and every connection param (hashed, never kept in clear). */
function scopeOf(request: Request, params: Record<string, unknown> | undefined): unknown {
  return [CREDENTIAL_HEADERS.map((name) => request.headers.get(name)), params ?? null];
}

/**
 * Where a shared execution writes a subscriber's payloads: `{"id":…,"type":"next","payload":…}`,
 * the message graphql-ws would write, made around the payload's text without parsing it again.
 */
class SocketSink implements FanoutSink {
  readonly #socket: WebSocket;
  readonly #head: string;

  constructor(socket: WebSocket, id: string) {
    this.#socket = socket;
    this.#head = `{"id":${JSON.stringify(id)},"type":"next","payload":`;
  }

  send(raw: string): void {
    if (this.#socket.readyState === this.#socket.OPEN) this.#socket.send(`${this.#head}${raw}}`);
  }

  buffered(): number {
    return this.#socket.bufferedAmount;
  }
}

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
function operationHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const name of Object.keys(headers)) if (!HANDSHAKE_HEADERS.has(name)) kept[name] = headers[name];
  return kept;
}

/** The parts of a websocket's upgrade request its operations are built from. */
type UpgradeRequest = Pick<IncomingMessage, "headers" | "url">;

/** What graphql-ws keeps of each connection: the socket, its upgrade request and its peer's address. */
interface ConnectionExtra {
  socket: WebSocket;
  request: UpgradeRequest;
  address: string | undefined;
  /** The caller's scope as share keys take it (Fanout.scopeKey), made at the first subscription that may share. */
  scopeKey?: string;
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
 * How long a socket may go without its connection_init before it is closed with 4408 (graphql-ws's
 * own default, kept here rather than there: graphql-ws keeps its timer for the connection's life).
 */
export const CONNECTION_INIT_WAIT_MS = 3_000;

/** How often an idle socket is pinged; one that does not answer by the next ping is dropped. */
const KEEP_ALIVE_MS = 12_000;

type OperationResult = ExecutionResult | AsyncGenerator<ExecutionResult> | AsyncIterable<ExecutionResult>;

/** The envelop pipeline of one operation, as yoga's `getEnveloped` gives it (the parts used here). */
interface Enveloped {
  schema: GraphQLSchema;
  parse(source: string): DocumentNode;
  validate(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[];
  contextFactory(): unknown;
  execute(args: ExecutionArgs): unknown;
  subscribe(args: ExecutionArgs): unknown;
}

/** What the endpoint needs of the yoga app. */
export interface EnvelopedApp {
  getEnveloped(initial: { request: Request; params: unknown }): Enveloped;
}

function refuseUpgrade(socket: Duplex, status: number, reason: string, body = ""): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The upgrade's headers plus keys from connection params: what an operation's Request carries. */
function headersOf(req: UpgradeRequest, params: Record<string, unknown> | undefined): Headers {
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
function requestOf(req: UpgradeRequest, params: Record<string, unknown> | undefined, signal: CallerSignal): Request {
  const headers = headersOf(req, params);
  const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method: "POST",
    headers,
  });
  requestSignals.set(request, signal);
  return request;
}

/**
 * Requests of websocket subscriptions: their context is made for the stream at once (src/server.ts),
 * not made with the request's deadline and then made again without it.
 */
const streamRequests = new WeakSet<Request>();

/** Whether `request` stands for a websocket subscription. */
export function isStreamRequest(request: Request): boolean {
  return streamRequests.has(request);
}

/** Requests of shared executions: their subscription streams as a LiveStream (src/plugins/live-streams.ts). */
const liveRequests = new WeakSet<Request>();

/** Whether `request` stands for a shared execution's own run (src/events/fanout.ts). */
export function isLiveRequest(request: Request): boolean {
  return liveRequests.has(request);
}

/** What onSubscribe hands execute/subscribe: how to run the operation, and whether it may share. */
interface Prepared {
  readonly run: (signal: CallerSignal | undefined) => Promise<SharedRunResult>;
  readonly share: ShareRequest | undefined;
  readonly signal: CallAbort;
  /** The socket the operation came on. */
  readonly socket: WebSocket;
  /** The query or mutation as a shutdown counts it (undefined for a subscription). */
  readonly operation: RunningOperation | undefined;
}

/** A query or mutation running on a socket. */
interface RunningOperation {
  /** Its `subscribe` payload, as graphql-ws names it to onComplete. */
  readonly message: object;
  readonly id: string;
  readonly mutation: boolean;
}

/** What a mutation cut by the gateway's shutdown (or close) ends with. */
function cutMutation(): GraphQLError {
  return new GraphQLError(
    "The gateway shut down before the mutation finished; it may or may not have taken effect, so it is not sent again.",
    { extensions: { code: "SHUTTING_DOWN" } },
  );
}

/** Why an operation whose socket is closing is not run. */
function notRun(): GraphQLError {
  return new GraphQLError("The websocket is closing; the operation was not run.", {
    extensions: { code: "SHUTTING_DOWN" },
  });
}

/** Why an operation sent while the gateway drains is not run (the client sends it again elsewhere). */
function shuttingDown(): GraphQLError {
  return new GraphQLError("The gateway is shutting down; send the operation again on a new connection.", {
    extensions: { code: "SHUTTING_DOWN" },
  });
}

/** Attaches the graphql-ws endpoint to `server`. */
export function attachWebSocket(server: Server, yoga: EnvelopedApp, options: WebSocketOptions): WebSocketEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload, handleProtocols });
  const fanout = new Fanout({ slowConsumerResult });
  const maxParamsBytes = options.maxParamsBytes ?? MAX_CONNECTION_PARAMS_BYTES;
  const maxParamsDepth = options.maxParamsDepth ?? MAX_CONNECTION_PARAMS_DEPTH;
  // A socket's signal is a CallAbort, not an AbortController: only the gateway follows it (the
  // fan-out's subscribers, the operations' services), and every idle connection would otherwise
  // keep an EventTarget. The executor gets no signal over websockets (server.ts): graphql-ws
  // returns a socket's streams when it closes, and its operations' backend calls end with it.
  const gone = new WeakMap<WebSocket, CallAbort>();
  const signalOf = (socket: WebSocket): CallAbort => {
    let signal = gone.get(socket);
    if (!signal) {
      const made = new CallAbort();
      // `on`, not `once` (here and below): ws emits "close" once, and `once` costs a wrapper per socket.
      socket.on("close", () => made.abort(new DOMException("The websocket closed.", "AbortError")));
      signal = made;
      gone.set(socket, signal);
    }
    return signal;
  };

  // Queries and mutations running on each socket (their subscribe payloads), for a shutdown to wait
  // for. An array per socket, made at its first query and kept for its life: nothing is added to a
  // Map or Set per operation (src/util/churn-list.ts says why).
  const runningOf = new WeakMap<WebSocket, RunningOperation[]>();
  let runningCount = 0;
  let draining = false;
  let changed: (() => void) | undefined;
  const goAway = (socket: WebSocket) => socket.close(1001, "Going away");
  const busy = (socket: WebSocket) => (runningOf.get(socket)?.length ?? 0) > 0;
  /** Counts the operation in; false when its socket is closing (it is not run then). */
  const started = (socket: WebSocket, operation: RunningOperation): boolean => {
    if (socket.readyState !== socket.OPEN) return false;
    let running = runningOf.get(socket);
    if (!running) runningOf.set(socket, (running = []));
    running.push(operation);
    runningCount++;
    return true;
  };
  const finished = (socket: WebSocket, message: object) => {
    const running = runningOf.get(socket);
    const at = running?.findIndex((operation) => operation.message === message) ?? -1;
    if (!running || at < 0) return;
    running.splice(at, 1);
    runningCount--;
    if (draining && running.length === 0) goAway(socket);
    changed?.();
  };
  const forget = (socket: WebSocket) => {
    const running = runningOf.get(socket);
    if (!running?.length) return;
    runningCount -= running.length;
    running.length = 0;
    changed?.();
  };
  // A mutation cut with its socket may or may not have taken effect: it gets an `error` message
  // first, which ends it at the client, so a graphql-ws client does not send it again on its next
  // connection as it does every operation a 1001 close leaves unfinished. A query is left to that.
  const endMutations = (socket: WebSocket) => {
    if (socket.readyState !== socket.OPEN) return;
    for (const { id, mutation } of runningOf.get(socket) ?? []) {
      if (!mutation) continue;
      const error = cutMutation();
      socket.send(
        JSON.stringify({ id, type: "error", payload: [{ message: error.message, extensions: error.extensions }] }),
      );
    }
  };
  // While draining, a new operation waits (never run) for its socket's close, then graphql-ws is
  // told of errors it no longer sends: the client sends the operation again on its next connection.
  const held = new WeakMap<WebSocket, Promise<readonly GraphQLError[]>>();
  const hold = (socket: WebSocket): Promise<readonly GraphQLError[]> => {
    let wait = held.get(socket);
    if (!wait) {
      wait =
        socket.readyState === socket.CLOSED
          ? Promise.resolve([shuttingDown()])
          : new Promise((resolve) => socket.on("close", () => resolve([shuttingDown()])));
      held.set(socket, wait);
    }
    if (!busy(socket)) goAway(socket);
    return wait;
  };
  registerWebSocketOperations(server, {
    get inFlight() {
      return runningCount;
    },
    stopAccepting() {
      draining = true;
      for (const socket of wss.clients) if (!busy(socket)) goAway(socket);
    },
    settled(signal) {
      return new Promise<void>((resolve) => {
        const check = () => {
          if (runningCount > 0 && !signal.aborted) return;
          changed = undefined;
          signal.removeEventListener("abort", check);
          resolve();
        };
        changed = check;
        signal.addEventListener("abort", check, { once: true });
        check();
      });
    },
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== options.path) {
      refuseUpgrade(socket, 404, "Not Found");
      return;
    }
    if (draining) {
      const error = shuttingDown();
      const body = JSON.stringify({ errors: [{ message: error.message, extensions: error.extensions }] });
      refuseUpgrade(socket, 503, "Service Unavailable", body);
      return;
    }
    const refusal = options.refuse(req);
    if (refusal) {
      const body = JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] });
      refuseUpgrade(socket, refusal.status, refusal.status === 403 ? "Forbidden" : "Refused", body);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      options.onConnection?.(req, ws);
      wss.emit("connection", ws, req);
      // Accepted as the drain began: it has nothing to finish.
      if (draining) goAway(ws);
    });
  };
  server.on("upgrade", onUpgrade);

  // A socket's connection_init wait, until its connection_init comes (or it closes).
  const initWaits = new WeakMap<WebSocket, ReturnType<typeof setTimeout>>();
  const protocol = makeServer<Record<string, unknown>, ConnectionExtra>({
    // The wait for connection_init is ours (below): ended when it comes, not kept until the close.
    connectionInitWaitTimeout: 0,
    // connection_init authorization: the same credentials an HTTP request would need, else 4401.
    onConnect: async (ctx) => {
      clearTimeout(initWaits.get(ctx.extra.socket));
      initWaits.delete(ctx.extra.socket);
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
    },
    // graphql-ws keeps these arguments for as long as the operation runs: they let go of what
    // onSubscribe prepared (its closure, the share key) once it has been used.
    execute: (args: ExecutionArgs) => {
      const prepared = args.rootValue as Prepared;
      args.rootValue = undefined;
      // In flight until graphql-ws has sent its result and `complete` (onComplete below). On a
      // socket already closing (told to go away, or closed by its client) it is not run: a
      // graphql-ws client sends it again on its next connection.
      if (prepared.operation && !started(prepared.socket, prepared.operation)) {
        return Promise.resolve({ errors: [notRun()] });
      }
      // Only subscriptions share: an operation run here never makes a LiveStream.
      return prepared.run(prepared.signal) as Promise<OperationResult>;
    },
    subscribe: (args: ExecutionArgs) => {
      const prepared = args.rootValue as Prepared;
      args.rootValue = undefined;
      return fanout.run(prepared.share, prepared.run, prepared.signal);
    },
    // Called once graphql-ws has the result; it sends `complete` next (a microtask later), and the
    // operation stops counting after that, so a drain's close frame follows the result.
    onComplete: (ctx, _id, payload) => {
      const { socket } = ctx.extra;
      if (runningOf.get(socket)?.some((operation) => operation.message === payload)) {
        setImmediate(() => finished(socket, payload));
      }
    },
    onSubscribe: (ctx, id, payload) => {
      // Each running subscription holds a log subscription and a buffer: one socket gets a bounded
      // number. graphql-ws has already registered this operation's id when it asks us.
      const operations = Object.keys(ctx.subscriptions).length;
      if (operations > options.maxOperations) {
        return [limitError("MAX_OPERATIONS_PER_CONNECTION", options.maxOperations, operations)];
      }
      if (draining) return hold(ctx.extra.socket);
      const message = payload;
      const resolved = options.persisted ? options.persisted(payload) : payload;
      if (Array.isArray(resolved)) return resolved as GraphQLError[];
      payload = resolved as typeof payload;
      const signal = signalOf(ctx.extra.socket);
      const request = requestOf(ctx.extra.request, ctx.connectionParams, signal);
      const enveloped = yoga.getEnveloped({ request, params: payload });
      let document: DocumentNode;
      try {
        document = enveloped.parse(payload.query);
      } catch (error) {
        return [error as GraphQLError];
      }
      const errors = enveloped.validate(enveloped.schema, document);
      if (errors.length > 0) return errors;
      const variables = payload.variables ?? undefined;
      const kind = getOperationAST(document, payload.operationName)?.operation;
      const subscription = kind === OperationTypeNode.SUBSCRIPTION;
      if (subscription) streamRequests.add(request);
      const responseKey = subscription ? shareableField(document, payload.operationName, variables) : undefined;
      const share =
        responseKey === undefined
          ? undefined
          : {
              responseKey,
              key: shareKey({
                query: payload.query,
                operationName: payload.operationName,
                variables,
                // The connection's credentials and params do not change: hashed once, not per subscribe.
                scope: (ctx.extra.scopeKey ??= fanout.scopeKey(scopeOf(request, ctx.connectionParams))),
              }),
              sink: new SocketSink(ctx.extra.socket, id),
            };
      // The subscriber's own run uses the pipeline made above, once (it is let go of then: an idle
      // subscriber of a shared execution keeps no context); a shared execution (which must not end
      // with the socket of the subscriber that started it) gets its own Request and signal.
      let ownEnveloped: Enveloped | undefined = enveloped;
      const run = async (runSignal: CallerSignal | undefined): Promise<SharedRunResult> => {
        const own = runSignal === signal ? ownEnveloped : undefined;
        ownEnveloped = undefined;
        let env = own;
        if (!env) {
          // A shared execution's own run: it reads its stream as a LiveStream.
          const shared = requestOf(ctx.extra.request, ctx.connectionParams, runSignal ?? signal);
          if (subscription) {
            streamRequests.add(shared);
            liveRequests.add(shared);
          }
          env = yoga.getEnveloped({ request: shared, params: payload });
        }
        const contextValue = (await env.contextFactory()) as { request?: Request };
        const args: ExecutionArgs = {
          schema: env.schema,
          operationName: payload.operationName,
          document,
          variableValues: variables,
          contextValue,
        };
        if (!subscription) return env.execute(args) as Promise<OperationResult>;
        const result = (await env.subscribe(args)) as SharedRunResult;
        // The Request served the stream's setting up (the plugins, the context); the stream keeps
        // its context for as long as it runs, and nothing reads the Request from it afterwards.
        if (isLiveStream(result) || Symbol.asyncIterator in result) contextValue.request = undefined;
        return result;
      };
      const operation = subscription
        ? undefined
        : {
            message,
            id,
            mutation: kind === OperationTypeNode.MUTATION,
          };
      const prepared: Prepared = { run, share, signal, socket: ctx.extra.socket, operation };
      return { schema: enveloped.schema, operationName: payload.operationName, document, rootValue: prepared };
    },
  });

  // One timer pings every socket; one that has not answered the previous ping is dropped.
  const unanswered = new WeakSet<WebSocket>();
  const ping = setInterval(() => {
    for (const socket of wss.clients) {
      if (unanswered.has(socket)) {
        socket.terminate();
        continue;
      }
      unanswered.add(socket);
      if (socket.readyState === socket.OPEN) socket.ping();
    }
  }, KEEP_ALIVE_MS);
  ping.unref();

  wss.on("connection", (socket: WebSocket, upgrade: IncomingMessage) => {
    socket.on("error", () => socket.close(CloseCode.InternalServerError, "Internal server error"));
    socket.on("close", () => forget(socket));
    socket.on("pong", () => unanswered.delete(socket));
    // What operations need of the upgrade request, without holding on to the request itself. A
    // page whose origin may not use cookies (one let in by CORS_ORIGINS=*) gets none of its own.
    const headers = operationHeaders(upgrade.headers);
    if (options.cookiesAllowed && !options.cookiesAllowed(upgrade)) delete headers.cookie;
    const request: UpgradeRequest = { headers, url: upgrade.url };
    const address = upgrade.socket.remoteAddress;
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
    if (socket.protocol === GRAPHQL_TRANSPORT_WS_PROTOCOL) {
      initWaits.set(
        socket,
        setTimeout(
          () => socket.close(CloseCode.ConnectionInitialisationTimeout, "Connection initialisation timeout"),
          CONNECTION_INIT_WAIT_MS,
        ),
      );
    }
    socket.on("close", (code, reason) => {
      clearTimeout(initWaits.get(socket));
      initWaits.delete(socket);
      void closed(code, String(reason));
    });
  });

  return {
    fanout,
    async close() {
      server.off("upgrade", onUpgrade);
      clearInterval(ping);
      for (const client of wss.clients) {
        endMutations(client);
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
