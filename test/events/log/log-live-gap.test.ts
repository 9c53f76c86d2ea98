/**
 * The live reader of an instance that falls behind the log: entries trimmed (or lost with the
 * stream's end) before it read them are never skipped in silence. Its live subscriptions that
 * missed something end with EventLogTrimmedError (`after`: the last event each was handed,
 * `resumeAfter`: where what the log keeps goes on), the reader carries on for new subscribers, and
 * nothing is delivered twice. No timing is relied on: the instance is held by blocking its event
 * loop while another process appends, or by one batch that trims past it atomically.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EventLogError,
  EventLogTrimmedError,
  MemoryEventLog,
  RedisEventLog,
  type EventSource,
  type LogEntry,
  type RedisEventLogOptions,
} from "../../../src/events/log/index.js";
import { openFeed } from "../../../src/events/feed.js";
import {
  deleteKeys,
  OwnedRedisServer,
  Recorder,
  requireRedisServerBinary,
  requireSharedRedis,
  SHARED_REDIS_URL,
  sleep,
  uniquePrefix,
} from "./log-helpers.js";

const WRITER = fileURLToPath(new URL("./live-gap-writer.ts", import.meta.url));

function batch(from: number, count: number, tag: string): LogEntry[] {
  return Array.from({ length: count }, (_, i) => ({ dedupeKey: `${tag}-${from + i}`, event: { n: from + i, tag } }));
}

/** A live subscriber that records its events and the error it ended with, if any. */
class Watcher extends Recorder {
  readonly ended: EventLogTrimmedError[] = [];
  readonly trimmed = (error: EventLogTrimmedError): void => {
    this.ended.push(error);
  };

  async untilEnded(timeoutMs = 10_000): Promise<EventLogTrimmedError> {
    const deadline = Date.now() + timeoutMs;
    while (this.ended.length === 0) {
      if (Date.now() > deadline) throw new Error(`no trimmed error; events: ${this.ids.join(", ")}`);
      await sleep(5);
    }
    return this.ended[0]!;
  }
}

async function watch(log: RedisEventLog | MemoryEventLog, source: EventSource, after?: string): Promise<Watcher> {
  const watcher = new Watcher();
  await log.subscribe(source, { after, trimmed: watcher.trimmed }, watcher.listener);
  return watcher;
}

/** [id, predecessor named by `p`] of the oldest entry the stream keeps. */
async function oldestKept(client: Redis, key: string): Promise<[string, string | undefined]> {
  const [first] = await client.xrange(key, "-", "+", "COUNT", 1);
  if (!first) throw new Error("empty stream");
  const fields = first[1];
  return [first[0], fields[fields.indexOf("p") + 1]];
}

