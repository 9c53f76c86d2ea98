/**
 * Refs of the commerce object types, declared apart from their fields so the type files can
 * point at each other without import cycles. Each is backed by a model CommerceService answers
 * with; names carry the backend where a legacy type has the plain one.
 */
import { COMMERCE_LIMITS } from "../../domain/commerce/index.js";
import type {
  CommerceAsyncJob,
  CommerceCoupon,
  CommerceCustomerList,
  CommerceSegment,
  CommerceSubscriber,
} from "../../domain/commerce/index.js";
import { builder } from "../builder.js";
import { registerNodeType } from "../support/global-id.js";

for (const typename of ["CommerceSegment", "CustomerList", "Coupon", "AsyncJob"]) {
  registerNodeType(typename, "commerce");
}

/** What every backend id argument takes (checkId in the commerce domain), for its description. */
export const ID_NOTE =
  `At most ${COMMERCE_LIMITS.id} characters on one line (TEXT_CHARACTERS, SINGLE_LINE), and not \`.\` or \`..\` ` +
  "(ID_SEGMENT): the id travels as a segment of the request path.";

/** The commerce account the request's credential designates; its fields make the calls. */
export interface Store {
  readonly kind: "store";
}

export const StoreRef = builder.objectRef<Store>("Store");
export const CommerceSegmentRef = builder.objectRef<CommerceSegment>("CommerceSegment");
export const CustomerListRef = builder.objectRef<CommerceCustomerList>("CustomerList");
export const CommerceSubscriberRef = builder.objectRef<CommerceSubscriber>("CommerceSubscriber");
export const CouponRef = builder.objectRef<CommerceCoupon>("Coupon");
export const AsyncJobRef = builder.objectRef<CommerceAsyncJob>("AsyncJob");

/** Where a list's member stands (the backend's three listings). */
export const CommerceSubscriberStatus = builder.enumType("CommerceSubscriberStatus", {
  description: "Which listing of a customer list a member is in.",
  values: {
    SUBSCRIBED: { description: "Subscribed (the default listing)." },
    PENDING: { description: "Subscribed but not yet opted in." },
    UNSUBSCRIBED: { description: "Unsubscribed." },
  } as const,
});
