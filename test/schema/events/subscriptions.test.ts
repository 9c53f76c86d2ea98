/**
 * Subscriptions end to end on one gateway: a change made through the graph reaches a ListFeed
 * subscriber over graphql-ws and over SSE, `after` replays exactly what followed, the upgrade is
 * refused from a foreign Origin, and StoreFeed receives a finished export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import { WebSocket } from "ws";
import type { CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { Gateway } from "../../../src/server.js";
import { demo, gid } from "../../e2e/support/ids.js";
import { codes, post } from "../../server/support.js";
import {
  LIST_FEED,
  STORE_FEED,
  SETTLE_MS,
  addSubscriberQuery,
  sleep,
  subscribeSse,
  subscribeWs,
  until,
  wsClient,
  startEventsStack,
  type EventsStack,
  type Received,
} from "./subscriptions-support.js";

let stack: EventsStack;
let commerce: CommerceSandbox;
let gateway: Gateway;
let client: Client;

const track = (received: Received) => stack.track(received);

beforeAll(async () => {
  stack = await startEventsStack();
  ({ commerce, gateway, client } = stack);
});
afterAll(() => stack.close());

async function addSubscriber(email: string): Promise<void> {
  const res = await post(gateway.url, addSubscriberQuery(demo.newsletter, email));
  expect(codes(res)).toEqual([]);
}

const events = (received: Received) => received.results.map((r) => r.data?.listEvents);

describe("ListFeed", () => {
  it("over graphql-ws, receives the SubscribeEvent of an addSubscriber", async () => {
    const feed = await stack.subscribed(() => track(subscribeWs(client, LIST_FEED, { list: demo.newsletter })));
    await addSubscriber("ws.feed@example.com");
    await until(
      () => feed.results.length > 0,
      () => feed,
    );
    expect(feed.results[0]?.errors).toBeUndefined();
    expect(events(feed)[0]).toMatchObject({
      __typename: "SubscribeEvent",
      listId: DEMO.lists.newsletter,
      emailAddress: "ws.feed@example.com",
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/) as unknown,
      id: expect.stringMatching(/^\d+-\d+$/) as unknown,
    });
    feed.stop();
  });

  it("over SSE, receives the SubscribeEvent of an addSubscriber", async () => {
    const feed = await stack.subscribed(() => track(subscribeSse(gateway, LIST_FEED, { list: demo.newsletter })));
    await addSubscriber("sse.feed@example.com");
    await until(
      () => feed.results.length > 0,
      () => feed,
    );
    expect(events(feed)).toEqual([
      expect.objectContaining({ __typename: "SubscribeEvent", emailAddress: "sse.feed@example.com" }),
    ]);
    feed.stop();
  });

  it("with `after`, replays exactly what came after that event, then goes on live", async () => {
    const live = await stack.subscribed(() => track(subscribeWs(client, LIST_FEED, { list: demo.newsletter })));
    await addSubscriber("after.one@example.com");
    await addSubscriber("after.two@example.com");
    await until(
      () => live.results.length >= 2,
      () => live,
    );
    const [first, second] = events(live);
    const replay = track(subscribeWs(client, LIST_FEED, { list: demo.newsletter, after: first?.id }));
    await until(
      () => replay.results.length >= 1,
      () => replay,
    );
    await sleep(SETTLE_MS);
    expect(events(replay)).toEqual([second]);
    await addSubscriber("after.three@example.com");
    await until(
      () => replay.results.length >= 2,
      () => replay,
    );
    expect(events(replay)[1]).toMatchObject({ emailAddress: "after.three@example.com" });
    live.stop();
    replay.stop();
  });

  it("a malformed `after` is BAD_USER_INPUT; a list the key cannot see is NOT_FOUND", async () => {
    const bad = track(subscribeWs(client, LIST_FEED, { list: demo.newsletter, after: "yesterday" }));
    const missing = track(subscribeWs(client, LIST_FEED, { list: gid.list(DEMO.clients.northwind, "99999") }));
    await until(
      () => bad.ended !== undefined && missing.ended !== undefined,
      () => [bad, missing],
    );
    // graphql-ws delivers a failed subscribe as an error result (or an `error` message): either counts.
    type Coded = { extensions?: { code?: string } };
    const codeOf = (r: Received) =>
      [...r.results.flatMap((x) => x.errors ?? []), ...(Array.isArray(r.error) ? (r.error as Coded[]) : [])].map(
        (e) => e.extensions?.code,
      );
    expect(codeOf(bad)).toEqual(["BAD_USER_INPUT"]);
    expect(codeOf(missing)).toEqual(["NOT_FOUND"]);
  });
});

describe("over graphql-ws, as over HTTP", () => {
  /** Error codes of a subscription that ended (as error results or an `error` message). */
  const codesOf = (r: Received) =>
    [
      ...r.results.flatMap((x) => x.errors ?? []),
      ...(Array.isArray(r.error) ? (r.error as { extensions?: { code?: string } }[]) : []),
    ].map((e) => e.extensions?.code);

  it("the request limits apply", async () => {
    const aliases = Array.from({ length: 200 }, (_, i) => `a${i}: id`).join(" ");
    const tooMany = track(
      subscribeWs(client, `subscription TooManyAliases($list: ID!) { listEvents(listId: $list) { ${aliases} } }`, {
        list: demo.newsletter,
      }),
    );
    await until(
      () => tooMany.ended !== undefined,
      () => tooMany,
    );
    expect(codesOf(tooMany)).toEqual(["MAX_ALIASES_EXCEEDED"]);
  });

  it("the caller's legacy key from the connection params checks the list", async () => {
    const other = wsClient(gateway, { "x-legacy-api-key": "not-a-valid-key" });
    try {
      const feed = subscribeWs(other, LIST_FEED, { list: demo.newsletter });
      await until(
        () => feed.ended !== undefined,
        () => feed,
      );
      expect(codesOf(feed)).toEqual(["UNAUTHENTICATED"]);
    } finally {
      await other.dispose();
    }
  });

  it("stopping a subscription, over graphql-ws or SSE, ends its log subscription", async () => {
    const original = gateway.events.subscribe.bind(gateway.events);
    let live = 0;
    gateway.events.subscribe = async (source, options, listener) => {
      const unsubscribe = await original(source, options, listener);
      live++;
      let done = false;
      return () => {
        if (!done) live--;
        done = true;
        unsubscribe();
      };
    };
    try {
      const ws = subscribeWs(client, LIST_FEED, { list: demo.newsletter });
      const sse = subscribeSse(gateway, LIST_FEED, { list: demo.newsletter });
      await until(
        () => live === 2,
        () => live,
      );
      ws.stop();
      sse.stop();
      await until(
        () => live === 0,
        () => live,
      );
    } finally {
      gateway.events.subscribe = original;
    }
  });
});

