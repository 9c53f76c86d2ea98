/**
 * Shared executions over graphql-ws on a running gateway: subscribers of the same ListFeed, with
 * the same credentials, on separate connections, share one execution (one log subscription)
 * while each still passes its own access check; other credentials get their own execution; a
 * subscriber leaving leaves the rest streaming, the last one ends it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import { codes, post } from "../server/support.js";
import {
  LIST_FEED,
  addSubscriberQuery,
  startEventsStack,
  subscribeWs,
  until,
  wsClient,
  type EventsStack,
  type Received,
} from "../schema/events/subscriptions-support.js";

let stack: EventsStack;
let gateway: Gateway;
const clients: Client[] = [];

beforeAll(async () => {
  stack = await startEventsStack();
  ({ gateway } = stack);
});
afterAll(async () => {
  for (const made of clients) void made.dispose();
  await stack.close();
});

function client(params?: Record<string, unknown>): Client {
  const made = wsClient(gateway, params);
  clients.push(made);
  return made;
}

async function addSubscriber(email: string): Promise<void> {
  const res = await post(gateway.url, addSubscriberQuery(demo.newsletter, email));
  expect(codes(res)).toEqual([]);
}

const emails = (received: Received) => received.results.map((r) => r.data?.listEvents?.emailAddress);

/** Subscribes ListFeed on the newsletter on `on`, once the subscription is in place. */
function listFeed(on: Client): Promise<Received> {
  return stack.subscribed(() => stack.track(subscribeWs(on, LIST_FEED, { list: demo.newsletter })));
}

/** Waits until no shared execution runs and every log subscription of this file is closed. */
async function drained(liveBefore: number): Promise<void> {
  await until(
    () => gateway.fanout.stats.executions === 0 && stack.logSubscriptions.live() === liveBefore,
    () => ({ stats: gateway.fanout.stats, live: stack.logSubscriptions.live() }),
  );
}

describe("shared ListFeed executions over graphql-ws", () => {
  it("five connections with the same document, variables and key share one execution and one log subscription", async () => {
    const live = stack.logSubscriptions.live();
    const started = gateway.fanout.stats.started;
    const checks = stack.legacy.calls.count("Client.GetLists");
    const feeds: Received[] = [];
    for (let i = 0; i < 5; i++) feeds.push(await listFeed(client()));
    await until(
      () => gateway.fanout.stats.subscribers === 5 && stack.logSubscriptions.live() === live + 1,
      () => ({ stats: gateway.fanout.stats, live: stack.logSubscriptions.live() }),
    );
    expect(gateway.fanout.stats.executions).toBe(1);
    expect(gateway.fanout.stats.started - started).toBe(1);
    // Each subscriber's access check still read the list with its key.
    expect(stack.legacy.calls.count("Client.GetLists") - checks).toBeGreaterThanOrEqual(5);

    await addSubscriber("shared.one@example.com");
    await addSubscriber("shared.two@example.com");
    await until(
      () => feeds.every((feed) => feed.results.length >= 2),
      () => feeds.map(emails),
    );
    for (const feed of feeds) {
      expect(feed.results.map((r) => r.errors)).toEqual([undefined, undefined]);
      expect(emails(feed)).toEqual(["shared.one@example.com", "shared.two@example.com"]);
    }
    expect(new Set(feeds.map((feed) => JSON.stringify(feed.results))).size).toBe(1);

    for (const feed of feeds) feed.stop();
    await drained(live);
  });

  it("never shares across different credentials, and refuses a bad key before it could join", async () => {
    const live = stack.logSubscriptions.live();
    const started = gateway.fanout.stats.started;
    const configured = await listFeed(client());
    const ownKey = await listFeed(client({ "x-legacy-api-key": DEMO.apiKey }));
    const badKey = stack.track(
      subscribeWs(client({ "x-legacy-api-key": "not-the-key" }), LIST_FEED, {
        list: demo.newsletter,
      }),
    );
    await until(
      () => badKey.ended !== undefined,
      () => badKey,
    );
    expect(badKey.results.flatMap((r) => r.errors ?? []).length + (badKey.ended === "error" ? 1 : 0)).toBeGreaterThan(
      0,
    );
    expect(gateway.fanout.stats).toMatchObject({ executions: 2, subscribers: 2 });
    expect(gateway.fanout.stats.started - started).toBe(2);

    await addSubscriber("two.keys@example.com");
    await until(
      () => configured.results.length > 0 && ownKey.results.length > 0,
      () => [configured, ownKey],
    );
    expect(emails(configured)).toEqual(["two.keys@example.com"]);
    expect(emails(ownKey)).toEqual(["two.keys@example.com"]);
    expect(badKey.results.some((r) => r.data?.listEvents)).toBe(false);

    configured.stop();
    ownKey.stop();
    await drained(live);
  });

  it("keeps streaming to the others when one leaves; the last one leaving ends the execution", async () => {
    const live = stack.logSubscriptions.live();
    const shared = client();
    const [a, b, c] = [await listFeed(shared), await listFeed(client()), await listFeed(client())];
    await until(
      () => gateway.fanout.stats.subscribers === 3,
      () => gateway.fanout.stats,
    );
    a.stop();
    await until(
      () => gateway.fanout.stats.subscribers === 2,
      () => gateway.fanout.stats,
    );
    await addSubscriber("after.one.left@example.com");
    await until(
      () => b.results.length > 0 && c.results.length > 0,
      () => [b, c],
    );
    expect(emails(b)).toEqual(["after.one.left@example.com"]);
    expect(a.results).toEqual([]);
    expect(gateway.fanout.stats.executions).toBe(1);
    b.stop();
    c.stop();
    await drained(live);
  });
});
