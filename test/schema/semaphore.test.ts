/** The gate around backend calls: never more than the limit at once, waiting tasks in order. */
import { describe, expect, it } from "vitest";
import { createGate } from "../../src/loaders/semaphore.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("createGate", () => {
  it("runs at most `limit` tasks and starts the waiting ones in arrival order", async () => {
    const gate = createGate(2);
    const started: number[] = [];
    let running = 0;
    let peak = 0;
    const holds = Array.from({ length: 5 }, deferred);
    const tasks = holds.map((hold, i) =>
      gate(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await hold.promise;
        running -= 1;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    holds[1].resolve();
    await tasks[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const hold of holds) hold.resolve();
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it("frees the slot of a task that fails, synchronously or not", async () => {
    const gate = createGate(1);
    await expect(gate(() => { throw new Error("sync"); })).rejects.toThrow("sync");
    await expect(gate(() => Promise.reject(new Error("async")))).rejects.toThrow("async");
    expect(await gate(async () => "next")).toBe("next");
  });
});
