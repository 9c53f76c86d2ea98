import { normalizedExecutor } from "@graphql-tools/executor";
import { buildSchema, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { ExecutionAbort } from "../../src/util/request-signals.js";
import { RequestSlot } from "../../src/util/request-slot.js";

describe("ExecutionAbort", () => {
  it("calls each abort listener once, in order, with an abort Event, and not the ones taken back", () => {
    const signal = new ExecutionAbort();
    const heard: string[] = [];
    const first = (event: Event) => heard.push(`first:${event.type}`);
    const dropped = () => heard.push("dropped");
    signal.addEventListener("abort", first);
    signal.addEventListener("abort", first); // the same listener twice is one listener, as on an EventTarget
    signal.addEventListener("abort", dropped);
    signal.addEventListener("abort", { handleEvent: (event: Event) => heard.push(`object:${event.type}`) });
    signal.addEventListener("other", () => heard.push("other"));
    signal.removeEventListener("abort", dropped);
    signal.removeEventListener("abort", dropped);
    expect(() => signal.throwIfAborted()).not.toThrow();
    signal.abort("gone");
    signal.abort("again");
    expect(heard).toEqual(["first:abort", "object:abort"]);
    expect([signal.aborted, signal.reason]).toEqual([true, "gone"]);
    expect(() => signal.throwIfAborted()).toThrow("gone");
    // Added once it has aborted: never called (the abort event has passed).
    signal.addEventListener("abort", () => heard.push("late"));
    expect(heard).toHaveLength(2);
  });

  it("stops graphql-tools' executor from calling further resolvers once aborted", async () => {
    const schema = buildSchema("type Query { first: Item } type Item { next: Item, name: String }");
    const called: string[] = [];
    const signal = new ExecutionAbort();
    let depth = 0;
    const item = (): Promise<Record<string, unknown>> => {
      const level = ++depth;
      called.push(`level ${level}`);
      // The caller hangs up while the second level is being resolved.
      if (level === 2) signal.abort(new DOMException("The caller hung up.", "AbortError"));
      return new Promise((resolve) => setTimeout(() => resolve({ next: item, name: `n${level}` }), 5));
    };
    const running = normalizedExecutor({
      schema,
      document: parse("{ first { next { next { next { name } } } } }"),
      rootValue: { first: item },
      signal: signal as unknown as AbortSignal,
    });
    await expect(Promise.resolve(running)).rejects.toMatchObject({ name: "AbortError" });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(called).toEqual(["level 1", "level 2"]);
  });
});

describe("RequestSlot", () => {
  it("keeps one value per owner, each slot its own, and lets go of it on clear", () => {
    const a = new RequestSlot<object, string>("a");
    const b = new RequestSlot<object, string>("b");
    const owner = {};
    const other = {};
    a.set(owner, "one");
    b.set(owner, "two");
    expect([a.get(owner), b.get(owner), a.get(other)]).toEqual(["one", "two", undefined]);
    a.clear(owner);
    a.clear(other);
    expect([a.get(owner), b.get(owner)]).toEqual([undefined, "two"]);
    // Not an enumerable string key: JSON and spreads of the owner do not carry it.
    expect(Object.keys(owner)).toEqual([]);
  });
});
