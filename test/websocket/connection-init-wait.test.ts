/**
 * A websocket that sends no connection_init within CONNECTION_INIT_WAIT_MS is closed with 4408, as
 * graphql-ws closes it; one that sent it stays open past that time.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { WebSocket } from "ws";
import type { Gateway } from "../../src/server.js";
import { CONNECTION_INIT_WAIT_MS } from "../../src/websocket/index.js";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
let gateway: Gateway;
beforeAll(async () => {
  stack = await startStack();
  ({ gateway } = stack);
});
afterAll(() => stack.close());

function open(): Promise<WebSocket> {
  const socket = new WebSocket(`${gateway.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

function closed(socket: WebSocket): Promise<{ code: number; reason: string; at: number }> {
  return new Promise((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason), at: performance.now() })),
  );
}

it("closes a socket without connection_init with 4408 after the wait, and keeps one that sent it", async () => {
  const silent = await open();
  const started = performance.now();
  const silentClosed = closed(silent);
  const greeting = await open();
  const greetingClosed = closed(greeting);
  const acked = new Promise<unknown>((resolve) =>
    greeting.once("message", (data: Buffer) => resolve(JSON.parse(data.toString()))),
  );
  greeting.send(JSON.stringify({ type: "connection_init" }));
  expect(await acked).toEqual({ type: "connection_ack" });

  const { code, reason, at } = await silentClosed;
  expect(code).toBe(4408);
  expect(reason).toBe("Connection initialisation timeout");
  expect(at - started).toBeGreaterThanOrEqual(CONNECTION_INIT_WAIT_MS - 50);

  // Past the wait, the socket that sent connection_init is still open.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(greeting.readyState).toBe(WebSocket.OPEN);
  greeting.close(1000);
  expect((await greetingClosed).code).toBe(1000);
});