describe("a live reader that falls behind trimming, on the machine's Redis", () => {
  const keyPrefix = uniquePrefix("live-gap");
  const logs: RedisEventLog[] = [];
  const errors: unknown[] = [];
  let admin: Redis;
  const instance = (options: Partial<RedisEventLogOptions> = {}): RedisEventLog => {
    const log = new RedisEventLog({
      url: SHARED_REDIS_URL,
      keyPrefix,
      blockMs: 1000,
      onError: (e) => errors.push(e),
      ...options,
    });
    logs.push(log);
    return log;
  };

  beforeAll(async () => {
    await requireSharedRedis();
    admin = new Redis(SHARED_REDIS_URL);
  });
  afterAll(async () => {
    for (const log of logs) await log.close();
    admin.disconnect();
    await deleteKeys(SHARED_REDIS_URL, keyPrefix);
  });

  it("ends the live subscriptions of an instance held while another appends past EVENT_LOG_MAX_LENGTH, with what was lost", async () => {
    const key = `${keyPrefix}{events}:legacy`;
    const a = instance();
    const first = await watch(a, "legacy");
    const second = await watch(a, "legacy");
    const commerce = await watch(a, "commerce");
    const { appended: before } = await a.append("legacy", batch(0, 2, "before"));
    await first.until(2);
    errors.length = 0;

    // The instance is held (its event loop blocked) while another instance appends 3 events, then
    // 300 more in batches of 100 keeping 10: the stream is trimmed far past what this reader read.
    const out = execFileSync(
      process.execPath,
      ["--import", "tsx", WRITER, SHARED_REDIS_URL, keyPrefix, "10", "3", "100", "100", "100"],
      {
        encoding: "utf8",
      },
    );
    const written = JSON.parse(out) as string[];
    const ids = [...before, ...written];
    const [oldest, removed] = await oldestKept(admin, key);
    const lost = ids.indexOf(removed ?? "");
    expect(lost).toBeGreaterThan(before.length + 3); // trimming went past the reader's position

    const error = await first.untilEnded();
    expect(error).toBeInstanceOf(EventLogTrimmedError);
    // What the subscription got is an unbroken run from the start; the error names the rest.
    const got = first.ids;
    expect(got).toEqual(ids.slice(0, got.length));
    expect(got.length).toBeLessThan(lost + 1);
    expect(error).toMatchObject({ source: "legacy", after: got.at(-1), resumeAfter: removed, lostEnd: false });
    expect(second.ids).toEqual(got);
    expect(second.ended).toEqual([error]);
    // Nothing after the gap reaches the ended subscriptions; the other source's one goes on.
    await sleep(50);
    expect(first.ids).toEqual(got);
    expect(first.ended).toHaveLength(1);
    expect(commerce.ended).toEqual([]);
    // The operators are told too, once.
    expect(errors).toEqual([expect.objectContaining({ code: "EVENT_LOG_TRIMMED" })]);
    expect(String((errors[0] as Error).message)).toContain(`up to ${removed}`);

    // The reader goes on: a new live subscriber gets what comes next.
    const later = await watch(a, "legacy");
    const { appended: next } = await a.append("legacy", batch(100, 1, "after"));
    await later.until(1);
    expect(later.ids).toEqual(next);
    expect(later.ended).toEqual([]);
    await sleep(50);
    expect(first.ids).toEqual(got);

    // Resuming from the last event it got is refused and told the same stretch; from resumeAfter,
    // it gets exactly what the log kept and what came since: nothing skipped, nothing twice.
    await expect(a.subscribe("legacy", { after: got.at(-1) }, () => undefined)).rejects.toMatchObject({
      code: "EVENT_LOG_TRIMMED",
      resumeAfter: removed,
    });
    const resumed = await watch(a, "legacy", removed);
    const kept = ids.slice(lost + 1);
    expect(kept[0]).toBe(oldest);
    await resumed.until(kept.length + 1);
    expect(resumed.ids).toEqual([...kept, ...next]);
  });

  it("ends the live subscriptions on every instance when one batch trims past them before any reader reads it", async () => {
    const a = instance();
    const b = instance({ maxLength: 50 });
    const onA = await watch(a, "commerce");
    const onB = await watch(b, "commerce");
    const { appended: start } = await b.append("commerce", batch(0, 1, "start"));
    await onA.until(1);
    await onB.until(1);

    // Both readers are blocked in XREAD; the append script writes and trims in one step.
    const { appended } = await b.append("commerce", batch(1, 300, "burst"));
    const [oldest, removed] = await oldestKept(admin, `${keyPrefix}{events}:commerce`);
    expect(appended.indexOf(oldest)).toBeGreaterThan(0);
    for (const watcher of [onA, onB]) {
      const error = await watcher.untilEnded();
      expect(error).toMatchObject({ after: start[0], resumeAfter: removed, lostEnd: false });
      expect(watcher.ids).toEqual(start);
    }
  });

  it("ends a live feed with the trimmed marker after what it got, as a subscription sees it", async () => {
    const a = instance();
    const b = instance({ maxLength: 50 });
    const feed = await openFeed(a, { source: "legacy", select: (event) => event.id });
    const { appended: start } = await b.append("legacy", batch(0, 1, "feed-start"));
    const firstStep = await feed.next();
    expect(firstStep.value).toEqual({ kind: "event", value: start[0] });
    await b.append("legacy", batch(1, 300, "feed-burst"));
    const [, removed] = await oldestKept(admin, `${keyPrefix}{events}:legacy`);
    const marker = await feed.next();
    expect(marker.value).toMatchObject({ kind: "trimmed", error: { after: start[0], resumeAfter: removed } });
    expect(await feed.next()).toEqual({ value: undefined, done: true });
  });

  it("raises no alarm at a reader's first read, nor for entries written before `p` existed", async () => {
    errors.length = 0;
    const prefix = uniquePrefix("live-gap-old");
    const key = `${prefix}{events}:legacy`;
    const writer = instance({ keyPrefix: prefix, maxLength: 10 });
    try {
      // A log trimmed long before this instance starts: its oldest entry names a removed predecessor.
      await writer.append("legacy", batch(0, 300, "old"));
      const [, removed] = await oldestKept(admin, key);
      expect(removed).not.toBe("0-0");
      const a = instance({ keyPrefix: prefix });
      const live = await watch(a, "legacy");
      const { appended } = await writer.append("legacy", batch(300, 2, "new"));
      await live.until(2);
      expect(live.ids).toEqual(appended);

      // Entries of an earlier version (no `p`), appended and trimmed past the reader in one step:
      // nothing to check them by, so they are delivered, unchecked.
      const multi = admin.multi();
      for (let n = 0; n < 250; n += 1) multi.xadd(key, "*", "e", JSON.stringify({ n, tag: "legacy-version" }));
      multi.xtrim(key, "MAXLEN", 5);
      await multi.exec();
      const kept = (await admin.xrange(key, "-", "+")).map(([id]) => id);
      await live.until(2 + kept.length);
      await sleep(50);
      expect(live.ids).toEqual([...appended, ...kept]);
      expect(live.ended).toEqual([]);
      expect(errors.filter((e) => e instanceof EventLogError)).toEqual([]);
    } finally {
      await deleteKeys(SHARED_REDIS_URL, prefix);
    }
  });

  it("ends the live subscriptions when the stream is deleted under them, and goes on with the new one", async () => {
    const prefix = uniquePrefix("live-gap-deleted");
    const a = instance({ keyPrefix: prefix });
    try {
      const live = await watch(a, "legacy");
      const { appended: before } = await a.append("legacy", batch(0, 2, "before"));
      await live.until(2);
      await admin.del(`${prefix}{events}:legacy`);
      // The new stream's first ids come from Redis's clock: past the last millisecond read (a stream
      // recreated with ids up to what the reader read is caught when the reader reconnects, below).
      const lastMs = Number(before[1]?.split("-")[0]);
      while (Date.now() <= lastMs) await sleep(1);
      const { appended: after } = await a.append("legacy", batch(10, 2, "after"));

      const error = await live.untilEnded();
      expect(error).toMatchObject({ after: before[1], resumeAfter: "0-0", lostEnd: true });
      expect(live.ids).toEqual(before);
      // The new stream from where it begins: exactly what was appended since.
      const resumed = await watch(a, "legacy", error.resumeAfter);
      await resumed.until(2);
      expect(resumed.ids).toEqual(after);
      const later = await watch(a, "legacy");
      const { appended: next } = await a.append("legacy", batch(20, 1, "next"));
      await later.until(1);
      expect(later.ids).toEqual(next);
      await resumed.until(3);
      expect(resumed.ids).toEqual([...after, ...next]);
    } finally {
      await deleteKeys(SHARED_REDIS_URL, prefix);
    }
  });
});

