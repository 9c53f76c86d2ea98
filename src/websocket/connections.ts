/**
 * What the endpoint keeps per socket: its signal, the queries and mutations running on it (what a
 * shutdown waits for), and its keep-alive. Subscriptions are not counted: they never end by
 * themselves. Once the drain stops accepting, each socket closes with 1001 as soon as none of its
 * queries and mutations runs, and a `subscribe` arriving then is never run: graphql-ws clients send
 * what a 1001 close left unfinished again on their next connection, which the balancer gives
 * another instance. An `error` message instead would end it at the application with no retry.
 */
import type { Server } from "node:http";
import { GraphQLError } from "graphql";
import type { WebSocket } from "ws";
import type { UpgradeRequest } from "./requests.js";
import { registerWebSocketOperations } from "../shutdown/drain.js";
import { CallAbort } from "../util/call-abort.js";

/** What graphql-ws keeps of each connection: the socket, its upgrade request and its peer's address. */
export interface ConnectionExtra {
  socket: WebSocket;
  request: UpgradeRequest;
  address: string | undefined;
  /** The caller's scope as share keys take it (Fanout.scopeKey), made at the first subscription that may share. */
  scopeKey?: string;
}

/** A query or mutation running on a socket. */
export interface RunningOperation {
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
export function notRun(): GraphQLError {
  return new GraphQLError("The websocket is closing; the operation was not run.", {
    extensions: { code: "SHUTTING_DOWN" },
  });
}

/** Why an operation sent while the gateway drains is not run (the client sends it again elsewhere). */
export function shuttingDown(): GraphQLError {
  return new GraphQLError("The gateway is shutting down; send the operation again on a new connection.", {
    extensions: { code: "SHUTTING_DOWN" },
  });
}

/** The sockets of one endpoint: their signals and the operations running on them. */
export class Connections {
  // A socket's signal is a CallAbort, not an AbortController: only the gateway follows it (the
  // fan-out's subscribers, the operations' services), and every idle connection would otherwise
  // keep an EventTarget. The executor gets no signal over websockets (plugins/request-signal.ts): graphql-ws
  // returns a socket's streams when it closes, and its operations' backend calls end with it.
  readonly #signals = new WeakMap<WebSocket, CallAbort>();
  // Queries and mutations running on each socket (their subscribe payloads), for a shutdown to wait
  // for. An array per socket, made at its first query and kept for its life: nothing is added to a
  // Map or Set per operation (src/util/churn-list.ts says why).
  readonly #running = new WeakMap<WebSocket, RunningOperation[]>();
  #runningCount = 0;
  #draining = false;
  #changed: (() => void) | undefined;
  readonly #held = new WeakMap<WebSocket, Promise<readonly GraphQLError[]>>();

  /** Whether the drain has stopped accepting. */
  get draining(): boolean {
    return this.#draining;
  }

  /** The signal that aborts when `socket` closes. */
  signalOf(socket: WebSocket): CallAbort {
    let signal = this.#signals.get(socket);
    if (!signal) {
      const made = new CallAbort();
      // `on`, not `once` (here and below): ws emits "close" once, and `once` costs a wrapper per socket.
      socket.on("close", () => made.abort(new DOMException("The websocket closed.", "AbortError")));
      signal = made;
      this.#signals.set(socket, signal);
    }
    return signal;
  }

  goAway(socket: WebSocket): void {
    socket.close(1001, "Going away");
  }

  #busy(socket: WebSocket): boolean {
    return (this.#running.get(socket)?.length ?? 0) > 0;
  }

  /** Counts the operation in; false when its socket is closing (it is not run then). */
  started(socket: WebSocket, operation: RunningOperation): boolean {
    if (socket.readyState !== socket.OPEN) return false;
    let running = this.#running.get(socket);
    if (!running) this.#running.set(socket, (running = []));
    running.push(operation);
    this.#runningCount++;
    return true;
  }

  /** Whether the query or mutation of this `subscribe` payload runs on `socket`. */
  isRunning(socket: WebSocket, message: unknown): boolean {
    return this.#running.get(socket)?.some((operation) => operation.message === message) ?? false;
  }

  /** Counts the operation out; a draining socket with nothing left running goes away. */
  finished(socket: WebSocket, message: object): void {
    const running = this.#running.get(socket);
    const at = running?.findIndex((operation) => operation.message === message) ?? -1;
    if (!running || at < 0) return;
    running.splice(at, 1);
    this.#runningCount--;
    if (this.#draining && running.length === 0) this.goAway(socket);
    this.#changed?.();
  }

  /** The socket closed: nothing runs on it any more. */
  forget(socket: WebSocket): void {
    const running = this.#running.get(socket);
    if (!running?.length) return;
    this.#runningCount -= running.length;
    running.length = 0;
    this.#changed?.();
  }

  /**
   * A mutation cut with its socket may or may not have taken effect: it gets an `error` message
   * first, which ends it at the client, so a graphql-ws client does not send it again on its next
   * connection as it does every operation a 1001 close leaves unfinished. A query is left to that.
   */
  endMutations(socket: WebSocket): void {
    if (socket.readyState !== socket.OPEN) return;
    for (const { id, mutation } of this.#running.get(socket) ?? []) {
      if (!mutation) continue;
      const error = cutMutation();
      socket.send(
        JSON.stringify({ id, type: "error", payload: [{ message: error.message, extensions: error.extensions }] }),
      );
    }
  }

  /**
   * While draining, a new operation waits (never run) for its socket's close, then graphql-ws is
   * told of errors it no longer sends: the client sends the operation again on its next connection.
   */
  hold(socket: WebSocket): Promise<readonly GraphQLError[]> {
    let wait = this.#held.get(socket);
    if (!wait) {
      wait =
        socket.readyState === socket.CLOSED
          ? Promise.resolve([shuttingDown()])
          : new Promise((resolve) => socket.on("close", () => resolve([shuttingDown()])));
      this.#held.set(socket, wait);
    }
    if (!this.#busy(socket)) this.goAway(socket);
    return wait;
  }

  /** Makes the shutdown of `server` (src/shutdown/drain.ts) wait for the operations on `sockets`. */
  register(server: Server, sockets: ReadonlySet<WebSocket>): void {
    const inFlight = () => this.#runningCount;
    registerWebSocketOperations(server, {
      get inFlight() {
        return inFlight();
      },
      stopAccepting: () => {
        this.#draining = true;
        for (const socket of sockets) if (!this.#busy(socket)) this.goAway(socket);
      },
      settled: (signal) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (this.#runningCount > 0 && !signal.aborted) return;
            this.#changed = undefined;
            signal.removeEventListener("abort", check);
            resolve();
          };
          this.#changed = check;
          signal.addEventListener("abort", check, { once: true });
          check();
        }),
    });
  }
}

/** The keep-alive of an endpoint's sockets. */
export interface KeepAlive {
  /** A socket answered its ping (its pong came). */
  answered(socket: WebSocket): void;
  stop(): void;
}

/** One timer pings every socket each `everyMs`; one that has not answered the previous ping is dropped. */
export function keepAlive(sockets: ReadonlySet<WebSocket>, everyMs: number): KeepAlive {
  const unanswered = new WeakSet<WebSocket>();
  const ping = setInterval(() => {
    for (const socket of sockets) {
      if (unanswered.has(socket)) {
        socket.terminate();
        continue;
      }
      unanswered.add(socket);
      if (socket.readyState === socket.OPEN) socket.ping();
    }
  }, everyMs);
  ping.unref();
  return {
    stop: () => clearInterval(ping),
    answered: (socket) => void unanswered.delete(socket),
  };
}
