/**
 * Topic webhooks of the sandbox (spec "Events"; docs/decisions.md "Commerce sandbox webhooks"):
 * endpoints registered per topic, bodies `{meta: {topic, ts}, data}` fixed at the first send (so
 * `meta.ts` and the bytes are identical on retries), `Authorization: Bearer <HS256 JWS>` over
 * `{iat, sha256}` signed afresh per attempt, and retries with exponential back-off on the sandbox
 * clock. Deliveries never throw into request handling and their queue is bounded.
 */
import { createHash } from "node:crypto";
import { CompactSign } from "jose";
import { DEFAULT_WEBHOOK_TIMEOUT_MS, postWebhook } from "../webhook-post.js";

/** The topics of the spec's "Topics" table. */
export const COMMERCE_TOPICS = [
  "newsletter-template/sent",
  "newsletter-email/sent",
  "async-job/completed",
  "abandoned-cart-email/sent",
] as const;

/** One of COMMERCE_TOPICS. */
export type CommerceTopic = (typeof COMMERCE_TOPICS)[number];

/** HS256 needs a key at least as long as its output. */
export const MIN_WEBHOOK_SECRET_BYTES = 32;
/** The secret when none is configured (a demo value, like the demo API keys). */
export const DEFAULT_COMMERCE_WEBHOOK_SECRET = "demo-commerce-webhook-secret-0123456789abcdef";
/** Deliveries waiting at once; later events are dropped (and counted). */
export const MAX_QUEUED_DELIVERIES = 50_000;
/** Endpoints per sandbox. */
export const MAX_ENDPOINTS = 100;

/** Settings of the webhooks of one sandbox. */
export interface CommerceWebhookOptions {
  now: () => Date;
  /** At least MIN_WEBHOOK_SECRET_BYTES bytes (UTF-8). */
  secret: string;
  /** Per request; default DEFAULT_WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Wait before the first retry; each later one waits twice as long. Default 1000. */
  retryBaseMs?: number;
  /** Attempts per delivery, the first included; default 6. */
  maxAttempts?: number;
  /** Deliver on their own, right after an event and on a one-second timer; default true. */
  autoDeliver?: boolean;
  /** Runs before each timer tick (the sandbox settles its jobs there). */
  onTick?: () => void;
}

/** A registered endpoint. */
export interface EndpointView {
  id: string;
  url: string;
  topics: CommerceTopic[];
}

/** A delivery as tests and the control endpoint see it. */
export interface DeliveryView {
  id: string;
  endpointId: string;
  topic: CommerceTopic;
  ts: number;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  /** ISO time of the next attempt while pending. */
  nextAttemptAt: string | null;
  lastStatus: number | null;
}

interface Delivery {
  readonly id: string;
  readonly endpoint: EndpointView;
  readonly topic: CommerceTopic;
  readonly ts: number;
  readonly body: string;
  status: DeliveryView["status"];
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
}

/** Finished deliveries kept for inspection. */
const HISTORY = 1000;

/** base64url SHA-256 of the body's bytes. */
export const bodySha256 = (body: string): string => createHash("sha256").update(body, "utf8").digest("base64url");

/** Throws unless the secret is long enough for HS256. */
export function checkWebhookSecret(secret: string): void {
  if (Buffer.byteLength(secret, "utf8") < MIN_WEBHOOK_SECRET_BYTES) {
    throw new Error(`the commerce webhook secret must be at least ${MIN_WEBHOOK_SECRET_BYTES} bytes`);
  }
}

/** The webhooks of one sandbox. */
export class CommerceWebhooks {
  private readonly endpoints = new Map<string, EndpointView>();
  private queue: Delivery[] = [];
  private readonly finished: Delivery[] = [];
  private endpointSeq = 0;
  private deliverySeq = 0;
  /** Events not queued because the queue was full. */
  dropped = 0;
  private chain: Promise<void> = Promise.resolve();
  private scheduled = false;
  private closed = false;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly key: Uint8Array;

  constructor(private readonly options: CommerceWebhookOptions) {
    checkWebhookSecret(options.secret);
    this.key = new TextEncoder().encode(options.secret);
    if (options.autoDeliver ?? true) {
      this.timer = setInterval(() => {
        try {
          options.onTick?.();
        } catch {
          // A failing tick must not stop deliveries.
        }
        void this.deliverDue();
      }, 1000);
      this.timer.unref();
    }
  }

