/** Clients of the gateway's subscriptions for tests: graphql-ws over `ws`, and SSE over fetch. */
import { createClient, type Client } from "graphql-ws";
import { WebSocket } from "ws";
import type { CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { COMMERCE_TOPICS } from "../../../src/sandbox/commerce/webhooks.js";
import type { LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { Gateway } from "../../../src/server.js";
import { startStack } from "../../support/stack.js";

export const INGRESS_TOKEN = "test-ingress-token-0123456789";
export const COMMERCE_SECRET = "a-commerce-webhook-secret-of-32-bytes-or-more";

export const LIST_FEED = `subscription ListFeed($list: ID!, $after: ID) {
  listEvents(listId: $list, after: $after) { __typename id listId emailAddress occurredAt }
}`;

export const STORE_FEED = `subscription StoreFeed {
  commerceEvents(topics: ["newsletter-template/sent", "async-job/completed"]) {
    __typename id topic ts
    ... on CommerceTopicEvent { data }
  }
}`;

/** One result of a subscription (data or errors). */
export interface Result {
  data?: Record<string, Record<string, unknown> | null> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** What a subscription delivered so far, and how it ended. */
export interface Received {
  results: Result[];
  /** Set when it completed or failed. */
  ended?: "complete" | "error";
  error?: unknown;
  stop(): void;
}

/** Makes the legacy sandbox post the newsletter's webhook to `gateway`'s ingress. */
export function wireLegacyWebhooks(legacy: LegacySandbox, gateway: Gateway): void {
  legacy.webhooks.add({
    listId: DEMO.lists.newsletter,
    url: `${gateway.url}/webhooks/legacy/${INGRESS_TOKEN}`,
    format: "json",
    events: ["Subscribe", "Update", "Deactivate"],
  });
}

/** A graphql-ws client of the gateway. */
export function wsClient(gateway: Gateway, connectionParams?: Record<string, unknown>): Client {
  return createClient({
    url: `${gateway.url.replace(/^http/, "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
    lazy: true,
  });
}

/** Subscribes over graphql-ws, collecting what arrives. */
export function subscribeWs(client: Client, query: string, variables?: Record<string, unknown>): Received {
  const received: Received = { results: [], stop: () => undefined };
  received.stop = client.subscribe<Record<string, Record<string, unknown>>>(
    { query, variables },
    {
      next: (result) => void received.results.push(result as Result),
      error: (error) => {
        received.ended = "error";
        received.error = error;
      },
      complete: () => void (received.ended ??= "complete"),
    },
  );
  return received;
}

/** Subscribes over SSE (yoga's `text/event-stream` answer to a POST), collecting what arrives. */
export function subscribeSse(gateway: Gateway, query: string, variables?: Record<string, unknown>): Received {
  const controller = new AbortController();
  const received: Received = { results: [], stop: () => controller.abort() };
  void (async () => {
    try {
      const res = await fetch(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ query, variables }),
        signal: controller.signal,
      });
      if (!res.body) throw new Error(`no body (${res.status})`);
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(message)?.[1];
          const data = /^data: (.*)$/m.exec(message)?.[1];
          if (event === "complete") received.ended = "complete";
          else if (data) received.results.push(JSON.parse(data) as Result);
        }
      }
      received.ended ??= "complete";
    } catch (error) {
      if (!controller.signal.aborted) {
        received.ended = "error";
        received.error = error;
      }
    }
  })();
  return received;
}

/** Waits until `predicate` holds, or fails after `ms` with `what()` in the message. */
export async function until(predicate: () => boolean, what: () => unknown, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not so after ${ms} ms: ${JSON.stringify(what())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Time for a subscription to be in place on the server (no per-operation acknowledgement exists). */
export const SETTLE_MS = 300;

/** What `watchLogSubscriptions` reports. */
export interface LogSubscriptions {
  /** Log subscriptions opened so far (each resolved subscribe). */
  opened(): number;
  /** Log subscriptions open now. */
  live(): number;
  /** Waits until `opened()` reaches `count`. */
  untilOpened(count: number, ms?: number): Promise<void>;
}

/**
 * Counts the log subscriptions `gateway` opens, by wrapping its real event log's subscribe. Every
 * subscriber opens one before its first event can reach it (a subscriber joining a shared execution
 * opens one for its access check), so "opened went up by one" is the signal that a subscription is
 * in place (graphql-ws and SSE acknowledge none).
 */
export function watchLogSubscriptions(gateway: Gateway): LogSubscriptions {
  const log = gateway.events;
  const subscribe = log.subscribe.bind(log);
  let opened = 0;
  let live = 0;
  log.subscribe = async (source, options, listener) => {
    const unsubscribe = await subscribe(source, options, listener);
    opened++;
    live++;
    let done = false;
    return () => {
      if (!done) live--;
      done = true;
      unsubscribe();
    };
  };
  return {
    opened: () => opened,
    live: () => live,
    untilOpened: (count, ms) =>
      until(
        () => opened >= count,
        () => ({ opened, expected: count }),
        ms,
      ),
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An addSubscriber mutation on the demo newsletter. */
export function addSubscriberQuery(listId: string, email: string): string {
  return `mutation { addSubscriber(input: { listId: "${listId}", email: "${email}", name: "Feed Person" }) { __typename } }`;
}

/** A legacy and a commerce sandbox whose webhooks reach one gateway, and a graphql-ws client of it. */
export interface EventsStack {
  legacy: LegacySandbox;
  commerce: CommerceSandbox;
  gateway: Gateway;
  client: Client;
  /** Remembers a subscription so close() stops it. */
  track(received: Received): Received;
  /** The gateway's log subscriptions, counted. */
  logSubscriptions: LogSubscriptions;
  /** Runs `subscribe`, then waits until the gateway opened `count` (default 1) more log subscriptions. */
  subscribed<T>(subscribe: () => T, count?: number): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts the sandboxes and the gateway, with every webhook of both pointed at its ingress; `env`
 * adds to (or overrides) the gateway's settings.
 */
export async function startEventsStack(env: Record<string, string> = {}): Promise<EventsStack> {
  const stack = await startStack({
    commerce: { webhookSecret: COMMERCE_SECRET },
    // These tests exercise the configured and header credentials, not gateway tokens (open mode).
    env: { INGRESS_TOKEN, COMMERCE_WEBHOOK_SECRET: COMMERCE_SECRET, ...env },
  });
  const { legacy, commerce, gateway } = stack;
  wireLegacyWebhooks(legacy, gateway);
  commerce.webhooks.add(`${gateway.url}/webhooks/commerce`, COMMERCE_TOPICS);
  const client = wsClient(gateway);
  const open: Received[] = [];
  const logSubscriptions = watchLogSubscriptions(gateway);
  return {
    legacy,
    commerce,
    gateway,
    client,
    track: (received) => (open.push(received), received),
    logSubscriptions,
    async subscribed(subscribe, count = 1) {
      const before = logSubscriptions.opened();
      const result = subscribe();
      await logSubscriptions.untilOpened(before + count);
      return result;
    },
    async close() {
      for (const received of open) received.stop();
      await client.dispose();
      await stack.close();
    },
  };
}
