/**
 * Closing the gateway does not wait on a websocket peer that never answers its close frame: after
 * CLOSE_GRACE_MS the socket is dropped, so shutdown stays within its deadline.
 */
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Gateway } from "../../src/server.js";
import { CLOSE_GRACE_MS } from "../../src/websocket/index.js";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let gateway: Gateway;
beforeAll(async () => {
  stack = await startStack();
  ({ gateway } = stack);
});
afterAll(() => stack.close());

/** A websocket upgrade done by hand on a raw socket, which then reads nothing and answers nothing. */
function deafPeer(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET /graphql HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n`,
      );
    });
    socket.once("data", (head: Buffer) => {
      if (!head.toString("latin1").startsWith("HTTP/1.1 101")) reject(new Error(head.toString("latin1")));
      // From here on the peer is deaf: nothing read, so no close frame is ever answered.
      socket.pause();
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

it("drops a peer that never answers the close frame after CLOSE_GRACE_MS", async () => {
  const peer = await deafPeer(gateway.url);
  const started = performance.now();
  await gateway.close();
  const took = performance.now() - started;
  peer.destroy();
  expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 50);
  // ws would otherwise wait its own 30 s closing timeout for the answer.
  expect(took).toBeLessThan(10_000);
});
