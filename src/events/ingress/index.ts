/**
 * Webhook ingress on the gateway's HTTP server:
 *
 * - `POST /webhooks/legacy/{INGRESS_TOKEN}`: legacy list webhooks, JSON or XML `{Events, ListID}`;
 * - `POST /webhooks/commerce`: commerce topic webhooks `{meta, data}` with a bearer JWS.
 *
 * Each request goes body size cap → authentication → strict parse → validation of the whole
 * batch → dedupe → append to the log → 2xx. A refusal at any step appends nothing and answers 4xx
 * with `{error: {code, message}}`.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CommerceEvent, EventSource, ListEvent } from "./event-types.js";
import { IngressError } from "./errors.js";
import { bodyFormat, parseBody, parseJsonBody } from "./parse-body.js";
import { readBody, TOO_LARGE } from "./read-body.js";
import { validateCommerceBody, validateListBatch } from "./validate.js";
import {
  bodySha256,
  checkIngressToken,
  MIN_COMMERCE_SECRET_BYTES,
  MIN_INGRESS_TOKEN_LENGTH,
  verifyCommerceSignature,
} from "./webhook-auth.js";

export * from "./event-types.js";
export { IngressError, type IngressErrorCode } from "./errors.js";
export { MAX_EVENTS_PER_REQUEST } from "./validate.js";

/** One event to append, with the key the log dedupes it by. */
export interface IngressEntry {
  readonly dedupeKey: string;
  readonly event: ListEvent | CommerceEvent;
}

/** The part of the event log ingress writes to. */
export interface IngressLog {
  /** Appends the entries whose keys it has not seen; reports the ids appended and the rest as duplicates. */
  append(source: EventSource, entries: IngressEntry[]): Promise<{ appended: string[]; duplicates: number }>;
}

/** What createIngress needs. */
export interface IngressOptions {
  log: IngressLog;
  /** The secret path segment of the legacy webhook URL; without it the legacy path is not served. */
  ingressToken?: string | undefined;
  /** The HS256 secret of commerce webhook JWS (at least 32 bytes); without it the commerce path is not served. */
  commerceWebhookSecret?: string | undefined;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** The clock, in milliseconds since the epoch. */
  now?: () => number;
}

/** A node:http handler that answers the webhook paths and returns false for every other path. */
export type IngressHandler = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/**
 * The dedupe key of the `index`-th event of one delivery: `<source>:<delivery>:<index>`. The Redis
 * log keeps the keys of one delivery together, in one hash expiring with the dedupe window
 * (events/log/redis-log.ts), so every delivery, of either source, gets its own.
 */
export function dedupeKeyOf(source: EventSource, delivery: string, index: number): string {
  return `${source}:${delivery}:${index}`;
}

export const LEGACY_PATH_PREFIX = "/webhooks/legacy/";
export const COMMERCE_PATH = "/webhooks/commerce";

/** Builds the webhook handler; throws at once on a token or secret too short to be safe. */
export function createIngress(options: IngressOptions): IngressHandler {
  const { log, ingressToken, commerceWebhookSecret, maxBodyBytes } = options;
  const now = options.now ?? Date.now;
  if (ingressToken !== undefined && ingressToken.length < MIN_INGRESS_TOKEN_LENGTH) {
    throw new Error(`the ingress token must have at least ${MIN_INGRESS_TOKEN_LENGTH} characters`);
  }
  const commerceKey = commerceWebhookSecret === undefined ? undefined : new TextEncoder().encode(commerceWebhookSecret);
  if (commerceKey !== undefined && commerceKey.length < MIN_COMMERCE_SECRET_BYTES) {
    throw new Error(`the commerce webhook secret must have at least ${MIN_COMMERCE_SECRET_BYTES} bytes`);
  }
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new Error("maxBodyBytes must be a positive integer");
  }

  async function legacy(req: IncomingMessage, token: string, expected: string) {
    const body = await readCapped(req);
    checkIngressToken(token, expected);
    const format = bodyFormat(req.headers["content-type"], ["json", "xml"]);
    const receivedAt = new Date(now()).toISOString();
    const events = validateListBatch(parseBody(body, format), receivedAt);
    const batchKey = createHash("sha256").update("legacy\0").update(body).digest("hex");
    // One key per position: a byte-identical retry repeats every key, a different body none.
    return append(
      "legacy",
      events.map((event, i) => ({ dedupeKey: dedupeKeyOf("legacy", batchKey, i), event })),
    );
  }

  async function commerce(req: IncomingMessage, key: Uint8Array) {
    const body = await readCapped(req);
    await verifyCommerceSignature(req.headers.authorization, body, key, now());
    bodyFormat(req.headers["content-type"], ["json"]);
    const event = validateCommerceBody(parseJsonBody(body), new Date(now()).toISOString());
    const delivery = createHash("sha256")
      .update(JSON.stringify([event.topic, event.ts, bodySha256(body)]))
      .digest("hex");
    return append("commerce", [{ dedupeKey: dedupeKeyOf("commerce", delivery, 0), event }]);
  }

  async function readCapped(req: IncomingMessage): Promise<Buffer> {
    const body = await readBody(req, maxBodyBytes);
    if (body === TOO_LARGE) {
      throw new IngressError(413, "payload_too_large", `the body is larger than ${maxBodyBytes} bytes`);
    }
    return body;
  }

  async function append(source: EventSource, entries: IngressEntry[]) {
    if (entries.length === 0) return { accepted: 0, duplicates: 0 };
    let result: { appended: string[]; duplicates: number };
    try {
      result = await log.append(source, entries);
    } catch {
      throw new IngressError(503, "log_unavailable", "the event log could not take the events; retry later");
    }
    return { accepted: result.appended.length, duplicates: result.duplicates };
  }

  return async (req, res) => {
    const path = pathOf(req.url);
    let run: (() => Promise<{ accepted: number; duplicates: number }>) | undefined;
    if (path.startsWith(LEGACY_PATH_PREFIX) && ingressToken !== undefined) {
      const token = path.slice(LEGACY_PATH_PREFIX.length);
      if (token === "" || token.includes("/")) return false;
      run = () => legacy(req, token, ingressToken);
    } else if (path === COMMERCE_PATH && commerceKey !== undefined) {
      run = () => commerce(req, commerceKey);
    } else {
      return false;
    }
    try {
      if (req.method !== "POST") {
        res.setHeader("Allow", "POST");
        throw new IngressError(405, "method_not_allowed", "webhooks are delivered with POST");
      }
      const outcome = await run();
      // 202: new events taken in for delivery; 200: a retry whose events were all taken in before.
      send(res, outcome.accepted === 0 && outcome.duplicates > 0 ? 200 : 202, outcome);
    } catch (caught) {
      // A request that went away while its body was read has no one to answer.
      if (!(caught instanceof IngressError) && (req.destroyed || res.headersSent)) return true;
      const err =
        caught instanceof IngressError
          ? caught
          : new IngressError(500, "internal_error", "the webhook could not be processed");
      // A refused body may still be arriving; do not keep the connection for it.
      if (err.status === 413 || err.status === 405) res.setHeader("Connection", "close");
      send(res, err.status, { error: { code: err.code, message: err.message } });
    }
    return true;
  };
}

function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const query = raw.indexOf("?");
  return query === -1 ? raw : raw.slice(0, query);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    "Cache-Control": "no-store",
  });
  res.end(text);
}
