/**
 * CommerceService: the commerce backend in domain terms, one per request. Resolvers call its
 * methods and get models back; it owns everything between them and the client:
 * - the request's credential: every call is refused before sending when there is none
 *   (CredentialsError) or when it lacks a scope the operation needs (CommerceForbiddenError);
 * - input checks before any call (InputError, with the rules of input-rules.ts and property-rules.ts);
 * - per-request loading: each read (segments, a subscriber or coupon page, a job, an export's file)
 *   is sent at most once per request and its promise shared; writes drop the pages of the list they
 *   changed;
 * - per-request budgets, taken before the call they pay for is sent: membership's pages, export files;
 * - a cap on concurrent calls (util/call-gate.ts), and no call started once the request's signal aborted;
 * - wire → model mapping (models.ts). The client's own errors pass through unchanged.
 */
import type { RequestScope } from "../../logging/request-context.js";
import { CallGate } from "../../util/call-gate.js";
import { emailKey } from "../email.js";
import { inServiceSpan } from "../../tracing/batch-span.js";
import type { CommerceSigner } from "../../backends/commerce/auth.js";
import type { CallOptions, CommerceClient } from "../../backends/commerce/client.js";
import { CommerceError } from "../../backends/commerce/errors.js";
import type { CouponPage, SegmentCriteria, SubscriptionRequest } from "../../backends/commerce/types.js";
import { CredentialsError, RequestAbortedError, UnreadableValueError } from "../errors.js";
import {
  decodeCouponCursor,
  decodeExportRowCursor,
  decodeSubscriberCursor,
  encodeCouponCursor,
  encodeExportRowCursor,
  encodeSubscriberCursor,
  nextPosition,
  type SubscriberPosition,
} from "./cursors.js";
import { CommerceForbiddenError, MembershipSearchLimitError } from "./errors.js";
import {
  checkCriteria,
  checkEmail,
  checkEmailList,
  checkId,
  checkText,
  commerceInputError,
  COMMERCE_LIMITS,
  COMMERCE_PAGE_DEFAULTS,
  Issues,
  pageSize,
} from "./input-rules.js";
import {
  LISTING_OF_STATUS,
  toCoupon,
  toExportFile,
  toJob,
  toPartnerRoot,
  toReport,
  toSegment,
  toSubscriber,
  toSubscription,
  type CommerceAsyncJob,
  type CommerceCouponPage,
  type CommerceCustomerList,
  type CommerceExportRowPage,
  type CommercePartnerRoot,
  type CommerceSegment,
  type CommerceSubscriberPage,
  type CommerceSubscription,
  type ExportRowFile,
  type SegmentUnsubscribeOutcome,
  type SubscriberStatus,
  type UnsubscribeReport,
} from "./models.js";
import { checkProperties } from "./property-rules.js";
import {
  COMMERCE_OPERATION_ACCESS,
  credentialKind,
  missingScopes,
  type CommerceCredential,
  type CommerceOperation,
} from "./scopes.js";
import type { CallerSignal } from "../../util/call-abort.js";
import type { CallBudget } from "../call-budget.js";

/** The part of CommerceClient the service calls (the client itself, or anything shaped like it). */
export type CommerceCaller = Pick<
  CommerceClient,
  | "listCoupons"
  | "subscribe"
  | "listSubscribers"
  | "unsubscribeEmails"
  | "unsubscribeSegment"
  | "listSegments"
  | "exportSegment"
  | "getJob"
  | "getJobResult"
  | "partnerRoot"
>;

/** How one request talks to the commerce backend. */
export interface CommerceServiceOptions {
  /** The request's credential; undefined makes every operation fail with CredentialsError. */
  credential: CommerceCredential | undefined;
  /**
   * True when this caller may not use the partner application's credential (in token mode, a gateway
   * token without partner access): partner operations are FORBIDDEN then.
   */
  partnerRefused?: boolean;
  /** The partner application's credential, for the partner interface (the store credential is never sent there). */
  partnerCredential?: CommerceCredential | undefined;
  /** Concurrent calls at most for this request. */
  concurrency: number;
  /** Pages membership() may fetch per request (MEMBERSHIP_PAGE_BUDGET unless a test says otherwise). */
  membershipPageBudget?: number;
  /** Export files exportRows() may read per request (EXPORT_ROWS.filesPerRequest unless a test says otherwise). */
  exportFileBudget?: number;
  /** The request's signal: once it aborts, no further call starts. */
  signal?: CallerSignal;
  /** The request the calls are made for: its id goes with each call, and its span is their parent. */
  scope?: RequestScope;
  /**
   * The operation's calls across both backends: each request sent takes one first, every attempt of
   * a retried read included (domain/call-budget.ts).
   */
  calls?: CallBudget;
}

