/**
 * More subscriptions end to end: asyncJob follows an export to its end, contactEvents merges one
 * person's events of both backends and resumes with its composite cursor, a 6,500-subscriber
 * import reaches a listEvents subscriber whole.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import type { CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../../src/server.js";
import { demo } from "../../e2e/support/ids.js";
import { codes, post } from "../../server/support.js";
import {
  SETTLE_MS,
  addSubscriberQuery,
  sleep,
  subscribeWs,
  until,
  wsClient,
  startEventsStack,
  type EventsStack,
  type Received,
} from "./subscriptions-support.js";

let stack: EventsStack;
let legacy: LegacySandbox;
let commerce: CommerceSandbox;
let gateway: Gateway;
let client: Client;

const track = (received: Received) => stack.track(received);

beforeAll(async () => {
  stack = await startEventsStack();
  ({ legacy, commerce, gateway, client } = stack);
});
afterAll(() => stack.close());

/** Errors of a subscription that ended (as error results or an `error` message). */
const errorsOf = (r: Received) => [
  ...r.results.flatMap((x) => x.errors ?? []),
  ...(Array.isArray(r.error) ? (r.error as { extensions?: Record<string, unknown> }[]) : []),
];

/** Their codes. */
const codesOf = (r: Received) => errorsOf(r).map((e) => e.extensions?.["code"]);

async function addSubscriber(email: string): Promise<void> {
  const res = await post(gateway.url, addSubscriberQuery(demo.newsletter, email));
  expect(codes(res)).toEqual([]);
}

