/**
 * Typed calls of the commerce REST interface (spec: Endpoints; docs/decisions.md for what the
 * spec does not show). Each call is sent by its catalog row (catalog.ts): method, path template
 * and whether it may be retried come from there. Every call takes the signer of the caller's
 * credentials; the client holds none itself, so one client serves every caller of the gateway.
 */
import type { RequestScope } from "../../logging/request-context.js";
import type { BackendLimits } from "../http.js";
import { signerSecrets, type CommerceSigner } from "./auth.js";
import { COMMERCE_API_PATH, endpoint, isPlaceholder, type ApiEndpointName } from "./catalog.js";
import { readCsvRows } from "./csv.js";
import { ExportFiles, signerIdentity, type ExportFileLimits } from "./export-files.js";
import { ExportTableBuilder, type ExportTable } from "./export-table.js";
import * as decode from "./decode.js";
import { CommerceConfigError, CommerceError, CommerceInputError, CommerceTransportError } from "./errors.js";
import { CommerceHttp, target, type HttpReply } from "./http.js";
import { secretsFromHeaders } from "../../util/redact.js";
import { httpError, parseJson } from "./reply.js";
import { root } from "./shape.js";
import { exchangeAuthorizationCode, type CodeExchange } from "./token-exchange.js";
import type {
  AccessTokenGrant,
  AsyncJob,
  CouponPage,
  EmailEntry,
  PartnerRoot,
  Segment,
  SegmentCriteria,
  Subscriber,
  SubscriberEntryOf,
  SubscriberKind,
  SubscriberPage,
  Subscription,
  SubscriptionRequest,
  UnsubscribeResult,
} from "./types.js";
import type { CallerSignal } from "../../util/call-abort.js";
import type { SendBudget } from "../http.js";

/** Where the backend is and how far to trust it. */
export interface CommerceClientOptions {
  /** {base_url}, ending in /api/v1. */
  baseUrl: string;
  /** {auth_url}, the host root of /oauth/*; defaults to the origin of baseUrl. */
  authUrl?: string;
  limits: BackendLimits;
  /** Export files read at once and kept (export-files.ts); each absent bound takes EXPORT_FILE_LIMITS'. */
  exportFiles?: Partial<ExportFileLimits>;
}

/** Per-call options. */
export interface CallOptions {
  signal?: CallerSignal;
  /** The request the call is made for (its id and span). */
  scope?: RequestScope;
  /** What each request sent pays from, retries included (the operation's call budget, ../http.ts). */
  budget?: SendBudget;
}

/**
 * Query of a subscriber listing. `searchAfter` is the default listing's cursor; `page` the page
 * number a pending or unsubscriber listing's nextPage carries (those page by number, with `limit`).
 */
export interface SubscriberQuery<K extends SubscriberKind = SubscriberKind> {
  kind?: K;
  limit?: number;
  searchAfter?: string[];
  page?: number;
}

/** Outcome of a segment unsubscribe: done at once, or an async job (HTTP 202). */
export type SegmentUnsubscribeOutcome =
  { kind: "done"; result: UnsubscribeResult } | { kind: "job"; asyncJobId: string };

type Query = [string, string][];

interface Call {
  /** The catalog row the call is sent by: its method, and whether it may be retried. */
  endpoint: ApiEndpointName;
  url: URL;
  body?: unknown;
  accept?: string;
  /** A size cap below the configured one (pageBytes). */
  maxBytes?: number;
  signal?: CallerSignal;
  scope?: RequestScope;
  budget?: SendBudget;
}

/** What a call whose caller left reports, as the HTTP layer words it (http.ts). */
function callerGone(reason: unknown, where: string): CommerceTransportError {
  return reason instanceof DOMException && reason.name === "TimeoutError"
    ? new CommerceTransportError("COMMERCE_TIMEOUT", `${where}: timed out (the request's deadline passed)`)
    : new CommerceTransportError("COMMERCE_ABORTED", `${where}: aborted by the caller`);
}

