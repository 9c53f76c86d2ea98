/**
 * Shared executions of live subscriptions (src/live/), in parts: which operations share
 * and under which key, the payload serialized once and written to every sink, a slow reader or
 * sink given up on alone, and the last reader ending the execution.
 */
import { GraphQLError, parse, type ExecutionResult } from "graphql";
import { describe, expect, it } from "vitest";
import { Fanout } from "../../src/live/fanout.js";
import { serializeResult } from "../../src/live/raw-payload.js";
import { MAX_SHARED_VARIABLES_DEPTH, shareableField, shareKey } from "../../src/live/share-key.js";
import { HARD_BUFFER_FACTOR, type FanoutSink } from "../../src/live/subscribers.js";
import { liveFieldsOf } from "../../src/schema/events/live-fields.js";
import { schema } from "../../src/schema/index.js";
import { slowConsumerResult } from "../../src/schema/events/subscriptions.js";

/** The root fields the schema marks live. */
const LIVE = liveFieldsOf(schema);

const LIST_FEED = `subscription F($list: ID!, $after: ID) { feed: listEvents(listId: $list, after: $after) { id } }`;

describe("shareableField", () => {
  it("takes the live fields the schema marks: listEvents, commerceEvents and contactEvents, not asyncJob", () => {
    expect([...LIVE].sort()).toEqual(["commerceEvents", "contactEvents", "listEvents"]);
  });

  it("shares live listEvents, commerceEvents and contactEvents, under the root field's response key", () => {
    expect(shareableField(parse(LIST_FEED), "F", { list: "L" }, LIVE)).toBe("feed");
    expect(shareableField(parse(LIST_FEED), "F", { list: "L", after: null }, LIVE)).toBe("feed");
    expect(shareableField(parse('subscription { commerceEvents(topics: ["a"]) { id } }'), undefined, {}, LIVE)).toBe(
      "commerceEvents",
    );
    expect(
      shareableField(parse('subscription { contactEvents(email: "a@b.c") { cursor } }'), undefined, {}, LIVE),
    ).toBe("contactEvents");
  });

  it("runs on their own: a replay (`after` given, literally, by variable or by default), asyncJob, queries", () => {
    expect(shareableField(parse(LIST_FEED), "F", { list: "L", after: "1-0" }, LIVE)).toBeUndefined();
    expect(shareableField(parse('subscription { listEvents(listId: "L", after: "1-0") { id } }'), null, {}, LIVE)).toBe(
      undefined,
    );
    const withDefault = 'subscription F($a: ID = "1-0") { listEvents(listId: "L", after: $a) { id } }';
    expect(shareableField(parse(withDefault), "F", {}, LIVE)).toBeUndefined();
    expect(shareableField(parse('subscription { asyncJob(id: "J") { id } }'), null, {}, LIVE)).toBeUndefined();
    expect(shareableField(parse("query { __typename }"), null, {}, LIVE)).toBeUndefined();
  });

  it("runs variables nested past MAX_SHARED_VARIABLES_DEPTH on their own, however deep, without building a key", () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(shareableField(parse(LIST_FEED), "F", { list: "L", extra: deep }, LIVE)).toBeUndefined();
    let within: unknown = "x";
    for (let i = 1; i < MAX_SHARED_VARIABLES_DEPTH; i++) within = [within];
    expect(shareableField(parse(LIST_FEED), "F", { list: "L", extra: within }, LIVE)).toBe("feed");
  });
});

describe("Fanout.scopeKey", () => {
  it("hashes a caller scope once per call, equal for equal scopes, without showing it", () => {
    const fanout = new Fanout({ slowConsumerResult });
    const a = fanout.scopeKey(["key-a", { b: 1, a: 2 }]);
    expect(fanout.scopeKey(["key-a", { a: 2, b: 1 }])).toBe(a);
    expect(fanout.scopeKey(["key-b", { a: 2, b: 1 }])).not.toBe(a);
    expect(a).not.toContain("key-a");
    expect(fanout.stats.scopes).toBe(3);
  });
});

