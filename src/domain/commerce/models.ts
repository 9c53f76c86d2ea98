/**
 * What CommerceService hands the schema: camelCase models of the commerce backend, mapped from
 * the client's wire types. Enumerations are upper-case, as the graph's enums are.
 */
import type {
  AsyncJob as WireJob,
  Coupon as WireCoupon,
  EmailEntry,
  PartnerRoot as WirePartnerRoot,
  Segment as WireSegment,
  Subscriber as WireSubscriber,
  Subscription as WireSubscription,
  UnsubscribeResult,
} from "../../backends/commerce/types.js";
import type { ExportTable } from "../../backends/commerce/export-table.js";
import { UnreadableValueError } from "../errors.js";

const BACKEND = "commerce";
const SERVICE = "The commerce service";

/** A JSON object as the backend sent it. */
export type JsonObject = Record<string, unknown>;

/** A customer list: the backend has no list lookup, so a list is the id it is named by (docs/decisions.md). */
export interface CommerceCustomerList {
  id: string;
}

/** Which members of a list a listing holds: the default listing, pending or unsubscribed ones. */
export type SubscriberStatus = "SUBSCRIBED" | "PENDING" | "UNSUBSCRIBED";

/** A member of a customer list; pending and unsubscribed entries carry only the email (spec). */
export interface CommerceSubscriber {
  email: string;
  status: SubscriberStatus;
  /** The customer's id; null outside the default listing. */
  id: string | null;
  name: string | null;
  /** ISO 8601; null outside the default listing. */
  subscribedAt: string | null;
  /** Tracked properties; null outside the default listing. */
  properties: JsonObject | null;
}

/** Relay page information. */
export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** The `after` this page was asked with (the backend gives no cursor per entry). */
  startCursor: string | null;
  /** Pass as `after` for the next page; null on the last page. */
  endCursor: string | null;
}

/** One page of a list's members. */
export interface CommerceSubscriberPage {
  listId: string;
  status: SubscriberStatus;
  nodes: CommerceSubscriber[];
  /** The backend's `meta.total`; null when a pending/unsubscriber listing omits it. */
  totalCount: number | null;
  pageInfo: PageInfo;
}

/** A coupon: id and code typed, the fields the spec does not show kept as a JSON object. */
export interface CommerceCoupon {
  id: string;
  code: string;
  /** description, discountType, value, currency, expiresAt, usageCount as the backend gave them. */
  details: JsonObject;
}

/** One page of coupons. */
export interface CommerceCouponPage {
  nodes: CommerceCoupon[];
  totalCount: number;
  pageInfo: PageInfo;
}

/** Where a segment is used: a model name and objects of that model (their shape is not shown). */
export interface CommerceSegmentUse {
  modelName: string;
  models: JsonObject[];
}

/** A customer segment; default segments are not editable. */
export interface CommerceSegment {
  id: string;
  name: string;
  editable: boolean;
  uses: CommerceSegmentUse[];
}

/** The backend's answer to a subscribe: the address is subscribed, or pending its opt-in. */
export interface CommerceSubscription {
  id: string;
  email: string;
  listId: string;
  status: Exclude<SubscriberStatus, "UNSUBSCRIBED">;
  properties: JsonObject;
}

/** The report of an unsubscribe; partial failure is reported here, not thrown. */
export interface UnsubscribeReport {
  unsubscribed: number;
  failed: number;
  failedReasons: string[];
}

/** A segment unsubscribe done at once (its report) or started as an async job (HTTP 202). */
export type SegmentUnsubscribeOutcome = { kind: "REPORT"; report: UnsubscribeReport } | { kind: "JOB"; jobId: string };

/** Where an async job is. */
export type AsyncJobStatus = "PENDING" | "RUNNING" | "COMPLETED" | "FAILED";

/** One row of a segment export: an address and its best subscription status across lists. */
export interface ExportRow {
  email: string;
  status: SubscriberStatus;
}

/**
 * The result of a completed job, by kind. An export's rows are in a file of their own, read only
 * when they are asked for (CommerceService.exportRows), so the result names its job.
 */
export type AsyncJobResult =
  { kind: "segments-export"; jobId: string } | { kind: "segment-unsubscribe"; report: UnsubscribeReport };

/** One page of a completed export's rows, in the file's order. */
export interface CommerceExportRowPage {
  jobId: string;
  nodes: ExportRow[];
  /** Rows before this page. */
  offset: number;
  /** Rows in the whole export. */
  totalCount: number;
  pageInfo: PageInfo;
}

