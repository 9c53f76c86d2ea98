/**
 * The websocket processes of the fan-out and idle-memory figures, forked through the harness
 * (processes.ts) and driven over IPC: the clients (ws-clients.ts) and the bare `ws` baseline
 * server (ws-bare-server.ts).
 */
import { performance } from "node:perf_hooks";
import { forkProcess } from "./processes.js";
import type { ClientsAnswer, ClientsCommand } from "./ws-clients.js";

/** performance.timeOrigin + performance.now(): comparable between processes of one machine. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

/** The clients process. */
export interface WsClients {
  readonly pid: number;
  /** Opens a set of sockets (graphql-ws with `subscribe`, bare without); resolves once all are ready. */
  open(command: Omit<Extract<ClientsCommand, { type: "open" }>, "type">): Promise<void>;
  /**
   * From now on, counts messages per socket of `set` from zero; returns once counting started, with
   * `done`: when every socket has `messages` (or the timeout: `missing` sockets fell short).
   */
  expect(
    set: string,
    messages: number,
    timeoutMs?: number,
  ): Promise<{ done: Promise<{ at: number; missing: number }> }>;
  /** What the set's first socket received since the last `expect`, as text. */
  recorded(set: string): Promise<string[]>;
  close(set: string): Promise<void>;
  stop(): void;
}

export function startWsClients(): WsClients {
  const child = forkProcess(new URL("./ws-clients.ts", import.meta.url));
  const waiters: { match: (answer: ClientsAnswer) => boolean; resolve: (answer: ClientsAnswer) => void }[] = [];
  child.on("message", (raw) => {
    const answer = raw as ClientsAnswer;
    if (answer.type === "failed") {
      console.error(`clients process: ${answer.error}`);
      process.exitCode = 1;
    }
    const index = waiters.findIndex((waiter) => waiter.match(answer));
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(answer);
  });
  const wait = <T extends ClientsAnswer["type"]>(type: T, set: string) =>
    new Promise<Extract<ClientsAnswer, { type: T }>>((resolve, reject) => {
      waiters.push({
        match: (answer) => answer.type === "failed" || (answer.type === type && "set" in answer && answer.set === set),
        resolve: (answer) =>
          answer.type === "failed"
            ? reject(new Error(answer.error))
            : resolve(answer as Extract<ClientsAnswer, { type: T }>),
      });
    });
  const ask = <T extends ClientsAnswer["type"]>(command: ClientsCommand, type: T, set: string) => {
    const answered = wait(type, set);
    child.send(command);
    return answered;
  };
  return {
    pid: child.pid ?? 0,
    async open(command) {
      await ask({ type: "open", ...command }, "opened", command.set);
    },
    async expect(set, messages, timeoutMs = 60_000) {
      const done = wait("done", set);
      await ask({ type: "expect", set, messages, timeoutMs }, "expecting", set);
      return { done: done.then(({ at, missing }) => ({ at, missing })) };
    },
    async recorded(set) {
      return (await ask({ type: "recorded", set }, "recorded", set)).messages;
    },
    async close(set) {
      await ask({ type: "close", set }, "closed", set);
    },
    stop: () => child.kill(),
  };
}

/** The bare `ws` server. */
export interface BareServer {
  readonly url: string;
  /** Sends `messages` to every socket; resolves once they are all handed to the sockets. */
  send(messages: readonly string[]): Promise<void>;
  stop(): void;
}

export async function startBareServer(): Promise<BareServer> {
  const child = forkProcess(new URL("./ws-bare-server.ts", import.meta.url));
  const port = await new Promise<number>((resolve) =>
    child.once("message", (raw) => resolve((raw as { port: number }).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    send: (messages) =>
      new Promise((resolve) => {
        child.once("message", () => resolve());
        child.send({ send: messages });
      }),
    stop: () => child.kill(),
  };
}
