/**
 * Two gateways on one Redis: a webhook that gateway A receives reaches a ListFeed subscriber on
 * gateway B. Uses the machine's Redis (REDIS_URL=redis://127.0.0.1:6379, a database of its own).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import type { Gateway } from "../../../src/server.js";
import { demo } from "../../e2e/support/ids.js";
import { startStack, type Stack } from "../../support/stack.js";
import { codes, post } from "../../server/support.js";
import { requireSharedRedis } from "../../events/log/log-helpers.js";
import {
  INGRESS_TOKEN,
  LIST_FEED,
  addSubscriberQuery,
  watchLogSubscriptions,
  subscribeWs,
  until,
  wireLegacyWebhooks,
  wsClient,
  type LogSubscriptions,
} from "./subscriptions-support.js";

/** A database of its own on the shared Redis (the gateway's config has no key prefix setting). */
const REDIS_URL = "redis://127.0.0.1:6379/11";

let stack: Stack;
let a: Gateway;
let b: Gateway;
let client: Client;
let logOnB: LogSubscriptions;

beforeAll(async () => {
  await requireSharedRedis();
  stack = await startStack({ env: { REDIS_URL, INGRESS_TOKEN } });
  a = stack.gateway;
  ({ gateway: b } = await stack.gatewayWith({ REDIS_URL, INGRESS_TOKEN }));
  wireLegacyWebhooks(stack.legacy, a);
  client = wsClient(b);
  logOnB = watchLogSubscriptions(b);
});
afterAll(async () => {
  await client.dispose();
  await stack.close();
});

describe("subscriptions across instances", () => {
  it("a webhook received by A reaches a ListFeed subscriber on B", async () => {
    const opened = logOnB.opened();
    const feed = subscribeWs(client, LIST_FEED, { list: demo.newsletter });
    await logOnB.untilOpened(opened + 1);
    // Unique per run: the log drops a webhook body it saw within its dedupe window.
    const email = `two.instances.${Date.now()}@example.com`;
    const res = await post(a.url, addSubscriberQuery(demo.newsletter, email));
    expect(codes(res)).toEqual([]);
    await until(
      () => feed.results.length > 0,
      () => feed,
    );
    expect(feed.results.map((r) => r.data?.listEvents)).toEqual([
      expect.objectContaining({ __typename: "SubscribeEvent", emailAddress: email }),
    ]);
    feed.stop();
  });
});
