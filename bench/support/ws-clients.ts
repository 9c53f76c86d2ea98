/**
 * The websocket clients of the fan-out benchmarks, in a process of their own: named sets of
 * graphql-ws sockets (one subscription, id "s") or bare ones, counting what each receives and
 * reporting when every socket of a set has its expected count. A set's first socket keeps the text
 * it received, to check and replay. Forked with IPC by bench/support/ws-processes.ts.
 */
import { performance } from "node:perf_hooks";
import { WebSocket } from "ws";

/** What the parent asks. */
export type ClientsCommand =
  | {
      readonly type: "open";
      readonly set: string;
      readonly url: string;
      readonly count: number;
      /** graphql-ws: the subscription each socket runs; absent: bare sockets. */
      readonly subscribe?: { readonly query: string; readonly variables?: Record<string, unknown> };
      /** Connection params each socket sends; `distinct` adds {"bench-client": i} so no two match. */
      readonly params?: Record<string, unknown>;
      readonly distinct?: boolean;
    }
  | { readonly type: "expect"; readonly set: string; readonly messages: number; readonly timeoutMs: number }
  | { readonly type: "recorded"; readonly set: string }
  | { readonly type: "close"; readonly set: string };

/** What it answers (one answer per command, in order). */
export type ClientsAnswer =
  | { readonly type: "opened"; readonly set: string }
  | { readonly type: "expecting"; readonly set: string }
  /** `at`: performance.timeOrigin + performance.now() when the last socket got its last message. */
  | { readonly type: "done"; readonly set: string; readonly at: number; readonly missing: number }
  | { readonly type: "recorded"; readonly set: string; readonly messages: string[] }
  | { readonly type: "closed"; readonly set: string }
  | { readonly type: "failed"; readonly error: string };

interface SocketSet {
  readonly sockets: WebSocket[];
  counts: Uint32Array;
  target: number;
  reached: number;
  recorded: string[];
  finish?: (missing: number) => void;
}

const sets = new Map<string, SocketSet>();
const textOf = (data: WebSocket.RawData) =>
  Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data as ArrayBuffer).toString();
const now = () => performance.timeOrigin + performance.now();
const answer = (message: ClientsAnswer) => process.send?.(message);

function onMessage(set: SocketSet, index: number, data: WebSocket.RawData): void {
  if (index === 0) set.recorded.push(textOf(data));
  const count = ++set.counts[index]!;
  if (count === set.target && ++set.reached === set.sockets.length) set.finish?.(0);
}

function openOne(
  set: SocketSet,
  index: number,
  url: string,
  command: Extract<ClientsCommand, { type: "open" }>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const graphqlWs = command.subscribe !== undefined;
    const socket = new WebSocket(url, graphqlWs ? "graphql-transport-ws" : undefined, { perMessageDeflate: false });
    set.sockets[index] = socket;
    let ready = false;
    socket.once("error", (error) => (ready ? undefined : reject(error)));
    socket.once("close", (code) => (ready ? undefined : reject(new Error(`closed with ${code} before ready`))));
    socket.once("open", () => {
      if (!graphqlWs) {
        ready = true;
        socket.on("message", (data) => onMessage(set, index, data));
        resolve();
        return;
      }
      const params = command.distinct ? { ...command.params, "bench-client": index } : command.params;
      socket.send(JSON.stringify({ type: "connection_init", payload: params ?? {} }));
      socket.once("message", (data) => {
        const text = textOf(data);
        if (!text.includes('"connection_ack"')) {
          reject(new Error(`expected connection_ack, got ${text}`));
          return;
        }
        socket.send(JSON.stringify({ id: "s", type: "subscribe", payload: command.subscribe }));
        ready = true;
        socket.on("message", (more) => onMessage(set, index, more));
        resolve();
      });
    });
  });
}

async function open(command: Extract<ClientsCommand, { type: "open" }>): Promise<void> {
  const set: SocketSet = {
    sockets: new Array<WebSocket>(command.count),
    counts: new Uint32Array(command.count),
    target: Number.POSITIVE_INFINITY,
    reached: 0,
    recorded: [],
  };
  sets.set(command.set, set);
  const url = command.url.replace(/^http/, "ws");
  // At most 64 handshakes at a time.
  let next = 0;
  const worker = async () => {
    while (next < command.count) {
      const index = next++;
      await openOne(set, index, url, command);
    }
  };
  await Promise.all(Array.from({ length: Math.min(64, command.count) }, worker));
}

function expect(command: Extract<ClientsCommand, { type: "expect" }>): void {
  const set = sets.get(command.set);
  if (!set) throw new Error(`no set ${command.set}`);
  set.counts.fill(0);
  set.reached = 0;
  set.recorded = [];
  set.target = command.messages;
  const timer = setTimeout(() => set.finish?.(set.sockets.length - set.reached), command.timeoutMs);
  set.finish = (missing) => {
    const at = now();
    clearTimeout(timer);
    set.finish = undefined;
    set.target = Number.POSITIVE_INFINITY;
    answer({ type: "done", set: command.set, at, missing });
  };
  answer({ type: "expecting", set: command.set });
}

process.on("message", (raw) => {
  const command = raw as ClientsCommand;
  void (async () => {
    try {
      switch (command.type) {
        case "open":
          await open(command);
          answer({ type: "opened", set: command.set });
          return;
        case "expect":
          expect(command);
          return;
        case "recorded":
          answer({ type: "recorded", set: command.set, messages: sets.get(command.set)?.recorded ?? [] });
          return;
        case "close": {
          const set = sets.get(command.set);
          sets.delete(command.set);
          for (const socket of set?.sockets ?? []) socket?.terminate();
          answer({ type: "closed", set: command.set });
          return;
        }
      }
    } catch (error) {
      answer({ type: "failed", error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
process.on("disconnect", () => process.exit(0));
