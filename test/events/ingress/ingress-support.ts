/**
 * A real node:http server on port 0 running only the webhook ingress, over an in-memory log with
 * the same append signature as the event log.
 */
import { createIngress, type IngressEntry, type IngressOptions } from "../../../src/events/ingress/index.js";
import { listen, type Listening } from "../../../src/util/listen.js";
import type { EventSource } from "../../../src/events/ingress/index.js";

export const INGRESS_TOKEN = "legacy-ingress-token-0123456789";
export const COMMERCE_SECRET = "commerce-webhook-secret-0123456789abcdef";

/** What the stub log holds: every appended entry, with its source. */
export interface StubLog {
  readonly appended: Array<{ source: EventSource; entry: IngressEntry }>;
  append: IngressOptions["log"]["append"];
}

export function stubLog(): StubLog {
  const appended: StubLog["appended"] = [];
  return {
    appended,
    // Keys are read from `appended`, so a test that empties it starts from a log that saw nothing.
    append(source, entries) {
      const seen = new Set(appended.map(({ entry }) => entry.dedupeKey));
      const ids: string[] = [];
      let duplicates = 0;
      for (const entry of entries) {
        if (seen.has(entry.dedupeKey)) {
          duplicates += 1;
          continue;
        }
        seen.add(entry.dedupeKey);
        appended.push({ source, entry });
        ids.push(String(appended.length));
      }
      return Promise.resolve({ appended: ids, duplicates });
    },
  };
}

export interface IngressServer extends Listening {
  readonly log: StubLog;
  readonly legacyUrl: string;
  readonly commerceUrl: string;
}

/** Starts ingress behind a plain server that answers 404 for every path ingress does not take. */
export async function startIngress(overrides: Partial<IngressOptions> = {}): Promise<IngressServer> {
  const log = stubLog();
  const handler = createIngress({
    log,
    ingressToken: INGRESS_TOKEN,
    commerceWebhookSecret: COMMERCE_SECRET,
    maxBodyBytes: 1024 * 1024,
    ...overrides,
  });
  const listening = await listen((req, res) => {
    void handler(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  return {
    ...listening,
    close: () => listening.close(),
    log,
    legacyUrl: `${listening.url}/webhooks/legacy/${INGRESS_TOKEN}`,
    commerceUrl: `${listening.url}/webhooks/commerce`,
  };
}

/** POSTs a body and reads the JSON answer. */
export async function postBody(url: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>) {
  const res = await fetch(url, { method: "POST", body, headers });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as IngressAnswer, text };
}

/** An ingress answer: the counts of an accepted request or the error of a refused one. */
export interface IngressAnswer {
  accepted?: number;
  duplicates?: number;
  error?: { code: string; message: string };
}

/** A Subscribe event as the legacy service sends it. */
export function subscribeEvent(i: number, extra: Record<string, unknown> = {}) {
  return {
    Type: "Subscribe",
    Date: "2024-03-01 12:34:56",
    EmailAddress: `person${i}@example.com`,
    Name: `Person ${i}`,
    SignupIPAddress: "203.0.113.7",
    CustomFields: [{ Key: "[Colour]", Value: "blue" }],
    ...extra,
  };
}

export const updateEvent = {
  Type: "Update",
  Date: "2024-03-02 08:00:00",
  OldEmailAddress: "old@example.com",
  EmailAddress: "new@example.com",
  Name: "Ada",
  State: "Active",
  CustomFields: [],
};

export const deactivateEvent = {
  Type: "Deactivate",
  Date: "2024-03-03 23:59:59",
  EmailAddress: "gone@example.com",
  Name: "Grace",
  State: "Unsubscribed",
  CustomFields: [{ Key: "[Source]", Value: "form" }],
};
