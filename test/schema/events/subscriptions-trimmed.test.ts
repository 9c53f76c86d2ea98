/**
 * Subscriptions resuming with an `after` from before what the event log still keeps: refused with
 * BAD_USER_INPUT, `reason: "EVENTS_TRIMMED"` and the `resumeAfter` to go on from, instead of
 * replaying what is left as if nothing were missing. A gateway keeping 100 legacy events, and 180
 * posted to its ingress.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { demo } from "../../e2e/support/ids.js";
import { subscribeEvent } from "../../events/ingress/ingress-support.js";
import {
  INGRESS_TOKEN,
  LIST_FEED,
  SETTLE_MS,
  sleep,
  startEventsStack,
  subscribeWs,
  until,
  type EventsStack,
  type Received,
} from "./subscriptions-support.js";

const CONTACT_FEED = `subscription ContactFeed($email: String!, $after: ID) {
  contactEvents(email: $email, after: $after) { cursor backend }
}`;

type Extensions = { code?: string; field?: string; reason?: string; resumeAfter?: string };
type ErrorOut = { message: string; extensions?: Extensions };

/** The errors a subscription ended with (as error results or graphql-ws's `error` message). */
const errorsOf = (r: Received): ErrorOut[] => [
  ...(r.results.flatMap((x) => x.errors ?? []) as ErrorOut[]),
  ...(Array.isArray(r.error) ? (r.error as ErrorOut[]) : []),
];
const idsOf = (r: Received) => r.results.map((x) => (x.data?.listEvents as { id: string } | undefined)?.id);

let stack: EventsStack;
/** The ids of the 180 events posted, in log order; the log keeps the last 100. */
let ids: string[];

beforeAll(async () => {
  stack = await startEventsStack({ EVENT_LOG_MAX_LENGTH: "100" });
  const live = await stack.subscribed(() =>
    stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter })),
  );
  const url = `${stack.gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`;
  for (let batch = 0; batch < 3; batch += 1) {
    const events = Array.from({ length: 60 }, (_, i) => subscribeEvent(batch * 60 + i, { Name: `Trimmed ${batch}` }));
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Events: events, ListID: DEMO.lists.newsletter }),
    });
    expect(res.status).toBe(202);
  }
  await until(
    () => live.results.length >= 180,
    () => live.results.length,
  );
  // A live subscriber (no `after`) got every event: trimming is nothing to it.
  expect(live.results.flatMap((x) => x.errors ?? [])).toEqual([]);
  ids = idsOf(live) as string[];
  expect(new Set(ids).size).toBe(180);
});
afterAll(() => stack.close());

describe("an `after` older than what the event log keeps", () => {
  it("refuses listEvents with the id after which what is kept continues", async () => {
    const old = stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter, after: ids[10] }));
    const fromStart = stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter, after: "0-0" }));
    await until(
      () => old.ended !== undefined && fromStart.ended !== undefined,
      () => [old, fromStart],
    );
    for (const refused of [old, fromStart]) {
      expect(idsOf(refused).filter(Boolean)).toEqual([]);
      const errors = errorsOf(refused);
      expect(errors.map((e) => e.extensions)).toEqual([
        { code: "BAD_USER_INPUT", field: "after", reason: "EVENTS_TRIMMED", resumeAfter: ids[79] },
      ]);
      expect(errors[0]?.message).toContain("EVENT_LOG_MAX_LENGTH");
      expect(errors[0]?.message).toContain("EVENT_LOG_RETENTION_MS");
      expect(errors[0]?.message).toContain(`after: "${ids[79]}"`);
    }
  });

  it("streams what is kept to a client that goes on from resumeAfter, and normally from a recent `after`", async () => {
    const resumed = stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter, after: ids[79] }));
    const recent = stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter, after: ids[170] }));
    await until(
      () => resumed.results.length >= 100 && recent.results.length >= 9,
      () => [resumed.results.length, recent.results.length],
    );
    await sleep(SETTLE_MS);
    expect(idsOf(resumed)).toEqual(ids.slice(80));
    expect(idsOf(recent)).toEqual(ids.slice(171));
    expect([resumed.ended, recent.ended]).toEqual([undefined, undefined]);
  });

  it("refuses contactEvents with a composite resumeAfter that moves only the trimmed side", async () => {
    const email = "person1@example.com";
    const old = stack.track(subscribeWs(stack.client, CONTACT_FEED, { email, after: `${ids[10]}|0-0` }));
    await until(
      () => old.ended !== undefined,
      () => old,
    );
    expect(errorsOf(old).map((e) => e.extensions)).toEqual([
      { code: "BAD_USER_INPUT", field: "after", reason: "EVENTS_TRIMMED", resumeAfter: `${ids[79]}|0-0` },
    ]);
    // From the cursor given back, the stream opens (one log subscription per backend) and stays.
    const resumed = await stack.subscribed(
      () => stack.track(subscribeWs(stack.client, CONTACT_FEED, { email, after: `${ids[79]}|0-0` })),
      2,
    );
    await sleep(SETTLE_MS);
    expect(errorsOf(resumed)).toEqual([]);
    expect(resumed.ended).toBeUndefined();
  });
});