describe("shareKey", () => {
  const base = { query: LIST_FEED, operationName: "F", variables: { list: "L" }, scope: ["key-a", null] };

  it("is the same for the same document, variables (in any key order) and scope", () => {
    expect(shareKey(base)).toBe(shareKey({ ...base, variables: { list: "L" } }));
    const two = { ...base, variables: { a: 1, b: 2 } };
    expect(shareKey(two)).toBe(shareKey({ ...base, variables: { b: 2, a: 1 } }));
  });

  it("differs for other credentials, variables or documents, and does not show the credentials", () => {
    expect(shareKey({ ...base, scope: ["key-b", null] })).not.toBe(shareKey(base));
    expect(shareKey({ ...base, scope: [null, "key-a"] })).not.toBe(shareKey(base));
    expect(shareKey({ ...base, variables: { list: "M" } })).not.toBe(shareKey(base));
    expect(shareKey({ ...base, query: `${LIST_FEED} ` })).not.toBe(shareKey(base));
    expect(shareKey(base)).not.toContain("key-a");
  });
});

describe("serializeResult", () => {
  it("writes a result as graphql-ws would, errors in their JSON form", () => {
    const result: ExecutionResult = {
      data: { feed: null },
      errors: [new GraphQLError("gone", { path: ["feed"], extensions: { code: "X" } })],
    };
    expect(JSON.parse(serializeResult(result))).toEqual({
      data: { feed: null },
      errors: [{ message: "gone", path: ["feed"], extensions: { code: "X" } }],
    });
  });
});

/** A stream of results the test feeds. */
function stream() {
  const queue: ExecutionResult[] = [];
  let wake: (() => void) | undefined;
  const state = { returned: false, finished: false };
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      while (queue.length === 0 && !state.returned && !state.finished) {
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const value = queue.shift();
      return value && !state.returned ? { value, done: false } : { value: undefined, done: true };
    },
    return() {
      state.returned = true;
      wake?.();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
  return { iterator, state, queue, wake: () => wake?.() };
}

/**
 * An operation whose every run opens its own stream (as a subscription's subscribe does); the
 * first run's stream is the one the test feeds (`emit`, `finish`) and watches (`state`).
 */
function source() {
  const streams: ReturnType<typeof stream>[] = [];
  const first = () => streams[0]!;
  const state = {
    executions: 0,
    get returned() {
      return first().state.returned;
    },
    get checksClosed() {
      return streams.slice(1).every((s) => s.state.returned);
    },
  };
  return {
    state,
    emit: (result: ExecutionResult) => {
      first().queue.push(result);
      first().wake();
    },
    finish: () => {
      first().state.finished = true;
      first().wake();
    },
    execute: () => {
      state.executions++;
      const made = stream();
      streams.push(made);
      return Promise.resolve(made.iterator);
    },
  };
}

async function take(iterator: AsyncIterator<unknown>, n: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const step = await iterator.next();
    if (step.done) break;
    out.push(step.value);
  }
  return out;
}

