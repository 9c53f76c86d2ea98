/**
 * CommerceService: the commerce backend in domain terms, one per request. Resolvers call its
 * methods and get models back. It checks input before any call (InputError, with the rules of
 * input-rules.ts and property-rules.ts), maps wire to model (models.ts) and says what a write
 * changed; the rest is in its parts:
 * - loaders.ts: the request's credential and scope checks (from the catalog rows each operation
 *   calls), its cached, concurrency-capped calls, and the subscriber, coupon and job pages it holds;
 * - searches.ts: membership search over a list's listings, within its page budgets;
 * - exports.ts: the rows of completed exports, within the request's file budget.
 * The client's own errors pass through unchanged.
 */
import type { SegmentCriteria, SubscriptionRequest } from "../../backends/commerce/types.js";
import { decodeCouponCursor, encodeCouponCursor } from "./cursors.js";
import { ExportRowReader, type ExportRowsArgs } from "./exports.js";
import {
  checkCriteria,
  checkEmail,
  checkEmailList,
  checkId,
  checkText,
  COMMERCE_LIMITS,
  COMMERCE_PAGE_DEFAULTS,
  Issues,
  pageSize,
} from "./input-rules.js";
import {
  CommerceLoaders,
  type CommerceCaller,
  type CommerceLoaderOptions,
  type SubscribersPageArgs,
} from "./loaders.js";
import {
  toCoupon,
  toJob,
  toReport,
  toSubscription,
  type CommerceAsyncJob,
  type CommerceCouponPage,
  type CommerceCustomerList,
  type CommerceExportRowPage,
  type CommercePartnerRoot,
  type CommerceSegment,
  type CommerceSubscriberPage,
  type CommerceSubscription,
  type SegmentUnsubscribeOutcome,
  type UnsubscribeReport,
} from "./models.js";
import { checkProperties } from "./property-rules.js";
import { MembershipSearches, type CommerceMembership } from "./searches.js";

export type { CommerceCaller, SubscribersPageArgs } from "./loaders.js";
export { MEMBERSHIP_MAX_PAGES, MEMBERSHIP_PAGE_BUDGET, type CommerceMembership } from "./searches.js";
export { EXPORT_ROWS, type ExportRowsArgs } from "./exports.js";

/** How one request talks to the commerce backend. */
export interface CommerceServiceOptions extends CommerceLoaderOptions {
  /** Pages membership() may fetch per request (MEMBERSHIP_PAGE_BUDGET unless a test says otherwise). */
  membershipPageBudget?: number;
  /** Export files exportRows() may read per request (EXPORT_ROWS.filesPerRequest unless a test says otherwise). */
  exportFileBudget?: number;
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

/** The commerce backend for one request. */
export class CommerceService {
  readonly #options: CommerceServiceOptions;
  readonly #loaders: CommerceLoaders;
  // Made on first use: most requests search no membership and read no export.
  #searchesMade: MembershipSearches | undefined;
  #exportsMade: ExportRowReader | undefined;

  constructor(client: CommerceCaller, options: CommerceServiceOptions) {
    this.#options = options;
    this.#loaders = new CommerceLoaders(client, options);
  }

  get #searches(): MembershipSearches {
    return (this.#searchesMade ??= new MembershipSearches(this.#loaders, this.#options.membershipPageBudget));
  }

  get #exports(): ExportRowReader {
    return (this.#exportsMade ??= new ExportRowReader(this.#loaders, this.#options.exportFileBudget));
  }

  // --- reads ------------------------------------------------------------------------------------

  /** Every segment; one GET /segments per request however many fields ask. */
  async segments(): Promise<CommerceSegment[]> {
    return this.#loaders.segments(this.#loaders.authorize("segments"));
  }

