/**
 * What a replay (`after`) may cost: one page at a time per subscription, read only once its reader
 * has taken the page before (whatever `after` says, however slowly it reads); Redis pages read a
 * few at a time for the whole instance, and shared by replays of the same stretch; a replay that
 * cannot get a turn in time is refused with a typed error. Run against both logs where both apply,
 * and through the graph (the Redis ones under their own key prefixes, deleted after).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Redis, type Command } from "ioredis";
import type { GraphQLError } from "graphql";
import { openFeed, type FeedItem } from "../../../src/events/feed.js";
import {
  EventLogError,
  MemoryEventLog,
  RedisEventLog,
  REPLAY_PAGE,
  type EventLog,
  type LogEntry,
} from "../../../src/events/log/index.js";
import { ReplayGate } from "../../../src/events/log/replay-gate.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { demo } from "../../e2e/support/ids.js";
import { FIXED_NOW, startGateway } from "../../support/stack.js";
import { deleteKeys, requireSharedRedis, SHARED_REDIS_URL, sleep, uniquePrefix } from "./log-helpers.js";
import { subscribeWs, until, wsClient, type Received } from "../../schema/events/subscriptions-support.js";

const prefixes: string[] = [];
const logs: EventLog[] = [];

function redisLog(options: { replayConcurrency?: number; replayWaitMs?: number } = {}): RedisEventLog {
  const keyPrefix = uniquePrefix("replay");
  prefixes.push(keyPrefix);
  const log = new RedisEventLog({ url: SHARED_REDIS_URL, keyPrefix, blockMs: 1000, ...options });
  logs.push(log);
  return log;
}

function memoryLog(): MemoryEventLog {
  const log = new MemoryEventLog({ maxLength: 100_000 });
  logs.push(log);
  return log;
}

beforeAll(() => requireSharedRedis());
afterEach(async () => {
  vi.restoreAllMocks();
  for (const log of logs.splice(0)) await log.close();
});
afterAll(async () => {
  for (const prefix of prefixes.splice(0)) await deleteKeys(SHARED_REDIS_URL, prefix);
});

/** `count` events of `list`, about `size` bytes of JSON each, appended in batches of 1,000. */
async function appendEvents(log: EventLog, count: number, list: string, size = 200, tag = list): Promise<string[]> {
  const padding = "x".repeat(Math.max(0, size - 60));
  const ids: string[] = [];
  for (let from = 0; from < count; from += 1000) {
    const batch: LogEntry[] = Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({
      dedupeKey: `${tag}:${from + i}`,
      event: { listId: list, n: from + i, padding },
    }));
    ids.push(...(await log.append("legacy", batch)).appended);
  }
  return ids;
}

/** Counts the XRANGE commands every ioredis client of this process sends, and how many wait for a reply at once. */
function countReplayReads(): { total: () => number; peak: () => number } {
  const send: Redis["sendCommand"] = Reflect.get(Redis.prototype, "sendCommand");
  let total = 0;
  let inFlight = 0;
  let peak = 0;
  vi.spyOn(Redis.prototype, "sendCommand").mockImplementation(function (this: Redis, command: Command, stream) {
    if (command.name === "xrange") {
      total += 1;
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      const settled = () => void (inFlight -= 1);
      command.promise.then(settled, settled);
    }
    return send.call(this, command, stream);
  });
  return { total: () => total, peak: () => peak };
}

