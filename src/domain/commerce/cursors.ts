/**
 * Opaque cursors of the commerce connections. A subscriber cursor holds where the backend said
 * the next page starts, in one of two forms:
 * - `searchAfter`: the backend's cursor values (the default listing's `meta.searchAfter`, or the
 *   `searchAfter[]` parameters of a nextPage URL), which any page size can continue from;
 * - `nextPage`: the backend's nextPage URL itself, for listings whose nextPage carries something
 *   else (the pending and unsubscriber listings may page by number: the spec says to rely on
 *   nextPage only there), valid only with the page size it was made with.
 * Both name the list and the status, so a cursor of one listing is refused by another.
 * A coupon cursor is the number of coupons before the next page.
 */
import { COMMERCE_LIMITS, type Issues } from "./input-rules.js";
import type { SubscriberStatus } from "./models.js";

/** Where a subscriber listing continues. */
export type SubscriberPosition =
  | { listId: string; status: SubscriberStatus; searchAfter: string[] }
  | { listId: string; status: SubscriberStatus; nextPage: string; pageSize: number };

const SUBSCRIBER_PREFIX = "cs1:";
const COUPON_PREFIX = "cc1:";
const STATUSES: readonly SubscriberStatus[] = ["SUBSCRIBED", "PENDING", "UNSUBSCRIBED"];

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

export function encodeSubscriberCursor(position: SubscriberPosition): string {
  const { listId: l, status: s } = position;
  return "searchAfter" in position
    ? encode(SUBSCRIBER_PREFIX, { l, s, a: position.searchAfter })
    : encode(SUBSCRIBER_PREFIX, { l, s, n: position.nextPage, f: position.pageSize });
}

/** The position of an `after` cursor, or undefined with a CURSOR issue when it is not one for this listing. */
export function decodeSubscriberCursor(
  issues: Issues,
  cursor: string,
  listId: string,
  status: SubscriberStatus,
): SubscriberPosition | undefined {
  const refuse = (): undefined => {
    issues.add("after", "CURSOR", "after is not a cursor of this list's members with this status.");
    return undefined;
  };
  const p = decode(cursor, SUBSCRIBER_PREFIX) as Record<string, unknown> | null | undefined;
  if (typeof p !== "object" || p === null) return refuse();
  if (p.l !== listId || p.s !== status || !STATUSES.includes(status)) return refuse();
  if (isStrings(p.a)) return { listId, status, searchAfter: p.a };
  if (typeof p.n === "string" && typeof p.f === "number" && URL.canParse(p.n)) {
    return { listId, status, nextPage: p.n, pageSize: p.f };
  }
  return refuse();
}

/**
 * Where a listing continues after a page, from the page's `searchAfter` and `nextPage`; undefined
 * on the last page. The status decides which fields may be relied on (spec: only nextPage for
 * pending and unsubscribers).
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
  const url = URL.canParse(page.nextPage) ? new URL(page.nextPage) : undefined;
  const fromUrl = url ? [...url.searchParams.getAll("searchAfter[]"), ...url.searchParams.getAll("searchAfter")] : [];
  if (fromUrl.length > 0) return { listId, status, searchAfter: fromUrl };
  return { listId, status, nextPage: page.nextPage, pageSize };
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