/** Where an address stands on a customer list, and the address as the list holds it. */
export interface CommerceMembership {
  status: SubscriberStatus;
  email: string;
}

/** Arguments of a page of a list's members. */
export interface SubscribersPageArgs {
  status: SubscriberStatus;
  /** 1–100 (COMMERCE_LIMITS.subscribersPage); default 50. */
  first?: number | null;
  /** The endCursor of the previous page of the same list and status. */
  after?: string | null;
}

/** Arguments of a page of an export's rows. */
export interface ExportRowsArgs {
  /** 1–500 (EXPORT_ROWS.page); default 50. */
  first?: number | null;
  /** The cursor of a row of the same export: the page starts after it. */
  after?: string | null;
}

/** Arguments of a page of coupons. */
export interface CouponsArgs {
  /** 1–100 (COMMERCE_LIMITS.couponsPage); default 20. */
  first?: number | null;
  after?: string | null;
}

/** Input of subscribe (spec: Subscription request); bounds in COMMERCE_LIMITS. */
export interface SubscribeInput {
  email: string;
  name?: string | null;
  /** At most 20 keys matching ^[a-zA-Z0-9-_]+$; values of a type the service stores (property-rules.ts). */
  properties?: Readonly<Record<string, unknown>> | null;
  source?: string | null;
  sourceType?: string | null;
  sourceId?: string | null;
  optInText?: string | null;
}

/** One criterion of a segment unsubscribe (its names and filters are the backend's to judge). */
export interface SegmentCriterionInput {
  criteriaName: string;
  negate: boolean;
  filters: readonly Readonly<Record<string, unknown>>[];
}

/** The audience of a segment unsubscribe: every criterion must hold. */
export interface SegmentCriteriaInput {
  criteria: readonly SegmentCriterionInput[];
}

const BACKEND = "commerce";
const SERVICE = "the commerce service";

/** Pages of one listing membership() reads at most (100 members each). */
export const MEMBERSHIP_MAX_PAGES = 200;

/**
 * Pages membership() may fetch in one request, over every list and status it searches: without
 * it, `contact` with 20 long lists could cost thousands of backend calls. Pages the request
 * already holds do not count.
 */
export const MEMBERSHIP_PAGE_BUDGET = 60;

/**
 * Bounds of an export's rows. The file is read whole (at most COMMERCE_MAX_RESPONSE_BYTES, 8 MiB by
 * default) once per request and job, and handed out a page at a time: `first` 1–500 (default 50),
 * the legacy connections' bounds, so `nodes` over 100 ids answers at most 50,000 rows as it does
 * there. A request reads at most `filesPerRequest` files (40 MiB at the default response bound);
 * without that, `nodes` over 100 completed exports would hold 100 files at once.
 */
export const EXPORT_ROWS = { page: 500, defaultPage: 50, filesPerRequest: 5 } as const;

/** The commerce backend for one request. */
export class CommerceService {
  readonly #client: CommerceCaller;
  readonly #options: CommerceServiceOptions;
  /** Made on the first call: a context that never calls the backend (a list subscription's) holds none. */
  #limit: CallGate | undefined;
  #aborted: RequestAbortedError | undefined;
  #segments: Promise<CommerceSegment[]> | undefined;
  #partnerRoot: Promise<CommercePartnerRoot> | undefined;
  // The caches below are made on first use, for the same reason as #limit.
  /** Subscriber pages per list, keyed by status, size and position. */
  #pagesMap: Map<string, Map<string, Promise<CommerceSubscriberPage>>> | undefined;
  /** membership() answers, by list and address, and the pages it has fetched this request. */
  #membershipsMap: Map<string, Promise<CommerceMembership | null>> | undefined;
  /** Pages membership() has fetched or is fetching this request (taken before each is sent). */
  #membershipPagesFetched = 0;
  /** Backend coupon pages keyed by size and page number. */
  #couponPagesMap: Map<string, Promise<CouponPage>> | undefined;
  #jobsMap: Map<string, Promise<CommerceAsyncJob>> | undefined;
  /** The rows of each export file read this request, by job id; its size is the files read. */
  #exportFilesMap: Map<string, Promise<ExportRowFile>> | undefined;

