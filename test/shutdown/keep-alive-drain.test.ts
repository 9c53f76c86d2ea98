/**
 * Kept-alive connections during a drain: from the first moment every response says
 * `Connection: close`, and no socket is closed under a request its client may be sending. A socket
 * idle in keep-alive since before the shutdown, and one connected during the delay whose request
 * only comes after the listener has closed, are both still answered (with `Connection: close`);
 * clients sending back to back over keep-alive meet no failure but a refused new connection once
 * the listener is closed. Outcomes are counted, not timed.
 */
import { Agent, request as httpRequest } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Gateway } from "../../src/server.js";
import { startStack, type Stack } from "../support/stack.js";

const QUERY = JSON.stringify({ query: "query KeepAliveClients { clients { id name } }" });

/**
 * What one request came to: its status and Connection header, or the error that ended it (and
 * whether it was sent on a kept-alive socket, and after the listener had closed).
 */
type Outcome =
  { status: number; connection: string | undefined } | { error: string; reused?: boolean; closed?: boolean };

/** A raw TCP connection to the gateway, to choose exactly when each request is written on it. */
interface RawConnection {
  /** Writes one request for /livez and reads its answer (or how the connection ended instead). */
  get(): Promise<Outcome>;
  destroy(): void;
}

async function rawConnection(gateway: Gateway): Promise<RawConnection> {
  const { port } = new URL(gateway.url);
  const socket: Socket = connect(Number(port), "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let buffer = "";
  let waiting: ((outcome: Outcome) => void) | undefined;
  const settle = (outcome: Outcome) => {
    const done = waiting;
    waiting = undefined;
    done?.(outcome);
  };
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    const head = buffer.indexOf("\r\n\r\n");
    if (head < 0) return;
    const headers = buffer.slice(0, head);
    // A chunked body ends with its last, empty chunk; another with its Content-Length.
    let end: number;
    if (/^transfer-encoding:\s*chunked/im.test(headers)) {
      const last = buffer.indexOf("0\r\n\r\n", head + 4);
      if (last < 0) return;
      end = last + 5;
    } else {
      end = head + 4 + Number(/^content-length:\s*(\d+)/im.exec(headers)?.[1] ?? 0);
      if (buffer.length < end) return;
    }
    buffer = buffer.slice(end);
    settle({
      status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]),
      connection: /^connection:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase(),
    });
  });
  socket.on("error", (error: NodeJS.ErrnoException) => settle({ error: error.code ?? error.message }));
  socket.on("close", () => settle({ error: "closed without an answer" }));
  return {
    get() {
      return new Promise<Outcome>((resolve) => {
        waiting = resolve;
        socket.write(`GET /livez HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      });
    },
    destroy: () => socket.destroy(),
  };
}

/** POSTs the query over `agent` (kept-alive sockets). */
function postQuery(gateway: Gateway, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = httpRequest(
      `${gateway.url}/graphql`,
      {
        agent,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(QUERY) },
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        res.once("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.once("error", (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, reused: req.reusedSocket, closed: !gateway.server.listening }),
    );
    req.end(QUERY);
  });
}

const until = async (predicate: () => boolean) => {
  while (!predicate()) await new Promise((r) => setTimeout(r, 10));
};

let stack: Stack;
let gateway: Gateway;
beforeAll(async () => {
  stack = await startStack({ env: { SHUTDOWN_DELAY_MS: "800", SHUTDOWN_DEADLINE_MS: "10000" } });
  ({ gateway } = stack);
});
afterAll(() => stack.close());

describe("kept-alive connections during a drain", () => {
  it("answers every request sent on an open socket, with Connection: close; only new connections are refused", async () => {
    // Idle in keep-alive since before the shutdown: its last answer did not say close.
    const idle = await rawConnection(gateway);
    expect(await idle.get()).toEqual({ status: 200, connection: "keep-alive" });

    // Clients sending back to back over kept-alive sockets, until a connection is refused.
    const after: Outcome[] = [];
    let shuttingDown = false;
    const worker = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (;;) {
          // Only requests sent once the shutdown had begun: one answered before may keep its socket.
          const sentDuring = shuttingDown;
          const outcome = await postQuery(gateway, agent);
          if (sentDuring) after.push(outcome);
          if ("error" in outcome) return;
        }
      } finally {
        agent.destroy();
      }
    };
    const workers = Array.from({ length: 6 }, () => worker());
    await new Promise((r) => setTimeout(r, 200));

    shuttingDown = true;
    const report = gateway.shutdown();
    // Connected during the delay; its request is written only once the listener has closed.
    const late = await rawConnection(gateway);
    await until(() => !gateway.server.listening);
    const [lateOutcome, idleOutcome] = await Promise.all([late.get(), idle.get()]);
    expect(lateOutcome).toEqual({ status: 200, connection: "close" });
    expect(idleOutcome).toEqual({ status: 200, connection: "close" });

    await Promise.all(workers);
    expect(await report).toMatchObject({ cut: 0, inTime: true });
    late.destroy();
    idle.destroy();

    const answered = after.filter((o) => "status" in o);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((o) => "status" in o && o.status === 200 && o.connection === "close")).toBe(true);
    // Each worker ends on its first failure: a new connection once the listener is closed, refused
    // (ECONNREFUSED, or ECONNRESET when it was still in the kernel's queue of the closing
    // listener), never a request on a socket the gateway had accepted.
    const failed = after.filter((o) => "error" in o);
    expect(failed).toHaveLength(6);
    for (const failure of failed) {
      expect(failure).toEqual({ error: expect.stringMatching(/^ECONN(REFUSED|RESET)$/), reused: false, closed: true });
    }
  }, 30_000);
});
