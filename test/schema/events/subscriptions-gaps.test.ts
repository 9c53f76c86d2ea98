/**
 * Subscriptions whose `after` the event log cannot serve without skipping events in silence, through
 * the graph: the id of an event of a stream that lost its end (deleted, as a Redis restarted empty
 * holds none, then written again) is refused with EVENTS_TRIMMED and the `resumeAfter` to go on
 * from, by a gateway that never saw the loss too; an `after` in the future is refused with
 * AFTER_BEYOND_END. contactEvents' start positions are still served. Two gateways on the machine's
 * Redis, under a key prefix of their own.
 */
import { Redis } from "ioredis";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { positionBefore } from "../../../src/events/log/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { Gateway } from "../../../src/server.js";
import { demo } from "../../e2e/support/ids.js";
import { startGateway } from "../../support/stack.js";
import { subscribeEvent } from "../../events/ingress/ingress-support.js";
import { deleteKeys, requireSharedRedis, SHARED_REDIS_URL, uniquePrefix } from "../../events/log/log-helpers.js";
import {
  INGRESS_TOKEN,
  LIST_FEED,
  SETTLE_MS,
  sleep,
  startEventsStack,
  subscribeWs,
  until,
  watchLogSubscriptions,
  wsClient,
  type EventsStack,
  type Received,
} from "./subscriptions-support.js";

const CONTACT_FEED = `subscription ContactFeed($email: String!, $after: ID) {
  contactEvents(email: $email, after: $after) { cursor backend event { ... on ListEvent { id } } }
}`;

type Extensions = { code?: string; field?: string; reason?: string; resumeAfter?: string };
type ErrorOut = { message: string; extensions?: Extensions };

/** The errors a subscription ended with (as error results or graphql-ws's `error` message). */
const errorsOf = (r: Received): ErrorOut[] => [
  ...(r.results.flatMap((x) => x.errors ?? []) as ErrorOut[]),
  ...(Array.isArray(r.error) ? (r.error as ErrorOut[]) : []),
];
const idsOf = (r: Received) => r.results.map((x) => (x.data?.listEvents as { id: string } | undefined)?.id);

const keyPrefix = uniquePrefix("gaps");
const env = { REDIS_URL: SHARED_REDIS_URL, EVENT_LOG_KEY_PREFIX: keyPrefix };
let stack: EventsStack;
let admin: Redis;
/** A gateway started after the stream lost its end: it never saw what the stream held before. */
let other: Gateway | undefined;
let otherClient: Client | undefined;
/** The events of the stream that was deleted, and the one appended to the new stream. */
let lost: string[];
let kept: string;
/** A contactEvents start position taken after the loss, before the new stream's event. */
let start: string;

