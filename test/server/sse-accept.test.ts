/**
 * What a subscription over plain HTTP is, decided the way yoga decides it: a stream (SSE) when the
 * Accept covers text/event-stream, which `*\/*` (curl's and fetch's default) and no Accept at all
 * do. Such a stream follows every stream rule: MAX_STREAMS_PER_CALLER, the cut at its token's
 * expiry, the end at shutdown. Any other Accept is refused at once with a coded JSON body saying
 * how to subscribe, before the subscription opens anything: refused requests leave no feed behind
 * (mailgraph_subscriptions_active, the event log's subscribers) for a webhook batch to be copied into.
 */
import { request, type IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";
import {
  addSubscriberQuery,
  LIST_FEED,
  startEventsStack,
  until,
  type EventsStack,
} from "../schema/events/subscriptions-support.js";

/** What a POST of ListFeed came to: the answer's head, then its body as it arrives. */
interface Answer {
  readonly status: number;
  readonly headers: IncomingMessage["headers"];
  /** Everything received so far. */
  text(): string;
  /** Resolves when the response ends: "end" when the server ended it, "cut" when the connection was cut. */
  readonly ended: Promise<"end" | "cut">;
  close(): Promise<void>;
}

/** POSTs ListFeed with `accept` (no Accept header when null); resolves once the answer's head is in. */
function subscribe(gateway: Gateway, accept: string | null, token?: string): Promise<Answer> {
  const { port } = new URL(gateway.url);
  const body = JSON.stringify({ query: LIST_FEED, variables: { list: demo.newsletter } });
  return new Promise((resolve, reject) => {
    const req = request({
      host: "127.0.0.1",
      port,
      path: "/graphql",
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        ...(accept === null ? {} : { accept }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    req.once("error", reject);
    req.once("response", (res: IncomingMessage) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      const ended = new Promise<"end" | "cut">((done) => {
        res.once("end", () => done("end"));
        res.once("aborted", () => done("cut"));
        res.once("error", () => done("cut"));
      });
      const close = async () => {
        if (res.closed) return;
        const gone = new Promise((done) => res.once("close", done));
        req.destroy();
        await gone;
      };
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text: () => text, ended, close });
    });
    req.end(body);
  });
}

/** Subscriptions running now by the gateway's own count (GET /metrics from loopback). */
async function activeSubscriptions(gateway: Gateway): Promise<number> {
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("mailgraph_subscriptions_active{"))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

const NOT_STREAMABLE = [
  "application/json",
  "application/graphql-response+json",
  "application/graphql-response+json, application/json",
  "text/event-stream; charset=iso-8859-1",
];

let legacy: LegacySandbox;
beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
});
afterAll(() => legacy.close());