/** An async job (segment export, large segment unsubscribe). */
export interface CommerceAsyncJob {
  id: string;
  /** The backend's kind, e.g. `segments-export`. */
  kind: string;
  status: AsyncJobStatus;
  createdAt: string | null;
  completedAt: string | null;
  /** Present once a job of a known kind has completed. */
  result: AsyncJobResult | null;
}

/** The partner interface's root: the partner app and how many users authorized it. */
export interface CommercePartnerRoot {
  appId: string;
  appName: string;
  userCount: number;
}

/** The backend's listing flag of a status, and back. */
export const LISTING_OF_STATUS = {
  SUBSCRIBED: "subscribed",
  PENDING: "pending",
  UNSUBSCRIBED: "unsubscribed",
} as const;

export function toSubscriber(entry: WireSubscriber | EmailEntry, status: SubscriberStatus): CommerceSubscriber {
  const full = status === "SUBSCRIBED" ? (entry as WireSubscriber) : undefined;
  return {
    email: entry.email,
    status,
    id: full?.id ?? null,
    name: full?.name ?? null,
    subscribedAt: full?.subscribedAt ?? null,
    properties: full ? { ...full.properties } : null,
  };
}

export function toCoupon(coupon: WireCoupon): CommerceCoupon {
  const { id, code, ...details } = coupon;
  return { id, code, details };
}

export function toSegment(segment: WireSegment): CommerceSegment {
  return {
    id: segment.id,
    name: segment.name,
    editable: segment.editable,
    uses: segment.uses.map((use) => ({ modelName: use.modelName, models: use.models.map((m) => ({ ...m })) })),
  };
}

export function toSubscription(s: WireSubscription): CommerceSubscription {
  return {
    id: s.id,
    email: s.email,
    listId: s.listId,
    status: s.status === "pending" ? "PENDING" : "SUBSCRIBED",
    properties: { ...s.properties },
  };
}

export function toReport(r: UnsubscribeResult): UnsubscribeReport {
  return { unsubscribed: r.unsubscribed, failed: r.failed, failedReasons: [...r.failedReasons] };
}

const JOB_STATUS = { pending: "PENDING", running: "RUNNING", completed: "COMPLETED", failed: "FAILED" } as const;

/** A job; a completed export's result names the job, whose rows take a call of their own. */
export function toJob(job: WireJob): CommerceAsyncJob {
  const unsubscribe = job.kind === "segment-unsubscribe" && job.result !== null && "unsubscribed" in job.result;
  const exported = job.kind === "segments-export" && job.status === "completed";
  let result: AsyncJobResult | null = null;
  if (unsubscribe) result = { kind: "segment-unsubscribe", report: toReport(job.result as UnsubscribeResult) };
  else if (exported) result = { kind: "segments-export", jobId: job.id };
  return {
    id: job.id,
    kind: job.kind,
    status: JOB_STATUS[job.status],
    createdAt: job.createdAt,
    completedAt: job.completedAt,
    result,
  };
}

const ROW_STATUS: Readonly<Record<string, SubscriberStatus>> = {
  subscribed: "SUBSCRIBED",
  pending: "PENDING",
  unsubscribed: "UNSUBSCRIBED",
};

/** A completed export's rows, handed out a slice at a time (CommerceService.exportRows). */
export interface ExportRowFile {
  /** Rows in the whole export. */
  readonly length: number;
  /** Rows [start, end), in the file's order. */
  slice(start: number, end: number): ExportRow[];
}

/**
 * The rows of an export file as models. The client's table stays as it is (compact, and possibly
 * shared with other requests of the same credential); each distinct status text is read here once,
 * and a row becomes an object only when its slice is asked for. Any status text outside the three
 * known ones, in any row, makes the file unreadable.
 */
export function toExportFile(table: ExportTable): ExportRowFile {
  const statuses = table.statuses.map((text) => {
    const key = text.trim().toLowerCase();
    const status = Object.hasOwn(ROW_STATUS, key) ? ROW_STATUS[key] : undefined;
    if (status === undefined) throw new UnreadableValueError(BACKEND, SERVICE, "export row status");
    return status;
  });
  return {
    length: table.length,
    slice(start, end) {
      const rows: ExportRow[] = [];
      for (let i = Math.max(0, start); i < Math.min(end, table.length); i++) {
        rows.push({ email: table.email(i), status: statuses[table.statusIndex(i)]! });
      }
      return rows;
    },
  };
}

export function toPartnerRoot(root: WirePartnerRoot): CommercePartnerRoot {
  return { appId: root.app.id, appName: root.app.name, userCount: root.users };
}
