/**
 * contactEvents and a legacy list created after the stream started: the list was not among those
 * the caller's key could read at the start, so its first event makes the subscription read the
 * lists again, and the event of the new list arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_EVENT_TYPES } from "../../src/sandbox/legacy/list-events.js";
import { demo } from "../e2e/support/ids.js";
import { codes, post } from "../server/support.js";
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
