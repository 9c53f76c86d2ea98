/**
 * A subscription's executions are paid from its caller's budget as they run, over SSE (a
 * subscription of its own) and graphql-ws (a shared execution): each event's result carries
 * extensions.cost; an event the budget cannot cover is answered with THROTTLED and the stream stays
 * open, so the next event that fits arrives as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { demo } from "./support/ids.js";
import { post } from "../server/support.js";
import {
  LIST_FEED,
  sleep,
  startEventsStack,
  subscribeSse,
  subscribeWs,
  until,
  type EventsStack,
  type Received,
} from "../schema/events/subscriptions-support.js";

let stack: EventsStack;
let written = 0;

beforeAll(async () => {
  // A budget of 5 restored at one call a second; a ListFeed event costs 1 (its root field).
  stack = await startEventsStack({ BUDGET_MAX: "5", MAX_COST: "5", BUDGET_RESTORE_PER_S: "1" });
});
afterAll(() => stack.close());

/** Makes one list event: the sandbox posts a Subscribe webhook (no call through the gateway, no budget spent). */
function event(): void {
  stack.legacy.webhooks.emit(DEMO.lists.newsletter, {
    Type: "Subscribe",
    Date: "2026-03-18 03:00:00",
    EmailAddress: `budget.${written++}@example.com`,
    Name: "Budget Person",
    SignupIPAddress: "API",
    CustomFields: [],
  });
}

/** Spends the subscriber's budget (its address's) until a query is refused. */
async function exhaust(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if ((await post(stack.gateway.url, "{ clients { id } }")).status === 429) return;
  }
  throw new Error("the budget was never spent");
}

interface Cost {
  requestedQueryCost: number;
  actualQueryCost: number;
  throttleStatus: { maximumAvailable: number };
}
type Delivered = Received["results"][number] & { extensions?: { cost?: Cost } };

async function throttledThenResumed(feed: Received): Promise<void> {
  // An event while the budget has room: its result, with what it cost.
  event();
  await until(
    () => feed.results.length >= 1,
    () => feed.results,
  );
  const first = feed.results[0] as Delivered;
  expect(first.data?.listEvents).toMatchObject({ __typename: "SubscribeEvent" });
  expect(first.extensions?.cost).toMatchObject({
    requestedQueryCost: 1,
    actualQueryCost: 0,
    throttleStatus: { maximumAvailable: 5 },
  });

  // The caller spends its budget elsewhere: the next event cannot be paid and is THROTTLED.
  await exhaust();
  event();
  await until(
    () => feed.results.length >= 2,
    () => feed.results,
  );
  const refused = feed.results[1] as Delivered;
  expect(refused.errors?.[0]?.extensions?.code).toBe("THROTTLED");
  expect(refused.data ?? undefined).toBeUndefined();
  expect(feed.ended).toBeUndefined();

  // The stream stayed open: once the budget has refilled, events arrive again.
  let resumed: Delivered | undefined;
  for (let i = 0; i < 20 && !resumed; i++) {
    await sleep(500);
    const seen = feed.results.length;
    event();
    await until(
      () => feed.results.length > seen,
      () => feed.results,
    );
    const last = feed.results.at(-1) as Delivered;
    if (last.data?.listEvents) resumed = last;
  }
  expect(resumed?.extensions?.cost?.requestedQueryCost).toBe(1);
  expect(feed.ended).toBeUndefined();
}

describe("a subscription pays each execution as it runs", () => {
  it("over SSE", async () => {
    const feed = await stack.subscribed(() =>
      stack.track(subscribeSse(stack.gateway, LIST_FEED, { list: demo.newsletter })),
    );
    await throttledThenResumed(feed);
    feed.stop();
  });

  it("over graphql-ws, as a shared execution", async () => {
    // The budget the SSE test spent fills again first (5 calls at one a second).
    await sleep(5_500);
    const feed = await stack.subscribed(() =>
      stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter })),
    );
    await throttledThenResumed(feed);
  });
});
