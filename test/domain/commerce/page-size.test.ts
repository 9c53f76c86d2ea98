/**
 * A subscriber page longer than the page asked for is an unreadable reply: its cursor continues
 * after its last entry, so slicing it to `first` would skip the rest without a word, and the
 * request was charged for `first` entries only.
 */
import { describe, expect, it } from "vitest";
import { apiKeySigner } from "../../../src/backends/commerce/auth.js";
import { apiKeyCredential, CommerceService, type CommerceCaller } from "../../../src/domain/commerce/index.js";
import { UnreadableValueError } from "../../../src/domain/errors.js";

function serviceAnswering(count: number): CommerceService {
  const caller = {
    listSubscribers: (_auth: unknown, _listId: string, q: { limit?: number }) =>
      Promise.resolve({
        entries: Array.from({ length: count }, (_, i) => ({ id: `c${i}`, email: `m${i}@x.io` })),
        nextPage: undefined,
        total: 50,
        limit: q.limit,
      }),
  } as unknown as CommerceCaller;
  return new CommerceService(caller, { credential: apiKeyCredential(apiKeySigner("k")), concurrency: 2 });
}

describe("subscriber pages", () => {
  it("refuses a page with more entries than asked for, and takes one with as many", async () => {
    const over = await serviceAnswering(2)
      .subscribersPage("L1", { status: "SUBSCRIBED", first: 1 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(over).toBeInstanceOf(UnreadableValueError);
    expect((over as Error).message).toContain("2 entries where 1 were asked for");
    const page = await serviceAnswering(1).subscribersPage("L1", { status: "SUBSCRIBED", first: 1 });
    expect(page.nodes.map((n) => n.email)).toEqual(["m0@x.io"]);
  });
});

function couponsAnswering(count: number, next: string | null = "x?page=2"): CommerceService {
  const caller = {
    listCoupons: () =>
      Promise.resolve({
        coupons: Array.from({ length: count }, (_, i) => ({
          id: `c${i}`,
          code: `C${i}`,
          discountType: "fixed",
          value: 1,
        })),
        total: 100,
        next: next ?? undefined,
      }),
  } as unknown as CommerceCaller;
  return new CommerceService(caller, { credential: apiKeyCredential(apiKeySigner("k")), concurrency: 2 });
}

describe("coupon pages", () => {
  it("refuses a page with more coupons than asked for rather than cutting it, and takes one with as many", async () => {
    const over = await couponsAnswering(50)
      .coupons({ first: 10 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(over).toBeInstanceOf(UnreadableValueError);
    expect((over as Error).message).toContain("50 coupons where 10 were asked for");
    const page = await couponsAnswering(10).coupons({ first: 10 });
    expect(page.nodes).toHaveLength(10);
    expect(page.pageInfo.hasNextPage).toBe(true);
  });

  it("refuses a short page that has a next page (the offsets after it would skip coupons); a short last page is fine", async () => {
    const short = await couponsAnswering(8)
      .coupons({ first: 10 })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(short).toBeInstanceOf(UnreadableValueError);
    expect((short as Error).message).toContain("8 coupons where 10 were asked for, and a next page");
    const last = await couponsAnswering(8, null).coupons({ first: 10 });
    expect(last.nodes).toHaveLength(8);
  });
});
