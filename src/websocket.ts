/**
 * GraphQL over websockets (the graphql-ws protocol) on the gateway's own HTTP server and path.
 * Operations run through yoga's envelop pipeline (`getEnveloped`), so the request limits, the
 * signal handling and the per-request context apply as they do over HTTP. The context is built
 * from a Request made of the upgrade request's headers, plus the API keys a client may send in
 * its connection_init payload (`x-legacy-api-key`, `x-commerce-api-key`). The upgrade passes the
 * same Host and Origin checks as every HTTP request before the socket is accepted.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { DocumentNode, ExecutionArgs, ExecutionResult, GraphQLError, GraphQLSchema } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer, type WebSocket } from "ws";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER } from "./context.js";
import { limitError } from "./plugins/limit-error.js";
import type { Refusal } from "./plugins/http-access.js";

/** Connection params copied into the context's headers (API keys; nothing else). */
const PARAM_HEADERS = [LEGACY_API_KEY_HEADER, COMMERCE_API_KEY_HEADER] as const;

/** Options of attachWebSocket. */
export interface WebSocketOptions {
  /** The path websockets are accepted on (the GraphQL path). */
  path: string;
  /** The access checks of an HTTP request (Host, Origin); a refusal answers the upgrade. */
  refuse: (req: IncomingMessage) => Refusal | undefined;
  /** Largest message accepted, in bytes. */
  maxPayload: number;
  /** Operations one connection may have running at once. */
  maxOperations: number;
}

/** The websocket side of the gateway. */
export interface WebSocketEndpoint {
  /** Closes every socket and stops accepting new ones. */
  close(): Promise<void>;
}

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

/** A Request standing for one websocket operation: the upgrade's headers plus keys from connection params. */
function requestOf(req: IncomingMessage, params: Record<string, unknown> | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  for (const name of PARAM_HEADERS) {
    const value = params?.[name];
    if (typeof value === "string" && value.trim() !== "") headers.set(name, value.trim());
  }
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { headers, signal });
}

/** Attaches the graphql-ws endpoint to `server`. */
export function attachWebSocket(server: Server, yoga: EnvelopedApp, options: WebSocketOptions): WebSocketEndpoint {
  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });
  const gone = new WeakMap<WebSocket, AbortSignal>();
  const signalOf = (socket: WebSocket): AbortSignal => {
    let signal = gone.get(socket);
    if (!signal) {
      const controller = new AbortController();
      socket.once("close", () => controller.abort(new DOMException("The websocket closed.", "AbortError")));
      signal = controller.signal;
      gone.set(socket, signal);
    }
    return signal;
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== options.path) {
      refuseUpgrade(socket, 404, "Not Found");
      return;
    }
    const refusal = options.refuse(req);
    if (refusal) {
      const body = JSON.stringify({ errors: [{ message: refusal.message, extensions: { code: refusal.code } }] });
      refuseUpgrade(socket, refusal.status, refusal.status === 403 ? "Forbidden" : "Refused", body);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  };
  server.on("upgrade", onUpgrade);

  const disposable = useServer<Record<string, unknown>>(
    {
      execute: (args: ExecutionArgs) => (args.rootValue as Enveloped).execute(args) as Promise<OperationResult>,
      subscribe: (args: ExecutionArgs) => (args.rootValue as Enveloped).subscribe(args) as Promise<OperationResult>,
      onSubscribe: async (ctx, _id, payload) => {
        // Each running subscription holds a log subscription and a buffer: one socket gets a bounded
        // number. graphql-ws has already registered this operation's id when it asks us.
        const running = Object.keys(ctx.subscriptions).length;
        if (running > options.maxOperations) {
          return [limitError("MAX_OPERATIONS_PER_CONNECTION", options.maxOperations, running)];
        }
        const request = requestOf(ctx.extra.request, ctx.connectionParams, signalOf(ctx.extra.socket));
        const enveloped = yoga.getEnveloped({ request, params: payload });
        let document: DocumentNode;
        try {
          document = enveloped.parse(payload.query);
        } catch (error) {
          return [error as GraphQLError];
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length > 0) return errors;
        const args: ExecutionArgs = {
          schema: enveloped.schema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: enveloped,
        };
        return args;
      },
    },
    wss,
  );

  return {
    async close() {
      server.off("upgrade", onUpgrade);
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