describe("the websocket upgrade", () => {
  it("is refused from a foreign Origin", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${gateway.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", {
        headers: { origin: "https://attacker.example" },
      });
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("open", () => {
        socket.close();
        reject(new Error("the upgrade was accepted"));
      });
      socket.on("error", () => undefined);
    });
    expect(status).toBe(403);
  });

  it("is accepted from the gateway's own origin", async () => {
    const opened = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(`${gateway.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", {
        headers: { origin: gateway.url },
      });
      socket.on("open", () => (socket.close(), resolve(true)));
      socket.on("error", () => resolve(false));
    });
    expect(opened).toBe(true);
  });
});

describe("StoreFeed", () => {
  it("receives async-job/completed after exportSegment and the job completing", async () => {
    const feed = await stack.subscribed(() => track(subscribeWs(client, STORE_FEED)));
    const res = await post(
      gateway.url,
      `mutation { exportSegment(input: { segmentId: "seg_vip_tier" }) { __typename } }`,
    );
    expect(codes(res)).toEqual([]);
    commerce.completeJobs();
    await until(
      () => feed.results.length > 0,
      () => feed,
    );
    expect(feed.results[0]?.errors).toBeUndefined();
    expect(feed.results[0]?.data?.commerceEvents).toMatchObject({
      __typename: "CommerceTopicEvent",
      topic: "async-job/completed",
      ts: expect.any(Number) as unknown,
      data: expect.any(Object) as unknown,
    });
    feed.stop();
  });
});
