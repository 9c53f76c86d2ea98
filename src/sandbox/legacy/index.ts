/**
 * The legacy list service sandbox: an executable model of legacy-soap-interface.md over real
 * HTTP (SOAP 1.1, HTTP GET, HTTP POST at /api/api.asmx), seeded with the demo data, counting
 * every call. `npm start`, the tests and the benchmarks talk to it instead of the real service.
 */
import type { RequestListener } from "node:http";
import { DEFAULT_LEGACY_NAMESPACE } from "../../backends/legacy/catalog.js";
import { listen } from "../../util/listen.js";
import { DEMO, seedLegacyDemo } from "../demo-data.js";
import { createCallLog, type CallLog } from "./call-log.js";
import { createRequestListener } from "./handler.js";
import { ReplyDelay } from "./reply-delay.js";
import { LegacyStore } from "./store.js";
import { LegacyWebhooks } from "./webhooks.js";

export type { CallLog, LegacyCall } from "./call-log.js";
export { LegacyStore } from "./store.js";
export type * from "./records.js";
export { LegacyWebhooks, type WebhookFormat, type WebhookView } from "./webhooks.js";
export type { ListEvent, ListEventType } from "./list-events.js";

/** How to start a sandbox; every field has a default. */
export interface LegacySandboxOptions {
  /** Default 0 (ephemeral). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The one accepted key, default "demo-legacy-key"; every other key gets code 100. */
  apiKey?: string;
  /** Default DEFAULT_LEGACY_NAMESPACE. */
  namespace?: string;
  /** Injectable clock (statistics periods, Campaign.Send past-date check, the 172 window). */
  now?: () => Date;
  /** Load the demo data (default true). */
  seed?: boolean;
  /** Total time a webhook request may take before it counts as failed; default 5000 ms. */
  webhookTimeoutMs?: number;
  /**
   * Deliver webhooks on their own, right after each change and on a one-second timer that sends
   * retries due on the `now` clock (default true). When false, only `webhooks.deliverDue()` sends.
   */
  webhookAutoDeliver?: boolean;
  /**
   * Latency added to every reply, as across a network (default 0): each reply leaves this long
   * plus its own work's time after its request arrived (reply-delay.ts).
   */
  replyDelayMs?: number;
  /** Spreads that latency: each reply's is drawn from replyDelayMs ± this (seeded; default 0). */
  replyJitterMs?: number;
}

/** A running sandbox. */
export interface LegacySandbox {
  /** Origin, e.g. http://127.0.0.1:4101. */
  url: string;
  close(): Promise<void>;
  calls: CallLog;
  store: LegacyStore;
  /** List webhooks: registrations and delivery (`deliverDue()` sends what is due on the clock). */
  webhooks: LegacyWebhooks;
}

/** The sandbox's API key when none is configured. */
export const DEFAULT_LEGACY_SANDBOX_KEY: string = DEMO.apiKey;

/** A sandbox as a request listener, for callers that run their own server. */
export function createLegacySandbox(options: LegacySandboxOptions = {}): {
  handler: RequestListener;
  calls: CallLog;
  store: LegacyStore;
  webhooks: LegacyWebhooks;
} {
  const now = options.now ?? (() => new Date());
  const store = new LegacyStore(now);
  if (options.seed ?? true) seedLegacyDemo(store);
  const webhooks = new LegacyWebhooks({
    now,
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
    ...(options.webhookAutoDeliver === undefined ? {} : { autoDeliver: options.webhookAutoDeliver }),
  });
  store.onListEvent((listId, event) => webhooks.emit(listId, event));
  const calls = createCallLog();
  const handler = createRequestListener({
    store,
    calls,
    apiKey: options.apiKey ?? DEFAULT_LEGACY_SANDBOX_KEY,
    namespace: options.namespace ?? DEFAULT_LEGACY_NAMESPACE,
    webhooks,
    ...(options.replyDelayMs
      ? { replyDelay: new ReplyDelay(options.replyDelayMs, undefined, { jitterMs: options.replyJitterMs }) }
      : {}),
  });
  return { handler, calls, store, webhooks };
}

/** Starts a sandbox on its own HTTP server. */
export async function startLegacySandbox(options: LegacySandboxOptions = {}): Promise<LegacySandbox> {
  const { handler, calls, store, webhooks } = createLegacySandbox(options);
  const server = await listen(handler, {
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    name: "the legacy sandbox",
    portSetting: "SANDBOX_LEGACY_PORT",
  });
  const close = async (): Promise<void> => {
    await webhooks.close();
    await server.close();
  };
  return { url: server.url, close, calls, store, webhooks };
}
