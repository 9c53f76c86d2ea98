/**
 * contactEvents and a legacy list created after the stream started: the list was not among those
 * the caller's key could read at the start, so its first event makes the subscription read the
 * lists again, and the event of the new list arrives. Events on many lists the key cannot read,
 * arriving together, share re-reads of the lists (one at a time) instead of costing one each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_EVENT_TYPES } from "../../../src/sandbox/legacy/list-events.js";
import { randomBytes } from "node:crypto";
import { callCounts } from "../../support/stack.js";
import { demo } from "../../e2e/support/ids.js";
import { codes, post } from "../../server/support.js";
import {
  INGRESS_TOKEN,
  addSubscriberQuery,
  startEventsStack,
  subscribeWs,
  until,
  type EventsStack,
} from "./subscriptions-support.js";

const CONTACT_FEED = `subscription ContactFeed($email: String!) {
  contactEvents(email: $email) { cursor backend event { __typename ... on ListEvent { id listId emailAddress } } }
}`;

let stack: EventsStack;
beforeAll(async () => {
  stack = await startEventsStack();
});
afterAll(() => stack.close());

describe("contactEvents and a list created after it started", () => {
  it("delivers the address's event on the new list", async () => {
    const { gateway, legacy, client } = stack;
    const email = `late.list.${Date.now()}@example.com`;
    // One log subscription per backend.
    const feed = await stack.subscribed(() => stack.track(subscribeWs(client, CONTACT_FEED, { email })), 2);

    const created = await post(
      gateway.url,
      `mutation { createList(input: { clientId: "${demo.northwind}", title: "After the stream ${Date.now()}", confirmOptIn: false }) {
        __typename ... on CreateListSuccess { listId list { id } } } }`,
    );
    expect(codes(created)).toEqual([]);
    const result = (created.body as { data: { createList: { listId: string; list: { id: string } } } }).data.createList;
    legacy.webhooks.add({
      listId: result.listId,
      url: `${gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`,
      format: "json",
      events: LIST_EVENT_TYPES,
    });
    const added = await post(gateway.url, addSubscriberQuery(result.list.id, email));
    expect(codes(added)).toEqual([]);

    await until(
      () => feed.results.length > 0,
      () => feed,
    );
    expect(feed.results[0]?.errors).toBeUndefined();
    expect(feed.results[0]?.data?.contactEvents).toMatchObject({
      backend: "LEGACY",
      event: { __typename: "SubscribeEvent", listId: result.listId, emailAddress: email },
    });
  });
});

describe("contactEvents and events on lists the key cannot read", () => {
  it("reads the lists again far fewer times than once per list for a burst of 50 such lists, and goes on", async () => {
    const { gateway, legacy, client } = stack;
    const email = `burst.${Date.now()}@example.com`;
    const feed = await stack.subscribed(() => stack.track(subscribeWs(client, CONTACT_FEED, { email })), 2);
    const reads = () => callCounts(legacy)["User.GetClients"] ?? 0;
    const before = reads();

    const foreign = Array.from({ length: 50 }, () => randomBytes(16).toString("hex"));
    await Promise.all(
      foreign.map(async (listId) => {
        const res = await fetch(`${gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            ListID: listId,
            Events: [
              {
                Type: "Subscribe",
                Date: "2026-03-18 03:00:00",
                EmailAddress: email,
                Name: "Burst",
                SignupIPAddress: "203.0.113.7",
                CustomFields: [],
              },
            ],
          }),
        });
        expect(res.status, await res.text()).toBeLessThan(300);
      }),
    );
    // An event on a list the key reads, logged after the burst: it arrives once the burst is checked.
    const added = await post(gateway.url, addSubscriberQuery(demo.newsletter, email));
    expect(codes(added)).toEqual([]);
    await until(
      () => feed.results.length > 0,
      () => feed,
    );
    expect(feed.results).toHaveLength(1);
    expect(feed.results[0]?.data?.contactEvents).toMatchObject({ event: { emailAddress: email } });
    const reread = reads() - before;
    expect(reread).toBeGreaterThanOrEqual(1);
    // One at a time, each serving every event that arrived before it started: about one per delivery
    // batch of the burst, where reading again for each list made it 50.
    expect(reread).toBeLessThanOrEqual(25);
  });
});