function checkedUrl(raw: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CommerceConfigError(`${what} must be an absolute URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new CommerceConfigError(`${what} must be http(s)`);
  if (url.username || url.password) throw new CommerceConfigError(`${what} must not carry credentials`);
  return url;
}

/** The kind of listing a nextPage URL belongs to, from the flags it carries. */
function kindOfPageUrl(url: URL): SubscriberKind {
  const on = (name: string) => ["true", "1"].includes(url.searchParams.get(name) ?? "");
  if (on("pending")) return "pending";
  if (on("unsubscribers")) return "unsubscribed";
  return "subscribed";
}

/** `text` URL-encoded, or a CommerceInputError when it holds an unpaired surrogate. */
function encodable(text: string, what: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    throw new CommerceInputError(`${what} holds an unpaired surrogate`);
  }
}

/**
 * The most rows an export file may have: at the default reply cap of 8 MiB a file of ordinary
 * addresses (30–40 bytes a row) holds about 250,000; more means rows of a few bytes, each of which
 * would cost the gateway far more memory parsed than it weighs (docs/decisions.md).
 */
export const EXPORT_MAX_ROWS = 300_000;

/**
 * The largest page the gateway asks for (COMMERCE_LIMITS.subscribersPage and couponsPage): the
 * configured reply cap is what such a page may weigh.
 */
export const LARGEST_PAGE = 100;

/** What a page's envelope (meta, links, a nextPage URL) may weigh besides its entries. */
export const PAGE_ENVELOPE_BYTES = 16 * 1024;

/**
 * The size cap of a page asked for `limit` entries: each entry may weigh what it may in the
 * largest page at the configured cap (maxResponseBytes / LARGEST_PAGE, 84 KB at 8 MiB), plus the
 * envelope; never more than the configured cap. A page of 5 is then refused past about 436 KB,
 * where a reply of a hundred thousand entries would otherwise be read and parsed whole (8 MiB,
 * ~100 ms of JSON.parse) only to be refused for its length. Without a limit, the configured cap.
 */
export function pageBytes(limit: number | undefined, maxResponseBytes: number): number {
  if (limit === undefined || !Number.isSafeInteger(limit) || limit < 1) return maxResponseBytes;
  const perEntry = Math.ceil(maxResponseBytes / LARGEST_PAGE);
  return Math.min(maxResponseBytes, PAGE_ENVELOPE_BYTES + limit * perEntry);
}

/** The page size a nextPage URL asks for, when it carries exactly one that is a page size. */
function limitOfPageUrl(url: URL): number | undefined {
  const limits = url.searchParams.getAll("limit");
  const [limit] = limits;
  return limits.length === 1 && limit !== undefined && /^[1-9][0-9]{0,5}$/.test(limit) ? Number(limit) : undefined;
}

/** Client of one commerce backend. Close it to release its connections. */
export class CommerceClient {
  private readonly base: URL;
  private readonly authUrl: URL;
  private readonly http: CommerceHttp;
  private readonly maxResponseBytes: number;
  /** Export files being read and kept, shared by every caller of this client (export-files.ts). */
  readonly exportFiles: ExportFiles;

  constructor(options: CommerceClientOptions) {
    this.base = checkedUrl(options.baseUrl.replace(/\/+$/, ""), "commerce base URL");
    if (!this.base.pathname.endsWith(COMMERCE_API_PATH))
      throw new CommerceConfigError(`commerce base URL must end in ${COMMERCE_API_PATH}`);
    if (this.base.search || this.base.hash) throw new CommerceConfigError("commerce base URL must have no query");
    this.authUrl = checkedUrl((options.authUrl ?? this.base.origin).replace(/\/+$/, ""), "commerce auth URL");
    this.http = new CommerceHttp(options.limits);
    this.maxResponseBytes = options.limits.maxResponseBytes;
    this.exportFiles = new ExportFiles(options.exportFiles);
  }

  /**
   * GET /coupons: one page. With `limit`, a page of more coupons is a bad reply, refused before
   * any coupon is decoded, and the reply is capped by pageBytes.
   */
  async listCoupons(
    auth: CommerceSigner,
    q: { limit?: number; page?: number } = {},
    o: CallOptions = {},
  ): Promise<CouponPage> {
    const query: Query = [];
    if (q.limit !== undefined) query.push(["limit", String(q.limit)]);
    if (q.page !== undefined) query.push(["page", String(q.page)]);
    const url = this.url("listCoupons", undefined, query);
    const maxBytes = pageBytes(q.limit, this.maxResponseBytes);
    const { reply, where } = await this.call(auth, { endpoint: "listCoupons", url, maxBytes, ...o });
    return decode.couponPage(root(parseJson(reply, where), where), q.limit);
  }

  /** PUT /customer-lists/{listId}/subscriptions. Property rule breaks surface as COMMERCE_VALIDATION. */
  async subscribe(
    auth: CommerceSigner,
    listId: string,
    request: SubscriptionRequest,
    o: CallOptions = {},
  ): Promise<Subscription> {
    const url = this.url("subscribe", listId);
    const { reply, where } = await this.call(auth, { endpoint: "subscribe", url, body: request, ...o });
    return decode.subscription(root(parseJson(reply, where), where));
  }

  /**
   * GET /customer-lists/{listId}/subscribers: the first page of one listing. With `limit`, a page
   * of more entries is a bad reply, refused before any entry is decoded, and the reply is capped
   * by pageBytes.
   */
  async listSubscribers<K extends SubscriberKind = "subscribed">(
    auth: CommerceSigner,
    listId: string,
    q: SubscriberQuery<K> = {},
    o: CallOptions = {},
  ): Promise<SubscriberPage<SubscriberEntryOf<K>>> {
    const kind: SubscriberKind = q.kind ?? "subscribed";
    const query: Query = [];
    if (kind === "pending") query.push(["pending", "true"]);
    if (kind === "unsubscribed") query.push(["unsubscribers", "true"]);
    if (q.limit !== undefined) query.push(["limit", String(q.limit)]);
    if (q.page !== undefined) query.push(["page", String(q.page)]);
    for (const cursor of q.searchAfter ?? []) query.push(["searchAfter[]", cursor]);
    const url = this.url("listSubscribers", listId, query);
    return this.subscriberPage(auth, url, kind, q.limit, o) as Promise<SubscriberPage<SubscriberEntryOf<K>>>;
  }

  /**
   * Follows a nextPage URL. It must lie under this client's base URL: credentials are never sent
   * to another host, whatever a reply says. The page is held to the `limit` the URL carries.
   */
  async fetchSubscriberPage(
    auth: CommerceSigner,
    nextPageUrl: string,
    o: CallOptions = {},
  ): Promise<SubscriberPage<Subscriber | EmailEntry>> {
    const url = this.ownUrl(nextPageUrl);
    return this.subscriberPage(auth, url, kindOfPageUrl(url), limitOfPageUrl(url), o);
  }

  /** Every entry of a listing, page after page, until a page has no nextPage. */
  async *subscribers<K extends SubscriberKind = "subscribed">(
    auth: CommerceSigner,
    listId: string,
    q: SubscriberQuery<K> = {},
    o: CallOptions = {},
  ): AsyncGenerator<SubscriberEntryOf<K>> {
    let page: SubscriberPage<Subscriber | EmailEntry> = await this.listSubscribers(auth, listId, q, o);
    const seen = new Set<string>();
    for (;;) {
      yield* page.entries as SubscriberEntryOf<K>[];
      if (page.nextPage === undefined) return;
      if (seen.has(page.nextPage)) {
        throw new CommerceTransportError(
          "COMMERCE_BAD_RESPONSE",
          `subscriber listing of ${listId} loops back to a page already read`,
        );
      }
      seen.add(page.nextPage);
      page = await this.subscriberPage(auth, this.ownUrl(page.nextPage, true), q.kind ?? "subscribed", q.limit, o);
    }
  }

  /** DELETE /customer-lists/{listId}/subscribers?emails[]=…; partial failure is reported in-band. */
  async unsubscribeEmails(
    auth: CommerceSigner,
    listId: string,
    emails: string[],
    o: CallOptions = {},
  ): Promise<UnsubscribeResult> {
    if (emails.length === 0) throw new CommerceInputError("unsubscribeEmails needs at least one address");
    const query: Query = emails.map((e) => ["emails[]", e]);
    const url = this.url("unsubscribe", listId, query);
    const { reply, where } = await this.call(auth, { endpoint: "unsubscribe", url, ...o });
    return decode.unsubscribeResult(root(parseJson(reply, where), where).get("data"));
  }

  /** DELETE /customer-lists/{listId}/subscribers?segment=<JSON>; 202 means it became an async job. */
  async unsubscribeSegment(
    auth: CommerceSigner,
    listId: string,
    criteria: SegmentCriteria,
    o: CallOptions = {},
  ): Promise<SegmentUnsubscribeOutcome> {
    const url = this.url("unsubscribe", listId, [["segment", JSON.stringify(criteria)]]);
    const { reply, where } = await this.call(auth, { endpoint: "unsubscribe", url, ...o });
    const data = root(parseJson(reply, where), where).get("data");
    if (reply.status === 202) return { kind: "job", asyncJobId: data.get("asyncJobId").string() };
    return { kind: "done", result: decode.unsubscribeResult(data) };
  }

  /** GET /segments. */
  async listSegments(auth: CommerceSigner, o: CallOptions = {}): Promise<Segment[]> {
    const url = this.url("listSegments");
    const { reply, where } = await this.call(auth, { endpoint: "listSegments", url, ...o });
    return decode.segments(root(parseJson(reply, where), where));
  }

  /** POST /segments/{segmentId}/async-export: starts a job (status pending). */
  async exportSegment(auth: CommerceSigner, segmentId: string, o: CallOptions = {}): Promise<AsyncJob> {
    const url = this.url("exportSegment", segmentId);
    const { reply, where } = await this.call(auth, { endpoint: "exportSegment", url, ...o });
    return decode.asyncJob(root(parseJson(reply, where), where));
  }

  /** GET /async-jobs/{jobId} (decisions: Async jobs). */
  async getJob(auth: CommerceSigner, jobId: string, o: CallOptions = {}): Promise<AsyncJob> {
    const url = this.url("getJob", jobId);
    const { reply, where } = await this.call(auth, { endpoint: "getJob", url, ...o });
    return decode.asyncJob(root(parseJson(reply, where), where));
  }

  /**
   * GET /async-jobs/{jobId}/result: the export CSV as a table of rows. 409 (COMMERCE_CONFLICT) until
   * completed. Through `exportFiles`: a file another caller of the same credential is reading is
   * waited for, a completed one may be answered at no call, and only a few are read at once. The
   * table may be shared, so it is read only.
   */
  async getJobResult(auth: CommerceSigner, jobId: string, o: CallOptions = {}): Promise<ExportTable> {
    const url = this.url("getJobResult", jobId);
    const identity = signerIdentity(auth);
    // The identity is of a fixed length: the job id after it cannot make another pair's key.
    const key = identity === undefined ? undefined : `${identity}${jobId}`;
    try {
      return await this.exportFiles.read(
        key,
        o.signal,
        (signal, budget) => this.readJobResult(auth, url, { ...o, signal, budget }),
        o.budget,
      );
    } catch (error) {
      // The caller left while the file was read for others too (or waited its turn): as a call of its own would.
      if (!(error instanceof CommerceError) && o.signal?.aborted)
        throw callerGone(o.signal.reason, target(endpoint("getJobResult").method, url));
      throw error;
    }
  }

  /** Downloads and parses one export file (the read getJobResult shares). */
  private async readJobResult(auth: CommerceSigner, url: URL, o: CallOptions): Promise<ExportTable> {
    const { reply, where } = await this.call(auth, {
      endpoint: "getJobResult",
      url,
      accept: "text/csv, application/json;q=0.5",
      ...o,
    });
    if (reply.mediaType !== "text/csv" && reply.mediaType !== "text/plain") {
      throw new CommerceTransportError(
        "COMMERCE_BAD_RESPONSE",
        `${where}: answered ${reply.mediaType || "no media type"}, not CSV`,
        {
          status: reply.status,
        },
      );
    }
    const table = new ExportTableBuilder();
    try {
      const options = { maxRows: EXPORT_MAX_ROWS, signal: o.signal };
      await readCsvRows(reply.text, ["email", "status"], options, ([email = "", status = ""]) =>
        table.add(email, status),
      );
      return table.finish();
    } catch (error) {
      // Stopped because nobody waits for the file any more: not the file's fault.
      if (o.signal?.aborted) throw error;
      throw new CommerceTransportError(
        "COMMERCE_BAD_RESPONSE",
        `${where}: unreadable CSV (${(error as Error).message})`,
        {
          status: reply.status,
        },
      );
    }
  }

  /** GET /partners/ with a partner token. */
  async partnerRoot(auth: CommerceSigner, o: CallOptions = {}): Promise<PartnerRoot> {
    const url = this.url("partnerRoot");
    const { reply, where } = await this.call(auth, { endpoint: "partnerRoot", url, ...o });
    return decode.partnerRoot(root(parseJson(reply, where), where));
  }

  /** POST {auth_url}/oauth/access-token: exchanges an authorization code for a PoP access token. */
  exchangeCode(exchange: CodeExchange, o: CallOptions = {}): Promise<AccessTokenGrant> {
    return exchangeAuthorizationCode(this.http, this.authUrl, exchange, o.signal, o.scope);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  /**
   * The URL of an endpoint under the base path: its row's path template with `id` in its `{id}`
   * segment, encoded to stay one segment. A URL path resolves `.` and `..`, which
   * encodeURIComponent leaves as they are, and an empty segment names another resource too
   * (/async-jobs/ rather than one job): such an id is refused, whoever the caller, so no id can
   * take a call to another endpoint. Text with an unpaired surrogate has no UTF-8 form:
   * encodeURIComponent throws on it in a segment, and URLSearchParams would send U+FFFD in its
   * place, so it is refused in both.
   */
  private url(name: ApiEndpointName, id?: string, query: Query = []): URL {
    const template = endpoint(name).path.slice(1).split("/");
    const where = template[0] ?? "";
    const path = template.map((segment) => {
      if (!isPlaceholder(segment)) return segment;
      if (id === undefined) throw new Error(`${name} needs an id for ${segment}`);
      if (id === "" || id === "." || id === "..") {
        throw new CommerceInputError(`a path segment of ${where} must not be ${JSON.stringify(id)}`);
      }
      return encodable(id, `a path segment of ${where}`);
    });
    for (const [param, value] of query) encodable(value, `the ${param} parameter of ${where}`);
    const url = new URL(this.base.href);
    url.pathname = `${this.base.pathname}/${path.join("/")}`;
    url.search = new URLSearchParams(query).toString();
    return url;
  }

  /** A URL under the base path, or an error: credentials only ever go to the configured backend. */
  private ownUrl(raw: string, fromReply = false): URL {
    const refuse = (why: string) =>
      fromReply
        ? new CommerceTransportError("COMMERCE_BAD_RESPONSE", `nextPage ${why}`)
        : new CommerceInputError(`nextPage URL ${why}`);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refuse("is not an absolute URL");
    }
    if (url.origin !== this.base.origin || url.username || url.password) throw refuse("points to another host");
    if (!url.pathname.startsWith(`${this.base.pathname}/`)) throw refuse("lies outside the API base path");
    return url;
  }

  private async subscriberPage(
    auth: CommerceSigner,
    url: URL,
    kind: SubscriberKind,
    limit: number | undefined,
    o: CallOptions,
  ): Promise<SubscriberPage<Subscriber | EmailEntry>> {
    const maxBytes = pageBytes(limit, this.maxResponseBytes);
    const { reply, where } = await this.call(auth, { endpoint: "listSubscribers", url, maxBytes, ...o });
    return decode.subscriberPage(root(parseJson(reply, where), where), kind, limit);
  }

  /** Signs, sends by the endpoint's row, and turns a non-2xx reply into its typed error. */
  private async call(auth: CommerceSigner, c: Call): Promise<{ reply: HttpReply; where: string }> {
    const { method, retryable } = endpoint(c.endpoint);
    const signed = await auth.headers();
    const secrets = [...signerSecrets(auth), ...secretsFromHeaders(signed)];
    const headers: Record<string, string> = { ...signed, Accept: c.accept ?? "application/json" };
    let body: string | undefined;
    if (c.body !== undefined) {
      body = JSON.stringify(c.body);
      headers["Content-Type"] = "application/json";
    }
    const reply = await this.http.send({
      method,
      retryable,
      url: c.url,
      headers,
      body,
      signal: c.signal,
      scope: c.scope,
      secrets,
      maxBytes: c.maxBytes,
      budget: c.budget,
    });
    if (reply.status < 200 || reply.status > 299) throw httpError(reply, method, c.url, secrets);
    return { reply, where: target(method, c.url) };
  }
}
