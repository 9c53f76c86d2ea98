/**
 * Lists created after the sandbox's webhooks were wired (as `npm start` wires them: one
 * registration for every list) have their events delivered too: a list created through the graph,
 * then a subscriber added to it, reaches a listEvents subscriber of that list over graphql-ws.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { LIST_EVENT_TYPES } from "../../../src/sandbox/legacy/list-events.js";
import type { Gateway } from "../../../src/server.js";
import { demo } from "../../e2e/support/ids.js";
import { startStack, type Stack } from "../../support/stack.js";
import { codes, post } from "../../server/support.js";
import {
  INGRESS_TOKEN,
  LIST_FEED,
  addSubscriberQuery,
  subscribeWs,
  until,
  watchLogSubscriptions,
  wsClient,
} from "../../schema/events/subscriptions-support.js";

let stack: Stack;
let legacy: LegacySandbox;
let gateway: Gateway;

beforeAll(async () => {
  stack = await startStack({ env: { INGRESS_TOKEN } });
  ({ legacy, gateway } = stack);
  legacy.webhooks.addForEveryList({
    url: `${gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`,
    format: "json",
    events: LIST_EVENT_TYPES,
  });
});
afterAll(() => stack.close());

describe("webhooks for every list", () => {
  it("deliver the events of a list created through the graph after they were wired", async () => {
    const created = await post(
      gateway.url,
      `mutation { createList(input: { clientId: "${demo.northwind}", title: "Created later", confirmOptIn: false }) {
        __typename ... on CreateListSuccess { listId list { id } } } }`,
    );
    expect(codes(created)).toEqual([]);
    const result = (
      created.body as { data: { createList: { __typename: string; listId: string; list: { id: string } } } }
    ).data.createList;
    expect(result.__typename).toBe("CreateListSuccess");

    const log = watchLogSubscriptions(gateway);
    const client = wsClient(gateway);
    const feed = subscribeWs(client, LIST_FEED, { list: result.list.id });
    try {
      await log.untilOpened(1);
      const added = await post(gateway.url, addSubscriberQuery(result.list.id, "late.list@example.com"));
      expect(codes(added)).toEqual([]);
      await until(
        () => feed.results.length > 0,
        () => feed,
      );
      expect(feed.results[0]?.data?.listEvents).toMatchObject({
        __typename: "SubscribeEvent",
        listId: result.listId,
        emailAddress: "late.list@example.com",
      });
      expect(legacy.webhooks.list(result.listId)).toHaveLength(1);
    } finally {
      feed.stop();
      await client.dispose();
    }
  });
});