describe.each([
  { name: "MemoryEventLog", create: () => memoryLog() },
  { name: "RedisEventLog", create: () => redisLog() },
])("$name: a replay's pace is its reader's", ({ create }) => {
  it("holds one page of a replay from 0-0 for a reader that does not read, then hands over all, in order, and goes live", async () => {
    const log = create();
    const ids = await appendEvents(log, 2_500, "a");
    let selected = 0;
    const feed = await openFeed(log, {
      source: "legacy",
      after: "0-0",
      select: ({ id }) => {
        selected += 1;
        return id;
      },
    });
    // The reader reads nothing for a while: the replay waits for it instead of filling its buffer.
    await sleep(200);
    expect(selected).toBeLessThanOrEqual(REPLAY_PAGE);
    const seen: string[] = [];
    let peakSelectedAhead = 0;
    while (seen.length < ids.length) {
      const { value } = (await feed.next()) as { value: FeedItem<string> };
      if (value.kind !== "event") throw new Error(`the feed ended with ${value.kind} after ${seen.length} events`);
      seen.push(value.value);
      peakSelectedAhead = Math.max(peakSelectedAhead, selected - seen.length);
    }
    expect(seen).toEqual(ids);
    expect(peakSelectedAhead).toBeLessThanOrEqual(REPLAY_PAGE);
    const [live] = await appendEvents(log, 1, "a", 200, "live");
    expect(await feed.next()).toEqual({ value: { kind: "event", value: live }, done: false });
    await feed.return?.();
  });

  it("passes the events its filter leaves out without waiting for the reader, and holds none of them", async () => {
    const log = create();
    await appendEvents(log, 3_000, "other");
    const [mine] = await appendEvents(log, 1, "mine");
    let looked = 0;
    const feed = await openFeed(log, {
      source: "legacy",
      after: "0-0",
      select: ({ id, event }) => {
        looked += 1;
        return event.listId === "mine" ? id : undefined;
      },
    });
    expect(await feed.next()).toEqual({ value: { kind: "event", value: mine }, done: false });
    expect(looked).toBe(3_001);
    await feed.return?.();
  });

  it("stops reading once the subscriber leaves mid-replay", async () => {
    const log = create();
    await appendEvents(log, 1_000, "a");
    let selected = 0;
    const feed = await openFeed(log, {
      source: "legacy",
      after: "0-0",
      select: ({ id }) => (selected++, id),
    });
    await feed.next();
    await feed.return?.();
    const after = selected;
    await sleep(100);
    expect(selected).toBe(after);
    expect(selected).toBeLessThanOrEqual(REPLAY_PAGE);
  });
});

describe("RedisEventLog: replays across the instance", () => {
  it("50 replays from 0-0 over 5,000 events of another list (2 KB each) read a few pages at a time and share them", async () => {
    const log = redisLog();
    await appendEvents(log, 5_000, "99999", 2_000);
    const reads = countReplayReads();
    let looked = 0;
    const feeds = await Promise.all(
      Array.from({ length: 50 }, () =>
        openFeed(log, {
          source: "legacy",
          after: "0-0",
          select: ({ event }) => {
            looked += 1;
            return event.listId === "1" ? event : undefined;
          },
        }),
      ),
    );
    const deadline = Date.now() + 20_000;
    while (looked < 50 * 5_000 && Date.now() < deadline) await sleep(20);
    expect(looked).toBe(50 * 5_000);
    // At most the instance's turns (4) of replies in flight, where each replay read all 51 pages on its own before.
    expect(reads.peak()).toBeLessThanOrEqual(4);
    // 50 full pages read about once, plus each replay's short last page and the first pages read while others waited.
    expect(reads.total()).toBeLessThan(50 + 50 * 2 + 10);
    for (const feed of feeds) await feed.return?.();
  });

  it("refuses a replay whose turn does not come within its wait with a typed error, while the one holding the turn goes on", async () => {
    const log = redisLog({ replayConcurrency: 1, replayWaitMs: 150 });
    const [firstId] = await appendEvents(log, 10, "a");
    // Redis answering replay reads slowly: the first replay holds the one turn for 400 ms.
    const xrange = Reflect.get(Redis.prototype, "xrange") as (...args: unknown[]) => Promise<[string, string[]][]>;
    vi.spyOn(Redis.prototype, "xrange").mockImplementation(async function (this: Redis, ...args: unknown[]) {
      await sleep(400);
      return xrange.apply(this, args);
    });
    const first = openFeed(log, { source: "legacy", after: "0-0", select: ({ id }) => id });
    await sleep(20);
    // From elsewhere in the log (a replay from the same place would wait for the first one's read).
    const refused = await openFeed(log, { source: "legacy", after: firstId, select: ({ id }) => id }).then(
      () => undefined,
      (error: unknown) => error as GraphQLError,
    );
    expect(refused?.message).toMatch(/subscribe again with the same `after`/);
    expect(refused?.extensions).toEqual({ code: "UPSTREAM_UNAVAILABLE", reason: "REPLAY_BUSY" });
    const feed = await first;
    expect((await feed.next()).value).toMatchObject({ kind: "event" });
    await feed.return?.();
  });
});

