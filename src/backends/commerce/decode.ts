/**
 * Decoders from reply JSON to the types of ./types.ts. Each checks the shape it relies on and
 * throws COMMERCE_BAD_RESPONSE naming the field otherwise.
 */
import { isCount, type Field } from "./shape.js";
import type {
  AsyncJob,
  Coupon,
  CouponPage,
  EmailEntry,
  PartnerRoot,
  Segment,
  Subscriber,
  SubscriberKind,
  SubscriberPage,
  Subscription,
  UnsubscribeResult,
} from "./types.js";

function coupon(f: Field): Coupon {
  return {
    id: f.get("id").string(),
    code: f.get("code").string(),
    description: f.get("description").optionalString(),
    discountType: f.get("discountType").oneOf(["percentage", "fixed"]),
    value: f.get("value").number(),
    currency: f.get("currency").optionalString(),
    expiresAt: f.get("expiresAt").optionalString(),
    usageCount: f.get("usageCount").optionalCount() ?? 0,
  };
}

/**
 * A page of coupons. With `limit` (the page size asked for), a page of more entries is refused
 * before any entry is decoded: the caller could neither use nor page past the surplus.
 */
export function couponPage(body: Field, limit?: number): CouponPage {
  const meta = body.get("meta");
  const links = meta.get("_links");
  const next = links.absent() ? undefined : links.get("next");
  return {
    coupons: body.get("data").items(limit).map(coupon),
    total: meta.get("total").count(),
    next: next === undefined || next.absent() ? undefined : next.get("href").string(),
  };
}

export function subscription(body: Field): Subscription {
  const d = body.get("data");
  return {
    id: d.get("id").string(),
    email: d.get("email").string(),
    listId: d.get("listId").string(),
    status: d.get("status").oneOf(["subscribed", "pending"]),
    properties: d.get("properties").record(),
  };
}

function subscriber(f: Field): Subscriber {
  return {
    id: f.get("id").string(),
    email: f.get("email").string(),
    name: f.get("name").optionalString(),
    subscribedAt: f.get("subscribedAt").optionalString(),
    properties: f.get("properties").record(),
  };
}

// The spec guarantees only `email` here, so nothing else is read.
function emailEntry(f: Field): EmailEntry {
  return { email: f.get("email").string() };
}

function optionalStrings(f: Field): string[] | undefined {
  return f.absent() ? undefined : f.items().map((i) => i.string());
}

/** A number when the field holds one, else undefined: for fields nothing depends on. */
function countIfAny(f: Field | undefined): number | undefined {
  return typeof f?.value === "number" && isCount(f.value) ? f.value : undefined;
}

/**
 * A page of one subscriber listing. With `limit` (the page size asked for), a page of more
 * entries is refused before any entry is decoded.
 */
export function subscriberPage(
  body: Field,
  kind: SubscriberKind,
  limit?: number,
): SubscriberPage<Subscriber | EmailEntry> {
  const meta = body.get("meta");
  const metaOf = (key: string) => (meta.absent() ? undefined : meta.get(key));
  // The pending and unsubscriber listings guarantee only `email` and `nextPage` (spec: "a legacy
  // behaviour that may change"), so their other meta fields are read when usable and never checked.
  const legacy = kind !== "subscribed";
  const num = (key: string) => (legacy ? countIfAny(metaOf(key)) : metaOf(key)?.optionalCount());
  const next = metaOf("nextPage");
  const searchAfter = metaOf("searchAfter");
  return {
    entries: body
      .get("data")
      .items(limit)
      .map(legacy ? emailEntry : subscriber),
    nextPage: next === undefined || next.absent() || next.value === "" ? undefined : next.string(),
    total: num("total"),
    pages: num("pages"),
    limit: num("limit"),
    // Only the default listing's cursor is documented; the legacy listings' is not relied on.
    searchAfter: !legacy && searchAfter ? optionalStrings(searchAfter) : undefined,
  };
}

export function unsubscribeResult(f: Field): UnsubscribeResult {
  return {
    unsubscribed: f.get("unsubscribed").count(),
    failed: f.get("failed").count(),
    failedReasons: f.get("failedReasons").absent()
      ? []
      : f
          .get("failedReasons")
          .items()
          .map((r) => r.string()),
  };
}

export function segments(body: Field): Segment[] {
  return body
    .get("data")
    .items()
    .map((s) => ({
      id: s.get("id").string(),
      name: s.get("name").string(),
      editable: s.get("editable").boolean(),
      uses: s.get("uses").absent()
        ? []
        : s
            .get("uses")
            .items()
            .map((u) => ({
              modelName: u.get("modelName").string(),
              models: u.get("models").absent()
                ? []
                : u
                    .get("models")
                    .items()
                    .map((m) => m.passThrough()),
            })),
    }));
}

const JOB_STATUSES = ["pending", "running", "completed", "failed"] as const;

export function asyncJob(body: Field): AsyncJob {
  const d = body.get("data");
  const kind = d.get("kind").string();
  const status = d.get("status").oneOf(JOB_STATUSES);
  const r = d.get("result");
  // A result is decoded only where decisions.md gives its shape: completed jobs of known kinds.
  let result: AsyncJob["result"] = null;
  if (!r.absent() && status === "completed") {
    if (kind === "segments-export") result = { url: r.get("url").string() };
    else if (kind === "segment-unsubscribe") result = unsubscribeResult(r);
  }
  return {
    id: d.get("id").string(),
    kind,
    status,
    createdAt: d.get("createdAt").optionalString(),
    completedAt: d.get("completedAt").optionalString(),
    result,
  };
}

export function partnerRoot(body: Field): PartnerRoot {
  const d = body.get("data");
  const app = d.get("app");
  return { app: { id: app.get("id").string(), name: app.get("name").string() }, users: d.get("users").count() };
}