async function postEvents(from: number, count: number): Promise<void> {
  const res = await fetch(`${stack.gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ListID: DEMO.lists.newsletter,
      Events: Array.from({ length: count }, (_, i) => subscribeEvent(from + i, { Name: `Gap ${keyPrefix}` })),
    }),
  });
  expect(res.status).toBe(202);
}

async function streamIds(): Promise<string[]> {
  return (await admin.xrange(`${keyPrefix}{events}:legacy`, "-", "+")).map(([id]) => id);
}

/** Waits until the subscription ended, and gives its errors' extensions. */
async function endedWith(received: Received): Promise<ErrorOut[]> {
  await until(
    () => received.ended !== undefined,
    () => received,
  );
  expect(idsOf(received).filter(Boolean)).toEqual([]);
  return errorsOf(received);
}

beforeAll(async () => {
  await requireSharedRedis();
  admin = new Redis(SHARED_REDIS_URL);
  stack = await startEventsStack(env);
  await postEvents(1, 3);
  lost = await streamIds();
  expect(lost).toHaveLength(3);
  await admin.del(`${keyPrefix}{events}:legacy`);
  const lastMs = Number(lost[2]?.split("-")[0]);
  while (Date.now() <= lastMs) await sleep(1);
  start = positionBefore(Date.now());
  await sleep(2);
  await postEvents(4, 1);
  const now = await streamIds();
  expect(now).toHaveLength(1);
  kept = now[0]!;
  other = await startGateway(stack.legacy.url, { ...env, AUTH_MODE: "open", INGRESS_TOKEN });
  otherClient = wsClient(other);
});
afterAll(async () => {
  await otherClient?.dispose();
  await other?.close();
  await stack?.close();
  admin?.disconnect();
  await deleteKeys(SHARED_REDIS_URL, keyPrefix);
});

describe("an `after` of a stream that lost its end", () => {
  it("refuses listEvents with EVENTS_TRIMMED and resumeAfter where the new stream begins, on either gateway", async () => {
    for (const client of [stack.client, otherClient!]) {
      const refused = stack.track(subscribeWs(client, LIST_FEED, { list: demo.newsletter, after: lost[1] }));
      const errors = await endedWith(refused);
      expect(errors.map((e) => e.extensions)).toEqual([
        { code: "BAD_USER_INPUT", field: "after", reason: "EVENTS_TRIMMED", resumeAfter: "0-0" },
      ]);
      expect(errors[0]?.message).toContain(`no longer holds its events up to ${lost[1]}: it lost its end`);
      expect(errors[0]?.message).toContain('subscribe again with after: "0-0"');
    }
  });

  it("streams the new stream from resumeAfter", async () => {
    const resumed = stack.track(subscribeWs(otherClient!, LIST_FEED, { list: demo.newsletter, after: "0-0" }));
    await until(
      () => resumed.results.length >= 1,
      () => resumed,
    );
    await sleep(SETTLE_MS);
    expect(idsOf(resumed)).toEqual([kept]);
    expect(resumed.ended).toBeUndefined();
    resumed.stop();
  });

  it("serves a contactEvents cursor whose sides are start positions, taken before the new stream's first event", async () => {
    const feed = stack.track(
      subscribeWs(stack.client, CONTACT_FEED, { email: "person4@example.com", after: `${start}|0-0` }),
    );
    await until(
      () => feed.results.length >= 1 || feed.ended !== undefined,
      () => feed,
    );
    expect(errorsOf(feed)).toEqual([]);
    expect(feed.results.map((r) => r.data?.contactEvents)).toEqual([
      { cursor: `${kept}|0-0`, backend: "LEGACY", event: { id: kept } },
    ]);
    feed.stop();
  });
});

describe("an `after` in the future", () => {
  it("refuses listEvents and contactEvents with AFTER_BEYOND_END, and serves the newest id", async () => {
    const future = `${Date.now() + 60_000}-0`;
    const refused = [
      stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter, after: future })),
      stack.track(subscribeWs(stack.client, CONTACT_FEED, { email: "person4@example.com", after: `${future}|0-0` })),
      stack.track(
        subscribeWs(stack.client, CONTACT_FEED, {
          email: "person4@example.com",
          after: `${kept}|${positionBefore(Date.now() + 60_000)}`,
        }),
      ),
    ];
    for (const feed of refused) {
      const errors = await endedWith(feed);
      expect(errors.map((e) => e.extensions)).toEqual([
        { code: "BAD_USER_INPUT", field: "after", reason: "AFTER_BEYOND_END" },
      ]);
      expect(errors[0]?.message).toContain("lies beyond the end of the");
    }
    // The newest id is not beyond the end: the stream opens and stays.
    const logOnOther = watchLogSubscriptions(other!);
    const opened = logOnOther.opened();
    const atEnd = stack.track(subscribeWs(otherClient!, LIST_FEED, { list: demo.newsletter, after: kept }));
    await logOnOther.untilOpened(opened + 1);
    await sleep(SETTLE_MS);
    expect(atEnd.results).toEqual([]);
    expect(atEnd.ended).toBeUndefined();
  });
});
