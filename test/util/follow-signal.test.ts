/**
 * Signals that follow a long-lived parent (a websocket's, a request's): one abort listener on the
 * parent however many follow it at once, none once they stop, and a deadline that fires even after
 * a garbage collection (which can drop the timeout signal of `AbortSignal.any`).
 */
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { deadlineSignal, followSignal } from "../../src/util/request-signals.js";

describe("followSignal", () => {
  it("puts one listener on the parent for 30 followers, aborts them all with its reason, and leaves none", () => {
    const parent = new AbortController();
    const followers = Array.from({ length: 30 }, () => new AbortController());
    followers.forEach((follower) => followSignal(parent.signal, follower));
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(1);
    parent.abort(new Error("gone"));
    expect(followers.every((f) => f.signal.aborted && (f.signal.reason as Error).message === "gone")).toBe(true);
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(0);
  });

  it("takes the listener off the parent once the last follower stops, and starts again after", () => {
    const parent = new AbortController();
    const stops = Array.from({ length: 5 }, () => followSignal(parent.signal, new AbortController()));
    stops.slice(0, 4).forEach((stop) => stop());
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(1);
    stops[4]!();
    stops[4]!();
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(0);
    const late = new AbortController();
    followSignal(parent.signal, late);
    parent.abort();
    expect(late.signal.aborted).toBe(true);
  });

  it("aborts a follower at once when the parent has already aborted", () => {
    const follower = new AbortController();
    followSignal(AbortSignal.abort(new Error("before")), follower);
    expect((follower.signal.reason as Error).message).toBe("before");
  });
});

describe("deadlineSignal", () => {
  it("fires with a TimeoutError at its deadline and lets go of the parent", async () => {
    const parent = new AbortController();
    const signals = Array.from({ length: 20 }, () => deadlineSignal(parent.signal, 30));
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(signals.every((s) => s.aborted && (s.reason as DOMException).name === "TimeoutError")).toBe(true);
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(0);
    expect(parent.signal.aborted).toBe(false);
  });

  it("fires with the parent's reason when the parent aborts first", () => {
    const parent = new AbortController();
    const signal = deadlineSignal(parent.signal, 10_000);
    parent.abort(new Error("caller left"));
    expect((signal.reason as Error).message).toBe("caller left");
  });
});
