/**
 * Opaque cursors of the commerce connections. A subscriber cursor holds where the backend said
 * the next page starts, in one of two forms:
 * - `searchAfter`: the backend's cursor values (the default listing's `meta.searchAfter`, or the
 *   `searchAfter[]` parameters of a nextPage URL), which any page size can continue from;
 * - `page`: the page number a nextPage URL carries (the pending and unsubscriber listings page by
 *   number: the spec says to rely on nextPage only there), valid only with the page size it was
 *   made with.
 * Both name the list and the status, so a cursor of one listing is refused by another. Neither
 * holds the backend's URL: the next request is built again below the configured base URL from the
 * list, the status, the page size checked against `first` and this continuation, so nothing a
 * client edits in a cursor reaches the backend but a continuation value of the listing it names.
 * A nextPage carrying anything else is an unreadable reply, not something to pass on.
 * A coupon cursor is the number of coupons before the next page; an export row cursor names its
 * job and the number of rows before it.
 */
import { UnreadableValueError } from "../errors.js";
import { COMMERCE_LIMITS, type Issues } from "./input-rules.js";
import type { SubscriberStatus } from "./models.js";

/** Where a subscriber listing continues. */
export type SubscriberPosition =
  | { listId: string; status: SubscriberStatus; searchAfter: string[] }
  | { listId: string; status: SubscriberStatus; page: number; pageSize: number };

const SUBSCRIBER_PREFIX = "cs1:";
const COUPON_PREFIX = "cc1:";
const EXPORT_ROW_PREFIX = "cx1:";
const STATUSES: readonly SubscriberStatus[] = ["SUBSCRIBED", "PENDING", "UNSUBSCRIBED"];

/** The query parameters a nextPage may carry: the listing's flags, its page size and where it continues. */
const NEXT_PAGE_PARAMETERS: ReadonlySet<string> = new Set([
  "pending",
  "unsubscribers",
  "limit",
  "page",
  "searchAfter",
  "searchAfter[]",
]);

const encode = (prefix: string, payload: unknown): string =>
  Buffer.from(prefix + JSON.stringify(payload), "utf8").toString("base64url");

