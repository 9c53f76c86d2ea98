import { describe, expect, it } from "vitest";
import { CallGate } from "../../src/util/call-gate.js";

/** A call that settles when told to, recording when it started. */
function deferredCall(started: string[], name: string) {
  let resolve!: (value: string) => void;
  let reject!: (error: Error) => void;
  const settled = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return {
    call: () => {
      started.push(name);
      return settled;
    },
    resolve: () => resolve(name),
    reject: (error: Error) => reject(error),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("CallGate", () => {
  it("runs at most max calls at once and starts the waiting ones in the order they came", async () => {
    const gate = new CallGate(2);
    const started: string[] = [];
    const calls = ["a", "b", "c", "d"].map((name) => deferredCall(started, name));
    // Settled as a whole at once, so the rejection below has its handler when it comes.
    const settled = Promise.allSettled(calls.map((c) => gate.run(c.call)));
    expect(started).toEqual(["a", "b"]);
    expect([gate.active, gate.pending]).toEqual([2, 2]);

    calls[1]!.resolve();
    await tick();
    expect(started).toEqual(["a", "b", "c"]);
    expect([gate.active, gate.pending]).toEqual([2, 1]);

    calls[0]!.reject(new Error("a failed"));
    await tick();
    expect(started).toEqual(["a", "b", "c", "d"]);
    calls[2]!.resolve();
    calls[3]!.resolve();

    const outcomes = await settled;
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([
      "a failed",
      "b",
      "c",
      "d",
    ]);
    expect([gate.active, gate.pending]).toEqual([0, 0]);
  });

  it("turns a call that throws into a rejection and frees its slot", async () => {
    const gate = new CallGate(1);
    const thrown = gate.run(() => {
      throw new Error("no");
    });
    await expect(thrown).rejects.toThrow("no");
    expect(gate.active).toBe(0);
    await expect(gate.run(() => Promise.resolve(7))).resolves.toBe(7);
  });

  it("has freed the slot by the time the caller sees the result", async () => {
    const gate = new CallGate(1);
    await gate.run(() => Promise.resolve("x"));
    expect([gate.active, gate.pending]).toEqual([0, 0]);
  });

  it("keeps order and bounds across a long queue (past the point where it compacts)", async () => {
    const gate = new CallGate(3);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    const all = Array.from({ length: 5000 }, (_, i) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await Promise.resolve();
        running--;
        return i;
      }),
    );
    expect(await Promise.all(all)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(order).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect(most).toBe(3);
    expect([gate.active, gate.pending]).toEqual([0, 0]);
  });

  it("refuses a bound that is not a positive integer", () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => new CallGate(max)).toThrow(RangeError);
  });
});
