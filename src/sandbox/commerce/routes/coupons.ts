/**
 * GET /coupons?limit&page (docs/decisions.md, "Coupons").
 */
import { baseUrlOf } from "../context.js";
import { json } from "../http-io.js";
import { intParam } from "../query.js";
import type { Route } from "./route.js";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

export const listCoupons: Route = {
  handle(request) {
    const { url, ctx } = request;
    const limit = intParam(url, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
    const page = intParam(url, "page", 1, 1, Number.MAX_SAFE_INTEGER);
    const coupons = ctx.store.coupons;
    const href = (p: number): string => `${baseUrlOf(request)}/coupons?limit=${limit}&page=${p}`;
    const hasNext = page * limit < coupons.length;
    return json({
      data: coupons.slice((page - 1) * limit, page * limit),
      meta: {
        total: coupons.length,
        _links: { self: { href: href(page) }, ...(hasNext ? { next: { href: href(page + 1) } } : {}) },
      },
    });
  },
};
