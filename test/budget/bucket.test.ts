/** The leaky bucket's arithmetic and the memory store (src/budget/bucket.ts, memory-store.ts). */
import { describe, expect, it } from "vitest";
import { adjust, refilled, secondsUntil, take } from "../../src/budget/bucket.js";
import { MemoryBudgetStore } from "../../src/budget/memory-store.js";

const shape = { max: 100, restorePerS: 10 };

describe("a bucket", () => {
  it("starts full, refills at the restore rate, never above full", () => {
    expect(refilled(undefined, shape, 0)).toEqual({ available: 100, at: 0 });
    expect(refilled({ available: 0, at: 0 }, shape, 2_500).available).toBe(25);
    expect(refilled({ available: 90, at: 0 }, shape, 60_000).available).toBe(100);
    // A clock that goes back refills nothing.
    expect(refilled({ available: 5, at: 1_000 }, shape, 0)).toEqual({ available: 5, at: 1_000 });
  });

  it("takes a cost it covers, refuses one it does not (unchanged)", () => {
    const level = { available: 30, at: 0 };
    expect(take(level, 30)).toEqual({ admitted: true, available: 0 });
    expect(take(level, 1)).toEqual({ admitted: false, available: 0 });
    expect(level.available).toBe(0);
  });

  it("gives back and charges, within one bucket below zero and full", () => {
    const level = { available: 10, at: 0 };
    expect(adjust(level, 500, shape)).toBe(100);
    expect(adjust(level, -150, shape)).toBe(-50);
    expect(adjust(level, -500, shape)).toBe(-100);
  });

  it("says the whole seconds until a cost fits, at least one", () => {
    expect(secondsUntil(10, 0, shape)).toBe(1);
    expect(secondsUntil(25, 0, shape)).toBe(3);
    expect(secondsUntil(25, -75, shape)).toBe(10);
    expect(secondsUntil(5, 4.99, shape)).toBe(1);
  });
});

describe("the memory store", () => {
  it("keeps one bucket per caller, refilled by its clock", async () => {
    let now = 0;
    const store = new MemoryBudgetStore(shape, () => now);
    expect(await store.take("a", 100)).toEqual({ admitted: true, available: 0 });
    expect((await store.take("a", 1)).admitted).toBe(false);
    expect((await store.take("b", 100)).admitted).toBe(true);
    now += 1_000;
    expect(await store.take("a", 10)).toEqual({ admitted: true, available: 0 });
    expect(await store.adjust("a", 7)).toBe(7);
  });

  it("peeks at a bucket as it stands, refilled to now, taking nothing and keeping no new bucket", async () => {
    let now = 0;
    const store = new MemoryBudgetStore(shape, () => now);
    expect(await store.peek("unseen")).toBe(100);
    expect(store.size).toBe(0);
    await store.take("a", 80);
    now += 500;
    expect(await store.peek("a")).toBe(25);
    expect(await store.peek("a")).toBe(25);
    expect(await store.take("a", 25)).toEqual({ admitted: true, available: 0 });
  });

  it("lets go of full buckets once it holds many", async () => {
    let now = 0;
    const store = new MemoryBudgetStore(shape, () => now);
    for (let i = 0; i < 10_000; i++) await store.take(`caller ${i}`, 1);
    expect(store.size).toBe(10_000);
    now += 1_000; // every bucket is full again
    await store.take("one more", 1);
    expect(store.size).toBe(1);
  });
});

describe("what costs nothing", () => {
  it("is admitted even to a caller in debt", async () => {
    const store = new MemoryBudgetStore(shape, () => 0);
    expect((await store.take("a", 100)).admitted).toBe(true);
    expect(await store.adjust("a", -50)).toBe(-50);
    expect(await store.take("a", 0)).toEqual({ admitted: true, available: -50 });
    expect((await store.take("a", 1)).admitted).toBe(false);
  });
});