describe("a subscription over HTTP", () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(legacy.url, { AUTH_MODE: "open", MAX_STREAMS_PER_CALLER: "2" });
  });
  afterAll(() => gateway.close());

  it("is refused at once with a coded JSON body saying how to subscribe when the Accept cannot stream", async () => {
    for (const accept of NOT_STREAMABLE) {
      const answer = await subscribe(gateway, accept);
      expect(await answer.ended).toBe("end");
      expect({ accept, status: answer.status }).toEqual({ accept, status: 406 });
      expect(answer.headers["content-type"]).toMatch(/^application\/(graphql-response\+)?json; charset=utf-8$/);
      expect(JSON.parse(answer.text())).toEqual({
        errors: [
          {
            message: expect.stringMatching(/Accept: text\/event-stream.*graphql-ws/s),
            extensions: { code: "SUBSCRIPTION_NEEDS_STREAM" },
          },
        ],
      });
    }
  });

  it("streams to */* and to no Accept, its head and a comment sent at once, before any event", async () => {
    for (const accept of ["*/*", null, "text/*"]) {
      const answer = await subscribe(gateway, accept);
      try {
        expect(answer.status).toBe(200);
        expect(answer.headers["content-type"]).toBe("text/event-stream");
        await until(
          () => answer.text().length > 0,
          () => answer.text(),
        );
        expect(answer.text()).toBe(":\n\n");
      } finally {
        await answer.close();
      }
    }
  });

  it("counts a */* stream against MAX_STREAMS_PER_CALLER, as it does a text/event-stream one", async () => {
    const first = await subscribe(gateway, "*/*");
    const second = await subscribe(gateway, null);
    try {
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await subscribe(gateway, "*/*");
      expect(await third.ended).toBe("end");
      expect(third.status).toBe(429);
      expect(JSON.parse(third.text())).toMatchObject({
        errors: [{ extensions: { code: "MAX_STREAMS_PER_CALLER_EXCEEDED", max: 2 } }],
      });
      // A query with */* is no stream: it is answered while the caller holds its two.
      const query = await fetch(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "{ clients { id } }" }),
      });
      expect(query.status).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe("a */* stream opened with a gateway token", () => {
  const GATEWAY_SECRET = "a-gateway-secret-of-32-bytes-or-more-for-tests";
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(legacy.url, { AUTH_MODE: "token", GATEWAY_SECRET });
  });
  afterAll(() => gateway.close());

  it("is cut when the token expires", async () => {
    const token = await sealGatewayToken({ legacyApiKey: DEMO.apiKey, scopes: [] }, tokenKey(GATEWAY_SECRET), 2);
    const answer = await subscribe(gateway, "*/*", token);
    try {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/event-stream");
      // A 2-second token: cut, not completed, long before this bound.
      const outcome = await Promise.race([
        answer.ended,
        new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 15_000)),
      ]);
      expect(outcome).toBe("cut");
    } finally {
      await answer.close();
    }
  }, 30_000);
});

describe("a */* stream at shutdown", () => {
  it("is ended as an SSE stream, not waited for as a request in flight", async () => {
    const gateway = await startGateway(legacy.url, { AUTH_MODE: "open", SHUTDOWN_DEADLINE_MS: "4000" });
    const answer = await subscribe(gateway, "*/*");
    expect(answer.status).toBe(200);
    const report = await gateway.shutdown();
    expect(report).toMatchObject({ streams: 1, cut: 0, inTime: true, http: { inFlight: 0, cut: 0 } });
    expect(await answer.ended).toBe("end");
  }, 30_000);
});

describe("subscriptions refused over HTTP", () => {
  let stack: EventsStack;
  beforeAll(async () => {
    stack = await startEventsStack();
  });
  afterAll(() => stack.close());

  it("leave no feed open: the subscription gauge and the event log's subscribers stay as they were, and a webhook reaches only the real stream", async () => {
    const { gateway } = stack;
    const logs = stack.logSubscriptions;
    const opened = logs.opened();
    const live = logs.live();
    const gauge = await activeSubscriptions(gateway);
    for (let i = 0; i < 20; i++) {
      const answer = await subscribe(gateway, NOT_STREAMABLE[i % NOT_STREAMABLE.length] ?? "application/json");
      expect(await answer.ended).toBe("end");
      expect(answer.status).toBe(406);
    }
    expect(logs.opened()).toBe(opened);
    expect(logs.live()).toBe(live);
    expect(await activeSubscriptions(gateway)).toBe(gauge);

    // One real stream, then a webhook batch: it reaches that stream, and no other feed exists.
    const answer = await subscribe(gateway, "*/*");
    try {
      await logs.untilOpened(opened + 1);
      const added = await fetch(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: addSubscriberQuery(demo.newsletter, "refused.feeds@example.com") }),
      });
      expect(added.status).toBe(200);
      await until(
        () => answer.text().includes("refused.feeds@example.com"),
        () => answer.text(),
        10_000,
      );
      expect(logs.live()).toBe(live + 1);
      expect(await activeSubscriptions(gateway)).toBe(gauge + 1);
    } finally {
      await answer.close();
    }
  }, 30_000);
});
