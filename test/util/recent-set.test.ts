import { describe, expect, it } from "vitest";
import { RecentSet } from "../../src/util/recent-set.js";

describe("RecentSet", () => {
  it("keeps every value while under its bound", () => {
    const set = new RecentSet(3).add("a").add("b").add("c");
    expect(set.size).toBe(3);
    expect(["a", "b", "c"].map((v) => set.has(v))).toEqual([true, true, true]);
  });

  it("forgets the oldest value once full, and never holds more than its bound", () => {
    const set = new RecentSet(3);
    for (let i = 0; i < 10_000; i++) set.add(`list-${i}`);
    expect(set.size).toBe(3);
    expect(set.has("list-0")).toBe(false);
    expect(set.has("list-9996")).toBe(false);
    expect(["list-9997", "list-9998", "list-9999"].every((v) => set.has(v))).toBe(true);
  });

  it("counts a value added again as the newest", () => {
    const set = new RecentSet(2).add("a").add("b").add("a").add("c");
    expect(set.has("a")).toBe(true);
    expect(set.has("b")).toBe(false);
    expect(set.has("c")).toBe(true);
    expect(set.size).toBe(2);
  });

  it("refuses a bound that is not a positive integer", () => {
    expect(() => new RecentSet(0)).toThrow(RangeError);
    expect(() => new RecentSet(1.5)).toThrow(RangeError);
  });
});
