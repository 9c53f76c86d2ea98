/**
 * listen()'s request timeouts: a client that trickles its body or its headers is answered 408 and
 * cut once its time is up, while a response that takes long (an SSE stream) after a complete
 * request is not bound by them.
 */
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listen, type Listening } from "../../src/util/listen.js";

let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** What the socket received until the server closed it, and after how many ms (or "open" after `ms`). */
function readUntilClosed(socket: Socket, ms: number): Promise<{ text: string; closedAfterMs: number | "open" }> {
  const started = Date.now();
  let text = "";
  socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: "open" });
    }, ms);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on("error", () => undefined);
  });
}

async function slowServer(): Promise<Listening> {
  return listen(
    (req, res) => {
      // Reads the whole body, then answers as a stream that lasts 1.2 s.
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        let n = 0;
        const tick = setInterval(() => {
          res.write(`data: ${++n}\n\n`);
          if (n === 6) {
            clearInterval(tick);
            res.end();
          }
        }, 200);
      });
    },
    { requestTimeoutMs: 600, headersTimeoutMs: 300 },
  );
}

describe("listen: request timeouts", () => {
  it("answers 408 and closes when a body trickles past the request timeout", async () => {
    server = await slowServer();
    const socket = connect(server.port, "127.0.0.1");
    socket.write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("a"), 50);
    const { text, closedAfterMs } = await readUntilClosed(socket, 5_000);
    clearInterval(trickle);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).not.toBe("open");
    expect(closedAfterMs).toBeLessThan(2_500);
  });

  it("answers 408 and closes when headers trickle past the headers timeout", async () => {
    server = await slowServer();
    const socket = connect(server.port, "127.0.0.1");
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const trickle = setInterval(() => socket.writable && socket.write("X-A: b\r\n"), 50);
    const { text, closedAfterMs } = await readUntilClosed(socket, 5_000);
    clearInterval(trickle);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(2_500);
  });

  it("lets a response outlast the timeouts once the request is whole", async () => {
    server = await slowServer();
    const res = await fetch(server.url, { method: "POST", body: "hello" });
    expect(await res.text()).toBe([1, 2, 3, 4, 5, 6].map((n) => `data: ${n}\n\n`).join(""));
  });
});
