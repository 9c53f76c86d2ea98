/** The feed between the event log and a subscription: filtering, cleanup, and its bounded buffer. */
import { describe, expect, it } from "vitest";
import { openFeed, openMergedFeed } from "../../src/events/feed.js";
import { EventLogTrimmedError, MemoryEventLog, type EventLog } from "../../src/events/log/index.js";

/** A memory log that counts its live subscriptions. */
function countingLog(): { log: EventLog; live: () => number } {
  const log = new MemoryEventLog();
  let live = 0;
  const subscribe: EventLog["subscribe"] = async (source, options, listener) => {
    const unsubscribe = await MemoryEventLog.prototype.subscribe.call(log, source, options, listener);
    live++;
    let done = false;
    return () => {
      if (!done) live--;
      done = true;
      unsubscribe();
    };
  };
  return { log: Object.assign(log, { subscribe }), live: () => live };
}

const entry = (n: number, list = "a") => ({ dedupeKey: `k${n}`, event: { n, list } });

describe("openFeed", () => {
  it("yields the selected events in log order, replaying after `after`", async () => {
    const { log } = countingLog();
    const { appended } = await log.append("legacy", [entry(1), entry(2, "b"), entry(3)]);
    const feed = await openFeed(log, {
      source: "legacy",
      after: appended[0],
      select: ({ event }) => (event.list === "a" ? event.n : undefined),
    });
    await log.append("legacy", [entry(4)]);
    expect(await feed.next()).toEqual({ value: { kind: "event", value: 3 }, done: false });
    expect(await feed.next()).toEqual({ value: { kind: "event", value: 4 }, done: false });
    await feed.return?.();
    await log.close();
  });

  it("ends the log subscription on return, also while a next() is waiting", async () => {
    const { log, live } = countingLog();
    const feed = await openFeed(log, { source: "legacy", select: ({ event }) => event.n });
    expect(live()).toBe(1);
    const pending = feed.next();
    await feed.return?.();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(live()).toBe(0);
    await log.close();
  });

  it("ends when its signal aborts", async () => {
    const { log, live } = countingLog();
    const controller = new AbortController();
    const feed = await openFeed(log, { source: "legacy", select: ({ event }) => event.n, signal: controller.signal });
    const pending = feed.next();
    controller.abort();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(live()).toBe(0);
    await log.close();
  });

  it("gives up on a reader that falls more than maxBuffer behind: one overflow marker, then done", async () => {
    const { log, live } = countingLog();
    const feed = await openFeed(log, { source: "legacy", select: ({ event }) => event.n, maxBuffer: 3 });
    await log.append(
      "legacy",
      [1, 2, 3, 4, 5].map((n) => entry(n)),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(live()).toBe(0);
    expect(await feed.next()).toEqual({ value: { kind: "overflow" }, done: false });
    expect(await feed.next()).toEqual({ value: undefined, done: true });
    await log.close();
  });
});

describe("openFeed's bound counts what the reader leaves unread", () => {
  it("a burst larger than maxBuffer reaches a reader that keeps reading, whole and in order", async () => {
    const { log, live } = countingLog();
    const feed = await openFeed(log, { source: "legacy", select: ({ event }) => event.n, maxBuffer: 3 });
    await log.append(
      "legacy",
      Array.from({ length: 50 }, (_, i) => entry(i)),
    );
    const seen: unknown[] = [];
    for (let i = 0; i < 50; i++) {
      const { value } = await feed.next();
      seen.push(value);
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 2));
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => ({ kind: "event", value: i })));
    expect(live()).toBe(1);
    await feed.return?.();
    await log.close();
  });
});

describe("feeds on a trimmed log", () => {
  const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from + i));

  it("a replay that trimming overtakes ends with a trimmed marker after what it delivered, then done", async () => {
    const log = new MemoryEventLog({ maxLength: 300 });
    const { appended } = await log.append("legacy", batch(0, 300));
    const feed = await openFeed(log, { source: "legacy", after: appended[0], select: ({ id }) => id });
    const seen: unknown[] = [];
    // The reader leaves the first page's last item unread, so the next page waits while appends trim.
    for (let i = 0; i < 99; i++) seen.push((await feed.next()).value);
    await log.append("legacy", batch(300, 300));
    seen.push((await feed.next()).value);
    expect(seen).toEqual(appended.slice(1, 101).map((value) => ({ kind: "event", value })));
    const marker = await feed.next();
    expect(marker.value).toMatchObject({ kind: "trimmed" });
    const { error } = marker.value as { error: EventLogTrimmedError };
    expect(error).toBeInstanceOf(EventLogTrimmedError);
    expect(error).toMatchObject({ source: "legacy", after: appended[100], resumeAfter: appended[299] });
    expect(await feed.next()).toEqual({ value: undefined, done: true });
    await log.close();
  });

  it("a merged feed checks every source: all refused sides come back together", async () => {
    const log = new MemoryEventLog({ maxLength: 10 });
    const legacy = await log.append("legacy", batch(0, 20));
    const commerce = await log.append("commerce", batch(100, 30));
    const refused = await openMergedFeed(log, [
      { source: "legacy", after: legacy.appended[0], select: ({ id }) => id },
      { source: "commerce", after: commerce.appended[0], select: ({ id }) => id },
    ]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AggregateError);
    expect((refused as AggregateError).errors).toMatchObject([
      { source: "legacy", after: legacy.appended[0], resumeAfter: legacy.appended[9] },
      { source: "commerce", after: commerce.appended[0], resumeAfter: commerce.appended[19] },
    ]);
    const one = await openMergedFeed(log, [
      { source: "legacy", after: legacy.appended[9], select: ({ id }) => id },
      { source: "commerce", after: commerce.appended[0], select: ({ id }) => id },
    ]).catch((error: unknown) => error);
    expect(one).toBeInstanceOf(EventLogTrimmedError);
    expect(one).toMatchObject({ source: "commerce", resumeAfter: commerce.appended[19] });
    await log.close();
  });
});
