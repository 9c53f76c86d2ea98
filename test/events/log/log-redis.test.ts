/**
 * The Redis log as several gateway instances use it: two RedisEventLog instances on one Redis, each
 * with its own reader and local subscribers; and a Redis killed and restarted while events flow.
 */
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dedupeKeyOf } from "../../../src/events/ingress/index.js";
import { compareEventIds, RedisEventLog, type LogEntry } from "../../../src/events/log/index.js";
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

function entry(n: number, from: string): LogEntry {
  return { dedupeKey: `delivery-${n}`, event: { n, from } };
}

function expectAscending(ids: string[]): void {
  expect([...ids].sort(compareEventIds)).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
}

describe("two instances on the machine's Redis", () => {
  const keyPrefix = uniquePrefix("instances");
  const errors: unknown[] = [];
  const logs: RedisEventLog[] = [];
  const instance = (): RedisEventLog => {
    const log = new RedisEventLog({ url: SHARED_REDIS_URL, keyPrefix, blockMs: 1000, onError: (e) => errors.push(e) });
    logs.push(log);
    return log;
  };

  beforeAll(() => requireSharedRedis());
  afterAll(async () => {
    for (const log of logs) await log.close();
    await deleteKeys(SHARED_REDIS_URL, keyPrefix);
  });

  it("delivers every event appended on either instance to every subscriber on both, once and in order", async () => {
    const a = instance();
    const b = instance();
    const onA = [new Recorder(), new Recorder(), new Recorder()];
    const onB = [new Recorder(), new Recorder()];
    for (const recorder of onA) await a.subscribe("legacy", {}, recorder.listener);
    for (const recorder of onB) await b.subscribe("legacy", {}, recorder.listener);
    const commerceOnB = new Recorder();
    await b.subscribe("commerce", {}, commerceOnB.listener);

    // Webhooks reach both instances at once, as a load balancer would spread them.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, n) => (n % 2 === 0 ? a : b).append("legacy", [entry(n, n % 2 ? "b" : "a")])),
    );
    const ids = results.flatMap((result) => result.appended).sort(compareEventIds);
    expect(ids).toHaveLength(60);
    for (const recorder of [...onA, ...onB]) {
      await recorder.until(60);
      expectAscending(recorder.ids);
    }
    await sleep(50);
    for (const recorder of [...onA, ...onB]) expect(recorder.ids).toEqual(ids);
    expect(new Set(onA[0]?.events.map((event) => event.event["n"]))).toEqual(new Set(ids.map((_, n) => n)));
    expect(commerceOnB.events).toEqual([]);

    // A retry of one delivery, received by the other instance, is appended once.
    expect(await b.append("legacy", [entry(0, "a")])).toEqual({ appended: [], duplicates: 1 });
  });

  it("gives a client reconnecting to the other instance with `after` exactly what it missed", async () => {
    const a = instance();
    const b = instance();
    const client = new Recorder();
    const unsubscribe = await a.subscribe("commerce", {}, client.listener);
    const { appended: seen } = await a.append("commerce", [entry(100, "a"), entry(101, "a")]);
    await client.until(2);
    unsubscribe();
    const { appended: missed } = await b.append("commerce", [entry(102, "b"), entry(103, "b"), entry(104, "b")]);

    const resumed = new Recorder();
    await b.subscribe("commerce", { after: client.ids.at(-1) }, resumed.listener);
    const { appended: live } = await a.append("commerce", [entry(105, "a")]);
    await resumed.until(4);
    await sleep(50);
    expect(client.ids).toEqual(seen);
    expect(resumed.ids).toEqual([...missed, ...live]);
    expect(resumed.events.map((event) => event.event["n"])).toEqual([102, 103, 104, 105]);
  });
});

