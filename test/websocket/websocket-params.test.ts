/**
 * Connection params are bounded at connection_init: params larger than MAX_CONNECTION_PARAMS_BYTES
 * or nested deeper than MAX_CONNECTION_PARAMS_DEPTH close the socket with 4400 and a reason naming
 * the bound, before any operation reads them; params within both are acknowledged. The caller
 * scope a shared subscription is keyed by is hashed once per connection, not once per subscribe.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { demo } from "../e2e/support/ids.js";
import { LIST_FEED, startEventsStack, until, type EventsStack } from "../schema/events/subscriptions-support.js";
import {
  MAX_CONNECTION_PARAMS_BYTES,
  MAX_CONNECTION_PARAMS_DEPTH,
  PARAMS_CLOSE_CODE,
} from "../../src/websocket/index.js";

let stack: EventsStack;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  stack = await startEventsStack();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await stack.close();
});

interface Conversation {
  socket: WebSocket;
  messages: { id?: string; type: string; payload?: unknown }[];
  closed: Promise<{ code: number; reason: string }>;
}

async function open(): Promise<Conversation> {
  const socket = new WebSocket(`${stack.gateway.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
  sockets.push(socket);
  const messages: Conversation["messages"] = [];
  socket.on("message", (data: Buffer) => messages.push(JSON.parse(String(data)) as Conversation["messages"][number]));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return { socket, messages, closed };
}

/** Sends connection_init with `payload` (raw JSON text) and waits for the ack. */
async function init(conversation: Conversation, payload: string): Promise<void> {
  conversation.socket.send(`{"type":"connection_init","payload":${payload}}`);
  await until(
    () => conversation.messages.some((m) => m.type === "connection_ack"),
    () => conversation.messages,
  );
}

describe("connection params bounds", () => {
  it("closes with 4400 naming the size bound when the params are too large", async () => {
    const params: Record<string, string> = {};
    for (let i = 0; i < 40_000; i++) params[`key-${i}`] = "v";
    const conversation = await open();
    conversation.socket.send(JSON.stringify({ type: "connection_init", payload: params }));
    const { code, reason } = await conversation.closed;
    expect(code).toBe(PARAMS_CLOSE_CODE);
    expect(code).toBe(4400);
    expect(reason).toBe(`Connection params exceed ${MAX_CONNECTION_PARAMS_BYTES} bytes`);
    expect(conversation.messages).toEqual([]);
  });

  it("closes with 4400 naming the depth bound when the params nest too deep, however deep", async () => {
    for (const depth of [MAX_CONNECTION_PARAMS_DEPTH + 1, 200_000]) {
      const conversation = await open();
      // The payload object is level 1; each array inside adds one.
      conversation.socket.send(
        `{"type":"connection_init","payload":{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}}`,
      );
      const { code, reason } = await conversation.closed;
      expect({ depth, code, reason }).toEqual({
        depth,
        code: 4400,
        reason: `Connection params nest deeper than ${MAX_CONNECTION_PARAMS_DEPTH} levels`,
      });
      expect(conversation.messages).toEqual([]);
    }
  });

  it("acknowledges params at both bounds and runs operations with them", async () => {
    const conversation = await open();
    const nested = `${"[".repeat(MAX_CONNECTION_PARAMS_DEPTH - 1)}${"]".repeat(MAX_CONNECTION_PARAMS_DEPTH - 1)}`;
    const head = `{"nested":${nested},"pad":"`;
    const pad = "x".repeat(MAX_CONNECTION_PARAMS_BYTES - head.length - 2);
    const payload = `${head}${pad}"}`;
    expect(Buffer.byteLength(payload)).toBe(MAX_CONNECTION_PARAMS_BYTES);
    await init(conversation, payload);
    conversation.socket.send(JSON.stringify({ id: "q", type: "subscribe", payload: { query: "{ __typename }" } }));
    await until(
      () => conversation.messages.some((m) => m.id === "q" && m.type === "complete"),
      () => conversation.messages,
    );
    expect(conversation.messages.find((m) => m.id === "q" && m.type === "next")?.payload).toMatchObject({
      data: { __typename: "Query" },
    });
  });
});

describe("the share key's caller scope", () => {
  it("is hashed once per connection, however many subscriptions it starts", async () => {
    const conversation = await open();
    await init(conversation, JSON.stringify({ "x-legacy-api-key": DEMO.apiKey, note: "n".repeat(8_000) }));
    const before = stack.gateway.fanout.stats.scopes;
    const started = stack.gateway.fanout.stats.started;
    for (let i = 0; i < 5; i++) {
      const id = `feed-${i}`;
      conversation.socket.send(
        JSON.stringify({ id, type: "subscribe", payload: { query: LIST_FEED, variables: { list: demo.newsletter } } }),
      );
      await until(
        () => stack.gateway.fanout.stats.started === started + i + 1,
        () => stack.gateway.fanout.stats,
      );
      conversation.socket.send(JSON.stringify({ id, type: "complete" }));
      await until(
        () => stack.gateway.fanout.stats.executions === 0,
        () => stack.gateway.fanout.stats,
      );
    }
    expect(stack.gateway.fanout.stats.started - started).toBe(5);
    expect(stack.gateway.fanout.stats.scopes - before).toBe(1);

    // Another connection has its own.
    const other = await open();
    await init(other, JSON.stringify({ "x-legacy-api-key": DEMO.apiKey }));
    other.socket.send(
      JSON.stringify({
        id: "f",
        type: "subscribe",
        payload: { query: LIST_FEED, variables: { list: demo.newsletter } },
      }),
    );
    await until(
      () => stack.gateway.fanout.stats.executions === 1,
      () => stack.gateway.fanout.stats,
    );
    expect(stack.gateway.fanout.stats.scopes - before).toBe(2);
    other.socket.send(JSON.stringify({ id: "f", type: "complete" }));
  });
});
