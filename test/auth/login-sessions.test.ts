/**
 * Each login session is its own caller: its gateway token names a subject made for that login, so
 * two users logged in from one address (a proxy, a NAT) each get their own MAX_STREAMS_PER_CALLER.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { openGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import { GATEWAY_SECRET, startAuthStack, UserAgent, walkLogin, type AuthStack } from "./support.js";

let stack: AuthStack;
beforeAll(async () => {
  stack = await startAuthStack({ MAX_STREAMS_PER_CALLER: "1" });
});
afterAll(() => stack.close());

/** A graphql-ws connection carrying a session cookie: acknowledged, or closed with its code. */
function connect(sessionToken: string) {
  return new Promise<{ acked: boolean; code: number | undefined; socket: WebSocket }>((resolve, reject) => {
    const socket = new WebSocket(`${stack.gateway.url.replace("http", "ws")}/graphql`, "graphql-transport-ws", {
      headers: { cookie: `mailgraph_session=${sessionToken}` },
    });
    socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: {} })));
    socket.once("message", (data) => {
      const message = JSON.parse((data as Buffer).toString("utf8")) as { type: string };
      resolve({ acked: message.type === "connection_ack", code: undefined, socket });
    });
    socket.once("close", (code) => resolve({ acked: false, code, socket }));
    socket.once("error", reject);
  });
}

/** Logs in as a new browser; its session cookie. */
async function logIn(): Promise<string> {
  const agent = new UserAgent();
  const walk = await walkLogin(agent, stack.gateway.url);
  expect(walk.callback.status).toBe(302);
  return agent.cookie(stack.gateway.url, "mailgraph_session")!;
}

describe("login sessions", () => {
  it("each carry a subject of their own, random and free of the access token", async () => {
    const key = tokenKey(GATEWAY_SECRET);
    const [a, b] = await Promise.all([logIn(), logIn()]);
    const [callerA, callerB] = await Promise.all([openGatewayToken(a, key), openGatewayToken(b, key)]);
    expect(callerA.subject).toMatch(/^login:[A-Za-z0-9_-]{22}$/);
    expect(callerB.subject).toMatch(/^login:[A-Za-z0-9_-]{22}$/);
    expect(callerA.subject).not.toBe(callerB.subject);
    const accessToken = (callerA.commerce as { accessToken: string }).accessToken;
    expect(callerA.subject).not.toContain(accessToken);
  });

  it("two logins from one address each get their own stream budget", async () => {
    const [a, b] = await Promise.all([logIn(), logIn()]);
    const firstA = await connect(a);
    expect(firstA.acked).toBe(true);
    // A has used its one stream: its next connection is refused (1013), as the budget says.
    const secondA = await connect(a);
    expect(secondA).toMatchObject({ acked: false, code: 1013 });
    // B, logged in from the same address, still has its own.
    const firstB = await connect(b);
    expect(firstB.acked).toBe(true);
    for (const { socket } of [firstA, secondA, firstB]) socket.close();
  });
});
