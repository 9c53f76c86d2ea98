/**
 * A commerce export job through the shared cache, kept fresh by the commerce sandbox's own
 * async-job/completed webhook (registered through its control endpoint): the job's state is served
 * from the cache while it runs, still after the backend finished it, and from the backend again
 * once the sandbox's webhook reached the ingress. On one instance caching in memory, and on two
 * sharing Redis (the job started on A, the webhook posted to A, the reads on B).
 */
import { afterAll, describe, expect, it } from "vitest";
import { startCommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { startLegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { cachedEnv, freshPrefix, post } from "../cache/support.js";
import { startGateway } from "../support/stack.js";

const REDIS_URL = "redis://127.0.0.1:6379/12";
const WEBHOOK_SECRET = "a-commerce-webhook-secret-of-32-bytes-or-more";
/** Long enough that nothing but the test's clock finishes a job. */
const JOB_DELAY_MS = 30_000;

const EXPORT = `mutation CacheJobExport($segmentId: String!) {
  exportSegment(input: { segmentId: $segmentId }) {
    __typename ... on ExportSegmentSuccess { job { jobId status } }
  }
}`;
const JOB = `query CacheJobStatus($jobId: String!) {
  store { asyncJob(jobId: $jobId) { jobId kind status completedAt } }
}`;

type Answer = Awaited<ReturnType<typeof post>>;
type Job = { jobId: string; kind: string; status: string; completedAt: string | null };
const jobOf = (answer: Answer) => (answer.data?.store as { asyncJob?: Job | null } | null)?.asyncJob;
const cacheOf = (answer: Answer) => answer.extensions?.cache as { served: number; fetched: number } | undefined;

const closing: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const c of closing.reverse()) await c.close();
});

describe.each([
  { setup: "one instance caching in memory", redis: false },
  { setup: "two instances on one Redis, the webhook posted to A and the reads on B", redis: true },
])("a commerce job and the sandbox's async-job/completed webhook: $setup", ({ redis }) => {
  it("serves the running job from the cache until the webhook, then the completed job from the backend", async () => {
    // The sandbox's clock: real time, moved on by the test to finish the job. Its webhooks go out
    // when the test says so, so the cache is seen holding the job after the backend finished it.
    let ahead = 0;
    const commerce = await startCommerceSandbox({
      rateLimit: 0,
      now: () => new Date(Date.now() + ahead),
      jobDelayMs: JOB_DELAY_MS,
      webhookSecret: WEBHOOK_SECRET,
      webhookAutoDeliver: false,
    });
    const legacy = await startLegacySandbox();
    closing.push(legacy, commerce);
    const env = {
      ...(redis ? cachedEnv(REDIS_URL, freshPrefix()) : { CACHE: "on" }),
      COMMERCE_URL: commerce.baseUrl,
      COMMERCE_API_KEY: commerce.demo.apiKey,
      COMMERCE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Only the webhook can make the job's entry stale within the test.
      CACHE_TTL_JOB_S: "3600",
    };
    const start = async (): Promise<Gateway> => {
      const g = await startGateway(legacy.url, env);
      closing.push(g);
      for (let i = 0; i < 100 && !g.cache?.store.usable(); i++) await new Promise((r) => setTimeout(r, 20));
      return g;
    };
    const a = await start();
    const b = redis ? await start() : a;

    // The sandbox's control endpoint registers the gateway's ingress for the topic.
    const registered = await fetch(`${commerce.url}/__sandbox/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: `${a.url}/webhooks/commerce`, topics: ["async-job/completed"] }),
    });
    expect(registered.status).toBe(201);

    const started = await post(a.url, EXPORT, { segmentId: commerce.demo.segments.exampleOrg });
    expect(started.errors ?? []).toEqual([]);
    const job = (started.data?.exportSegment as { job: { jobId: string; status: string } }).job;
    expect(job.status).toBe("PENDING");
    const read = () => post(b.url, JOB, { jobId: job.jobId });

    const first = await read();
    expect(first.errors ?? []).toEqual([]);
    expect(jobOf(first)).toMatchObject({ jobId: job.jobId, kind: "segments-export", status: "PENDING" });
    expect(cacheOf(first)).toMatchObject({ served: 0, fetched: 1 });
    const cached = await read();
    expect(jobOf(cached)).toEqual(jobOf(first));
    expect(cacheOf(cached)).toMatchObject({ served: 1, fetched: 0 });

    // The backend finishes the job (any request settles its jobs): its webhook waits to be sent.
    ahead = JOB_DELAY_MS;
    const deliveries = async () =>
      ((await (await fetch(`${commerce.url}/__sandbox/webhooks/deliveries`)).json()) as { data: Delivery[] }).data;
    const queued = await deliveries();
    expect(queued).toMatchObject([{ topic: "async-job/completed", status: "pending" }]);
    expect(jobOf(await read())?.status).toBe("PENDING");

    // The sandbox posts its webhook to A's ingress; the next read on B goes to the backend.
    const sent = await fetch(`${commerce.url}/__sandbox/webhooks/deliver`, { method: "POST" });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { data: Delivery[] }).data).toMatchObject([
      { topic: "async-job/completed", status: "delivered", lastStatus: 202 },
    ]);
    const after = await read();
    expect(after.errors ?? []).toEqual([]);
    expect(jobOf(after)).toMatchObject({ jobId: job.jobId, status: "COMPLETED" });
    expect(jobOf(after)?.completedAt).toEqual(expect.any(String));
    expect(cacheOf(after)?.fetched).toBeGreaterThanOrEqual(1);
    expect(cacheOf(after)?.served).toBe(0);
  }, 60_000);
});

interface Delivery {
  topic: string;
  status: string;
  lastStatus: number | null;
}
