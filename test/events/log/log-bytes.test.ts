/**
 * The in-memory event log is bounded in bytes as well as in count: twenty legacy webhooks of one
 * event each, with 2 MiB names, posted to a gateway with the default settings (10,000 events per
 * backend), leave at most DEFAULT_MAX_BYTES of them in the log, the oldest out first; a replay
 * from before what is kept is refused with EVENTS_TRIMMED and the id to go on from, as it is when
 * the count bound trims. A live subscriber still got every event.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_MAX_BYTES } from "../../../src/events/log/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { demo } from "../../e2e/support/ids.js";
import { subscribeEvent } from "../ingress/ingress-support.js";
import {
  INGRESS_TOKEN,
  SETTLE_MS,
  sleep,
  startEventsStack,
  subscribeWs,
  until,
  type EventsStack,
  type Received,
} from "../../schema/events/subscriptions-support.js";

/** Only the id: the events themselves are large. */
const IDS_FEED = `subscription Ids($list: ID!, $after: ID) { listEvents(listId: $list, after: $after) { id } }`;
const NAME_BYTES = 2 * 1024 * 1024;
const POSTED = 20;

type Extensions = { code?: string; field?: string; reason?: string; resumeAfter?: string };
const idsOf = (r: Received) => r.results.map((x) => (x.data?.listEvents as { id: string } | undefined)?.id);
const errorsOf = (r: Received) => [
  ...(r.results.flatMap((x) => x.errors ?? []) as { extensions?: Extensions }[]),
  ...(Array.isArray(r.error) ? (r.error as { extensions?: Extensions }[]) : []),
];

let stack: EventsStack;
let ids: string[];

beforeAll(async () => {
  stack = await startEventsStack();
  const live = await stack.subscribed(() =>
    stack.track(subscribeWs(stack.client, IDS_FEED, { list: demo.newsletter })),
  );
  const url = `${stack.gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`;
  for (let i = 0; i < POSTED; i += 1) {
    const event = subscribeEvent(i, { Name: `${i}`.padEnd(NAME_BYTES, "n") });
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Events: [event], ListID: DEMO.lists.newsletter }),
    });
    expect(res.status).toBe(202);
  }
  await until(
    () => live.results.length >= POSTED,
    () => live.results.length,
  );
  expect(live.results.flatMap((x) => x.errors ?? [])).toEqual([]);
  ids = idsOf(live) as string[];
  expect(new Set(ids).size).toBe(POSTED);
});
afterAll(() => stack.close());

it("keeps at most DEFAULT_MAX_BYTES of events, oldest out first, and refuses a replay from before them", async () => {
  const old = stack.track(subscribeWs(stack.client, IDS_FEED, { list: demo.newsletter, after: ids[0] }));
  await until(
    () => old.ended !== undefined,
    () => old,
  );
  const [refusal] = errorsOf(old).map((e) => e.extensions);
  expect(refusal).toMatchObject({ code: "BAD_USER_INPUT", field: "after", reason: "EVENTS_TRIMMED" });
  const resumeAfter = refusal?.resumeAfter ?? "";
  const from = ids.indexOf(resumeAfter);
  const kept = POSTED - from - 1;
  // Far under the count bound, yet only what fits in the byte bound is kept: the newest part.
  expect(from).toBeGreaterThan(0);
  expect(kept).toBe(Math.floor(DEFAULT_MAX_BYTES / (NAME_BYTES + 1024)));

  const resumed = stack.track(subscribeWs(stack.client, IDS_FEED, { list: demo.newsletter, after: resumeAfter }));
  await until(
    () => resumed.results.length >= kept,
    () => resumed.results.length,
  );
  await sleep(SETTLE_MS);
  expect(idsOf(resumed)).toEqual(ids.slice(from + 1));
  expect(resumed.ended).toBeUndefined();
});
