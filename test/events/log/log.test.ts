/**
 * The event log's contract, run against both implementations: the in-memory log, and the Redis
 * Streams log on the machine's Redis and on a three-node Redis Cluster of its own (each test under
 * its own key prefix).
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  compareEventIds,
  EventLogBeyondEndError,
  EventLogError,
  EventLogTrimmedError,
  MemoryEventLog,
  positionBefore,
  RedisEventLog,
  type EventLog,
  type EventLogLimits,
  type LogEntry,
} from "../../../src/events/log/index.js";
import { startRedisCluster, type RedisCluster } from "../../support/redis-cluster.js";
import { deleteKeys, Recorder, requireSharedRedis, SHARED_REDIS_URL, sleep, uniquePrefix } from "./log-helpers.js";

function entries(from: number, count: number, tag = "e"): LogEntry[] {
  return Array.from({ length: count }, (_, i) => ({ dedupeKey: `${tag}-${from + i}`, event: { n: from + i, tag } }));
}

interface Implementation {
  readonly name: string;
  before(): Promise<void>;
  create(limits?: EventLogLimits): EventLog;
  after(): Promise<void>;
}

const prefixes: string[] = [];
const implementations: Implementation[] = [
  {
    name: "MemoryEventLog",
    before: () => Promise.resolve(),
    create: (limits) => new MemoryEventLog(limits),
    after: () => Promise.resolve(),
  },
  {
    name: "RedisEventLog",
    before: requireSharedRedis,
    create: (limits) => {
      const keyPrefix = uniquePrefix("contract");
      prefixes.push(keyPrefix);
      return new RedisEventLog({ ...limits, url: SHARED_REDIS_URL, keyPrefix, blockMs: 1000 });
    },
    after: async () => {
      for (const prefix of prefixes.splice(0)) await deleteKeys(SHARED_REDIS_URL, prefix);
    },
  },
  clusterImplementation(),
];

/** The Redis log on a cluster started for this file: every script and XREAD must stay in one slot. */
function clusterImplementation(): Implementation {
  let cluster: RedisCluster | undefined;
  return {
    name: "RedisEventLog on Redis Cluster",
    before: async () => {
      cluster = await startRedisCluster();
    },
    create: (limits) => {
      if (!cluster) throw new Error("the cluster did not start");
      return new RedisEventLog({ ...limits, url: cluster.url, keyPrefix: uniquePrefix("contract"), blockMs: 1000 });
    },
    after: async () => {
      await cluster?.stop();
    },
  };
}

