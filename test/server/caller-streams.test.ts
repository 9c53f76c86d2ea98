/**
 * MAX_STREAMS_PER_CALLER: websocket connections and SSE streams one caller holds open at once. A
 * caller is its gateway token's subject, else its address; the one past the limit is refused
 * (graphql-ws: close 1013 with the limit error's code; SSE: 429 with the errors body), other
 * callers are not affected, and a stream that closes gives its slot back.
 */
import { request, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { sealGatewayToken, tokenKey, type GatewayClaims } from "../../src/auth/gateway-token.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import {
  addressKey,
  CallerStreams,
  callerKey,
  closeReason,
  STREAMS_CLOSE_CODE,
} from "../../src/server/caller-streams.js";
import { limitError } from "../../src/limits/limit-error.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";
import { LIST_FEED } from "../schema/events/subscriptions-support.js";

const GATEWAY_SECRET = "a-gateway-secret-of-32-bytes-or-more-for-tests";

/** What a graphql-ws connection attempt came to. */
interface Connection {
  readonly socket: WebSocket;
  readonly acked: boolean;
  readonly closeCode?: number;
  readonly closeReason?: string;
  close(): Promise<void>;
}

/** Opens a graphql-transport-ws connection (from `localAddress`), sends connection_init, waits for the ack or the close. */
function connect(gateway: Gateway, options: { localAddress?: string; token?: string } = {}): Promise<Connection> {
  const socket = new WebSocket(`${gateway.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", {
    localAddress: options.localAddress,
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const close = async () => {
    socket.close();
    await closed;
  };
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.once("open", () => {
      const payload = options.token ? { authorization: `Bearer ${options.token}` } : {};
      socket.send(JSON.stringify({ type: "connection_init", payload }));
    });
    socket.on("message", (data: Buffer) => {
      if ((JSON.parse(String(data)) as { type?: string }).type === "connection_ack") {
        resolve({ socket, acked: true, close });
      }
    });
    socket.once("close", (code: number, reason: Buffer) =>
      resolve({ socket, acked: false, closeCode: code, closeReason: String(reason), close }),
    );
  });
}

/** What an SSE subscription request came to: its status, and its body when it was refused. */
interface Stream {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body?: { errors: { message: string; extensions: Record<string, unknown> }[] };
  close(): Promise<void>;
}

/** POSTs ListFeed asking for text/event-stream (from `localAddress`); resolves once the answer's head is in. */
function openSse(gateway: Gateway, options: { localAddress?: string; token?: string } = {}): Promise<Stream> {
  const { port } = new URL(gateway.url);
  const body = JSON.stringify({ query: LIST_FEED, variables: { list: demo.newsletter } });
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path: "/graphql",
      method: "POST",
      localAddress: options.localAddress,
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        accept: "text/event-stream",
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });
    req.once("error", reject);
    req.once("response", (res: IncomingMessage) => {
      const close = async () => {
        if (res.closed) return;
        const gone = new Promise((done) => res.once("close", done));
        req.destroy();
        await gone;
      };
      const contentType = res.headers["content-type"];
      if (res.statusCode === 200) {
        resolve({ status: 200, contentType, close });
        return;
      }
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.once("end", () =>
        resolve({ status: res.statusCode ?? 0, contentType, body: JSON.parse(text) as Stream["body"], close }),
      );
    });
    req.end(body);
  });
}

const refusalOf = (max: number) => ({
  errors: [
    {
      message: `This caller has too many streams open: the limit is ${max}, found ${max + 1}.`,
      extensions: { code: "MAX_STREAMS_PER_CALLER_EXCEEDED", limit: "MAX_STREAMS_PER_CALLER", max, found: max + 1 },
    },
  ],
});

function expectRefusedConnection(connection: Connection, max: number): void {
  expect(connection.acked).toBe(false);
  expect(connection.closeCode).toBe(STREAMS_CLOSE_CODE);
  expect(connection.closeReason).toBe(
    `MAX_STREAMS_PER_CALLER_EXCEEDED: This caller has too many streams open: the limit is ${max}, found ${max + 1}.`,
  );
}

/** Tries `open` until it is admitted: the server frees a slot when it sees the close, a moment after the client. */
async function eventually<T extends { close(): Promise<void> }>(
  open: () => Promise<T>,
  admitted: (result: T) => boolean,
): Promise<T> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const result = await open();
    if (admitted(result)) return result;
    await result.close();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("still refused after 40 attempts");
}

let legacy: LegacySandbox;
beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
});
afterAll(() => legacy.close());

describe("MAX_STREAMS_PER_CALLER by address (no gateway token)", () => {
  let gateway: Gateway;
  const open: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    gateway = await startGateway(legacy.url, { AUTH_MODE: "open", MAX_STREAMS_PER_CALLER: "2" });
  });
  afterAll(async () => {
    for (const stream of open.splice(0)) await stream.close();
    await gateway.close();
  });
  const kept = <T extends { close(): Promise<void> }>(stream: T): T => (open.push(stream), stream);

  it("refuses the third websocket connection of an address with 1013, leaves another address alone, and takes one again once one closes", async () => {
    const first = kept(await connect(gateway));
    const second = kept(await connect(gateway));
    expect([first.acked, second.acked]).toEqual([true, true]);
    expectRefusedConnection(await connect(gateway), 2);

    const elsewhere = kept(await connect(gateway, { localAddress: "127.0.0.2" }));
    expect(elsewhere.acked).toBe(true);
    const sseElsewhere = kept(await openSse(gateway, { localAddress: "127.0.0.2" }));
    expect(sseElsewhere.status).toBe(200);

    await first.close();
    const third = kept(
      await eventually(
        () => connect(gateway),
        (c) => c.acked,
      ),
    );
    expect(third.acked).toBe(true);
    expectRefusedConnection(await connect(gateway), 2);
    for (const stream of open.splice(0)) await stream.close();
  });

  it("counts SSE streams with websocket connections: the one past the limit gets 429 with the limit error, until one closes", async () => {
    const socket = kept(await connect(gateway, { localAddress: "127.0.0.3" }));
    expect(socket.acked).toBe(true);
    const stream = kept(await openSse(gateway, { localAddress: "127.0.0.3" }));
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);

    const refused = await openSse(gateway, { localAddress: "127.0.0.3" });
    expect(refused.status).toBe(429);
    expect(refused.contentType).toMatch(/^application\/json/);
    expect(refused.body).toEqual(refusalOf(2));
    expectRefusedConnection(await connect(gateway, { localAddress: "127.0.0.3" }), 2);

    await stream.close();
    const again = kept(
      await eventually(
        () => openSse(gateway, { localAddress: "127.0.0.3" }),
        (s) => s.status === 200,
      ),
    );
    expect(again.status).toBe(200);
    for (const held of open.splice(0)) await held.close();
  });
});

describe("MAX_STREAMS_PER_CALLER by gateway token subject", () => {
  let gateway: Gateway;
  const open: { close(): Promise<void> }[] = [];
  const key = tokenKey(GATEWAY_SECRET);
  const tokenFor = (claims: Partial<GatewayClaims>) =>
    sealGatewayToken({ legacyApiKey: DEMO.apiKey, scopes: [], ...claims }, key, 600);
  beforeAll(async () => {
    gateway = await startGateway(legacy.url, { AUTH_MODE: "token", GATEWAY_SECRET, MAX_STREAMS_PER_CALLER: "2" });
  });
  afterAll(async () => {
    for (const stream of open.splice(0)) await stream.close();
    await gateway.close();
  });
  const kept = <T extends { close(): Promise<void> }>(stream: T): T => (open.push(stream), stream);

  it("counts each subject on its own, from one address; tokens without a subject count by the address", async () => {
    const alice = await tokenFor({ subject: "alice" });
    const bob = await tokenFor({ subject: "bob" });
    const nobody = await tokenFor({});

    expect(kept(await connect(gateway, { token: alice })).acked).toBe(true);
    expect(kept(await openSse(gateway, { token: alice })).status).toBe(200);
    expectRefusedConnection(await connect(gateway, { token: alice }), 2);
    const aliceSse = await openSse(gateway, { token: alice });
    expect(aliceSse.status).toBe(429);
    expect(aliceSse.body).toEqual(refusalOf(2));

    // Bob and the subject-less tokens come from the same address, and are not alice.
    expect(kept(await connect(gateway, { token: bob })).acked).toBe(true);
    expect(kept(await openSse(gateway, { token: bob })).status).toBe(200);
    expect(kept(await connect(gateway, { token: nobody })).acked).toBe(true);
    expect(kept(await connect(gateway, { token: nobody })).acked).toBe(true);
    expectRefusedConnection(await connect(gateway, { token: nobody }), 2);
  });

  it("does not count a connection its credentials do not admit", async () => {
    const refused = await connect(gateway, { token: "not-a-token" });
    expect(refused.closeCode).toBe(4401);
  });
});

describe("CallerStreams", () => {
  it("holds at most max slots per caller, gives one back once however often release is called", () => {
    const streams = new CallerStreams(2);
    const a = streams.take("a");
    const b = streams.take("a");
    expect(streams.take("a")).toEqual({ refused: limitError("MAX_STREAMS_PER_CALLER", 2, 3) });
    expect("release" in streams.take("b")).toBe(true);
    if (!("release" in a) || !("release" in b)) throw new Error("refused");
    a.release();
    a.release();
    expect(streams.heldBy("a")).toBe(1);
    expect("release" in streams.take("a")).toBe(true);
    expect("refused" in streams.take("a")).toBe(true);
  });

  it("tells callers apart by subject, else by address: IPv4 (also mapped) as is, IPv6 by its /64", () => {
    expect(callerKey("alice", "10.0.0.1")).toBe("subject:alice");
    expect(callerKey(undefined, "10.0.0.1")).toBe("address:10.0.0.1");
    expect(addressKey("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002::")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(addressKey(undefined)).toBe("unknown");
  });

  it("fits the refusal's code and message in a close frame's reason, at the largest setting", () => {
    const reason = closeReason(limitError("MAX_STREAMS_PER_CALLER", 100_000, 100_001));
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    expect(reason).toMatch(/^MAX_STREAMS_PER_CALLER_EXCEEDED: /);
  });
});

describe("MAX_STREAMS_PER_CALLER setting", () => {
  it("defaults to 32, takes 1 to 100000, and names itself and the rule otherwise", () => {
    expect(loadConfig({}).limits.maxStreamsPerCaller).toBe(32);
    expect(loadConfig({ MAX_STREAMS_PER_CALLER: "5" }).limits.maxStreamsPerCaller).toBe(5);
    const described: Record<string, string> = {
      "0": "a number below 1",
      "100001": "a number above 100000",
      many: "4 characters of text",
      "-1": "a negative number",
    };
    for (const [bad, got] of Object.entries(described)) {
      let error: unknown;
      try {
        loadConfig({ MAX_STREAMS_PER_CALLER: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        `MAX_STREAMS_PER_CALLER must be a whole number from 1 to 100000 (got ${got})`,
      ]);
    }
  });
});