describe("listEvents with `after` through the graph (Redis log)", () => {
  it("20 replays from 0-0 over 3,000 events of other lists get exactly their list's, read a few pages at a time, then go live", async () => {
    const legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
    const keyPrefix = uniquePrefix("replay-graph");
    prefixes.push(keyPrefix);
    const gateway = await startGateway(legacy.url, {
      AUTH_MODE: "open",
      REDIS_URL: SHARED_REDIS_URL,
      EVENT_LOG_KEY_PREFIX: keyPrefix,
    });
    const client = wsClient(gateway);
    const feeds: Received[] = [];
    try {
      const listEvent = (n: number, listId: string) => ({
        dedupeKey: `graph:${listId}:${n}`,
        event: {
          type: "Subscribe",
          listId,
          email: `replayed.${n}@example.com`,
          name: `Replayed ${n}`,
          date: "2026-03-18 03:00:00",
          receivedAt: new Date(FIXED_NOW).toISOString(),
          signupIpAddress: "203.0.113.7",
          customFields: [{ key: "[Notes]", value: "x".repeat(800) }],
        },
      });
      const mine: string[] = [];
      for (let batch = 0; batch < 30; batch += 1) {
        const others = Array.from({ length: 100 }, (_, i) => listEvent(batch * 100 + i, "99999"));
        const { appended } = await gateway.events.append("legacy", [
          ...others,
          listEvent(batch, DEMO.lists.newsletter),
        ]);
        mine.push(appended.at(-1)!);
      }
      const reads = countReplayReads();
      const query = `subscription Replayed($list: ID!) { listEvents(listId: $list, after: "0-0") { id emailAddress } }`;
      for (let i = 0; i < 20; i += 1) feeds.push(subscribeWs(client, query, { list: demo.newsletter }));
      const ids = (feed: Received) => feed.results.map((result) => result.data?.listEvents?.["id"]);
      await until(
        () => feeds.every((feed) => feed.results.length >= mine.length),
        () => feeds.map((feed) => feed.results.length),
        15_000,
      );
      for (const feed of feeds) {
        expect(feed.results.every((result) => result.errors === undefined)).toBe(true);
        expect(ids(feed)).toEqual(mine);
      }
      expect(reads.peak()).toBeLessThanOrEqual(4);
      const [live] = (await gateway.events.append("legacy", [listEvent(999, DEMO.lists.newsletter)])).appended;
      await until(
        () => feeds.every((feed) => feed.results.length === mine.length + 1),
        () => feeds.map((feed) => feed.results.length),
      );
      for (const feed of feeds) expect(ids(feed).at(-1)).toBe(live);
    } finally {
      for (const feed of feeds) feed.stop();
      await client.dispose();
      await gateway.close();
      await legacy.close();
    }
  });
});

describe("ReplayGate", () => {
  it("gives at most `limit` turns at once, the others in the order they asked", async () => {
    const gate = new ReplayGate(2);
    const order: number[] = [];
    const turns = [1, 2, 3, 4, 5].map((n) => gate.turn().then(() => order.push(n)));
    await sleep(5);
    expect(order).toEqual([1, 2]);
    expect(gate.waiting).toBe(3);
    gate.done();
    await sleep(5);
    expect(order).toEqual([1, 2, 3]);
    gate.done();
    gate.done();
    await Promise.all(turns);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(gate.running).toBe(2);
  });

  it("refuses a waiter after its wait with EVENT_LOG_BUSY, skips it when its turn comes, and refuses all once closed", async () => {
    const gate = new ReplayGate(1);
    await gate.turn();
    const late = gate.turn(30);
    const patient = gate.turn();
    await expect(late).rejects.toMatchObject({ code: "EVENT_LOG_BUSY" });
    await expect(late).rejects.toBeInstanceOf(EventLogError);
    gate.done();
    await patient;
    expect(gate.running).toBe(1);
    const closed = gate.turn();
    gate.close();
    await expect(closed).rejects.toMatchObject({ code: "EVENT_LOG_CLOSED" });
    await expect(gate.turn()).rejects.toMatchObject({ code: "EVENT_LOG_CLOSED" });
  });
});