  get #pages(): Map<string, Map<string, Promise<CommerceSubscriberPage>>> {
    return (this.#pagesMap ??= new Map());
  }

  get #memberships(): Map<string, Promise<CommerceMembership | null>> {
    return (this.#membershipsMap ??= new Map());
  }

  get #couponPages(): Map<string, Promise<CouponPage>> {
    return (this.#couponPagesMap ??= new Map());
  }

  get #jobs(): Map<string, Promise<CommerceAsyncJob>> {
    return (this.#jobsMap ??= new Map());
  }

  get #exportFiles(): Map<string, Promise<ExportRowFile>> {
    return (this.#exportFilesMap ??= new Map());
  }

  constructor(client: CommerceCaller, options: CommerceServiceOptions) {
    this.#client = client;
    this.#options = options;
  }

  // --- reads ------------------------------------------------------------------------------------

  /** Every segment; one GET /segments per request however many fields ask. */
  async segments(): Promise<CommerceSegment[]> {
    const signer = this.#authorize("segments");
    this.#segments ??= this.#call("listSegments", signer, (s, o) => this.#client.listSegments(s, o)).then((list) =>
      list.map(toSegment),
    );
    return this.#segments;
  }

  /** One segment by id, from the same one listing; null when there is none. */
  async segment(id: string): Promise<CommerceSegment | null> {
    this.#authorize("segments");
    const issues = new Issues();
    checkId(issues, "id", id);
    issues.throwIfAny();
    return (await this.segments()).find((segment) => segment.id === id) ?? null;
  }

  /**
   * A customer list. The backend has no list lookup, so this makes no call: a list is its id, and
   * an unknown one shows as NOT_FOUND from the first call that uses it (docs/decisions.md).
   */
  customerList(listId: string): Promise<CommerceCustomerList> {
    // The executor's throws become the promise's rejection, as in the methods that call out.
    return new Promise((resolve) => {
      this.#authorize("customerList");
      const issues = new Issues();
      checkId(issues, "listId", listId);
      issues.throwIfAny();
      resolve({ id: listId });
    });
  }

  /** A page of a list's members with one status; each page is fetched at most once per request. */
  async subscribersPage(listId: string, args: SubscribersPageArgs): Promise<CommerceSubscriberPage> {
    return this.#subscribersPage(listId, args, undefined);
  }

  /**
   * subscribersPage, with `reserve` called when the page is not held yet, right before its call is
   * started and in the same turn as the check, so concurrent callers of a budget see each other's
   * pages; it may throw to refuse the page, and then nothing is sent or cached.
   */
  #subscribersPage(
    listId: string,
    args: SubscribersPageArgs,
    reserve: (() => void) | undefined,
  ): Promise<CommerceSubscriberPage> {
    const signer = this.#authorize("subscribersPage");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    const { status } = args;
    if (!Object.hasOwn(LISTING_OF_STATUS, status))
      issues.add("status", "ONE_OF", "status must be SUBSCRIBED, PENDING or UNSUBSCRIBED.");
    const size = pageSize(issues, args.first, COMMERCE_LIMITS.subscribersPage, COMMERCE_PAGE_DEFAULTS.subscribers);
    let position: SubscriberPosition | undefined;
    if (args.after !== undefined && args.after !== null && issues.list.length === 0) {
      position = decodeSubscriberCursor(issues, args.after, listId, status);
      if (position && "page" in position && position.pageSize !== size) {
        issues.add(
          "first",
          "PAGE_SIZE",
          `first must stay ${position.pageSize} while paging this listing: the backend numbers its pages by that size.`,
        );
      }
    }
    issues.throwIfAny();

    let pages = this.#pages.get(listId);
    if (!pages) this.#pages.set(listId, (pages = new Map<string, Promise<CommerceSubscriberPage>>()));
    const key = JSON.stringify([status, size, position ? encodeSubscriberCursor(position) : null]);
    let page = pages.get(key);
    if (!page) {
      reserve?.();
      page = this.#loadSubscriberPage(signer, listId, status, size, position, args.after ?? null);
      pages.set(key, page);
    }
    return page;
  }

  /**
   * Where an address stands on a list: SUBSCRIBED, PENDING or UNSUBSCRIBED, or null when no listing
   * holds it. The backend has no lookup by email, so the listings are paged in that order through
   * subscribersPage (pages this request already read cost nothing) and the search stops at the first
   * page holding the address. A listing is read to at most MEMBERSHIP_MAX_PAGES pages, and the
   * request to MEMBERSHIP_PAGE_BUDGET pages over all its searches; a list either bound stops before
   * its end rejects with MembershipSearchLimitError (too large to search, not a bad reply). Addresses
   * compare as emailKey does; the answer carries the address as the list holds it.
   */
  membership(listId: string, email: string): Promise<CommerceMembership | null> {
    const key = JSON.stringify([listId, emailKey(email)]);
    let found = this.#memberships.get(key);
    if (!found) this.#memberships.set(key, (found = this.#searchMembership(listId, email)));
    return found;
  }

  /** A write changed a list: its pages and the memberships read from them are stale. */
  #forgetList(listId: string): void {
    this.#pages.delete(listId);
    const prefix = JSON.stringify([listId]).slice(0, -1) + ",";
    for (const key of this.#memberships.keys()) if (key.startsWith(prefix)) this.#memberships.delete(key);
  }

  async #searchMembership(listId: string, email: string): Promise<CommerceMembership | null> {
    this.#authorize("subscribersPage");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    checkEmail(issues, "email", email);
    issues.throwIfAny();
    const wanted = emailKey(email);
    const budget = this.#options.membershipPageBudget ?? MEMBERSHIP_PAGE_BUDGET;
    // A page is paid for before its call is sent (searches run concurrently, over several lists);
    // a page the request already holds, or is fetching, costs nothing.
    const reserve = () => {
      if (this.#membershipPagesFetched >= budget) {
        throw new MembershipSearchLimitError("request", budget, COMMERCE_LIMITS.subscribersPage);
      }
      this.#membershipPagesFetched += 1;
    };
    for (const status of ["SUBSCRIBED", "PENDING", "UNSUBSCRIBED"] as const) {
      let after: string | null = null;
      for (let pages = 0; pages < MEMBERSHIP_MAX_PAGES; pages++) {
        const page = await this.#subscribersPage(
          listId,
          { status, first: COMMERCE_LIMITS.subscribersPage, after },
          reserve,
        );
        const member = page.nodes.find((s) => emailKey(s.email) === wanted);
        if (member) return { status, email: member.email };
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
        if (after === null) break;
      }
      // A listing that does not end within the bound is not searched on: its answer would be a guess.
      if (after !== null)
        throw new MembershipSearchLimitError(
          "listing",
          MEMBERSHIP_MAX_PAGES,
          COMMERCE_LIMITS.subscribersPage,
          status.toLowerCase(),
        );
    }
    return null;
  }

  /** A page of coupons, by an offset cursor over the backend's numbered pages. */
  async coupons(args: CouponsArgs = {}): Promise<CommerceCouponPage> {
    const signer = this.#authorize("coupons");
    const issues = new Issues();
    const size = pageSize(issues, args.first, COMMERCE_LIMITS.couponsPage, COMMERCE_PAGE_DEFAULTS.coupons);
    const offset = args.after === undefined || args.after === null ? 0 : decodeCouponCursor(issues, args.after);
    issues.throwIfAny();
    const start = offset ?? 0;

    // An offset that is not a multiple of the page size (first changed while paging) spans two
    // backend pages of that size; both are cached like any other.
    const number = Math.floor(start / size) + 1;
    const skip = start % size;
    const head = await this.#couponPage(signer, size, number);
    let coupons = head.coupons.slice(skip);
    if (skip > 0 && head.next !== undefined)
      coupons = coupons.concat((await this.#couponPage(signer, size, number + 1)).coupons);
    const nodes = coupons.slice(0, size).map(toCoupon);
    const end = start + nodes.length;
    const hasNextPage = nodes.length > 0 && end < head.total;
    return {
      nodes,
      totalCount: head.total,
      pageInfo: {
        hasNextPage,
        hasPreviousPage: start > 0,
        startCursor: args.after ?? null,
        endCursor: hasNextPage ? encodeCouponCursor(end) : null,
      },
    };
  }

  /**
   * An async job: kind, status and, once completed, its result (a segment unsubscribe's report; a
   * segment export's rows are read by exportRows, only when asked for). Once per request per id.
   */
  async asyncJob(id: string): Promise<CommerceAsyncJob> {
    const signer = this.#authorize("asyncJob");
    const issues = new Issues();
    checkId(issues, "id", id);
    issues.throwIfAny();
    let job = this.#jobs.get(id);
    if (!job) {
      job = this.#loadJob(signer, id);
      this.#jobs.set(id, job);
    }
    return job;
  }

  /**
   * A page of a completed export's rows, in the file's order. The file (GET /async-jobs/{id}/result)
   * is read at most once per request and job, and at most EXPORT_ROWS.filesPerRequest files per
   * request: one more is refused (InputError on `rows`, MAX_COUNT) before it is sent. Across
   * requests the client shares files (backends/commerce/export-files.ts): a few are read at once in
   * the process, one being read for the same credential is waited for, and a completed one is kept,
   * so it may come at no call (and then costs no call from the budget).
   */
  async exportRows(jobId: string, args: ExportRowsArgs = {}): Promise<CommerceExportRowPage> {
    const signer = this.#authorize("asyncJob");
    const issues = new Issues();
    checkId(issues, "jobId", jobId);
    const size = pageSize(issues, args.first, EXPORT_ROWS.page, EXPORT_ROWS.defaultPage);
    const after = args.after ?? null;
    const offset = after === null || issues.list.length > 0 ? 0 : decodeExportRowCursor(issues, after, jobId);
    issues.throwIfAny();
    const start = offset ?? 0;

    let file = this.#exportFiles.get(jobId);
    if (!file) {
      const budget = this.#options.exportFileBudget ?? EXPORT_ROWS.filesPerRequest;
      if (this.#exportFiles.size >= budget) {
        throw commerceInputError([
          {
            field: "rows",
            rule: "MAX_COUNT",
            message: `One request reads the rows of at most ${budget} exports; read the others in another request.`,
          },
        ]);
      }
      file = this.#call("getJobResult", signer, (s, o) => this.#client.getJobResult(s, jobId, o)).then(toExportFile);
      this.#exportFiles.set(jobId, file);
    }
    const rows = await file;
    const nodes = rows.slice(start, start + size);
    const end = start + nodes.length;
    const hasNextPage = end < rows.length;
    return {
      jobId,
      nodes,
      offset: start,
      totalCount: rows.length,
      pageInfo: {
        hasNextPage,
        hasPreviousPage: start > 0,
        startCursor: after,
        // The cursor of the page's last row, as its edge carries it.
        endCursor: nodes.length > 0 ? encodeExportRowCursor(jobId, end) : null,
      },
    };
  }

  /** The job read again from the backend (a long-lived caller, such as a subscription, watching it change). */
  async reloadAsyncJob(id: string): Promise<CommerceAsyncJob> {
    this.#jobs.delete(id);
    return this.asyncJob(id);
  }

  /** The partner interface's root; needs a partner credential. */
  async partnerRoot(): Promise<CommercePartnerRoot> {
    const signer = this.#authorize("partnerRoot");
    this.#partnerRoot ??= this.#call("partnerRoot", signer, (s, o) => this.#client.partnerRoot(s, o)).then(
      toPartnerRoot,
    );
    return this.#partnerRoot;
  }

  // --- writes -----------------------------------------------------------------------------------

  /** Subscribes an address to a list; the spec's property rules are checked before sending. */
  async subscribe(listId: string, input: SubscribeInput): Promise<CommerceSubscription> {
    const signer = this.#authorize("subscribe");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    checkEmail(issues, "email", input.email);
    checkText(issues, "name", input.name, COMMERCE_LIMITS.text);
    checkText(issues, "source", input.source, COMMERCE_LIMITS.text);
    checkText(issues, "sourceType", input.sourceType, COMMERCE_LIMITS.text);
    checkText(issues, "sourceId", input.sourceId, COMMERCE_LIMITS.text);
    checkText(issues, "optInText", input.optInText, COMMERCE_LIMITS.optInText);
    const properties = checkProperties(issues, "properties", input.properties);
    issues.throwIfAny();

    const request: SubscriptionRequest = { email: input.email };
    for (const field of ["name", "source", "sourceType", "sourceId", "optInText"] as const) {
      const value = input[field];
      if (value !== undefined && value !== null) request[field] = value;
    }
    if (properties !== undefined) request.properties = properties;
    try {
      return toSubscription(
        await this.#call("subscribe", signer, (s, o) => this.#client.subscribe(s, listId, request, o)),
      );
    } finally {
      this.#forgetList(listId);
    }
  }

  /** Unsubscribes up to 100 addresses from a list; failures per address are in the report. */
  async unsubscribeEmails(listId: string, emails: readonly string[]): Promise<UnsubscribeReport> {
    const signer = this.#authorize("unsubscribeEmails");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    checkEmailList(issues, "emails", emails);
    issues.throwIfAny();
    try {
      return toReport(
        await this.#call("unsubscribeEmails", signer, (s, o) =>
          this.#client.unsubscribeEmails(s, listId, [...emails], o),
        ),
      );
    } finally {
      this.#forgetList(listId);
    }
  }

  /** Unsubscribes a list's members matching criteria: a report, or the job a large audience became. */
  async unsubscribeSegment(listId: string, criteria: SegmentCriteriaInput): Promise<SegmentUnsubscribeOutcome> {
    const signer = this.#authorize("unsubscribeSegment");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    checkCriteria(issues, "criteria", criteria);
    issues.throwIfAny();
    // Only the documented fields are sent, whatever else the input object carries.
    const wire: SegmentCriteria = {
      criteria: criteria.criteria.map((c) => ({
        criteriaName: c.criteriaName,
        negate: c.negate,
        filters: c.filters.map((f) => ({ ...f })),
      })),
    };
    try {
      const outcome = await this.#call("unsubscribeSegment", signer, (s, o) =>
        this.#client.unsubscribeSegment(s, listId, wire, o),
      );
      return outcome.kind === "job"
        ? { kind: "JOB", jobId: outcome.asyncJobId }
        : { kind: "REPORT", report: toReport(outcome.result) };
    } finally {
      this.#forgetList(listId);
    }
  }

  /** Starts a segment export; the job it answers is what asyncJob(id) gives in this request. */
  async exportSegment(segmentId: string): Promise<CommerceAsyncJob> {
    const signer = this.#authorize("exportSegment");
    const issues = new Issues();
    checkId(issues, "segmentId", segmentId);
    issues.throwIfAny();
    const job = toJob(await this.#call("exportSegment", signer, (s, o) => this.#client.exportSegment(s, segmentId, o)));
    this.#jobs.set(job.id, Promise.resolve(job));
    return job;
  }

  // --- internals --------------------------------------------------------------------------------

  /** The signer of an operation, or the error that refuses it before anything is sent. */
  #authorize(operation: CommerceOperation): CommerceSigner {
    const access = COMMERCE_OPERATION_ACCESS[operation];
    const credential =
      access.credential === "partner"
        ? (this.#options.partnerCredential ?? this.#options.credential)
        : this.#options.credential;
    // The partner interface is app-wide: a caller not allowed the partner credential is refused as such.
    if (access.credential === "partner" && this.#options.partnerRefused) {
      throw new CommerceForbiddenError(operation, "partner", [], "refused");
    }
    if (access.credential === "partner" && credential !== undefined && credentialKind(credential) !== "partner") {
      throw new CommerceForbiddenError(operation, "partner", [], "unconfigured");
    }
    if (credential === undefined) {
      throw new CredentialsError(
        BACKEND,
        "missing",
        operation,
        access.credential === "partner"
          ? "No partner application credential: this gateway has none (COMMERCE_CLIENT_ID and COMMERCE_CLIENT_SECRET)."
          : "No commerce credentials: send an API key or an OAuth (PoP) token for the commerce service.",
      );
    }
    if (credentialKind(credential) !== access.credential)
      throw new CommerceForbiddenError(operation, access.credential, []);
    const missing = missingScopes(credential, operation);
    if (missing.length > 0) throw new CommerceForbiddenError(operation, access.credential, missing);
    return credential.signer;
  }

  async #loadSubscriberPage(
    signer: CommerceSigner,
    listId: string,
    status: SubscriberStatus,
    size: number,
    position: SubscriberPosition | undefined,
    after: string | null,
  ): Promise<CommerceSubscriberPage> {
    // Built from the checked parts only: the list, the listing, the size checked against `first`
    // and the cursor's continuation. The backend's own link is never followed (cursors.ts).
    const query = {
      kind: LISTING_OF_STATUS[status],
      limit: size,
      searchAfter: position && "searchAfter" in position ? position.searchAfter : undefined,
      page: position && "page" in position ? position.page : undefined,
    };
    const wire = await this.#call("listSubscribers", signer, (s, o) =>
      this.#client.listSubscribers(s, listId, query, o),
    );
    // More entries than the page asked for: a page the cursor cannot continue from exactly (its
    // continuation follows the last), and a cost the request was not charged. Not sliced: the rest
    // would be skipped without a word.
    if (wire.entries.length > size) {
      throw new UnreadableValueError(
        BACKEND,
        SERVICE,
        `subscriber page (${wire.entries.length} entries where ${size} were asked for)`,
      );
    }
    const next = nextPosition(wire, listId, status, size);
    return {
      listId,
      status,
      nodes: wire.entries.map((entry) => toSubscriber(entry, status)),
      totalCount: wire.total ?? null,
      pageInfo: {
        hasNextPage: next !== undefined,
        hasPreviousPage: position !== undefined,
        startCursor: after,
        endCursor: next ? encodeSubscriberCursor(next) : null,
      },
    };
  }

  #couponPage(signer: CommerceSigner, size: number, number: number): Promise<CouponPage> {
    const key = `${size}:${number}`;
    let page = this.#couponPages.get(key);
    if (!page) {
      page = this.#call("listCoupons", signer, (s, o) =>
        this.#client.listCoupons(s, { limit: size, page: number }, o),
      ).then((wire) => {
        // More coupons than asked for, as with subscriber pages: the offset cursor would step
        // past the surplus, so slicing the page would lose coupons without a word.
        if (wire.coupons.length > size) {
          throw new UnreadableValueError(
            BACKEND,
            SERVICE,
            `coupon page (${wire.coupons.length} coupons where ${size} were asked for)`,
          );
        }
        // Fewer than asked for with more to come: the offsets of the pages after it no longer
        // line up with the offset cursor, which would then skip or repeat coupons.
        if (wire.coupons.length < size && wire.next !== undefined) {
          throw new UnreadableValueError(
            BACKEND,
            SERVICE,
            `coupon page (${wire.coupons.length} coupons where ${size} were asked for, and a next page)`,
          );
        }
        return wire;
      });
      this.#couponPages.set(key, page);
    }
    return page;
  }

  async #loadJob(signer: CommerceSigner, id: string): Promise<CommerceAsyncJob> {
    return toJob(await this.#call("getJob", signer, (s, o) => this.#client.getJob(s, id, o)));
  }

  /** The one RequestAbortedError of this request. */
  #abortedError(): RequestAbortedError {
    return (this.#aborted ??= new RequestAbortedError(BACKEND, SERVICE));
  }

  /** One backend call within the request's cap; none starts after the request's signal aborted. */
  async #call<T>(
    /** The client method it makes, naming its span. */
    operation: string,
    signer: CommerceSigner,
    send: (signer: CommerceSigner, options: CallOptions) => Promise<T>,
  ): Promise<T> {
    const { signal } = this.#options;
    if (signal?.aborted) throw this.#abortedError();
    // The call budget is paid where each request leaves (backends/http.ts): every attempt of a
    // retried read takes one, and a call answered without a request (a shared export file) none.
    const budget = this.#options.calls;
    try {
      // One span per call when tracing, from the wait for a slot to the last client call.
      return await inServiceSpan(operation, this.#options.scope, (scope) =>
        (this.#limit ??= new CallGate(Math.max(1, Math.floor(this.#options.concurrency) || 1))).run(() => {
          // A call that waited for a slot is not started once the caller has gone.
          if (signal?.aborted) return Promise.reject(this.#abortedError());
          return send(signer, { signal, scope, budget });
        }),
      );
    } catch (error) {
      // However the transport words it, every field waiting on this request reports the one abort.
      if (signal?.aborted || (error instanceof CommerceError && error.code === "COMMERCE_ABORTED"))
        throw this.#abortedError();
      throw error;
    }
  }
}
