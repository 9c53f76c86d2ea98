import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ChurnList } from "../../src/util/churn-list.js";

describe("ChurnList", () => {
  it("keeps its members in the order they were added, and takes any one out by its entry", () => {
    const list = new ChurnList<string>();
    const [a, b, c, d] = ["a", "b", "c", "d"].map((v) => list.add(v));
    expect([...list]).toEqual(["a", "b", "c", "d"]);
    expect(list.delete(b!)).toBe(true);
    expect(list.values()).toEqual(["a", "c", "d"]);
    expect(list.delete(a!)).toBe(true);
    expect(list.delete(d!)).toBe(true);
    expect(list.values()).toEqual(["c"]);
    list.add("e");
    expect(list.values()).toEqual(["c", "e"]);
    expect(list.delete(c!)).toBe(true);
    expect(list.values()).toEqual(["e"]);
  });

  it("takes an entry out once, and not from another list", () => {
    const list = new ChurnList<number>();
    const other = new ChurnList<number>();
    const entry = list.add(1);
    expect(other.delete(entry)).toBe(false);
    expect(list.values()).toEqual([1]);
    expect(list.delete(entry)).toBe(true);
    expect(list.delete(entry)).toBe(false);
    expect(list.values()).toEqual([]);
  });

  it("lets go of a deleted member and its neighbours", () => {
    const list = new ChurnList<object>();
    const member = {};
    list.add({});
    const entry = list.add(member);
    list.add({});
    list.delete(entry);
    expect(entry.value).toBeUndefined();
    expect(Object.values(entry).filter((v) => v !== undefined)).toEqual([]);
  });

  it("may be changed while it is iterated", () => {
    const list = new ChurnList<number>();
    const entries = [1, 2, 3, 4].map((n) => list.add(n));
    const seen: number[] = [];
    for (const n of list) {
      seen.push(n);
      list.delete(entries[n - 1]!);
      if (n === 2) list.add(5);
    }
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(list.values()).toEqual([5]);
  });

  // What it is for: members that come and go through a long-lived collection must not outlive the
  // young generation. With a Set, V8 chains each replaced hash table to its successor, and once one
  // of them is old every later member is kept until a full collection (the control below).
  it("keeps nothing of members that came and went past young-generation collections (a Set does)", async () => {
    const program = `
      import { getHeapSpaceStatistics } from "node:v8";
      import { ChurnList } from "./src/util/churn-list.ts";
      const useSet = process.argv.at(-1) === "set";
      const oldSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === "old_space").space_used_size;
      const members = useSet ? new Set() : new ChurnList();
      const add = (value) => (useSet ? (members.add(value), value) : members.add(value));
      const live = [];
      for (let i = 0; i < 8; i++) live.push(add(new Array(1000).fill(i)));
      // The collection, and what it holds now, reach the old generation.
      for (let i = 0; i < 3; i++) gc({ type: "minor" });
      gc();
      const before = oldSpace();
      // 4,000 members of ~8 KB each come and go, 8 at a time, a young collection every 40.
      for (let round = 0; round < 4000; round++) {
        live.push(add(new Array(1000).fill(round)));
        members.delete(live.shift());
        if (round % 40 === 0) gc({ type: "minor" });
      }
      for (let i = 0; i < 2; i++) gc({ type: "minor" });
      console.log(oldSpace() - before);`;
    const grewBy = async (kind: "set" | "list") => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", program, kind],
        { timeout: 30_000 },
      );
      return Number(stdout.trim());
    };
    const [set, list] = await Promise.all([grewBy("set"), grewBy("list")]);
    // 4,000 members are 32 MB; a Set promoted ~20 MB of them (Node 20 and 22), the list ~70 KB.
    expect(set).toBeGreaterThan(8_000_000);
    expect(list).toBeLessThan(1_000_000);
  }, 40_000);
});