function decode(cursor: string, prefix: string): unknown {
  if (typeof cursor !== "string" || cursor.length > COMMERCE_LIMITS.cursor || !/^[A-Za-z0-9_-]+$/.test(cursor))
    return undefined;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  if (!text.startsWith(prefix)) return undefined;
  try {
    return JSON.parse(text.slice(prefix.length)) as unknown;
  } catch {
    return undefined;
  }
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.length <= 10 && value.every((v) => typeof v === "string");

const isPageNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 1;

export function encodeSubscriberCursor(position: SubscriberPosition): string {
  const { listId: l, status: s } = position;
  return "searchAfter" in position
    ? encode(SUBSCRIBER_PREFIX, { l, s, a: position.searchAfter })
    : encode(SUBSCRIBER_PREFIX, { l, s, p: position.page, f: position.pageSize });
}

/** The position of an `after` cursor, or undefined with a CURSOR issue when it is not one for this listing. */
export function decodeSubscriberCursor(
  issues: Issues,
  cursor: string,
  listId: string,
  status: SubscriberStatus,
): SubscriberPosition | undefined {
  const refuse = (message = "after is not a cursor of this list's members with this status."): undefined => {
    issues.add("after", "CURSOR", message);
    return undefined;
  };
  const p = decode(cursor, SUBSCRIBER_PREFIX) as Record<string, unknown> | null | undefined;
  if (typeof p !== "object" || p === null) return refuse();
  if (p.l !== listId || p.s !== status || !STATUSES.includes(status)) return refuse();
  // The first form held the backend's nextPage URL itself; it is not followed any more.
  if ("n" in p) {
    return refuse(
      "after is a cursor of an earlier form that is no longer accepted: read this listing again from its first page.",
    );
  }
  if (isStrings(p.a) && !("p" in p) && !("f" in p)) return { listId, status, searchAfter: p.a };
  if (
    !("a" in p) &&
    isPageNumber(p.p) &&
    typeof p.f === "number" &&
    Number.isInteger(p.f) &&
    p.f >= 1 &&
    p.f <= COMMERCE_LIMITS.subscribersPage
  ) {
    return { listId, status, page: p.p, pageSize: p.f };
  }
  return refuse();
}

/**
 * Where a listing continues after a page, from the page's `searchAfter` and `nextPage`; undefined
 * on the last page. The status decides which fields may be relied on (spec: only nextPage for
 * pending and unsubscribers). Every part of a nextPage is checked: its path names this list, its
 * flags this listing, its `limit` (where pages are numbered) the size the page was asked with, and
 * it carries one continuation, `searchAfter` values or a page number; anything else is an
 * unreadable reply (UnreadableValueError), since following it would mean guessing.
 */
export function nextPosition(
  page: { nextPage: string | undefined; searchAfter: string[] | undefined },
  listId: string,
  status: SubscriberStatus,
  pageSize: number,
): SubscriberPosition | undefined {
  if (page.nextPage === undefined) return undefined;
  if (status === "SUBSCRIBED" && page.searchAfter && page.searchAfter.length > 0) {
    return { listId, status, searchAfter: [...page.searchAfter] };
  }
  const unreadable = (what: string) =>
    new UnreadableValueError("commerce", "The commerce service", `nextPage link (${what})`);
  const url = URL.canParse(page.nextPage) ? new URL(page.nextPage) : undefined;
  if (url === undefined) throw unreadable("not an absolute URL");
  if (!url.pathname.endsWith(`/customer-lists/${encodeURIComponent(listId)}/subscribers`))
    throw unreadable("of another list");
  if (statusOfPageUrl(url) !== status) throw unreadable("of another listing");
  for (const name of url.searchParams.keys()) {
    if (!NEXT_PAGE_PARAMETERS.has(name)) throw unreadable("with a parameter the interface does not document");
  }
  const searchAfter = [...url.searchParams.getAll("searchAfter[]"), ...url.searchParams.getAll("searchAfter")];
  const pages = url.searchParams.getAll("page");
  if (searchAfter.length > 0 && pages.length === 0) return { listId, status, searchAfter };
  const [number] = pages;
  if (searchAfter.length > 0 || pages.length !== 1 || number === undefined || !/^[1-9][0-9]{0,15}$/.test(number))
    throw unreadable("without one page number or searchAfter cursor");
  // Numbered pages are numbered by their size: the next one is only the next with the same size.
  const limits = url.searchParams.getAll("limit");
  if (limits.length > 1 || (limits.length === 1 && limits[0] !== String(pageSize)))
    throw unreadable("with another page size");
  const n = Number(number);
  if (!Number.isSafeInteger(n)) throw unreadable("without one page number or searchAfter cursor");
  return { listId, status, page: n, pageSize };
}

/** The listing a nextPage URL reads, from the flags it carries (as the client reads them). */
export function statusOfPageUrl(url: URL): SubscriberStatus {
  const on = (name: string) => ["true", "1"].includes(url.searchParams.get(name) ?? "");
  if (on("pending")) return "PENDING";
  if (on("unsubscribers")) return "UNSUBSCRIBED";
  return "SUBSCRIBED";
}

export function encodeCouponCursor(offset: number): string {
  return encode(COUPON_PREFIX, { o: offset });
}

/** The offset of a coupon cursor, or undefined with a CURSOR issue. */
export function decodeCouponCursor(issues: Issues, cursor: string): number | undefined {
  const p = decode(cursor, COUPON_PREFIX) as Record<string, unknown> | null | undefined;
  const offset = typeof p === "object" && p !== null ? p.o : undefined;
  if (typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0) return offset;
  issues.add("after", "CURSOR", "after is not a cursor of the coupon list.");
  return undefined;
}

/** The cursor after the row at `offset - 1` of a job's export: `offset` rows come before the next page. */
export function encodeExportRowCursor(jobId: string, offset: number): string {
  return encode(EXPORT_ROW_PREFIX, { j: jobId, o: offset });
}

/** The offset of an export row cursor of this job, or undefined with a CURSOR issue. */
export function decodeExportRowCursor(issues: Issues, cursor: string, jobId: string): number | undefined {
  const p = decode(cursor, EXPORT_ROW_PREFIX) as Record<string, unknown> | null | undefined;
  const offset = typeof p === "object" && p !== null && p.j === jobId ? p.o : undefined;
  if (typeof offset === "number" && Number.isSafeInteger(offset) && offset >= 0) return offset;
  issues.add("after", "CURSOR", "after is not a cursor of this export's rows.");
  return undefined;
}
