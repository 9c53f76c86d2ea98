/**
 * The commerce REST sandbox: an executable model of spec/commerce-rest-interface.md and of
 * docs/decisions.md ("Commerce REST interface") over real HTTP, seeded with demo data.
 */
import type { RequestListener } from "node:http";
import { listen } from "../../util/listen.js";
import { CallCounter, type CallCounts } from "./call-counter.js";
import { API_PREFIX, type SandboxContext } from "./context.js";
import { COMMERCE_DEMO, registerIdentities, seedDemoData, type CommerceDemo } from "./demo-data.js";
import { createHandler } from "./handler.js";
import { JobQueue } from "./jobs.js";
import { RateLimiter } from "./rate-limiter.js";
import { isKnownScope } from "./scopes.js";
import { CommerceStore } from "./store.js";
import { jobCompletedData } from "./control.js";
import { CommerceWebhooks, DEFAULT_COMMERCE_WEBHOOK_SECRET } from "./webhooks.js";

export { COMMERCE_DEMO, type CommerceDemo } from "./demo-data.js";
export { CommerceStore } from "./store.js";
export type { PropertyType, SubscriptionStatus } from "./model.js";
export type { Job, JobKind, JobStatus } from "./jobs.js";
export {
  COMMERCE_TOPICS,
  CommerceWebhooks,
  DEFAULT_COMMERCE_WEBHOOK_SECRET,
  type CommerceTopic,
  type DeliveryView,
  type EndpointView,
} from "./webhooks.js";

/** Settings of one sandbox instance; every field is optional. */
export interface CommerceSandboxOptions {
  /** Default 0 (a free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The store owner's API key (all scopes); default "demo-commerce-key". */
  apiKey?: string;
  /** Clock for the PoP ts window, code expiry, job timing and rate limiting. */
  now?: () => Date;
  /** Segment unsubscribe audiences above this become a 202 job; default 50. */
  syncThreshold?: number;
  /** A job completes this long after creation; default 1500. */
  jobDelayMs?: number;
  /** Requests per second per credential; default 50; 0 or Infinity turns limiting off. */
  rateLimit?: number;
  /** Load the demo lists, segments and coupons; default true. */
  seed?: boolean;
  /** Signs webhooks (HS256); at least 32 bytes, refused otherwise; default DEFAULT_COMMERCE_WEBHOOK_SECRET. */
  webhookSecret?: string;
  /** Total time a webhook request may take before it counts as failed; default 5000. */
  webhookTimeoutMs?: number;
  /** Wait before the first retry, doubling after each failure; default 1000. */
  webhookRetryBaseMs?: number;
  /** Attempts per delivery, the first included; default 6. */
  webhookMaxAttempts?: number;
  /**
   * Deliver on their own, right after each event and on a one-second timer that also settles jobs
   * and sends retries due on the `now` clock (default true). When false, only `webhooks.deliverDue()` sends.
   */
  webhookAutoDeliver?: boolean;
}

/** The helpers a sandbox offers besides its HTTP interface. */
export interface CommerceSandboxHelpers {
  /** Requests per route, keyed "METHOD /pattern" relative to /api/v1 (or the /oauth path). */
  calls: CallCounts;
  /** The well-known ids and credentials (with the configured API key). */
  demo: CommerceDemo;
  /** A 30-character access token of the demo partner app, as the OAuth flow would give. */
  issueAccessToken(options: { scopes: string[]; userId?: string }): string;
  /** Finishes every pending job now, whatever the clock says. */
  completeJobs(): void;
  /** The live state, for assertions on effects. */
  store: CommerceStore;
  /** Topic webhooks: endpoints, deliveries, `deliverDue()`. */
  webhooks: CommerceWebhooks;
  /** The secret webhooks are signed with. */
  webhookSecret: string;
}

/** A sandbox not yet listening: mount `handler` on any node:http server. */
export interface CommerceSandboxHandler extends CommerceSandboxHelpers {
  handler: RequestListener;
}

/** A listening sandbox. */
export interface CommerceSandbox extends CommerceSandboxHelpers {
  /** Origin, e.g. http://127.0.0.1:4102 (the spec's {auth_url}). */
  url: string;
  /** url + "/api/v1" (the spec's {base_url}). */
  baseUrl: string;
  close(): Promise<void>;
}

interface Built extends CommerceSandboxHandler {
  ctx: SandboxContext;
}

function build(options: CommerceSandboxOptions): Built {
  const now = options.now ?? (() => new Date());
  const demo: CommerceDemo = { ...COMMERCE_DEMO, apiKey: options.apiKey ?? COMMERCE_DEMO.apiKey };
  const store = new CommerceStore();
  registerIdentities(store, demo);
  if (options.seed ?? true) seedDemoData(store, demo);
  const calls = new CallCounter();
  const webhookSecret = options.webhookSecret ?? DEFAULT_COMMERCE_WEBHOOK_SECRET;
  const webhooks = new CommerceWebhooks({
    now,
    secret: webhookSecret,
    onTick: () => ctx.jobs.settle(),
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
    ...(options.webhookRetryBaseMs === undefined ? {} : { retryBaseMs: options.webhookRetryBaseMs }),
    ...(options.webhookMaxAttempts === undefined ? {} : { maxAttempts: options.webhookMaxAttempts }),
    ...(options.webhookAutoDeliver === undefined ? {} : { autoDeliver: options.webhookAutoDeliver }),
  });
  const jobs = new JobQueue(now, options.jobDelayMs ?? 1500, (job) =>
    webhooks.emit("async-job/completed", jobCompletedData(ctx, job)),
  );
  const ctx: SandboxContext = {
    store,
    jobs,
    calls,
    rateLimiter: new RateLimiter(options.rateLimit ?? 50, now),
    now,
    apiKey: demo.apiKey,
    syncThreshold: options.syncThreshold ?? 50,
    fallbackOrigin: `http://${options.host ?? "127.0.0.1"}`,
    webhooks,
    ownerUserId: demo.user.id,
  };
  return {
    ctx,
    handler: createHandler(ctx),
    calls,
    demo,
    store,
    webhooks,
    webhookSecret,
    completeJobs: () => ctx.jobs.completeAll(),
    issueAccessToken({ scopes, userId }) {
      const unknown = scopes.filter((s) => !isKnownScope(s));
      if (unknown.length > 0) throw new Error(`unknown scope(s): ${unknown.join(", ")}`);
      const user = userId ?? demo.user.id;
      if (!store.users.has(user)) throw new Error(`unknown user ${user}`);
      return store.issueAccessToken(demo.app.clientId, user, scopes).token;
    },
  };
}

/** Builds a sandbox without listening (for mounting on an existing server). */
export function createCommerceSandbox(options: CommerceSandboxOptions = {}): CommerceSandboxHandler {
  const { ctx: _ctx, ...sandbox } = build(options);
  return sandbox;
}

/** Builds a sandbox and starts it on `options.port` (default: a free port). */
export async function startCommerceSandbox(options: CommerceSandboxOptions = {}): Promise<CommerceSandbox> {
  const { ctx, handler, ...helpers } = build(options);
  const server = await listen(handler, {
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    name: "the commerce sandbox",
    portSetting: "SANDBOX_COMMERCE_PORT",
  });
  ctx.fallbackOrigin = server.url;
  const close = async (): Promise<void> => {
    await helpers.webhooks.close();
    await server.close();
  };
  return { ...helpers, url: server.url, baseUrl: `${server.url}${API_PREFIX}`, close };
}
