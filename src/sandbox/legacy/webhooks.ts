/**
 * List webhooks of the sandbox (spec "Events"; docs/decisions.md, "Legacy sandbox webhooks"): a FIFO
 * queue per registration, requests of at most 1,000 events of one list, retries on the sandbox
 * clock, deactivation of a URL failing for over a week. Deliveries run one batch at a time, after
 * the change that caused them, and never throw into request handling.
 */
import { escapeXml } from "../../backends/legacy/xml.js";
import { DEFAULT_WEBHOOK_TIMEOUT_MS, postWebhook } from "../webhook-post.js";
import type { ListEvent, ListEventType } from "./list-events.js";
import { XML_DECLARATION } from "./wire-xml.js";

/** Events per request (spec "Limits"). */
export const MAX_EVENTS_PER_REQUEST = 1000;
/** A URL failing for longer than this is deactivated (spec "Limits"). */
export const FAILURE_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** Waits after the 1st, 2nd, … failed attempt; the last repeats until the window closes. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 15 * 60_000, 3600_000, 6 * 3600_000];
/** Events waiting per registration; later ones are dropped (and counted) so memory stays bounded. */
export const MAX_PENDING_EVENTS = 100_000;
/** Registrations per sandbox. */
export const MAX_WEBHOOKS = 100;

/** The body format chosen when a webhook is created. */
export type WebhookFormat = "json" | "xml";

/** A webhook to register. */
export interface NewWebhook {
  listId: string;
  url: string;
  format: WebhookFormat;
  events: readonly ListEventType[];
}

/** A registration as the control endpoints show it. */
export interface WebhookView {
  id: string;
  listId: string;
  url: string;
  format: WebhookFormat;
  events: ListEventType[];
  active: boolean;
  /** Events waiting for delivery. */
  pending: number;
  /** Events not queued because the queue was full. */
  dropped: number;
  /** Failed attempts since the last success. */
  failures: number;
  /** ISO time of the first failure of the current run of failures. */
  failingSince: string | null;
  /** ISO time of the next attempt while retrying. */
  nextAttemptAt: string | null;
  /** Status of the last attempt (0 when nothing usable came back). */
  lastStatus: number | null;
}

interface Webhook {
  readonly id: string;
  readonly listId: string;
  readonly url: string;
  readonly format: WebhookFormat;
  readonly events: ReadonlySet<ListEventType>;
  active: boolean;
  queue: ListEvent[];
  dropped: number;
  failures: number;
  failingSince: number | null;
  nextAttemptAt: number;
  lastStatus: number | null;
}

/** How the sandbox runs its webhooks. */
export interface LegacyWebhookOptions {
  now: () => Date;
  /** Per request; default DEFAULT_WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Deliver on their own (after each change and on a timer); default true. */
  autoDeliver?: boolean;
}

const xmlElement = (name: string, inner: string): string => `<${name}>${inner}</${name}>`;

function eventXml(event: ListEvent): string {
  const fields = Object.entries(event)
    .filter(([name]) => name !== "CustomFields")
    .map(([name, value]) => xmlElement(name, escapeXml(String(value))))
    .join("");
  const custom = event.CustomFields.map((f) =>
    xmlElement("CustomField", xmlElement("Key", escapeXml(f.Key)) + xmlElement("Value", escapeXml(f.Value))),
  ).join("");
  return xmlElement("Event", fields + xmlElement("CustomFields", custom));
}

