/**
 * Webhook ingress on the gateway's HTTP server: `POST /webhooks/legacy/{INGRESS_TOKEN}` (legacy
 * list webhooks, JSON or XML) and `POST /webhooks/commerce` (topic webhooks with a bearer JWS).
 * Headers are checked before any body is read, and a refusal appends nothing. See docs/decisions.md,
 * "Webhook ingress: paths, order, status codes" and "Webhook bodies: deadline and budget".
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { CommerceEvent, EventSource, ListEvent } from "./event-types.js";
import { IngressError } from "./errors.js";
import { bodyFormat, parseBody, parseJsonBody } from "./parse-body.js";
import { declaredLength, readBody, TIMED_OUT, TOO_LARGE } from "../../util/read-body.js";
import { validateCommerceBody, validateListBatch } from "./validate.js";
import {
  bodySha256,
  checkBodyHash,
  checkIngressToken,
  MIN_COMMERCE_SECRET_BYTES,
  MIN_INGRESS_TOKEN_LENGTH,
  verifyCommerceJws,
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
  /** How long a body may take to arrive once it is read; a body still arriving then is answered 408. */
  bodyDeadlineMs?: number;
  /**
   * Bytes that the bodies being read and processed at once may take, each counted at its
   * Content-Length (the cap without one); a request that would pass it is answered 503 before its
   * body is read. Default BODY_BUDGET_IN_CAPS × maxBodyBytes.
   */
  maxBufferedBytes?: number;
  /** The clock, in milliseconds since the epoch. */
  now?: () => number;
  /**
   * Told of the events of a delivery that passed every check (new or retried), before they are
   * appended to the log and the webhook is answered: the shared cache drops what they change, so no
   * reader of the log is served what was read before them. Its failure fails nothing.
   */
  onAccepted?: (source: EventSource, events: readonly (ListEvent | CommerceEvent)[]) => Promise<void>;
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

/** The default deadline for a webhook body to arrive (WEBHOOK_BODY_DEADLINE_MS). */
export const DEFAULT_BODY_DEADLINE_MS = 10_000;
/** The default budget of bytes of bodies read at once, in body caps. */
export const BODY_BUDGET_IN_CAPS = 8;

export const LEGACY_PATH_PREFIX = "/webhooks/legacy/";
export const COMMERCE_PATH = "/webhooks/commerce";

/**
 * Builds the webhook handler; throws at once on a token or secret too short to be safe. A request
 * goes declared size → authentication → content type → body (capped, with a deadline, within the
 * budget) → the commerce body hash → strict parse → the whole batch → dedupe → append → 2xx.
 */
export function createIngress(options: IngressOptions): IngressHandler {
  const { log, ingressToken, commerceWebhookSecret, maxBodyBytes } = options;
  const { bodyDeadlineMs = DEFAULT_BODY_DEADLINE_MS, maxBufferedBytes = BODY_BUDGET_IN_CAPS * maxBodyBytes } = options;
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
  if (!Number.isSafeInteger(bodyDeadlineMs) || bodyDeadlineMs <= 0) {
    throw new Error("bodyDeadlineMs must be a positive integer");
  }
  if (!Number.isSafeInteger(maxBufferedBytes) || maxBufferedBytes < maxBodyBytes) {
    throw new Error("maxBufferedBytes must be an integer no smaller than maxBodyBytes");
  }
  /** Bytes reserved by the bodies being read or processed now. */
  let bufferedBytes = 0;

  async function legacy(req: IncomingMessage, token: string, expected: string) {
    // The token is in the path: a wrong one is refused before a byte of the body is read.
    checkDeclaredSize(req);
    checkIngressToken(token, expected);
    const format = bodyFormat(req.headers["content-type"], ["json", "xml"]);
    return withBody(req, (body) => {
      const receivedAt = new Date(now()).toISOString();
      const events = validateListBatch(parseBody(body, format), receivedAt);
      const batchKey = createHash("sha256").update("legacy\0").update(body).digest("hex");
      // One key per position: a byte-identical retry repeats every key, a different body none.
      return append(
        "legacy",
        events.map((event, i) => ({ dedupeKey: dedupeKeyOf("legacy", batchKey, i), event })),
      );
    });
  }

  async function commerce(req: IncomingMessage, key: Uint8Array) {
    // Everything the JWS says but the body's hash is checked before the body is read.
    checkDeclaredSize(req);
    const claims = await verifyCommerceJws(req.headers.authorization, key, now());
    bodyFormat(req.headers["content-type"], ["json"]);
    return withBody(req, (body) => {
      checkBodyHash(claims, body);
      const event = validateCommerceBody(parseJsonBody(body), new Date(now()).toISOString());
      const delivery = createHash("sha256")
        .update(JSON.stringify([event.topic, event.ts, bodySha256(body)]))
        .digest("hex");
      return append("commerce", [{ dedupeKey: dedupeKeyOf("commerce", delivery, 0), event }]);
    });
  }

  /** 413 at once for a Content-Length over the cap, before anything else is looked at. */
  function checkDeclaredSize(req: IncomingMessage): void {
    const declared = declaredLength(req);
    if (declared !== undefined && declared > maxBodyBytes) throw tooLarge();
  }

  /**
   * Reads the body within the budget, the cap and the deadline, and runs `use` on it; the bytes
   * stay reserved until `use` is done with them (parsing, appending).
   */
  async function withBody<T>(req: IncomingMessage, use: (body: Buffer) => Promise<T>): Promise<T> {
    const reserved = declaredLength(req) ?? maxBodyBytes;
    if (bufferedBytes + reserved > maxBufferedBytes) {
      throw new IngressError(503, "ingress_busy", "too many webhook bodies are being received at once; retry later");
    }
    bufferedBytes += reserved;
    try {
      const body = await readBody(req, maxBodyBytes, { deadlineMs: bodyDeadlineMs });
      if (body === TOO_LARGE) throw tooLarge();
      if (body === TIMED_OUT) {
        throw new IngressError(408, "body_timeout", `the body did not arrive within ${bodyDeadlineMs} ms`);
      }
      return await use(body);
    } finally {
      bufferedBytes -= reserved;
    }
  }

  function tooLarge(): IngressError {
    return new IngressError(413, "payload_too_large", `the body is larger than ${maxBodyBytes} bytes`);
  }

  async function append(source: EventSource, entries: IngressEntry[]) {
    if (entries.length === 0) return { accepted: 0, duplicates: 0 };
    // Before the append: a live subscription re-reading what an event changed, once it reads the
    // event from the log, must not be served the cache's answer from before the change.
    try {
      await options.onAccepted?.(
        source,
        entries.map((entry) => entry.event),
      );
    } catch {
      // A cache that could not be told is bounded by its times to live; the events still go in.
    }
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
      // A body refused or not read (yet) may still be arriving: the connection is closed after the
      // answer rather than kept to drain it, so a refused sender holds neither a buffer nor a socket.
      if (!req.complete || err.status === 413 || err.status === 405) res.setHeader("Connection", "close");
      if (err.code === "ingress_busy") res.setHeader("Retry-After", "1");
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
