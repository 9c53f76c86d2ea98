/**
 * Each `subscribe` message through yoga's envelop pipeline (`getEnveloped`), so the request limits,
 * the signal handling and the per-request context apply as they do over HTTP. Live subscriptions
 * of the same document, variables and caller scope share one execution and one serialized payload
 * per event (src/live): the shared execution writes each payload, wrapped in the subscriber's own
 * `next` message, straight to every subscriber's socket. Whatever decides what a caller may see
 * must also enter `scopeOf`, so callers with different credentials never share an execution; the
 * scope is hashed once per connection.
 */
import {
  getOperationAST,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLSchema,
} from "graphql";
import type { ServerOptions } from "graphql-ws";
import type { WebSocket } from "ws";
import type { Connections, ConnectionExtra, RunningOperation } from "./connections.js";
import { notRun } from "./connections.js";
import { markStreamRequest, requestOf } from "./requests.js";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER } from "../context.js";
import type { Fanout, SharedRunResult, ShareRequest } from "../live/fanout.js";
import { isLiveStream } from "../live/live-stream.js";
import { shareableField, shareKey } from "../live/share-key.js";
import type { FanoutSink } from "../live/subscribers.js";
import { limitError } from "../limits/limit-error.js";
import { liveFieldsOf } from "../schema/events/live-fields.js";
import type { CallAbort, CallerSignal } from "../util/call-abort.js";

/** How a connection's operations run. */
export interface OperationOptions {
  /** Operations one connection may have running at once. */
  maxOperations: number;
  /** Persisted documents (src/persisted): the payload to run (an id replaced by its document), or errors. */
  persisted?: <P extends { query: string }>(payload: P) => P | readonly GraphQLError[];
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

type Hooks = Pick<
  ServerOptions<Record<string, unknown>, ConnectionExtra>,
  "execute" | "subscribe" | "onComplete" | "onSubscribe"
>;

/** graphql-ws's hooks that run a connection's operations through `yoga`, sharing live subscriptions in `fanout`. */
export function operationHooks(
  yoga: EnvelopedApp,
  options: OperationOptions,
  connections: Connections,
  fanout: Fanout,
): Hooks {
  return {
    // graphql-ws keeps these arguments for as long as the operation runs: they let go of what
    // onSubscribe prepared (its closure, the share key) once it has been used.
    execute: (args: ExecutionArgs) => {
      const prepared = args.rootValue as Prepared;
      args.rootValue = undefined;
      // In flight until graphql-ws has sent its result and `complete` (onComplete below). On a
      // socket already closing (told to go away, or closed by its client) it is not run: a
      // graphql-ws client sends it again on its next connection.
      if (prepared.operation && !connections.started(prepared.socket, prepared.operation)) {
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
      if (connections.isRunning(socket, payload)) {
        setImmediate(() => connections.finished(socket, payload));
      }
    },
    onSubscribe: (ctx, id, payload) => {
      // Each running subscription holds a log subscription and a buffer: one socket gets a bounded
      // number. graphql-ws has already registered this operation's id when it asks us.
      const operations = Object.keys(ctx.subscriptions).length;
      if (operations > options.maxOperations) {
        return [limitError("MAX_OPERATIONS_PER_CONNECTION", options.maxOperations, operations)];
      }
      if (connections.draining) return connections.hold(ctx.extra.socket);
      const message = payload;
      const resolved = options.persisted ? options.persisted(payload) : payload;
      if (Array.isArray(resolved)) return resolved as GraphQLError[];
      payload = resolved as typeof payload;
      const signal = connections.signalOf(ctx.extra.socket);
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
      if (subscription) markStreamRequest(request);
      const responseKey = subscription
        ? shareableField(document, payload.operationName, variables, liveFieldsOf(enveloped.schema))
        : undefined;
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
          if (subscription) markStreamRequest(shared, true);
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
  };
}