describe.each(implementations)("$name", (implementation) => {
  const open: EventLog[] = [];
  const errors: unknown[] = [];
  const create = (limits: EventLogLimits = {}): EventLog => {
    const log = implementation.create({ onError: (error) => errors.push(error), ...limits });
    open.push(log);
    return log;
  };

  beforeAll(() => implementation.before());
  afterEach(async () => {
    for (const log of open.splice(0)) await log.close();
    errors.length = 0;
  });
  afterAll(() => implementation.after());

  it("gives each appended event an ascending id and delivers it live, in order, with its source", async () => {
    const log = create();
    const recorder = new Recorder();
    await log.subscribe("legacy", {}, recorder.listener);
    const first = await log.append("legacy", entries(0, 3));
    const second = await log.append("legacy", entries(3, 2));
    const ids = [...first.appended, ...second.appended];
    expect(ids).toHaveLength(5);
    expect([...ids].sort(compareEventIds)).toEqual(ids);
    expect(new Set(ids).size).toBe(5);
    await recorder.until(5);
    await sleep(20);
    expect(recorder.ids).toEqual(ids);
    expect(recorder.events.map((event) => event.event)).toEqual(entries(0, 5).map((entry) => entry.event));
    expect(recorder.events.every((event) => event.source === "legacy")).toBe(true);
  });

  it("keeps the sources apart", async () => {
    const log = create();
    const legacy = new Recorder();
    const commerce = new Recorder();
    await log.subscribe("legacy", {}, legacy.listener);
    await log.subscribe("commerce", {}, commerce.listener);
    await log.append("commerce", entries(0, 2, "c"));
    await log.append("legacy", entries(0, 1, "l"));
    await commerce.until(2);
    await legacy.until(1);
    await sleep(20);
    expect(commerce.events.map((event) => event.event["tag"])).toEqual(["c", "c"]);
    expect(legacy.events.map((event) => [event.source, event.event["tag"]])).toEqual([["legacy", "l"]]);
  });

  it("does not deliver what was appended before a subscription without `after`", async () => {
    const log = create();
    await log.append("legacy", entries(0, 3));
    const recorder = new Recorder();
    await log.subscribe("legacy", {}, recorder.listener);
    const { appended } = await log.append("legacy", entries(3, 1));
    await recorder.until(1);
    await sleep(20);
    expect(recorder.ids).toEqual(appended);
  });

  it("replays exactly what came after `after`, then goes on live", async () => {
    const log = create();
    const { appended: before } = await log.append("legacy", entries(0, 6));
    const recorder = new Recorder();
    await log.subscribe("legacy", { after: before[2] }, recorder.listener);
    const { appended: live } = await log.append("legacy", entries(6, 2));
    await recorder.until(5);
    await sleep(20);
    expect(recorder.ids).toEqual([...before.slice(3), ...live]);
    expect(recorder.events.map((event) => event.event["n"])).toEqual([3, 4, 5, 6, 7]);
  });

  it("replays everything retained from 0-0, and nothing when `after` is the newest id", async () => {
    const log = create();
    const { appended } = await log.append("commerce", entries(0, 4));
    const all = new Recorder();
    const none = new Recorder();
    await log.subscribe("commerce", { after: "0-0" }, all.listener);
    await log.subscribe("commerce", { after: appended.at(-1) }, none.listener);
    await all.until(4);
    await sleep(20);
    expect(all.ids).toEqual(appended);
    expect(none.events).toEqual([]);
  });

  it("has no gap and no repeat at the seam between replay and live while appends go on", async () => {
    const log = create();
    // More than one replay page (500), so the replay takes several reads while live events arrive.
    const head: string[] = [];
    for (let i = 0; i < 6; i += 1) head.push(...(await log.append("legacy", entries(i * 200, 200))).appended);
    const appending = (async () => {
      const ids: string[] = [];
      for (let i = 0; i < 40; i += 1) ids.push(...(await log.append("legacy", entries(1200 + i * 5, 5))).appended);
      return ids;
    })();
    const recorders = [new Recorder(), new Recorder(), new Recorder()];
    const unsubscribes = await Promise.all(
      recorders.map((recorder, i) => log.subscribe("legacy", { after: head[i * 10] }, recorder.listener)),
    );
    const tail = await appending;
    const all = [...head, ...tail];
    for (const [i, recorder] of recorders.entries()) {
      const expected = all.slice(i * 10 + 1);
      await recorder.until(expected.length);
      expect(recorder.ids).toEqual(expected);
    }
    for (const unsubscribe of unsubscribes) unsubscribe();
  });

  it("appends a byte-identical retry once, across appends and within a batch", async () => {
    const log = create();
    const recorder = new Recorder();
    await log.subscribe("legacy", {}, recorder.listener);
    const first = await log.append("legacy", [{ dedupeKey: "delivery-1", event: { n: 1 } }]);
    const retry = await log.append("legacy", [
      { dedupeKey: "delivery-1", event: { n: 1 } },
      { dedupeKey: "delivery-2", event: { n: 2 } },
      { dedupeKey: "delivery-2", event: { n: 2 } },
    ]);
    expect(first).toEqual({ appended: [expect.any(String)], duplicates: 0 });
    expect(retry.appended).toHaveLength(1);
    expect(retry.duplicates).toBe(2);
    // The same key under the other source is another delivery.
    expect((await log.append("commerce", [{ dedupeKey: "delivery-1", event: { n: 1 } }])).duplicates).toBe(0);
    await recorder.until(2);
    await sleep(30);
    expect(recorder.events.map((event) => event.event["n"])).toEqual([1, 2]);
  });

  it("forgets a dedupe key after dedupeTtlMs", async () => {
    const log = create({ dedupeTtlMs: 50 });
    expect((await log.append("legacy", entries(0, 1))).duplicates).toBe(0);
    expect((await log.append("legacy", entries(0, 1))).duplicates).toBe(1);
    await sleep(120);
    expect((await log.append("legacy", entries(0, 1))).appended).toHaveLength(1);
  });

  it("writes a batch whole: a bad entry refuses all of it, and concurrent batches never interleave", async () => {
    const log = create();
    const bad = [...entries(0, 2), { dedupeKey: "bad", event: [1, 2] as unknown as Record<string, unknown> }];
    await expect(log.append("legacy", bad)).rejects.toMatchObject({ code: "EVENT_LOG_BAD_ENTRY" });
    await expect(log.append("legacy", [{ dedupeKey: "", event: {} }])).rejects.toBeInstanceOf(EventLogError);
    // Nothing of the refused batch was written, not even its dedupe keys.
    expect(await log.append("legacy", entries(0, 2))).toMatchObject({ duplicates: 0 });

    const results = await Promise.all([0, 1, 2, 3].map((b) => log.append("commerce", entries(b * 40, 40, `b${b}`))));
    const recorder = new Recorder();
    await log.subscribe("commerce", { after: "0-0" }, recorder.listener);
    await recorder.until(160);
    const tags = recorder.events.map((event) => event.event["tag"]);
    // Each batch is one contiguous run in the log.
    const runs = tags.filter((tag, i) => i === 0 || tag !== tags[i - 1]);
    expect(runs).toHaveLength(4);
    expect(new Set(runs).size).toBe(4);
    expect(results.map((result) => result.appended.length)).toEqual([40, 40, 40, 40]);
  });

  it("stays bounded: after many appends only a contiguous newest part remains", async () => {
    const log = create({ maxLength: 10 });
    const appended: string[] = [];
    for (let i = 0; i < 25; i += 1) appended.push(...(await log.append("legacy", entries(i * 10, 10))).appended);
    const refused = await log.subscribe("legacy", { after: "0-0" }, () => undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EventLogTrimmedError);
    const recorder = new Recorder();
    await log.subscribe("legacy", { after: (refused as EventLogTrimmedError).resumeAfter }, recorder.listener);
    await recorder.until(10);
    await sleep(30);
    const kept = recorder.ids;
    // Redis trims approximately (MAXLEN ~: whole macro nodes of 100 entries), memory exactly.
    expect(kept.length).toBeGreaterThanOrEqual(10);
    expect(kept.length).toBeLessThan(250);
    expect(kept).toEqual(appended.slice(appended.length - kept.length));
  });

  it("refuses a replay that would skip trimmed entries, and says after which id what is kept continues", async () => {
    const log = create({ maxLength: 10 });
    const appended: string[] = [];
    for (let i = 0; i < 25; i += 1) appended.push(...(await log.append("legacy", entries(i * 10, 10))).appended);
    const live = new Recorder();
    await log.subscribe("legacy", {}, live.listener);
    const refusal = (after: string) =>
      log
        .subscribe("legacy", { after }, () => undefined)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
    const fromStart = await refusal("0-0");
    expect(fromStart).toBeInstanceOf(EventLogTrimmedError);
    const { resumeAfter } = fromStart as EventLogTrimmedError;
    expect(fromStart).toMatchObject({ code: "EVENT_LOG_TRIMMED", source: "legacy", after: "0-0" });
    // The last entry removed: everything up to it is gone, everything after it is kept.
    const removed = appended.indexOf(resumeAfter);
    expect(removed).toBeGreaterThan(0);
    expect(removed).toBeLessThan(appended.length - 10);
    expect(await refusal(appended[0]!)).toMatchObject({ after: appended[0], resumeAfter });
    expect(await refusal(appended[removed - 1]!)).toMatchObject({ resumeAfter });
    // From the last entry removed, or anything later, nothing is skipped.
    const resumed = new Recorder();
    await log.subscribe("legacy", { after: resumeAfter }, resumed.listener);
    const recent = new Recorder();
    await log.subscribe("legacy", { after: appended.at(-3) }, recent.listener);
    await resumed.until(appended.length - removed - 1);
    await recent.until(2);
    const more = await log.append("legacy", entries(1000, 1));
    await live.until(1);
    await resumed.until(appended.length - removed);
    await sleep(20);
    expect(resumed.ids).toEqual([...appended.slice(removed + 1), ...more.appended]);
    expect(recent.ids).toEqual([...appended.slice(-2), ...more.appended]);
    // A live subscriber is not concerned.
    expect(live.ids).toEqual(more.appended);
  });

  it("ends a replay that trimming overtook, telling it, instead of skipping what was removed", async () => {
    const log = create({ maxLength: 300 });
    const appended: string[] = [];
    for (let i = 0; i < 3; i += 1) appended.push(...(await log.append("legacy", entries(i * 100, 100))).appended);
    const recorder = new Recorder();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const told: EventLogTrimmedError[] = [];
    await log.subscribe(
      "legacy",
      { after: appended[0], drained: () => held, trimmed: (error) => told.push(error) },
      recorder.listener,
    );
    // One page delivered; the next waits for `drained` while appends trim past the replay.
    expect(recorder.ids).toEqual(appended.slice(1, 101));
    for (let i = 3; i < 6; i += 1) appended.push(...(await log.append("legacy", entries(i * 100, 100))).appended);
    release();
    for (let waited = 0; told.length === 0 && waited < 2000; waited += 5) await sleep(5);
    expect(told).toHaveLength(1);
    const [error] = told;
    expect(error).toMatchObject({ code: "EVENT_LOG_TRIMMED", source: "legacy", after: appended[100] });
    const removed = appended.indexOf(error!.resumeAfter);
    expect(removed).toBeGreaterThan(100);
    const resumed = new Recorder();
    await log.subscribe("legacy", { after: error!.resumeAfter }, resumed.listener);
    const more = await log.append("legacy", entries(600, 1));
    await resumed.until(appended.length - removed);
    await sleep(30);
    expect(resumed.ids).toEqual([...appended.slice(removed + 1), ...more.appended]);
    // The replay that was overtaken got nothing after its first page, live events included.
    expect(recorder.ids).toEqual(appended.slice(1, 101));
    expect(errors).toEqual([]);
  });

  it("refuses an `after` past the end of the log and in the future, which would skip what is appended until then", async () => {
    const log = create();
    const { appended } = await log.append("legacy", entries(0, 2));
    for (const after of [`${Date.now() + 60_000}-0`, positionBefore(Date.now() + 60_000)]) {
      const refusal = await log.subscribe("legacy", { after }, () => undefined).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(EventLogBeyondEndError);
      expect(refusal).toMatchObject({ code: "EVENT_LOG_BEYOND_END", source: "legacy", after, end: appended[1] });
    }
    // The end itself, and a start position of now (past the end, not beyond the next id), are served.
    const atEnd = new Recorder();
    const atStart = new Recorder();
    await sleep(2);
    await log.subscribe("legacy", { after: appended[1] }, atEnd.listener);
    await log.subscribe("legacy", { after: positionBefore(Date.now()) }, atStart.listener);
    const { appended: more } = await log.append("legacy", entries(2, 1));
    await atEnd.until(1);
    await atStart.until(1);
    expect([atEnd.ids, atStart.ids]).toEqual([more, more]);
    expect(errors).toEqual([]);
  });

  it("refuses an `after` that is not an event id", async () => {
    const log = create();
    await expect(log.subscribe("legacy", { after: "yesterday" }, () => undefined)).rejects.toMatchObject({
      code: "EVENT_LOG_BAD_ID",
    });
  });

  it("stops delivering after unsubscribe, and a throwing listener does not stop the others", async () => {
    const log = create();
    const stopped = new Recorder();
    const kept = new Recorder();
    const unsubscribe = await log.subscribe("legacy", {}, stopped.listener);
    await log.subscribe("legacy", {}, () => {
      throw new Error("listener failed");
    });
    await log.subscribe("legacy", {}, kept.listener);
    await log.append("legacy", entries(0, 1));
    await stopped.until(1);
    unsubscribe();
    unsubscribe();
    await log.append("legacy", entries(1, 1));
    await kept.until(2);
    await sleep(20);
    expect(stopped.events).toHaveLength(1);
    expect(kept.events.map((event) => event.event["n"])).toEqual([0, 1]);
    expect(errors).toContainEqual(new Error("listener failed"));
  });

  it("refuses to append or subscribe once closed", async () => {
    const log = create();
    await log.close();
    await expect(log.append("legacy", entries(0, 1))).rejects.toMatchObject({ code: "EVENT_LOG_CLOSED" });
    await expect(log.subscribe("legacy", {}, () => undefined)).rejects.toMatchObject({ code: "EVENT_LOG_CLOSED" });
  });
});