  /** Registers an endpoint; throws when MAX_ENDPOINTS are registered. */
  add(url: string, topics: readonly CommerceTopic[]): EndpointView {
    if (this.endpoints.size >= MAX_ENDPOINTS) throw new Error(`at most ${MAX_ENDPOINTS} webhook endpoints`);
    this.endpointSeq += 1;
    const endpoint: EndpointView = { id: `whe_${this.endpointSeq}`, url, topics: [...new Set(topics)] };
    this.endpoints.set(endpoint.id, endpoint);
    return { ...endpoint, topics: [...endpoint.topics] };
  }

  list(): EndpointView[] {
    return [...this.endpoints.values()].map((e) => ({ ...e, topics: [...e.topics] }));
  }

  /** Removes an endpoint and its pending deliveries. */
  remove(id: string): boolean {
    this.queue = this.queue.filter((d) => d.endpoint.id !== id);
    return this.endpoints.delete(id);
  }

  /** Pending deliveries, then the most recent finished ones. */
  deliveries(): DeliveryView[] {
    return [...this.queue, ...this.finished].map((d) => ({
      id: d.id,
      endpointId: d.endpoint.id,
      topic: d.topic,
      ts: d.ts,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.status === "pending" ? new Date(d.nextAttemptAt).toISOString() : null,
      lastStatus: d.lastStatus,
    }));
  }

  /** Queues the event for every endpoint registered for its topic; `meta.ts` is now. */
  emit(topic: CommerceTopic, data: unknown): void {
    const ts = this.options.now().getTime();
    const body = JSON.stringify({ meta: { topic, ts }, data });
    let queued = false;
    for (const endpoint of this.endpoints.values()) {
      if (!endpoint.topics.includes(topic)) continue;
      if (this.queue.length >= MAX_QUEUED_DELIVERIES) {
        this.dropped += 1;
        continue;
      }
      this.deliverySeq += 1;
      this.queue.push({
        id: `whd_${this.deliverySeq}`,
        endpoint,
        topic,
        ts,
        body,
        status: "pending",
        attempts: 0,
        nextAttemptAt: ts,
        lastStatus: null,
      });
      queued = true;
    }
    if (queued) this.schedule();
  }

  /** Attempts every delivery due on the sandbox clock, each endpoint's in order; runs are serialized. */
  deliverDue(): Promise<void> {
    const run = this.chain.then(() => this.runDue());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and waits for the delivery under way. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.chain;
  }

  /** The bearer token of one attempt: HS256 over `{iat, sha256}` of the body. */
  async sign(body: string): Promise<string> {
    const claims = { iat: Math.floor(this.options.now().getTime() / 1000), sha256: bodySha256(body) };
    return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(this.key);
  }

  private schedule(): void {
    if (this.scheduled || this.closed || !(this.options.autoDeliver ?? true)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.deliverDue();
    });
  }

  private async runDue(): Promise<void> {
    const now = this.options.now().getTime();
    const byEndpoint = new Map<string, Delivery[]>();
    for (const d of this.queue) {
      if (d.nextAttemptAt > now) continue;
      byEndpoint.set(d.endpoint.id, [...(byEndpoint.get(d.endpoint.id) ?? []), d]);
    }
    await Promise.all(
      [...byEndpoint.values()].map(async (due) => {
        for (const d of due) await this.attempt(d);
      }),
    );
    const done = this.queue.filter((d) => d.status !== "pending");
    if (done.length > 0) {
      this.queue = this.queue.filter((d) => d.status === "pending");
      this.finished.unshift(...done.reverse());
      this.finished.length = Math.min(this.finished.length, HISTORY);
    }
  }

  private async attempt(d: Delivery): Promise<void> {
    if (!this.endpoints.has(d.endpoint.id)) {
      d.status = "failed";
      return;
    }
    const headers = {
      "content-type": "application/json",
      accept: "application/json",
      authorization: `Bearer ${await this.sign(d.body)}`,
    };
    const outcome = await postWebhook(
      d.endpoint.url,
      d.body,
      headers,
      this.options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS,
    );
    d.attempts += 1;
    d.lastStatus = outcome.status;
    if (outcome.ok) d.status = "delivered";
    else if (d.attempts >= (this.options.maxAttempts ?? 6)) d.status = "failed";
    else {
      const base = this.options.retryBaseMs ?? 1000;
      d.nextAttemptAt = this.options.now().getTime() + base * 2 ** (d.attempts - 1);
    }
  }
}