/** The request body of a batch, and its content type. */
export function webhookBody(
  format: WebhookFormat,
  listId: string,
  events: readonly ListEvent[],
): { body: string; contentType: string } {
  if (format === "json") {
    return { body: JSON.stringify({ Events: events, ListID: listId }), contentType: "application/json; charset=utf-8" };
  }
  const inner = xmlElement("ListID", escapeXml(listId)) + xmlElement("Events", events.map(eventXml).join(""));
  return { body: XML_DECLARATION + xmlElement("ListEvents", inner), contentType: "application/xml; charset=utf-8" };
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** The webhooks of one sandbox. */
export class LegacyWebhooks {
  private readonly hooks = new Map<string, Webhook>();
  /** Registrations for every list: each list gets its own registration from it at its first event. */
  private readonly everyList: { readonly template: Omit<NewWebhook, "listId">; readonly lists: Set<string> }[] = [];
  private seq = 0;
  private chain: Promise<void> = Promise.resolve();
  private scheduled = false;
  private closed = false;
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly options: LegacyWebhookOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    if (options.autoDeliver ?? true) {
      // Retries fall due on the sandbox clock; a fake clock only moves when a test moves it.
      this.timer = setInterval(() => void this.deliverDue(), 1000);
      this.timer.unref();
    }
  }

  /** Registers a webhook; throws when the sandbox already holds MAX_WEBHOOKS. */
  add(input: NewWebhook): WebhookView {
    if (this.hooks.size >= MAX_WEBHOOKS) throw new Error(`at most ${MAX_WEBHOOKS} webhooks`);
    return this.view(this.register(input));
  }

  private register(input: NewWebhook): Webhook {
    this.seq += 1;
    const hook: Webhook = {
      id: `wh_${this.seq}`,
      listId: input.listId,
      url: input.url,
      format: input.format,
      events: new Set(input.events),
      active: true,
      queue: [],
      dropped: 0,
      failures: 0,
      failingSince: null,
      nextAttemptAt: 0,
      lastStatus: null,
    };
    this.hooks.set(hook.id, hook);
    return hook;
  }

  /**
   * Registers a webhook for every list, those that exist now and those created later: a list gets
   * a registration of its own (as `add` makes, listed and retried like any other) when its first
   * event is emitted, so each request still carries the events of one list. Not bounded by
   * MAX_WEBHOOKS: there is one per list.
   */
  addForEveryList(input: Omit<NewWebhook, "listId">): void {
    this.everyList.push({ template: { ...input, events: [...input.events] }, lists: new Set() });
  }

  list(listId?: string): WebhookView[] {
    return [...this.hooks.values()].filter((h) => listId === undefined || h.listId === listId).map((h) => this.view(h));
  }

  get(id: string): WebhookView | undefined {
    const hook = this.hooks.get(id);
    return hook && this.view(hook);
  }

  remove(id: string): boolean {
    return this.hooks.delete(id);
  }

  /** Reactivates a deactivated webhook; its undelivered events are tried again at once. */
  activate(id: string): WebhookView | undefined {
    const hook = this.hooks.get(id);
    if (!hook) return undefined;
    hook.active = true;
    hook.failures = 0;
    hook.failingSince = null;
    hook.nextAttemptAt = 0;
    this.schedule();
    return this.view(hook);
  }

  /** Queues an event for every active webhook of the list registered for its type. */
  emit(listId: string, event: ListEvent): void {
    for (const every of this.everyList) {
      if (every.lists.has(listId)) continue;
      every.lists.add(listId);
      this.register({ ...every.template, listId });
    }
    let queued = false;
    for (const hook of this.hooks.values()) {
      if (!hook.active || hook.listId !== listId || !hook.events.has(event.Type)) continue;
      if (hook.queue.length >= MAX_PENDING_EVENTS) hook.dropped += 1;
      else {
        hook.queue.push(event);
        queued = true;
      }
    }
    if (queued) this.schedule();
  }

  /**
   * Delivers everything due on the sandbox clock: each webhook's queue in batches, in order,
   * until it is empty or an attempt fails. Runs are serialized, so no batch goes out twice.
   */
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

  private schedule(): void {
    if (this.scheduled || this.closed || !(this.options.autoDeliver ?? true)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.deliverDue();
    });
  }

  private async runDue(): Promise<void> {
    const due = [...this.hooks.values()].filter(
      (h) => h.active && h.queue.length > 0 && h.nextAttemptAt <= this.options.now().getTime(),
    );
    await Promise.all(due.map((hook) => this.drain(hook)));
  }

  private async drain(hook: Webhook): Promise<void> {
    while (hook.active && hook.queue.length > 0 && this.hooks.has(hook.id)) {
      const batch = hook.queue.slice(0, MAX_EVENTS_PER_REQUEST);
      const { body, contentType } = webhookBody(hook.format, hook.listId, batch);
      const outcome = await postWebhook(hook.url, body, { "content-type": contentType }, this.timeoutMs);
      hook.lastStatus = outcome.status;
      const now = this.options.now().getTime();
      if (outcome.ok) {
        hook.queue.splice(0, batch.length);
        hook.failures = 0;
        hook.failingSince = null;
        hook.nextAttemptAt = 0;
        continue;
      }
      hook.failures += 1;
      hook.failingSince ??= now;
      if (now - hook.failingSince > FAILURE_WINDOW_MS) hook.active = false;
      else {
        const delay = RETRY_DELAYS_MS[Math.min(hook.failures, RETRY_DELAYS_MS.length) - 1] ?? 0;
        hook.nextAttemptAt = now + delay;
      }
      return;
    }
  }

  private view(hook: Webhook): WebhookView {
    return {
      id: hook.id,
      listId: hook.listId,
      url: hook.url,
      format: hook.format,
      events: [...hook.events],
      active: hook.active,
      pending: hook.queue.length,
      dropped: hook.dropped,
      failures: hook.failures,
      failingSince: iso(hook.failingSince),
      nextAttemptAt: hook.failures > 0 && hook.active ? iso(hook.nextAttemptAt) : null,
      lastStatus: hook.lastStatus,
    };
  }
}