describe("MemoryEventLog retention", () => {
  it("drops entries older than retentionMs and keeps maxLength exactly", async () => {
    let now = 1_000_000;
    const log = new MemoryEventLog({ retentionMs: 1000, maxLength: 3, now: () => now });
    await log.append("legacy", entries(0, 2));
    now += 2000;
    const { appended } = await log.append("legacy", entries(2, 1));
    const first = await log.subscribe("legacy", { after: "0-0" }, () => undefined).catch((error: unknown) => error);
    // The two entries that aged out are gone: a replay from before them is refused.
    expect(first).toMatchObject({ code: "EVENT_LOG_TRIMMED" });
    const recorder = new Recorder();
    await log.subscribe("legacy", { after: (first as EventLogTrimmedError).resumeAfter }, recorder.listener);
    expect(recorder.ids).toEqual(appended);
    const more = await log.append("legacy", entries(3, 5));
    const all = new Recorder();
    await expect(log.subscribe("legacy", { after: appended[0] }, () => undefined)).rejects.toMatchObject({
      code: "EVENT_LOG_TRIMMED",
      resumeAfter: more.appended[1],
    });
    await log.subscribe("legacy", { after: more.appended[1] }, all.listener);
    expect(all.ids).toEqual(more.appended.slice(2));
    await log.close();
  });
});