  /** One segment by id, from the same one listing; null when there is none. */
  async segment(id: string): Promise<CommerceSegment | null> {
    this.#loaders.authorize("segments");
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
      this.#loaders.authorize("customerList");
      const issues = new Issues();
      checkId(issues, "listId", listId);
      issues.throwIfAny();
      resolve({ id: listId });
    });
  }

  /** A page of a list's members with one status; each page is fetched at most once per request. */
  async subscribersPage(listId: string, args: SubscribersPageArgs): Promise<CommerceSubscriberPage> {
    return this.#loaders.subscribersPage(listId, args, undefined);
  }

  /**
   * Where an address stands on a list: SUBSCRIBED, PENDING or UNSUBSCRIBED, or null when no listing
   * holds it (searches.ts: the listings are paged in that order, within the request's page budget).
   */
  membership(listId: string, email: string): Promise<CommerceMembership | null> {
    return this.#searches.membership(listId, email);
  }

  /**
   * A write changed a list: its pages and the memberships read from them are stale, here and in the
   * shared cache (dropped before the write answers).
   */
  async #forgetList(listId: string, write: "subscribe" | "unsubscribeEmails" | "unsubscribeSegment"): Promise<void> {
    this.#searchesMade?.forgetList(listId);
    await this.#loaders.written(write, listId);
  }

  /** A page of coupons, by an offset cursor over the backend's numbered pages. */
  async coupons(args: CouponsArgs = {}): Promise<CommerceCouponPage> {
    const signer = this.#loaders.authorize("coupons");
    const issues = new Issues();
    const size = pageSize(issues, args.first, COMMERCE_LIMITS.couponsPage, COMMERCE_PAGE_DEFAULTS.coupons);
    const offset = args.after === undefined || args.after === null ? 0 : decodeCouponCursor(issues, args.after);
    issues.throwIfAny();
    const start = offset ?? 0;

    // An offset that is not a multiple of the page size (first changed while paging) spans two
    // backend pages of that size; both are cached like any other.
    const number = Math.floor(start / size) + 1;
    const skip = start % size;
    const head = await this.#loaders.couponPage(signer, size, number);
    let coupons = head.coupons.slice(skip);
    if (skip > 0 && head.next !== undefined)
      coupons = coupons.concat((await this.#loaders.couponPage(signer, size, number + 1)).coupons);
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
    const signer = this.#loaders.authorize("asyncJob");
    const issues = new Issues();
    checkId(issues, "id", id);
    issues.throwIfAny();
    return this.#loaders.job(signer, id);
  }

  /**
   * A page of a completed export's rows, in the file's order (exports.ts): the file is read at
   * most once per request and job, and at most EXPORT_ROWS.filesPerRequest files per request.
   */
  async exportRows(jobId: string, args: ExportRowsArgs = {}): Promise<CommerceExportRowPage> {
    return this.#exports.rows(jobId, args);
  }

  /** The job read again from the backend (a long-lived caller, such as a subscription, watching it change). */
  async reloadAsyncJob(id: string): Promise<CommerceAsyncJob> {
    this.#loaders.forgetJob(id);
    return this.asyncJob(id);
  }

  /** The partner interface's root; needs a partner credential. */
  async partnerRoot(): Promise<CommercePartnerRoot> {
    return this.#loaders.partnerRoot(this.#loaders.authorize("partnerRoot"));
  }

  // --- writes -----------------------------------------------------------------------------------

  /** Subscribes an address to a list; the spec's property rules are checked before sending. */
  async subscribe(listId: string, input: SubscribeInput): Promise<CommerceSubscription> {
    const signer = this.#loaders.authorize("subscribe");
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
        await this.#loaders.call("subscribe", signer, (s, o) => this.#loaders.client.subscribe(s, listId, request, o)),
      );
    } finally {
      await this.#forgetList(listId, "subscribe");
    }
  }

  /** Unsubscribes up to 100 addresses from a list; failures per address are in the report. */
  async unsubscribeEmails(listId: string, emails: readonly string[]): Promise<UnsubscribeReport> {
    const signer = this.#loaders.authorize("unsubscribeEmails");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    checkEmailList(issues, "emails", emails);
    issues.throwIfAny();
    try {
      return toReport(
        await this.#loaders.call("unsubscribeEmails", signer, (s, o) =>
          this.#loaders.client.unsubscribeEmails(s, listId, [...emails], o),
        ),
      );
    } finally {
      await this.#forgetList(listId, "unsubscribeEmails");
    }
  }

  /** Unsubscribes a list's members matching criteria: a report, or the job a large audience became. */
  async unsubscribeSegment(listId: string, criteria: SegmentCriteriaInput): Promise<SegmentUnsubscribeOutcome> {
    const signer = this.#loaders.authorize("unsubscribeSegment");
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
      const outcome = await this.#loaders.call("unsubscribeSegment", signer, (s, o) =>
        this.#loaders.client.unsubscribeSegment(s, listId, wire, o),
      );
      return outcome.kind === "job"
        ? { kind: "JOB", jobId: outcome.asyncJobId }
        : { kind: "REPORT", report: toReport(outcome.result) };
    } finally {
      await this.#forgetList(listId, "unsubscribeSegment");
    }
  }

  /** Starts a segment export; the job it answers is what asyncJob(id) gives in this request. */
  async exportSegment(segmentId: string): Promise<CommerceAsyncJob> {
    const signer = this.#loaders.authorize("exportSegment");
    const issues = new Issues();
    checkId(issues, "segmentId", segmentId);
    issues.throwIfAny();
    const job = toJob(
      await this.#loaders.call("exportSegment", signer, (s, o) => this.#loaders.client.exportSegment(s, segmentId, o)),
    );
    this.#loaders.primeJob(job);
    return job;
  }
}
