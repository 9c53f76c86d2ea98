/** Whose budget an operation spends (src/budget/caller.ts): subject, accepted keys, else address. */
import { describe, expect, it } from "vitest";
import { BudgetCallers, type KeyBackend } from "../../src/budget/caller.js";

const ADDRESS = "203.0.113.7";
const headers = (keys: { legacy?: string; commerce?: string }) => {
  const made = new Headers();
  if (keys.legacy !== undefined) made.set("x-legacy-api-key", keys.legacy);
  if (keys.commerce !== undefined) made.set("x-commerce-api-key", keys.commerce);
  return made;
};
const answers =
  (said: Partial<Record<KeyBackend, boolean>>) =>
  (backend: KeyBackend): boolean | undefined =>
    said[backend];

describe("budget callers", () => {
  it("a token's subject names the budget whatever keys come with it", () => {
    const callers = new BudgetCallers("secret");
    expect(callers.callerOf("user-1", headers({ legacy: "k" }), ADDRESS)).toEqual({ id: "subject:user-1", keys: [] });
  });

  it("a caller without keys, or blank ones, spends its address's budget", () => {
    const callers = new BudgetCallers(undefined);
    expect(callers.callerOf(undefined, headers({}), ADDRESS).id).toBe(`address:${ADDRESS}`);
    expect(callers.callerOf(undefined, headers({ legacy: "  " }), ADDRESS).id).toBe(`address:${ADDRESS}`);
  });

  it("keys name the budget only once every one was accepted by its backend", () => {
    const callers = new BudgetCallers("secret");
    const sent = headers({ legacy: "legacy-key", commerce: "commerce-key" });
    const first = callers.callerOf(undefined, sent, ADDRESS);
    expect(first.id).toBe(`address:${ADDRESS}`);
    expect(first.keys.map((key) => key.backend)).toEqual(["legacy", "commerce"]);
    // The legacy key accepted, the commerce key never used: still the address.
    callers.observe(first, answers({ legacy: true }));
    expect(callers.callerOf(undefined, sent, ADDRESS).id).toBe(`address:${ADDRESS}`);
    // The legacy key alone is known now; with the commerce key accepted too, both name the budget.
    expect(callers.callerOf(undefined, headers({ legacy: "legacy-key" }), ADDRESS).id).toMatch(/^credential:/);
    callers.observe(first, answers({ commerce: true }));
    const known = callers.callerOf(undefined, sent, "198.51.100.1");
    expect(known.id).toMatch(/^credential:[\w-]+\.[\w-]+$/);
    // The same keys from another address: the same budget; no key appears in it.
    expect(callers.callerOf(undefined, sent, ADDRESS).id).toBe(known.id);
    expect(known.id).not.toContain("legacy-key");
    expect(known.id).not.toContain("commerce-key");
  });

  it("a key refused later is forgotten; a refused key is never remembered", () => {
    const callers = new BudgetCallers(undefined);
    const sent = headers({ legacy: "revoked" });
    callers.observe(callers.callerOf(undefined, sent, ADDRESS), answers({ legacy: true }));
    expect(callers.callerOf(undefined, sent, ADDRESS).id).toMatch(/^credential:/);
    callers.observe(callers.callerOf(undefined, sent, ADDRESS), answers({ legacy: false }));
    expect(callers.callerOf(undefined, sent, ADDRESS).id).toBe(`address:${ADDRESS}`);
    const random = headers({ legacy: "random" });
    callers.observe(callers.callerOf(undefined, random, ADDRESS), answers({ legacy: false }));
    expect(callers.callerOf(undefined, random, ADDRESS).id).toBe(`address:${ADDRESS}`);
    expect(callers.remembered).toBe(0);
  });

  it("remembers a bounded number of accepted keys, the least recently used let go of first", () => {
    const callers = new BudgetCallers("secret", 3);
    const of = (i: number) => headers({ legacy: `key-${i}` });
    for (let i = 0; i < 5; i++) callers.observe(callers.callerOf(undefined, of(i), ADDRESS), answers({ legacy: true }));
    expect(callers.remembered).toBe(3);
    expect(callers.callerOf(undefined, of(0), ADDRESS).id).toBe(`address:${ADDRESS}`);
    expect(callers.callerOf(undefined, of(4), ADDRESS).id).toMatch(/^credential:/);
  });

  it("hashes differ with the secret: instances sharing GATEWAY_SECRET name one budget", () => {
    const sent = headers({ legacy: "k" });
    const id = (callers: BudgetCallers) => {
      callers.observe(callers.callerOf(undefined, sent, ADDRESS), answers({ legacy: true }));
      return callers.callerOf(undefined, sent, ADDRESS).id;
    };
    expect(id(new BudgetCallers("one"))).toBe(id(new BudgetCallers("one")));
    expect(id(new BudgetCallers("one"))).not.toBe(id(new BudgetCallers("two")));
    expect(id(new BudgetCallers(undefined))).not.toBe(id(new BudgetCallers("one")));
  });
});