describe("MemoryEventLog byte bound", () => {
  const big = (n: number, bytes: number): LogEntry => ({
    dedupeKey: `big-${n}`,
    event: { n, name: "x".repeat(bytes) },
  });

  it("keeps at most maxBytes of event JSON per source, oldest out first, however few the events", async () => {
    const log = new MemoryEventLog({ maxBytes: 10_000 });
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) ids.push(...(await log.append("legacy", [big(n, 2_000)])).appended);
    // About 2 KB each: the newest four fit, the others went although the count bound is far off.
    const kept = new Recorder();
    await expect(log.subscribe("legacy", { after: ids[0] }, () => undefined)).rejects.toMatchObject({
      code: "EVENT_LOG_TRIMMED",
      resumeAfter: ids[15],
    });
    await log.subscribe("legacy", { after: ids[15] }, kept.listener);
    expect(kept.ids).toEqual(ids.slice(16));
    // The other source keeps its own.
    const other = await log.append("commerce", [big(0, 100)]);
    const commerce = new Recorder();
    await log.subscribe("commerce", { after: "0-0" }, commerce.listener);
    expect(commerce.ids).toEqual(other.appended);
    await log.close();
  });

  it("still hands an event larger than the bound to live subscribers, then drops it", async () => {
    const log = new MemoryEventLog({ maxBytes: 1_000 });
    const live = new Recorder();
    await log.subscribe("legacy", {}, live.listener);
    const { appended } = await log.append("legacy", [big(0, 5_000)]);
    expect(live.ids).toEqual(appended);
    await expect(log.subscribe("legacy", { after: "0-0" }, () => undefined)).rejects.toMatchObject({
      code: "EVENT_LOG_TRIMMED",
      resumeAfter: appended[0],
    });
    await log.close();
  });

  it("ends a replay that the byte bound overtook, as the count bound does", async () => {
    const log = new MemoryEventLog({ maxBytes: 10_000 });
    const first = await log.append("legacy", [big(0, 100), big(1, 100), big(2, 100)]);
    // A replay paced by its reader: its next page waits until this settles.
    let release: () => void = () => undefined;
    const drained = () => new Promise<void>((resolve) => (release = resolve));
    const trimmed: EventLogTrimmedError[] = [];
    const recorder = new Recorder();
    const many = Array.from({ length: 150 }, (_, n) => big(10 + n, 10));
    await log.append("legacy", many);
    await log.subscribe("legacy", { after: "0-0", drained, trimmed: (e) => trimmed.push(e) }, recorder.listener);
    expect(recorder.ids.slice(0, 3)).toEqual(first.appended);
    await log.append("legacy", [big(500, 9_000)]);
    release();
    await sleep(50);
    expect(trimmed).toHaveLength(1);
    expect(trimmed[0]).toMatchObject({ code: "EVENT_LOG_TRIMMED" });
    await log.close();
  });
});

