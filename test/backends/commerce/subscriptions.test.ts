/**
 * PUT subscriptions against the sandbox: every property rule of the spec surfaces as a
 * COMMERCE_VALIDATION error naming the field, and accepted requests come back decoded.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SubscriptionRequest } from "../../../src/backends/commerce/types.js";
import { CommerceValidationError } from "../../../src/backends/commerce/errors.js";
import { failure, startRig, type Rig } from "./support/sandbox.js";

let rig: Rig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

let n = 0;
const subscribe = (properties: Record<string, unknown>, extra: Partial<SubscriptionRequest> = {}) =>
  rig.client.subscribe(rig.apiKey, rig.sb.demo.lists.vip, { email: `rule${++n}@example.com`, properties, ...extra });

async function details(properties: Record<string, unknown>, extra: Partial<SubscriptionRequest> = {}) {
  const err = await failure(subscribe(properties, extra));
  expect(err).toBeInstanceOf(CommerceValidationError);
  expect(err).toMatchObject({ code: "COMMERCE_VALIDATION", status: 422, serverCode: "validation_failed" });
  return (err as CommerceValidationError).details;
}

describe("accepted requests", () => {
  it("returns the subscription with its properties, and PUT again updates it", async () => {
    const email = "same.person@example.com";
    const first = await rig.client.subscribe(rig.apiKey, rig.sb.demo.lists.vip, {
      email,
      name: "Same",
      properties: { city: "Oslo" },
      optInText: "Yes please",
    });
    expect(first).toEqual({
      id: expect.any(String),
      email,
      listId: rig.sb.demo.lists.vip,
      status: "subscribed",
      properties: { city: "Oslo" },
    });
    const again = await rig.client.subscribe(rig.apiKey, rig.sb.demo.lists.vip, {
      email,
      properties: { city: "Lyon" },
    });
    expect(again).toMatchObject({ id: first.id, properties: { city: "Lyon" } });
  });
});

describe("rule 1: key length and pattern", () => {
  it("refuses a key over 100 characters and one outside ^[a-zA-Z0-9-_]+$, one detail each", async () => {
    const long = "k".repeat(101);
    const d = await details({ [long]: "x", "bad key!": "x" });
    expect(d).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: `properties.${long}`, rule: "max_length" }),
        expect.objectContaining({ field: "properties.bad key!", rule: "pattern" }),
      ]),
    );
    expect(d).toHaveLength(2);
  });

  it("accepts a key of exactly 100 characters with dashes and underscores", async () => {
    const key = `a-b_${"c".repeat(96)}`;
    expect((await subscribe({ [key]: "ok" })).properties).toEqual({ [key]: "ok" });
  });
});

describe("rule 3: type inferred on first use, later values must fit", () => {
  const cases: [string, string, unknown, unknown][] = [
    ["a number castable string infers number", "score", "12.5", "high"],
    ["a whole number on a key ending _at infers date", "renewed_at", 1_700_000_000, 1.5],
    ["a whole number on a key ending At infers date", "renewedAt", 1_700_000_000, "soon"],
    ["an ISO 8601 string infers date", "birthday", "2020-01-01", "not a date"],
    ["a boolean infers boolean", "vip_flag", true, "yes"],
    ["an array infers from its first element", "tags", ["a", "b"], "a"],
    ["anything else infers string", "nickname", "bo", ["x"]],
  ];
  it.each(cases)("%s", async (_title, key, first, misfit) => {
    expect((await subscribe({ [key]: first })).properties[key]).toEqual(first);
    expect(await details({ [key]: misfit })).toEqual([
      expect.objectContaining({ field: `properties.${key}`, rule: "type" }),
    ]);
  });

  it("null infers nothing: the first non-null value decides", async () => {
    await subscribe({ later: null });
    await subscribe({ later: 5 });
    expect(await details({ later: "five" })).toEqual([
      expect.objectContaining({ field: "properties.later", rule: "type" }),
    ]);
  });

  it("reports every broken rule of one request, with email and property fields", async () => {
    const d = await details({ score: "high", "x y": 1 }, { email: "not-an-email" });
    expect(d.map((x) => x.field).sort()).toEqual(["email", "properties.score", "properties.x y"]);
    expect(d.every((x) => x.message.length > 0)).toBe(true);
  });
});

describe("rule 2: at most 20 distinct properties per account", () => {
  it("refuses the request that would track a 21st key", async () => {
    const fresh = await startRig();
    try {
      const tracked = fresh.sb.store.propertyTypes.size;
      const keys = Array.from({ length: 20 - tracked }, (_, i) => [`extra_${i}`, "v"]);
      const ok = await fresh.client.subscribe(fresh.apiKey, fresh.sb.demo.lists.vip, {
        email: "twenty@example.com",
        properties: Object.fromEntries(keys),
      });
      expect(Object.keys(ok.properties)).toHaveLength(20 - tracked);
      const err = await failure(
        fresh.client.subscribe(fresh.apiKey, fresh.sb.demo.lists.vip, {
          email: "more@example.com",
          properties: { one_too_many: "v" },
        }),
      );
      expect((err as CommerceValidationError).details).toEqual([
        expect.objectContaining({ field: "properties", rule: "max_properties" }),
      ]);
    } finally {
      await fresh.close();
    }
  });
});