describe("a live reader whose Redis comes back with the stream's end lost", () => {
  const server = new OwnedRedisServer();
  const logs: RedisEventLog[] = [];

  beforeAll(async () => {
    requireRedisServerBinary();
    await server.start();
  });
  afterAll(async () => {
    for (const log of logs) await log.close();
    await server.stop();
  });

  it("ends subscriptions past the new end even when the new entries' ids are lower than what it read", async () => {
    const a = new RedisEventLog({ url: server.url, keyPrefix: "back:", blockMs: 200, onError: () => undefined });
    logs.push(a);
    const live = await watch(a, "commerce");
    const { appended: before } = await a.append("commerce", batch(0, 2, "before"));
    await live.until(2);

    const admin = new Redis(server.url);
    try {
      // The stream replaced by one whose ids lie below what the reader read (as after a failover
      // to a replica behind, on a host whose clock is behind): XREAD from the reader's position
      // would never return them.
      const key = "back:{events}:commerce";
      await admin.del(key);
      await admin.xadd(key, "1-1", "e", JSON.stringify({ n: 1 }), "p", "0-0");
      await admin.xadd(key, "1-2", "e", JSON.stringify({ n: 2 }), "p", "1-1");
      const clients = String(await admin.call("CLIENT", "LIST")).split("\n");
      for (const line of clients.filter((l) => l.includes("name=mailgraph-events-reader"))) {
        const id = /(?:^| )id=(\d+)/.exec(line)?.[1];
        if (id !== undefined) await admin.call("CLIENT", "KILL", "ID", id);
      }

      const error = await live.untilEnded();
      expect(error).toMatchObject({ source: "commerce", after: before[1], resumeAfter: "1-2", lostEnd: true });
      expect(live.ids).toEqual(before);
      // The reader reads on from the new end.
      const later = await watch(a, "commerce");
      const { appended: next } = await a.append("commerce", batch(10, 1, "next"));
      await later.until(1);
      expect(later.ids).toEqual(next);
      expect(live.ids).toEqual(before);
    } finally {
      admin.disconnect();
    }
  });
});

describe("the in-memory log's live subscribers", () => {
  it("get a batch larger than EVENT_LOG_MAX_LENGTH whole: trimming never overtakes live delivery there", async () => {
    const log = new MemoryEventLog({ maxLength: 10, onError: (e) => expect.fail(String(e)) });
    const live = await watch(log, "legacy");
    // A listener that appends more while the batch is delivered: still each event once, in order.
    let echoed = false;
    await log.subscribe("legacy", {}, () => {
      if (echoed) return;
      echoed = true;
      void log.append("legacy", batch(1000, 30, "echo"));
    });
    const { appended } = await log.append("legacy", batch(0, 100, "burst"));
    await sleep(0);
    expect(live.ids.slice(0, 100)).toEqual(appended);
    expect(live.ids).toHaveLength(130);
    expect(new Set(live.ids).size).toBe(130);
    expect(live.ended).toEqual([]);
    await log.close();
  });
});
