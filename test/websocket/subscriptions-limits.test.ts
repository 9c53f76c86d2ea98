/** One websocket connection may run at most MAX_OPERATIONS_PER_CONNECTION operations at once. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import type { Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import { startStack, type Stack } from "../support/stack.js";
import { LIST_FEED, subscribeWs, until, wsClient, type Received } from "../schema/events/subscriptions-support.js";

let stack: Stack;
let gateway: Gateway;
let client: Client;
const open: Received[] = [];

beforeAll(async () => {
  stack = await startStack({ env: { MAX_OPERATIONS_PER_CONNECTION: "2" } });
  ({ gateway } = stack);
  client = wsClient(gateway);
});
afterAll(async () => {
  for (const received of open) received.stop();
  await client.dispose();
  await stack.close();
});

const feed = () => {
  const received = subscribeWs(client, LIST_FEED, { list: demo.newsletter });
  open.push(received);
  return received;
};
const codesOf = (r: Received) => r.results.flatMap((result) => (result.errors ?? []).map((e) => e.extensions?.code));

describe("operations per connection", () => {
  it("refuses the one past the limit with a coded error, and admits one again once another stops", async () => {
    const first = feed();
    const second = feed();
    const third = feed();
    await until(
      () => third.ended !== undefined || third.results.length > 0,
      () => third,
    );
    const thirdCodes = [
      ...codesOf(third),
      ...((third.error as { extensions?: { code?: string } }[] | undefined) ?? []).map((e) => e.extensions?.code),
    ];
    expect(thirdCodes).toEqual(["MAX_OPERATIONS_PER_CONNECTION_EXCEEDED"]);
    expect(first.ended).toBeUndefined();
    expect(second.ended).toBeUndefined();

    first.stop();
    await new Promise((r) => setTimeout(r, 200));
    const fourth = feed();
    await new Promise((r) => setTimeout(r, 300));
    expect(fourth.ended).toBeUndefined();
    expect(codesOf(fourth)).toEqual([]);
  });
});
