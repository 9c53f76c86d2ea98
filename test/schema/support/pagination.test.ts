/** Connections over whole collections: ordering, cursors that survive changes, both directions. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAGE_SIZE, pageByKey, type Page } from "../../../src/schema/support/pagination.js";

const byItself = (s: string) => s;

function walkForward(rows: string[], size: number): string[] {
  const seen: string[] = [];
  let after: string | null = null;
  for (let guard = 0; guard <= rows.length + 1; guard += 1) {
    const page: Page<string> = pageByKey(rows, byItself, { first: size, after });
    seen.push(...page.edges.map((e) => e.node));
    if (!page.pageInfo.hasNextPage) return seen;
    after = page.pageInfo.endCursor;
  }
  throw new Error("did not end");
}

describe("pageByKey", () => {
  it("walks every row exactly once, in key order, whatever the page size", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 25 }),
        (rows, size) => {
          expect(walkForward(rows, size)).toEqual([...rows].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        },
      ),
    );
  });

  it("walks backwards with last/before to the same rows", () => {
    const rows = ["d", "a", "c", "b", "e"];
    const tail = pageByKey(rows, byItself, { last: 2 });
    expect(tail.edges.map((e) => e.node)).toEqual(["d", "e"]);
    expect(tail.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    const before = pageByKey(rows, byItself, { last: 2, before: tail.pageInfo.startCursor });
    expect(before.edges.map((e) => e.node)).toEqual(["b", "c"]);
    expect(before.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it("keeps a page boundary when rows are added or removed before it", () => {
    const first = pageByKey(["b", "d", "f", "h"], byItself, { first: 2 });
    expect(first.edges.map((e) => e.node)).toEqual(["b", "d"]);
    const next = pageByKey(["a", "c", "f", "h"], byItself, { first: 2, after: first.pageInfo.endCursor });
    expect(next.edges.map((e) => e.node)).toEqual(["f", "h"]);
  });

  it("tells rows with equal keys apart", () => {
    const rows = [
      { k: "x", n: 1 },
      { k: "x", n: 2 },
      { k: "x", n: 3 },
    ];
    const page1 = pageByKey(rows, (r) => r.k, { first: 2 });
    const page2 = pageByKey(rows, (r) => r.k, { first: 2, after: page1.pageInfo.endCursor });
    expect([...page1.edges, ...page2.edges].map((e) => e.node.n)).toEqual([1, 2, 3]);
  });

  it("counts the whole collection and defaults the page size", () => {
    const rows = Array.from({ length: PAGE_SIZE.default + 5 }, (_, i) => String(i).padStart(3, "0"));
    const page = pageByKey(rows, byItself, {});
    expect(page.totalCount).toBe(rows.length);
    expect(page.edges).toHaveLength(PAGE_SIZE.default);
  });

  it("refuses sizes outside 0..max, both first and last, and foreign cursors with BAD_USER_INPUT naming field and rule", () => {
    for (const [args, field, rule] of [
      [{ first: -1 }, "first", "PAGE_SIZE"],
      [{ first: PAGE_SIZE.max + 1 }, "first", "PAGE_SIZE"],
      [{ last: 2 ** 31 - 1 }, "last", "PAGE_SIZE"],
      [{ first: 1, last: 1 }, "last", "NOT_ALLOWED"],
      [{ after: "bm90LWEtY3Vyc29y" }, "after", "CURSOR"],
      [{ before: "%%" }, "before", "CURSOR"],
      [{ after: "a".repeat(5000) }, "after", "MAX_LENGTH"],
    ] as const) {
      expect(() => pageByKey(["a"], byItself, args)).toThrowError(
        expect.objectContaining({ extensions: { code: "BAD_USER_INPUT", field, rule } }),
      );
    }
  });
});