describe("a Redis restarted mid-stream", () => {
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

  it("loses nothing Redis accepted: the readers reconnect and resume from the last id they delivered", async () => {
    const options = { url: server.url, blockMs: 1000, onError: () => undefined };
    const a = new RedisEventLog(options);
    const b = new RedisEventLog(options);
    logs.push(a, b);
    const recorders = [new Recorder(), new Recorder(), new Recorder()];
    await a.subscribe("legacy", {}, recorders[0]?.listener ?? (() => undefined));
    await a.subscribe("legacy", {}, recorders[1]?.listener ?? (() => undefined));
    await b.subscribe("legacy", {}, recorders[2]?.listener ?? (() => undefined));

    const total = 150;
    const failed: number[] = [];
    let restarted: Promise<void> | undefined;
    for (let n = 0; n < total; n += 1) {
      // Killed (SIGKILL) while appends go on, back on the same port half a second later.
      if (n === 50) restarted = server.kill().then(() => sleep(500).then(() => server.start()));
      try {
        await (n % 2 === 0 ? a : b).append("legacy", [entry(n, "live")]);
      } catch {
        failed.push(n); // refused during the outage: the backend would retry the webhook
      }
      await sleep(2);
    }
    await restarted;
    // The retries, once Redis is back. An append that failed only on the way back is deduplicated.
    for (const n of failed) {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await a.append("legacy", [entry(n, "live")]);
          break;
        } catch (error) {
          if (attempt > 50) throw error;
          await sleep(100);
        }
      }
    }

    for (const recorder of recorders) await recorder.until(total, 10_000);
    await sleep(100);
    const first = recorders[0]?.ids ?? [];
    for (const recorder of recorders) {
      expect(recorder.ids).toEqual(first);
      expectAscending(recorder.ids);
      const numbers = recorder.events.map((event) => event.event["n"]);
      expect(new Set(numbers).size).toBe(total);
    }
    expect(failed.length).toBeGreaterThan(0); // the outage really happened mid-stream
  });

  it("resumes a reader whose connection alone was cut from the last id it delivered", async () => {
    const log = new RedisEventLog({ url: server.url, keyPrefix: "cut:", blockMs: 1000, onError: () => undefined });
    logs.push(log);
    const recorder = new Recorder();
    await log.subscribe("commerce", {}, recorder.listener);
    const { appended: before } = await log.append("commerce", [entry(0, "before")]);
    await recorder.until(1);

    const admin = new Redis(server.url);
    try {
      // Every reader on this Redis (this log's and those of the test before) loses its connection.
      const clients = String(await admin.call("CLIENT", "LIST")).split("\n");
      const readers = clients.filter((line) => line.includes("name=mailgraph-events-reader"));
      expect(readers.length).toBeGreaterThan(0);
      for (const line of readers) {
        const id = /(?:^| )id=(\d+)/.exec(line)?.[1];
        if (id !== undefined) await admin.call("CLIENT", "KILL", "ID", id);
      }
      // Appended while the reader is away: XREAD from its last id finds them once it is back.
      const during = await log.append("commerce", [entry(1, "during"), entry(2, "during")]);
      await recorder.until(3);
      await sleep(50);
      expect(recorder.ids).toEqual([...before, ...during.appended]);
    } finally {
      admin.disconnect();
    }
  });
});

describe("dedupe keys on Redis", () => {
  const keyPrefix = uniquePrefix("dedupe");
  let log: RedisEventLog;
  beforeAll(async () => {
    await requireSharedRedis();
    log = new RedisEventLog({ url: SHARED_REDIS_URL, keyPrefix, blockMs: 1000, onError: () => undefined });
  });
  afterAll(async () => {
    await log.close();
    await deleteKeys(SHARED_REDIS_URL, keyPrefix);
  });

  it("keep each delivery's keys in a hash of its own that expires, commerce deliveries included", async () => {
    const entry = (delivery: string, index: number) => ({
      dedupeKey: dedupeKeyOf("commerce", delivery, index),
      event: { delivery },
    });
    expect((await log.append("commerce", [entry("a".repeat(64), 0)])).duplicates).toBe(0);
    expect((await log.append("commerce", [entry("b".repeat(64), 0)])).duplicates).toBe(0);
    expect((await log.append("commerce", [entry("a".repeat(64), 0)])).duplicates).toBe(1);
    const admin = new Redis(SHARED_REDIS_URL);
    try {
      const hashes: string[] = [];
      for (const key of await admin.keys(`${keyPrefix}*`)) if ((await admin.type(key)) === "hash") hashes.push(key);
      expect(hashes).toHaveLength(2);
      for (const key of hashes) expect(await admin.pttl(key)).toBeGreaterThan(0);
    } finally {
      admin.disconnect();
    }
  });
});
