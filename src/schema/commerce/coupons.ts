/**
 * Coupons: the Coupon node and Store.coupons, a Relay connection over the backend's numbered
 * pages. The spec shows no coupon field, so `id` and `code` are typed and the rest is `details`.
 */
import { COMMERCE_LIMITS, COMMERCE_PAGE_DEFAULTS, type CommerceCoupon } from "../../domain/commerce/index.js";
import { decodeCouponCursor, encodeCouponCursor } from "../../domain/commerce/cursors.js";
import { Issues } from "../../domain/commerce/input-rules.js";
import { NotFoundError } from "../../domain/errors.js";
import type { GraphContext } from "../../context.js";
import { builder } from "../builder.js";
import { compositeId, parseCompositeId } from "../support/global-id.js";
import { graphError } from "../support/graph-errors.js";
import { JSONObject } from "../support/json-object.js";
import { commerceAccess, scopesNote } from "./access.js";
import { CouponRef, StoreRef } from "./refs.js";

/** Backend pages a lookup by id reads at most (of COMMERCE_LIMITS.couponsPage coupons each). */
const LOOKUP_PAGES = 10;

/**
 * A coupon by id. The backend has no coupon lookup, so the pages are read in order until it shows
 * up (each page once per request); past LOOKUP_PAGES pages it counts as not found.
 */
async function couponById(ctx: GraphContext, couponId: string): Promise<CommerceCoupon> {
  let after: string | null = null;
  for (let i = 0; i < LOOKUP_PAGES; i++) {
    const page = await ctx.commerce.coupons({ first: COMMERCE_LIMITS.couponsPage, after });
    const found = page.nodes.find((coupon) => coupon.id === couponId);
    if (found) return found;
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  throw new NotFoundError("coupon");
}

builder.node(CouponRef, {
  description: "A coupon of the store." + scopesNote("coupons"),
  id: { resolve: (coupon) => compositeId(coupon.id) },
  loadWithoutCache: (id, ctx) => {
    const [couponId] = parseCompositeId(id, 1);
    return couponById(ctx, couponId);
  },
  fields: (t) => ({
    couponId: t.exposeString("id", { description: "The backend's coupon id." }),
    code: t.exposeString("code", { description: "The code a customer enters." }),
    details: t.field({
      type: JSONObject,
      description:
        "Every other field the backend sent (description, discountType, value, currency, expiresAt, usageCount " +
        "in the demo store); the spec does not fix them, so neither does the graph.",
      resolve: (coupon) => coupon.details,
    }),
  }),
});

builder.objectFields(StoreRef, (t) => ({
  coupons: t.connection(
    {
      type: CouponRef,
      nullable: true,
      description:
        `Coupons in the backend's order; \`first\` 1–${COMMERCE_LIMITS.couponsPage} ` +
        `(default ${COMMERCE_PAGE_DEFAULTS.coupons}), forward paging only.` +
        scopesNote("coupons"),
      ...commerceAccess("coupons"),
      resolve: async (_store, args, ctx) => {
        if (args.last != null || args.before != null)
          throw graphError("BAD_USER_INPUT", "Coupons page forward only: use first and after.");
        const page = await ctx.commerce.coupons({ first: args.first, after: args.after });
        // Cursors are offsets, so each edge has its own: the number of coupons up to and including it.
        const start = args.after != null ? (decodeCouponCursor(new Issues(), args.after) ?? 0) : 0;
        return {
          edges: page.nodes.map((node, i) => ({ cursor: encodeCouponCursor(start + i + 1), node })),
          pageInfo: page.pageInfo,
          totalCount: page.totalCount,
        };
      },
    },
    { name: "CouponConnection" },
    { name: "CouponEdge" },
  ),
}));
