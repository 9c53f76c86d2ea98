/**
 * Replays from an `after` that a log handed out before it lost its end: a stream deleted (as a Redis
 * restarted empty holds none) or trimmed empty and written again, a Redis back from an older state,
 * an in-memory log started again. The replay is refused with EventLogTrimmedError and the
 * `resumeAfter` to go on from, on every instance (the evidence is what the stream holds, not what
 * an instance saw), instead of going on with the new entries as if nothing were missing. Positions
 * no entry has ("0-0", contactEvents' start positions) are served as before.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EventLogTrimmedError,
  MemoryEventLog,
  positionBefore,
  RedisEventLog,
  type EventLog,
  type EventSource,
  type LogEntry,
  type RedisEventLogOptions,
} from "../../../src/events/log/index.js";
import { deleteKeys, Recorder, requireSharedRedis, SHARED_REDIS_URL, sleep, uniquePrefix } from "./log-helpers.js";

function batch(from: number, count: number, tag: string): LogEntry[] {
  return Array.from({ length: count }, (_, i) => ({ dedupeKey: `${tag}-${from + i}`, event: { n: from + i, tag } }));
}

/** What subscribing with `after` gives: the error it was refused with, or undefined. */
async function refusal(log: EventLog, source: EventSource, after: string): Promise<unknown> {
  try {
    const unsubscribe = await log.subscribe(source, { after }, () => undefined);
    unsubscribe();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** Waits until the clock is past the millisecond of `id`: a stream written again gets later ids. */
async function pastMillisecondOf(id: string | undefined): Promise<void> {
  const ms = Number(id?.split("-")[0]);
  while (Date.now() <= ms) await sleep(1);
}

describe("a replay after an entry of a Redis stream that lost its end", () => {
  const prefixes: string[] = [];
  const logs: RedisEventLog[] = [];
  const errors: unknown[] = [];
  let admin: Redis;
  /** An instance on its own key prefix (`prefix`), or on another instance's. */
  const instance = (prefix: string, options: Partial<RedisEventLogOptions> = {}): RedisEventLog => {
    const log = new RedisEventLog({
      url: SHARED_REDIS_URL,
      keyPrefix: prefix,
      blockMs: 200,
      onError: (e) => errors.push(e),
      ...options,
    });
    logs.push(log);
    return log;
  };
  const newPrefix = (label: string): string => {
    const prefix = uniquePrefix(label);
    prefixes.push(prefix);
    return prefix;
  };

  beforeAll(async () => {
    await requireSharedRedis();
    admin = new Redis(SHARED_REDIS_URL);
  });
  afterAll(async () => {
    for (const log of logs) await log.close();
    admin.disconnect();
    for (const prefix of prefixes) await deleteKeys(SHARED_REDIS_URL, prefix);
  });

  it("is refused on every instance, one that never saw the loss included, once the stream was deleted and written again", async () => {
    const prefix = newPrefix("lost-end-deleted");
    const a = instance(prefix);
    const { appended: lost } = await a.append("legacy", batch(1, 3, "before"));
    await admin.del(a.streamKey("legacy"));
    await pastMillisecondOf(lost[2]);
    const { appended: kept } = await a.append("legacy", batch(4, 1, "after"));
    // Started after the loss: all it knows is what Redis holds now.
    const b = instance(prefix);
    for (const log of [a, b]) {
      for (const after of [lost[1]!, lost[2]!]) {
        const error = await refusal(log, "legacy", after);
        expect(error).toBeInstanceOf(EventLogTrimmedError);
        expect(error).toMatchObject({ source: "legacy", after, resumeAfter: "0-0", lostEnd: true });
      }
    }
    // From resumeAfter: the new stream from its beginning, then live.
    const resumed = new Recorder();
    await b.subscribe("legacy", { after: "0-0" }, resumed.listener);
    const { appended: next } = await a.append("legacy", batch(5, 1, "after"));
    await resumed.until(2);
    await sleep(20);
    expect(resumed.ids).toEqual([...kept, ...next]);
  });

  it("is refused once the stream was deleted with nothing appended since (a Redis restarted empty)", async () => {
    const prefix = newPrefix("lost-end-empty");
    const a = instance(prefix);
    const { appended: lost } = await a.append("commerce", batch(1, 3, "before"));
    await admin.del(a.streamKey("commerce"));
    const b = instance(prefix);
    expect(await refusal(b, "commerce", lost[1]!)).toMatchObject({
      after: lost[1],
      resumeAfter: "0-0",
      lostEnd: true,
    });
    const resumed = new Recorder();
    await b.subscribe("commerce", { after: "0-0" }, resumed.listener);
    await pastMillisecondOf(lost[2]);
    const { appended: next } = await a.append("commerce", batch(4, 1, "after"));
    await resumed.until(1);
    expect(resumed.ids).toEqual(next);
  });

  it("names what was removed when the stream was trimmed empty and written again, and the reader raises no alarm", async () => {
    errors.length = 0;
    const prefix = newPrefix("lost-end-trimmed");
    const a = instance(prefix);
    const live = new Recorder();
    await a.subscribe("legacy", {}, live.listener);
    const { appended: before } = await a.append("legacy", batch(1, 3, "before"));
    await live.until(3);
    await admin.xtrim(a.streamKey("legacy"), "MAXLEN", 0);
    const { appended: after } = await a.append("legacy", batch(4, 1, "after"));
    // The new entry names the last one the stream gave, though that one is gone.
    const [[, fields] = ["", []]] = await admin.xrange(a.streamKey("legacy"), "-", "+");
    expect(fields.slice(2)).toEqual(["p", before[2]]);
    const b = instance(prefix);
    for (const log of [a, b]) {
      expect(await refusal(log, "legacy", before[1]!)).toMatchObject({
        after: before[1],
        resumeAfter: before[2],
        lostEnd: false,
      });
    }
    const resumed = new Recorder();
    await b.subscribe("legacy", { after: before[2] }, resumed.listener);
    await resumed.until(1);
    expect(resumed.ids).toEqual(after);
    // The live subscriber had everything up to the trim: it goes on, told nothing.
    await live.until(4);
    expect(live.ids).toEqual([...before, ...after]);
    expect(errors).toEqual([]);
  });

  it("is refused when Redis came back from an older state, and goes on from the last entry it kept", async () => {
    const prefix = newPrefix("lost-end-older");
    const a = instance(prefix);
    const key = a.streamKey("legacy");
    const { appended: lost } = await a.append("legacy", batch(1, 3, "before"));
    // What an older snapshot held: the first entry alone, as the append script wrote it.
    const [first] = await admin.xrange(key, "-", "+", "COUNT", 1);
    await admin.del(key);
    await admin.xadd(key, first![0], ...first![1]);
    await pastMillisecondOf(lost[2]);
    const { appended: kept } = await a.append("legacy", batch(4, 1, "after"));
    const b = instance(prefix);
    expect(await refusal(b, "legacy", lost[2]!)).toMatchObject({
      after: lost[2],
      resumeAfter: lost[0],
      lostEnd: true,
    });
    const resumed = new Recorder();
    await b.subscribe("legacy", { after: lost[0] }, resumed.listener);
    await resumed.until(1);
    expect(resumed.ids).toEqual(kept);
  });

  it("serves positions no entry has: 0-0 and start positions, between the entries of a stream written again or past its end", async () => {
    const prefix = newPrefix("lost-end-positions");
    const a = instance(prefix);
    const { appended: lost } = await a.append("legacy", batch(1, 2, "before"));
    await admin.del(a.streamKey("legacy"));
    await pastMillisecondOf(lost[1]);
    const start = positionBefore(Date.now());
    await sleep(2);
    const { appended: kept } = await a.append("legacy", batch(3, 2, "after"));
    await sleep(2);
    const later = positionBefore(Date.now());
    const b = instance(prefix);
    const fromStart = new Recorder();
    const fromZero = new Recorder();
    const fromLater = new Recorder();
    await b.subscribe("legacy", { after: start }, fromStart.listener);
    await b.subscribe("legacy", { after: "0-0" }, fromZero.listener);
    await b.subscribe("legacy", { after: later }, fromLater.listener);
    const { appended: next } = await a.append("legacy", batch(5, 1, "after"));
    await fromStart.until(3);
    await fromZero.until(3);
    await fromLater.until(1);
    await sleep(20);
    expect(fromStart.ids).toEqual([...kept, ...next]);
    expect(fromZero.ids).toEqual([...kept, ...next]);
    expect(fromLater.ids).toEqual(next);
  });

  it("does not serve a lost entry's id from the replay pages kept for other replays", async () => {
    const prefix = newPrefix("lost-end-pages");
    const a = instance(prefix);
    const { appended: lost } = await a.append("legacy", batch(1, 3, "before"));
    await admin.del(a.streamKey("legacy"));
    await pastMillisecondOf(lost[2]);
    await a.append("legacy", batch(10, 250, "after"));
    const b = instance(prefix);
    // Two replays from 0-0 held after their first page: the pages they read are kept and shared.
    const held = new Promise<void>(() => undefined);
    for (let i = 0; i < 2; i += 1) await b.subscribe("legacy", { after: "0-0", drained: () => held }, () => undefined);
    expect(await refusal(b, "legacy", lost[1]!)).toMatchObject({ resumeAfter: "0-0", lostEnd: true });
  });
});

describe("an in-memory log that started again", () => {
  it("refuses the ids of the log before it, before and after its own first append, and serves 0-0 and start positions", async () => {
    const before = new MemoryEventLog();
    const { appended: lost } = await before.append("legacy", batch(1, 3, "before"));
    await before.close();
    await pastMillisecondOf(lost[2]);
    const start = positionBefore(Date.now());
    const log = new MemoryEventLog();
    expect(await refusal(log, "legacy", lost[1]!)).toMatchObject({ after: lost[1], resumeAfter: "0-0", lostEnd: true });
    const { appended: kept } = await log.append("legacy", batch(4, 1, "after"));
    for (const after of [lost[1]!, lost[2]!]) {
      const error = await refusal(log, "legacy", after);
      expect(error).toBeInstanceOf(EventLogTrimmedError);
      expect(error).toMatchObject({ after, resumeAfter: "0-0", lostEnd: true });
    }
    const fromZero = new Recorder();
    const fromStart = new Recorder();
    await log.subscribe("legacy", { after: "0-0" }, fromZero.listener);
    await log.subscribe("legacy", { after: start }, fromStart.listener);
    expect([fromZero.ids, fromStart.ids]).toEqual([kept, kept]);
    await log.close();
  });

  it("refuses an id between two of its entries that is neither, naming the entry before it", async () => {
    let now = 1_000_000;
    const log = new MemoryEventLog({ now: () => now });
    const { appended: first } = await log.append("legacy", batch(1, 2, "a"));
    now += 10;
    const { appended: second } = await log.append("legacy", batch(3, 1, "b"));
    expect(first).toEqual(["1000000-0", "1000000-1"]);
    expect(await refusal(log, "legacy", "1000005-0")).toMatchObject({ resumeAfter: first[1], lostEnd: true });
    const resumed = new Recorder();
    await log.subscribe("legacy", { after: first[1] }, resumed.listener);
    expect(resumed.ids).toEqual(second);
    await log.close();
  });
});