describe("MemoryEventLog dedupe keys", () => {
  it("remembers at most maxDedupeKeys per source, the oldest forgotten first, not only for dedupeTtlMs", async () => {
    const log = new MemoryEventLog({ maxDedupeKeys: 100 });
    // 30 deliveries of 10 events each: 300 keys, within the TTL of a day.
    for (let batch = 0; batch < 30; batch++) await log.append("legacy", entries(batch * 10, 10, "d"));
    // The newest 100 keys are still known: their retries are duplicates.
    expect(await log.append("legacy", entries(200, 100, "d"))).toEqual({ appended: [], duplicates: 100 });
    // The oldest were forgotten: their retry is appended again.
    expect((await log.append("legacy", entries(0, 10, "d"))).appended).toHaveLength(10);
    // Another source's keys are its own.
    expect((await log.append("commerce", entries(0, 1, "d"))).duplicates).toBe(0);
    await log.close();
  });
});

describe("RedisEventLog trimming", () => {
  const prefix = uniquePrefix("trimmed");
  beforeAll(requireSharedRedis);
  afterAll(() => deleteKeys(SHARED_REDIS_URL, prefix));

  it("checks a replay against the entry each entry was appended after; entries written without it replay as before", async () => {
    const log = new RedisEventLog({ url: SHARED_REDIS_URL, keyPrefix: prefix, maxLength: 10, blockMs: 1000 });
    const admin = new Redis(SHARED_REDIS_URL);
    try {
      const stream = log.streamKey("legacy");
      // As an earlier version wrote them: the event alone.
      const older: string[] = [];
      for (let i = 0; i < 3; i += 1) older.push(String(await admin.xadd(stream, "*", "e", JSON.stringify({ n: i }))));
      const { appended } = await log.append("legacy", entries(3, 2));
      const fields = await admin.xrange(stream, "-", "+");
      expect(fields.map(([, values]) => values.slice(2))).toEqual([[], [], [], ["p", older[2]], ["p", appended[0]]]);
      // No entry after "0-0" names a removed one: nothing was trimmed, the replay is whole.
      const all = new Recorder();
      await log.subscribe("legacy", { after: "0-0" }, all.listener);
      await all.until(5);
      expect(all.ids).toEqual([...older, ...appended]);
      // Trimmed without MAXLEN's approximation (XTRIM leaves XINFO's max-deleted-entry-id alone).
      await admin.xtrim(stream, "MAXLEN", 1);
      const info = (await admin.call("XINFO", "STREAM", stream)) as unknown[];
      expect(info[info.indexOf("max-deleted-entry-id") + 1]).toBe("0-0");
      await expect(log.subscribe("legacy", { after: older[1]! }, () => undefined)).rejects.toMatchObject({
        code: "EVENT_LOG_TRIMMED",
        after: older[1],
        resumeAfter: appended[0],
      });
      const kept = new Recorder();
      await log.subscribe("legacy", { after: appended[0] }, kept.listener);
      await kept.until(1);
      expect(kept.ids).toEqual([appended[1]]);
    } finally {
      admin.disconnect();
      await log.close();
    }
  });
});
