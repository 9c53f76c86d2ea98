/**
 * LiveStream (src/live/live-stream.ts): a shared execution's source read one event at a time,
 * each result handed over in order (awaited when asynchronous), then its end; failures mapped;
 * `return()` closing the source without telling the reader; end callbacks run once.
 */
import { GraphQLError, type ExecutionResult } from "graphql";
import { describe, expect, it } from "vitest";
import { LiveStream, type LiveEventMapping, type LiveReader } from "../../src/live/live-stream.js";

/** A source the test feeds: `push` an event, `fail` it, see whether it was returned. */
function source() {
  const queue: unknown[] = [];
  let waiting: { resolve: (step: IteratorResult<unknown>) => void; reject: (error: unknown) => void } | undefined;
  let returned = 0;
  let reads = 0;
  const iterator: AsyncIterator<unknown> = {
    next() {
      reads++;
      if (queue.length > 0) return Promise.resolve({ value: queue.shift(), done: false });
      return new Promise((resolve, reject) => (waiting = { resolve, reject }));
    },
    return() {
      returned++;
      waiting?.resolve({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true });
    },
  };
  return {
    iterator,
    push(event: unknown) {
      const w = waiting;
      waiting = undefined;
      if (w) w.resolve({ value: event, done: false });
      else queue.push(event);
    },
    end() {
      waiting?.resolve({ value: undefined, done: true });
    },
    fail(error: unknown) {
      waiting?.reject(error);
    },
    get returned() {
      return returned;
    },
    get reads() {
      return reads;
    },
  };
}

function reader() {
  const results: ExecutionResult[] = [];
  const ends: unknown[] = [];
  const r: LiveReader & { results: ExecutionResult[]; ends: unknown[] } = {
    results,
    ends,
    onResult: (result) => results.push(result),
    onEnd: (error) => ends.push(error ?? "drained"),
  };
  return r;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const mapping = (result: LiveEventMapping["result"]): LiveEventMapping => ({
  result,
  error: (error) => new GraphQLError(`mapped: ${(error as Error).message}`),
});

describe("LiveStream", () => {
  it("hands each event's result over in order, an asynchronous one awaited before the next is read", async () => {
    const s = source();
    const delays = new Map<unknown, number>([["slow", 20]]);
    const stream = new LiveStream(
      s.iterator,
      mapping((event) => {
        const delay = delays.get(event);
        const result = { data: { event: event as string } };
        return delay ? new Promise((resolve) => setTimeout(() => resolve(result), delay)) : result;
      }),
    );
    const r = reader();
    stream.read(r);
    s.push("slow");
    s.push("fast");
    await tick();
    // The slow result is still being made: the next event is not read yet.
    expect(r.results).toEqual([]);
    expect(s.reads).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(r.results.map((x) => x.data?.["event"])).toEqual(["slow", "fast"]);
    s.end();
    await tick();
    expect(r.ends).toEqual(["drained"]);
  });

  it("ends with the mapped error when the source fails, and when mapping an event throws (closing the source)", async () => {
    const failing = source();
    const r1 = reader();
    new LiveStream(
      failing.iterator,
      mapping(() => ({ data: {} })),
    ).read(r1);
    failing.fail(new Error("source broke"));
    await tick();
    expect(r1.ends.map((e) => (e as Error).message)).toEqual(["mapped: source broke"]);
    expect(failing.returned).toBe(0);

    const s = source();
    const r2 = reader();
    new LiveStream(
      s.iterator,
      mapping(() => {
        throw new Error("mapping broke");
      }),
    ).read(r2);
    s.push("x");
    await tick();
    expect(r2.ends.map((e) => (e as Error).message)).toEqual(["mapped: mapping broke"]);
    expect(s.returned).toBe(1);
  });

  it("a reader that throws ends the stream with the mapped error and the source closed", async () => {
    const s = source();
    const ends: unknown[] = [];
    new LiveStream(
      s.iterator,
      mapping(() => ({ data: {} })),
    ).read({
      onResult: () => {
        throw new Error("reader broke");
      },
      onEnd: (error) => ends.push(error),
    });
    s.push("x");
    await tick();
    expect(ends.map((e) => (e as Error).message)).toEqual(["mapped: reader broke"]);
    expect(s.returned).toBe(1);
  });

  it("return() closes the source, tells the reader nothing more, and runs the end callbacks once", async () => {
    const s = source();
    const stream = new LiveStream(
      s.iterator,
      mapping((event) => ({ data: { event: event as string } })),
    );
    let ended = 0;
    stream.whenEnded(() => ended++);
    const r = reader();
    stream.read(r);
    s.push("a");
    await tick();
    await stream.return();
    s.push("b");
    await tick();
    expect(r.results.map((x) => x.data?.["event"])).toEqual(["a"]);
    expect(r.ends).toEqual([]);
    expect(s.returned).toBe(1);
    await stream.return();
    expect(ended).toBe(1);
    // A callback added once it ended runs at once.
    stream.whenEnded(() => ended++);
    expect(ended).toBe(2);
  });

  it("is read once, and is not an async iterable (envelop must not wrap it)", () => {
    const stream = new LiveStream(
      source().iterator,
      mapping(() => ({ data: {} })),
    );
    stream.read(reader());
    expect(() => stream.read(reader())).toThrow(/read once/);
    expect(Symbol.asyncIterator in stream).toBe(false);
  });
});
