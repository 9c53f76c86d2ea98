/**
 * Topic webhooks of the commerce sandbox: every topic produced, `{meta: {topic, ts}, data}` bodies,
 * the HS256 JWS over `{iat, sha256}` verified with jose, retries with growing back-off on the
 * sandbox clock that keep meta.ts and the body, the secret length rule, and the control endpoints.
 */
import { createHash } from "node:crypto";
import { compactVerify, decodeProtectedHeader } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  startCommerceSandbox,
  createCommerceSandbox,
  type CommerceSandbox,
  type CommerceTopic,
} from "../../../src/sandbox/commerce/index.js";
import { apiKey, call, fakeClock } from "./commerce-support.js";
import { startReceiver, type Received, type Receiver } from "../webhook-receiver.js";

const SECRET = "a-test-webhook-secret-of-at-least-32-bytes!";
const clock = fakeClock();
let sandbox: CommerceSandbox;
let receiver: Receiver;
beforeAll(async () => {
  sandbox = await startCommerceSandbox({ now: clock.now, webhookSecret: SECRET, webhookAutoDeliver: false });
  receiver = await startReceiver(() => clock.now().getTime());
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
afterEach(() => {
  for (const e of sandbox.webhooks.list()) sandbox.webhooks.remove(e.id);
  receiver.received.length = 0;
  receiver.status = 200;
});

interface Body {
  meta: { topic: CommerceTopic; ts: number };
  data: Record<string, unknown>;
}
const bodyOf = (r: Received | undefined): Body => JSON.parse(r?.body ?? "{}") as Body;
const subscribe = (topics: CommerceTopic[]) => sandbox.webhooks.add(receiver.url, topics);
const control = (path: string, body: unknown) => call(`${sandbox.url}${path}`, { method: "POST", body });

/** Verifies the bearer JWS of a request as a receiver would; returns its claims. */
async function verify(r: Received | undefined, secret = SECRET): Promise<{ iat: number; sha256: string }> {
  const auth = String(r?.headers.authorization ?? "");
  expect(auth).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  const token = auth.slice("Bearer ".length);
  expect(decodeProtectedHeader(token).alg).toBe("HS256");
  const { payload } = await compactVerify(token, new TextEncoder().encode(secret), { algorithms: ["HS256"] });
  const claims = JSON.parse(new TextDecoder().decode(payload)) as { iat: number; sha256: string };
  expect(claims.sha256).toBe(
    createHash("sha256")
      .update(r?.body ?? "", "utf8")
      .digest("base64url"),
  );
  return claims;
}

describe("topics", () => {
  it("completing a segment export fires async-job/completed, signed and verifiable", async () => {
    subscribe(["async-job/completed"]);
    const created = await call(`${sandbox.baseUrl}/segments/${sandbox.demo.segments.vipTier}/async-export`, {
      method: "POST",
      headers: apiKey(sandbox),
    });
    expect(created.status).toBe(202);
    const jobId = (created.body as { data: { id: string } }).data.id;
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(0);
    clock.advance(2000);
    // Jobs settle before every request.
    const job = await call(`${sandbox.baseUrl}/async-jobs/${jobId}`, { headers: apiKey(sandbox) });
    expect(job.body).toMatchObject({ data: { status: "completed" } });
    await sandbox.webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    const r = receiver.received[0];
    expect(r?.headers["content-type"]).toBe("application/json");
    expect(r?.headers.accept).toBe("application/json");
    const body = bodyOf(r);
    expect(body.meta).toEqual({ topic: "async-job/completed", ts: clock.now().getTime() });
    expect(body.data).toMatchObject({ id: jobId, kind: "segments-export", status: "completed" });
    expect(String(body.data.result && (body.data.result as { url: string }).url)).toMatch(
      new RegExp(`/api/v1/async-jobs/${jobId}/result$`),
    );
    const claims = await verify(r);
    expect(claims.iat).toBe(clock.seconds());
  });

  it("a newsletter send fires newsletter-email/sent per subscribed recipient, then newsletter-template/sent", async () => {
    subscribe(["newsletter-email/sent", "newsletter-template/sent"]);
    const sent = await control("/__sandbox/newsletters/send", {
      listId: sandbox.demo.lists.vip,
      templateId: "tpl_spring",
      title: "Spring sale",
    });
    expect(sent.status).toBe(202);
    const subscribed = sandbox.store.entries(sandbox.store.lists.get(sandbox.demo.lists.vip)!, "subscribed");
    expect(sent.body).toEqual({ data: { templateId: "tpl_spring", recipients: subscribed.length } });
    await sandbox.webhooks.deliverDue();
    const bodies = receiver.received.map(bodyOf);
    expect(bodies).toHaveLength(subscribed.length + 1);
    const emails = bodies.slice(0, -1);
    expect(emails.every((b) => b.meta.topic === "newsletter-email/sent")).toBe(true);
    expect(emails.map((b) => b.data.email)).toEqual(subscribed.map((e) => e.customer.email));
    expect(emails[0]?.data).toMatchObject({ templateId: "tpl_spring", userId: sandbox.demo.user.id });
    const template = bodies.at(-1);
    expect(template?.meta.topic).toBe("newsletter-template/sent");
    const iso = clock.now().toISOString();
    expect(template?.data).toEqual({
      templateId: "tpl_spring",
      userId: sandbox.demo.user.id,
      status: "sent",
      title: "Spring sale",
      liveAt: iso,
      sentAt: iso,
    });
    for (const r of receiver.received.slice(0, 3)) await verify(r);
  });

  it("an abandoned-cart send fires abandoned-cart-email/sent, only to endpoints of that topic", async () => {
    subscribe(["abandoned-cart-email/sent"]);
    const other = await startReceiver();
    sandbox.webhooks.add(other.url, ["newsletter-email/sent"]);
    try {
      const customer = [...sandbox.store.customers.values()][0]!;
      const sent = await control("/__sandbox/abandoned-carts/send", {
        email: customer.email.toUpperCase(),
        cartId: "cart_1",
      });
      expect(sent.status).toBe(202);
      await sandbox.webhooks.deliverDue();
      expect(receiver.received.map(bodyOf).map((b) => [b.meta.topic, b.data])).toEqual([
        [
          "abandoned-cart-email/sent",
          {
            cartId: "cart_1",
            userId: sandbox.demo.user.id,
            customerId: customer.id,
            email: customer.email,
            sentAt: clock.now().toISOString(),
          },
        ],
      ]);
      expect(other.received).toHaveLength(0);
      await verify(receiver.received[0]);
    } finally {
      await other.close();
    }
  });
});

describe("retries", () => {
  it("retries with doubling back-off on the sandbox clock, meta.ts and body unchanged, iat fresh", async () => {
    subscribe(["abandoned-cart-email/sent"]);
    receiver.status = 502;
    await control("/__sandbox/abandoned-carts/send", { email: "nobody@example.com" });
    const firstTs = clock.now().getTime();
    for (let step = 0; step < 40; step += 1) {
      if (step === 20) receiver.status = 200;
      await sandbox.webhooks.deliverDue();
      clock.advance(500);
    }
    const arrivals = receiver.received;
    expect(arrivals.length).toBeGreaterThanOrEqual(4);
    const bodies = arrivals.map(bodyOf);
    expect(bodies.every((b) => b.meta.ts === firstTs)).toBe(true);
    expect(new Set(arrivals.map((r) => r.body)).size).toBe(1);
    const gaps = arrivals.slice(1).map((r, i) => (r.at ?? 0) - (arrivals[i]?.at ?? 0));
    expect(gaps.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    const iats = await Promise.all(arrivals.map(async (r) => (await verify(r)).iat));
    expect(iats).toEqual(arrivals.map((r) => Math.floor((r.at ?? 0) / 1000)));
    const [delivery] = sandbox.webhooks.deliveries();
    expect(delivery).toMatchObject({ status: "delivered", lastStatus: 200, ts: firstTs, attempts: arrivals.length });
  });

  it("gives up after the last attempt", async () => {
    const quick = createCommerceSandbox({
      now: clock.now,
      webhookSecret: SECRET,
      webhookAutoDeliver: false,
      webhookMaxAttempts: 3,
      webhookRetryBaseMs: 100,
    });
    quick.webhooks.add(receiver.url, ["async-job/completed"]);
    receiver.status = 500;
    quick.webhooks.emit("async-job/completed", { id: "job_x" });
    for (let i = 0; i < 10; i += 1) {
      await quick.webhooks.deliverDue();
      clock.advance(100);
    }
    expect(receiver.received).toHaveLength(3);
    expect(quick.webhooks.deliveries()[0]).toMatchObject({ status: "failed", attempts: 3, lastStatus: 500 });
    await quick.webhooks.close();
  });
});

describe("settings and control endpoints", () => {
  it("refuses a webhook secret shorter than 32 bytes", () => {
    expect(() => createCommerceSandbox({ webhookSecret: "x".repeat(31), webhookAutoDeliver: false })).toThrow(
      /32 bytes/,
    );
  });

  it("registers, lists and deletes endpoints and refuses bad ones", async () => {
    const created = await control("/__sandbox/webhooks", { url: receiver.url, topics: ["async-job/completed"] });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: string } }).data.id;
    expect((await call(`${sandbox.url}/__sandbox/webhooks`)).body).toEqual({
      data: [{ id, url: receiver.url, topics: ["async-job/completed"] }],
    });
    expect((await control("/__sandbox/webhooks", { url: receiver.url, topics: ["order/created"] })).status).toBe(400);
    expect((await control("/__sandbox/webhooks", { url: "not a url", topics: ["async-job/completed"] })).status).toBe(
      400,
    );
    expect((await control("/__sandbox/abandoned-carts/send", {})).status).toBe(400);
    expect((await control("/__sandbox/newsletters/send", { listId: "cl_none" })).status).toBe(404);
    expect((await call(`${sandbox.url}/__sandbox/webhooks/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await call(`${sandbox.url}/__sandbox/webhooks/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("delivers on its own with the default settings", async () => {
    const auto = await startCommerceSandbox();
    const inbox = await startReceiver();
    try {
      auto.webhooks.add(inbox.url, ["abandoned-cart-email/sent"]);
      expect(
        (await call(`${auto.url}/__sandbox/abandoned-carts/send`, { method: "POST", body: { email: "a@example.com" } }))
          .status,
      ).toBe(202);
      await inbox.waitFor(1);
      const claims = await verify(inbox.received[0], auto.webhookSecret);
      expect(Math.abs(claims.iat - Date.now() / 1000)).toBeLessThan(5);
    } finally {
      await auto.close();
      await inbox.close();
    }
  });
});