async function abandonedCart(email: string): Promise<void> {
  const res = await fetch(`${commerce.url}/__sandbox/abandoned-carts/send`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(res.ok).toBe(true);
}

const JOB_FEED = `subscription JobFeed($id: ID!) { asyncJob(id: $id) { id jobId status } }`;

const CONTACT_FEED = `subscription ContactFeed($email: String!, $after: ID) {
  contactEvents(email: $email, after: $after) {
    cursor backend
    event {
      __typename
      ... on ListEvent { id listId emailAddress }
      ... on CommerceEvent { id topic }
      ... on CommerceTopicEvent { data }
    }
  }
}`;

type ContactEvent = {
  cursor: string;
  backend: string;
  event: { __typename: string; id: string; emailAddress?: string; topic?: string; data?: { email?: string } };
};
const contactEvents = (r: Received) => r.results.map((x) => x.data?.contactEvents as unknown as ContactEvent);
/** A contact event as "<backend> <typename> <address>". */
const brief = (e: ContactEvent) =>
  `${e.backend.toLowerCase()} ${e.event.__typename} ${(e.event.emailAddress ?? e.event.data?.email ?? "").toLowerCase()}`;

describe("asyncJob", () => {
  it("over graphql-ws: the job now, then completed, then the stream completes", async () => {
    const res = await post(
      gateway.url,
      `mutation { exportSegment(input: { segmentId: "seg_vip_tier" }) { ... on ExportSegmentSuccess { job { id status } } } }`,
    );
    expect(codes(res)).toEqual([]);
    const job = (res.body as { data: { exportSegment: { job: { id: string; status: string } } } }).data.exportSegment
      .job;
    const feed = track(subscribeWs(client, JOB_FEED, { id: job.id }));
    await until(
      () => feed.results.length >= 1,
      () => feed,
    );
    await sleep(SETTLE_MS);
    commerce.completeJobs();
    await until(
      () => feed.ended !== undefined,
      () => feed,
    );
    expect(feed.ended).toBe("complete");
    expect(feed.results.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect(feed.results.map((r) => r.data?.asyncJob?.status)).toEqual(["PENDING", "COMPLETED"]);
    expect(feed.results[0]?.data?.asyncJob?.id).toBe(job.id);
  });

  it("an id that is not an AsyncJob's is BAD_USER_INPUT", async () => {
    const feed = track(subscribeWs(client, JOB_FEED, { id: demo.newsletter }));
    await until(
      () => feed.ended !== undefined,
      () => feed,
    );
    expect(codesOf(feed)).toEqual(["BAD_USER_INPUT"]);
  });
});

describe("contactEvents", () => {
  it("delivers the address's legacy and commerce events, and nobody else's", async () => {
    // One log subscription per backend.
    const feed = await stack.subscribed(
      () => track(subscribeWs(client, CONTACT_FEED, { email: "Both.Sides@Example.com" })),
      2,
    );
    await addSubscriber("someone.else@example.com");
    await addSubscriber("both.sides@example.com");
    await abandonedCart("another@example.com");
    await abandonedCart("BOTH.sides@example.com");
    await until(
      () => feed.results.length >= 2,
      () => feed,
    );
    await sleep(SETTLE_MS);
    expect(feed.results.map((r) => r.errors)).toEqual([undefined, undefined]);
    const events = contactEvents(feed);
    expect(events.map(brief).sort()).toEqual([
      "commerce CommerceTopicEvent both.sides@example.com",
      "legacy SubscribeEvent both.sides@example.com",
    ]);
    const commerceEvent = events.find((e) => e.backend === "COMMERCE");
    expect(commerceEvent?.event.topic).toBe("abandoned-cart-email/sent");
    expect(events.find((e) => e.backend === "LEGACY")?.event).toMatchObject({ listId: DEMO.lists.newsletter });
    feed.stop();
  });

  it("resubscribing with `after` = the last cursor seen delivers exactly what was missed", async () => {
    const email = "away.and.back@example.com";
    const first = await stack.subscribed(() => track(subscribeWs(client, CONTACT_FEED, { email })), 2);
    await abandonedCart(email);
    await until(
      () => first.results.length >= 1,
      () => first,
    );
    const last = contactEvents(first).at(-1);
    first.stop();
    await client.dispose();

    // While it is away: one event of each backend for the address, and others that are not its.
    await addSubscriber(email);
    await abandonedCart(email);
    await addSubscriber("not.them@example.com");
    await abandonedCart("not.them@example.com");
    await sleep(SETTLE_MS * 2);

    client = wsClient(gateway);
    const again = track(subscribeWs(client, CONTACT_FEED, { email, after: last?.cursor }));
    await until(
      () => again.results.length >= 2,
      () => again,
    );
    await sleep(SETTLE_MS);
    expect(contactEvents(again).map(brief)).toEqual([
      `legacy SubscribeEvent ${email}`,
      `commerce CommerceTopicEvent ${email}`,
    ]);
    const ids = [last, ...contactEvents(again)].map((e) => e?.event.id);
    expect(new Set(ids).size).toBe(3);
    again.stop();
  });

  it.each([
    ["a blank address", "  ", "REQUIRED"],
    ["text that is not an address", "nobody", "EMAIL"],
    ["an address with surrounding spaces", " x@example.com", "EMAIL"],
    ["an address over 254 characters", `${"x".repeat(300)}@example.com`, "MAX_LENGTH"],
  ])("%s is BAD_USER_INPUT naming email and the rule", async (_what, email, rule) => {
    const feed = track(subscribeWs(client, CONTACT_FEED, { email }));
    await until(
      () => feed.ended !== undefined,
      () => feed,
    );
    expect(codesOf(feed)).toEqual(["BAD_USER_INPUT"]);
    expect(errorsOf(feed)[0]?.extensions).toMatchObject({ field: "email", rule });
  });

  it("a malformed cursor is BAD_USER_INPUT", async () => {
    const feed = track(subscribeWs(client, CONTACT_FEED, { email: "x@example.com", after: "1-0" }));
    await until(
      () => feed.ended !== undefined,
      () => feed,
    );
    expect(codesOf(feed)).toEqual(["BAD_USER_INPUT"]);
  });
});

describe("listEvents and a large import", () => {
  it("a 6,500-subscriber import reaches a listEvents subscriber whole, each once, in order", async () => {
    const count = 6_500;
    const opened = stack.logSubscriptions.opened();
    const feed = track(
      subscribeWs(
        client,
        `subscription Import($list: ID!) { listEvents(listId: $list) { __typename id emailAddress } }`,
        {
          list: demo.newsletter,
        },
      ),
    );
    await stack.logSubscriptions.untilOpened(opened + 1);
    const res = await fetch(`${legacy.url}/__sandbox/import`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ listId: DEMO.lists.newsletter, count }),
    });
    expect(res.ok).toBe(true);
    await until(
      () => feed.results.length >= count || feed.ended !== undefined,
      () => ({ received: feed.results.length, ended: feed.ended, last: feed.results.at(-1) }),
      15_000,
    );
    await sleep(SETTLE_MS);
    expect(feed.ended).toBeUndefined();
    expect(feed.results.length).toBe(count);
    const events = feed.results.map(
      (r) => r.data?.listEvents as { __typename: string; id: string; emailAddress: string },
    );
    expect(new Set(events.map((e) => e.__typename))).toEqual(new Set(["SubscribeEvent"]));
    expect(new Set(events.map((e) => e.emailAddress)).size).toBe(count);
    const order = (id: string) => id.split("-").map(BigInt) as [bigint, bigint];
    for (let i = 1; i < events.length; i++) {
      const [a, b] = [order(events[i - 1]?.id ?? ""), order(events[i]?.id ?? "")];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
    feed.stop();
  }, 20_000);
});
