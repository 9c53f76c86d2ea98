/**
 * REQUEST_DEADLINE_MS bounds one answer, not a stream: a subscription still makes its backend
 * calls after the request's deadline has passed (asyncJob reloads the job when it completes), over
 * graphql-ws and over SSE, while a query past the deadline still ends at it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import type { CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { COMMERCE_TOPICS } from "../../../src/sandbox/commerce/webhooks.js";
import type { Gateway } from "../../../src/server.js";
import { startStack, type CommerceStack } from "../../support/stack.js";
import { codes, post } from "../../server/support.js";
import {
  COMMERCE_SECRET,
  sleep,
  subscribeSse,
  subscribeWs,
  until,
  watchLogSubscriptions,
  wsClient,
  type Received,
} from "./subscriptions-support.js";

const DEADLINE_MS = 300;
const JOB_FEED = `subscription JobFeed($id: ID!) { asyncJob(id: $id) { id status } }`;

let stack: CommerceStack;
let commerce: CommerceSandbox;
let gateway: Gateway;
let client: Client;
const open: Received[] = [];

beforeAll(async () => {
  stack = await startStack({
    commerce: { webhookSecret: COMMERCE_SECRET },
    env: { COMMERCE_WEBHOOK_SECRET: COMMERCE_SECRET, REQUEST_DEADLINE_MS: String(DEADLINE_MS) },
  });
  ({ commerce, gateway } = stack);
  commerce.webhooks.add(`${gateway.url}/webhooks/commerce`, COMMERCE_TOPICS);
  client = wsClient(gateway);
});
afterAll(async () => {
  for (const r of open) r.stop();
  await client.dispose();
  await stack.close();
});

async function exportJob(): Promise<string> {
  const res = await post(
    gateway.url,
    `mutation { exportSegment(input: { segmentId: "seg_vip_tier" }) { ... on ExportSegmentSuccess { job { id } } } }`,
  );
  expect(codes(res)).toEqual([]);
  return (res.body as { data: { exportSegment: { job: { id: string } } } }).data.exportSegment.job.id;
}

describe.each([
  ["graphql-ws", (id: string) => subscribeWs(client, JOB_FEED, { id })],
  ["SSE", (id: string) => subscribeSse(gateway, JOB_FEED, { id })],
] as const)("a subscription over %s outlives REQUEST_DEADLINE_MS", (_transport, subscribe) => {
  it("reloads the job when it completes, long after the deadline, without an error", async () => {
    const job = await exportJob();
    const watch = watchLogSubscriptions(gateway);
    const before = watch.opened();
    const feed = subscribe(job);
    open.push(feed);
    await until(
      () => feed.results.length >= 1,
      () => feed,
    );
    await watch.untilOpened(before + 1);
    // Well past the request's deadline before the event that makes it call the backend again.
    await sleep(DEADLINE_MS * 3);
    commerce.completeJobs();
    await until(
      () => feed.results.length >= 2 || feed.ended !== undefined,
      () => feed,
    );
    expect(feed.results.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect(feed.results.map((r) => (r.data?.asyncJob as { status?: string } | undefined)?.status)).toEqual([
      "PENDING",
      "COMPLETED",
    ]);
    feed.stop();
  });
});