describe("Fanout", () => {
  const share = { key: "k", responseKey: "feed" };

  it("gives up on a subscriber that stops reading, alone; the others get every result", async () => {
    const fanout = new Fanout({ slowConsumerResult, maxBuffer: 50, stallMs: 10 });
    const { emit, execute, state } = source();
    const reader = (await fanout.run(share, execute)) as AsyncIterableIterator<unknown>;
    // A joiner runs the operation too (its own access check), then reads the shared stream.
    const sleeper = (await fanout.run(share, execute)) as AsyncIterableIterator<unknown>;
    expect(state.executions).toBe(2);
    await Promise.resolve();
    expect(state.checksClosed).toBe(true);
    expect(fanout.stats).toEqual({ executions: 1, subscribers: 2, started: 1, scopes: 0 });
    const read = take(reader, 200);
    for (let i = 0; i < 200; i++) emit({ data: { feed: { id: `${i}-0` } } });
    const got = await read;
    expect(got).toHaveLength(200);
    expect(got[199]).toEqual({ data: { feed: { id: "199-0" } } });
    await new Promise((resolve) => setTimeout(resolve, 40));
    const [last] = await take(sleeper, 1);
    expect((last as ExecutionResult).errors?.[0]?.extensions).toMatchObject({ reason: "SLOW_CONSUMER" });
    expect((last as ExecutionResult).errors?.[0]?.path).toEqual(["feed"]);
    expect(await sleeper.next()).toEqual({ value: undefined, done: true });
    // The reader still reads the shared execution.
    expect(fanout.stats.subscribers).toBe(1);
    emit({ data: { feed: { id: "200-0" } } });
    expect(await take(reader, 1)).toHaveLength(1);
    await reader.return?.();
    expect(state.returned).toBe(true);
    expect(fanout.stats.executions).toBe(0);
  });

  it("keeps running when a subscriber leaves, ends when the last one does; a new subscriber starts anew", async () => {
    const fanout = new Fanout({ slowConsumerResult });
    const first = source();
    const a = (await fanout.run(share, first.execute)) as AsyncIterableIterator<unknown>;
    const b = (await fanout.run(share, first.execute)) as AsyncIterableIterator<unknown>;
    await a.return?.();
    expect(first.state.returned).toBe(false);
    first.emit({ data: { feed: { id: "1-0" } } });
    expect(await take(b, 1)).toHaveLength(1);
    await b.return?.();
    expect(first.state.returned).toBe(true);
    const second = source();
    const c = (await fanout.run(share, second.execute)) as AsyncIterableIterator<unknown>;
    expect(fanout.stats).toEqual({ executions: 1, subscribers: 1, started: 2, scopes: 0 });
    await c.return?.();
  });

  it("does not keep a subscriber whose caller left while its check ran, nor the execution for it", async () => {
    const fanout = new Fanout({ slowConsumerResult });
    const shared = source();
    const a = (await fanout.run(share, shared.execute)) as AsyncIterableIterator<unknown>;
    const gone = new AbortController();
    const leaving = fanout.run(
      share,
      () => {
        gone.abort(); // the socket closes during the check
        return shared.execute();
      },
      gone.signal,
    );
    await leaving;
    await new Promise((resolve) => setImmediate(resolve));
    expect(fanout.stats.subscribers).toBe(1);
    await a.return?.();
    expect(fanout.stats).toMatchObject({ executions: 0, subscribers: 0 });
    expect(shared.state.returned).toBe(true);

    // Alone: the execution it started ends with it.
    const alone = source();
    const lone = new AbortController();
    await fanout.run(
      share,
      () => {
        lone.abort();
        return alone.execute();
      },
      lone.signal,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(fanout.stats).toMatchObject({ executions: 0, subscribers: 0 });
  });

  it("answers a subscriber whose own check fails with that answer, without joining", async () => {
    const fanout = new Fanout({ slowConsumerResult });
    const shared = source();
    const a = (await fanout.run(share, shared.execute)) as AsyncIterableIterator<unknown>;
    const refused: ExecutionResult = { errors: [] };
    expect(await fanout.run(share, () => Promise.resolve(refused))).toBe(refused);
    expect(fanout.stats.subscribers).toBe(1);
    await a.return?.();
  });

  it("ends every subscriber's stream when the shared stream ends, and errors them when it throws", async () => {
    const fanout = new Fanout({ slowConsumerResult });
    const ended = source();
    const a = (await fanout.run(share, ended.execute)) as AsyncIterableIterator<unknown>;
    const b = (await fanout.run(share, ended.execute)) as AsyncIterableIterator<unknown>;
    ended.emit({ data: { feed: null } });
    ended.finish();
    expect(await take(a, 5)).toHaveLength(1);
    expect(await take(b, 5)).toHaveLength(1);
    expect(fanout.stats.executions).toBe(0);
    expect(ended.state.returned).toBe(false);

    const failing = new Fanout({ slowConsumerResult });
    const broken: AsyncIterable<ExecutionResult> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error("log gone")) }),
    };
    const c = (await failing.run(share, () => Promise.resolve(broken))) as AsyncIterableIterator<unknown>;
    await expect(c.next()).rejects.toThrow("log gone");
  });

  it("writes each payload once serialized to every sink; a sink that stops sending is given up on alone", async () => {
    const fanout = new Fanout({ slowConsumerResult, maxBufferedBytes: 100, sinkStallMs: 20 });
    const { emit, execute } = source();
    /** A sink that sends what it is given at once (`stuck` false) or keeps it (`stuck` true). */
    const sink = (stuck: boolean) => {
      const sent: string[] = [];
      let held = 0;
      const made: FanoutSink & { sent: string[] } = {
        sent,
        send: (raw) => {
          sent.push(raw);
          if (stuck) held += raw.length;
        },
        buffered: () => held,
      };
      return made;
    };
    const fast = sink(false);
    const stuck = sink(true);
    const a = (await fanout.run({ ...share, sink: fast }, execute)) as AsyncIterableIterator<ExecutionResult>;
    const b = (await fanout.run({ ...share, sink: stuck }, execute)) as AsyncIterableIterator<ExecutionResult>;
    const aEnd = a.next();
    const bEnd = b.next();
    for (let i = 0; i < 10; i++) emit({ data: { feed: { id: `${i}-0` } } });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fast.sent).toHaveLength(10);
    expect(fast.sent[3]).toBe('{"data":{"feed":{"id":"3-0"}}}');
    // The stuck sink is over its bound and sent nothing for sinkStallMs: the slow-consumer result, then the end.
    const last = await bEnd;
    expect(last.value?.errors?.[0]?.extensions).toMatchObject({ reason: "SLOW_CONSUMER" });
    expect(await b.next()).toEqual({ value: undefined, done: true });
    expect(fanout.stats.subscribers).toBe(1);
    emit({ data: { feed: { id: "10-0" } } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fast.sent).toHaveLength(11);
    expect(stuck.sent.length).toBeLessThan(11);
    await a.return?.();
    expect(await aEnd).toEqual({ value: undefined, done: true });
    expect(fanout.stats.executions).toBe(0);
  });

  it("lets a sink subscriber go when its signal aborts (its socket closed); the last one to go ends the execution", async () => {
    const fanout = new Fanout({ slowConsumerResult });
    const { emit, execute, state } = source();
    const sent: string[][] = [[], []];
    const sinkOf = (i: number): FanoutSink => ({ send: (raw) => void sent[i]!.push(raw), buffered: () => 0 });
    const sockets = [new AbortController(), new AbortController()];
    const a = (await fanout.run({ ...share, sink: sinkOf(0) }, execute, sockets[0]!.signal)) as AsyncIterator<unknown>;
    const b = (await fanout.run({ ...share, sink: sinkOf(1) }, execute, sockets[1]!.signal)) as AsyncIterator<unknown>;
    const aEnd = a.next();
    expect(fanout.stats.subscribers).toBe(2);
    sockets[0]!.abort();
    expect(await aEnd).toEqual({ value: undefined, done: true });
    expect(fanout.stats.subscribers).toBe(1);
    emit({ data: { feed: { id: "1-0" } } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent.map((s) => s.length)).toEqual([0, 1]);
    expect(state.returned).toBe(false);
    sockets[1]!.abort();
    expect(await b.next()).toEqual({ value: undefined, done: true });
    expect(fanout.stats.executions).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.returned).toBe(true);
  });

  it("gives up at once on a sink that drains, but slower than events arrive, past HARD_BUFFER_FACTOR × the bound", async () => {
    const fanout = new Fanout({ slowConsumerResult, maxBufferedBytes: 100, sinkStallMs: 60_000 });
    const { emit, execute } = source();
    // Sends a third of each message at once and keeps the rest: always progress, never caught up.
    let held = 0;
    let sent = 0;
    const slow: FanoutSink = {
      send: (raw) => {
        sent += 1;
        held += raw.length - Math.floor(raw.length / 3);
      },
      buffered: () => held,
    };
    const b = (await fanout.run({ ...share, sink: slow }, execute)) as AsyncIterableIterator<ExecutionResult>;
    const bEnd = b.next();
    for (let i = 0; i < 100; i++) emit({ data: { feed: { id: `${i}-0` } } });
    const last = await bEnd;
    expect(last.value?.errors?.[0]?.extensions).toMatchObject({ reason: "SLOW_CONSUMER" });
    expect(held).toBeLessThanOrEqual(HARD_BUFFER_FACTOR * 100 + 40);
    expect(sent).toBeLessThan(100);
  });
});
