/**
 * Webhooks end to end: a change made through the graph makes the legacy sandbox post its list
 * webhook to the gateway's ingress, and a finished export makes the commerce sandbox post its
 * signed topic webhook; both arrive in the gateway's event log, once each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoggedEvent } from "../../../src/events/log/index.js";
import type { CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { COMMERCE_TOPICS } from "../../../src/sandbox/commerce/webhooks.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../../src/server.js";
import { demo } from "../../e2e/support/ids.js";
import { startStack, type CommerceStack } from "../../support/stack.js";
import { codes, post } from "../../server/support.js";

const TOKEN = "test-ingress-token-0123456789";
const SECRET = "a-commerce-webhook-secret-of-32-bytes-or-more";

let stack: CommerceStack;
let legacy: LegacySandbox;
let commerce: CommerceSandbox;
let gateway: Gateway;
const received: LoggedEvent[] = [];

/** Waits until `predicate` holds for what the log delivered, or fails after `ms`. */
async function until(predicate: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not delivered in ${ms} ms: ${JSON.stringify(received)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeAll(async () => {
  // Open mode: these tests exercise the configured and header credentials, not gateway tokens.
  stack = await startStack({
    commerce: { webhookSecret: SECRET },
    env: { INGRESS_TOKEN: TOKEN, COMMERCE_WEBHOOK_SECRET: SECRET },
  });
  ({ legacy, commerce, gateway } = stack);
  legacy.webhooks.add({
    listId: DEMO.lists.newsletter,
    url: `${gateway.url}/webhooks/legacy/${TOKEN}`,
    format: "json",
    events: ["Subscribe", "Update", "Deactivate"],
  });
  commerce.webhooks.add(`${gateway.url}/webhooks/commerce`, COMMERCE_TOPICS);
  await gateway.events.subscribe("legacy", {}, (event) => void received.push(event));
  await gateway.events.subscribe("commerce", {}, (event) => void received.push(event));
});
afterAll(() => stack.close());

describe("webhooks into the event log", () => {
  it("addSubscriber through the graph arrives as a Subscribe event of its list", async () => {
    const res = await post(
      gateway.url,
      `mutation { addSubscriber(input: { listId: "${demo.newsletter}", email: "webhook.person@example.com", name: "Web Hook" }) { __typename } }`,
    );
    expect(codes(res)).toEqual([]);
    await until(() => received.some((e) => e.source === "legacy"));
    const events = received.filter((e) => e.source === "legacy").map((e) => e.event);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "Subscribe",
      listId: DEMO.lists.newsletter,
      email: "webhook.person@example.com",
    });
  });

  it("a finished export arrives as async-job/completed, signed and verified", async () => {
    const res = await post(
      gateway.url,
      `mutation { exportSegment(input: { segmentId: "seg_vip_tier" }) { __typename } }`,
    );
    expect(codes(res)).toEqual([]);
    commerce.completeJobs();
    await until(() => received.some((e) => e.source === "commerce"));
    const topics = received.filter((e) => e.source === "commerce").map((e) => (e.event as { topic?: string }).topic);
    expect(topics).toEqual(["async-job/completed"]);
  });

  it("refuses a webhook with a wrong token and appends nothing", async () => {
    const before = received.length;
    const res = await fetch(`${gateway.url}/webhooks/legacy/not-the-token-0123456789`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ListID: DEMO.lists.newsletter, Events: [] }),
    });
    expect(res.status).toBe(401);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(before);
  });
});
