/**
 * Decoded values of the commerce REST interface, with the wire's field names. Shapes the spec
 * leaves "not shown" follow docs/decisions.md, "Commerce REST interface".
 */

/** A coupon (decisions: Coupons). */
export interface Coupon {
  id: string;
  code: string;
  description: string | null;
  discountType: "percentage" | "fixed";
  value: number;
  currency: string | null;
  expiresAt: string | null;
  usageCount: number;
}

/** One page of GET /coupons. */
export interface CouponPage {
  coupons: Coupon[];
  total: number;
  /** `meta._links.next.href`; absent on the last page. */
  next: string | undefined;
}

/** Body of PUT /customer-lists/{LIST_ID}/subscriptions (spec: Subscription request). */
export interface SubscriptionRequest {
  email: string;
  name?: string;
  properties?: Record<string, unknown>;
  source?: string;
  sourceType?: string;
  sourceId?: string;
  optInText?: string;
}

/** Reply of PUT subscriptions (decisions: PUT subscriptions reply). */
export interface Subscription {
  id: string;
  email: string;
  listId: string;
  status: "subscribed" | "pending";
  properties: Record<string, unknown>;
}

/** Which collection of a list to read: the default listing, pending or unsubscribers. */
export type SubscriberKind = "subscribed" | "pending" | "unsubscribed";

/** An entry of the default listing (decisions: Subscriber listing). */
export interface Subscriber {
  id: string;
  email: string;
  name: string | null;
  subscribedAt: string | null;
  properties: Record<string, unknown>;
}

/** An entry of the pending and unsubscriber listings: only `email` is guaranteed (spec). */
export interface EmailEntry {
  email: string;
}

/** Entry type per listing kind. */
export type SubscriberEntryOf<K extends SubscriberKind> = K extends "subscribed" ? Subscriber : EmailEntry;

/** One page of a subscriber listing. */
export interface SubscriberPage<E extends EmailEntry = Subscriber> {
  entries: E[];
  /** Absolute URL of the next page; absent on the last one. */
  nextPage: string | undefined;
  /** Pagination fields the default listing documents; the other listings may omit them. */
  total: number | undefined;
  pages: number | undefined;
  limit: number | undefined;
  searchAfter: string[] | undefined;
}

/** Reply of unsubscribe by emails, and of a small segment unsubscribe. */
export interface UnsubscribeResult {
  unsubscribed: number;
  failed: number;
  failedReasons: string[];
}

/** Criteria names the sandbox understands (decisions: Segment criteria); others pass through. */
export type SegmentCriteriaName =
  "emailDomain" | "property" | "subscribedBefore" | "subscribedAfter" | "inSegment" | (string & {});

/** One criterion of a segment unsubscribe. */
export interface SegmentCriterion {
  criteriaName: SegmentCriteriaName;
  negate: boolean;
  filters: Record<string, unknown>[];
}

/** The `segment` query value of a segment unsubscribe, sent as JSON. */
export interface SegmentCriteria {
  criteria: SegmentCriterion[];
}

/** Where a segment is used. */
export interface SegmentUse {
  modelName: string;
  models: Record<string, unknown>[];
}

/** A customer segment. */
export interface Segment {
  id: string;
  name: string;
  editable: boolean;
  uses: SegmentUse[];
}

/** Status values of an async job (decisions: Async jobs). */
export type AsyncJobStatus = "pending" | "running" | "completed" | "failed";

/** Result of a completed `segments-export` job. */
export interface ExportJobResult {
  url: string;
}

/** An async job; `result` is decoded by kind and present once the job has one. */
export interface AsyncJob {
  id: string;
  kind: string;
  status: AsyncJobStatus;
  createdAt: string | null;
  completedAt: string | null;
  result: ExportJobResult | UnsubscribeResult | null;
}

/** One row of an export CSV. */
export interface ExportRow {
  email: string;
  status: string;
}

/** Reply of GET /partners/ (decisions: Partner root). */
export interface PartnerRoot {
  app: { id: string; name: string };
  users: number;
}

/** A successful code exchange. */
export interface AccessTokenGrant {
  accessToken: string;
  tokenType: "pop";
  /** The granted scopes when the reply names them (RFC 6749 §5.1 `scope`); else those requested. */
  scopes?: string[];
}
