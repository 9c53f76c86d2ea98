import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { apiKey, call } from "./commerce-support.js";

let sandbox: CommerceSandbox;

// A fresh, empty store per test: property rules are account-wide.
beforeEach(async () => {
  sandbox = await startCommerceSandbox({ rateLimit: 0, seed: false });
  sandbox.store.lists.set("cl_plain", { id: "cl_plain", name: "Plain", doubleOptIn: false, members: new Map() });
  sandbox.store.lists.set("cl_doi", { id: "cl_doi", name: "Double opt-in", doubleOptIn: true, members: new Map() });
});
afterEach(() => sandbox.close());

const subscribe = (body: unknown, list = "cl_plain") =>
  call(`${sandbox.baseUrl}/customer-lists/${list}/subscriptions`, { method: "PUT", headers: apiKey(sandbox), body });

const types = () => Object.fromEntries(sandbox.store.propertyTypes);

/** Sends one request and returns the `details` of its 422. */
async function refused(body: unknown): Promise<Array<{ field: string; rule: string; message: string }>> {
  const res = await subscribe(body);
  expect(res.status).toBe(422);
  expect(res.body.error).toMatchObject({ status: 422, code: "validation_failed" });
  return res.body.error.details;
}

describe("subscribe", () => {
  it("answers 200 with id, email, listId, status and properties", async () => {
    const res = await subscribe({
      email: "Ann@Example.com",
      name: "Ann",
      properties: { city: "Oslo" },
      source: "shop",
      optInText: "yes",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^cus_/),
      email: "ann@example.com",
      listId: "cl_plain",
      status: "subscribed",
      properties: { city: "Oslo" },
    });
  });

  it("gives pending on a double opt-in list, and stays pending when repeated", async () => {
    expect((await subscribe({ email: "doi@example.com" }, "cl_doi")).body.data.status).toBe("pending");
    expect((await subscribe({ email: "doi@example.com" }, "cl_doi")).body.data.status).toBe("pending");
    const listing = await call(`${sandbox.baseUrl}/customer-lists/cl_doi/subscribers?pending=true`, {
      headers: apiKey(sandbox),
    });
    expect(listing.body.data).toEqual([{ email: "doi@example.com" }]);
  });

  it("is idempotent: a second PUT updates name and properties of the same customer", async () => {
    const first = await subscribe({ email: "bo@example.com", name: "Bo", properties: { city: "Oslo", score: 1 } });
    const second = await subscribe({ email: "bo@example.com", name: "Bo B", properties: { score: 2 } });
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(second.body.data.properties).toEqual({ city: "Oslo", score: 2 });
    const listing = await call(`${sandbox.baseUrl}/customer-lists/cl_plain/subscribers`, { headers: apiKey(sandbox) });
    expect(listing.body.data).toHaveLength(1);
    expect(listing.body.data[0]).toMatchObject({ email: "bo@example.com", name: "Bo B" });
  });

  it("re-subscribes an unsubscribed address", async () => {
    await subscribe({ email: "back@example.com" });
    await call(`${sandbox.baseUrl}/customer-lists/cl_plain/subscribers?emails[]=back@example.com`, {
      method: "DELETE",
      headers: apiKey(sandbox),
    });
    expect((await subscribe({ email: "back@example.com" })).body.data.status).toBe("subscribed");
  });

  it("answers 404 for an unknown list and 400 for a body that is not a JSON object", async () => {
    expect((await subscribe({ email: "a@example.com" }, "cl_nope")).status).toBe(404);
    const notJson = await subscribe("{not json");
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.code).toBe("bad_request");
    expect((await subscribe([1, 2])).status).toBe(400);
  });
});

describe("email and field rules", () => {
  it.each([
    [{}, "required"],
    [{ email: "" }, "required"],
    [{ email: "no-at-sign" }, "email"],
    [{ email: "two@@example.com" }, "email"],
    [{ email: "space in@example.com" }, "email"],
    [{ email: "nodot@localhost" }, "email"],
    [{ email: 42 }, "email"],
  ])("refuses %j (rule %s)", async (body, rule) => {
    expect(await refused(body)).toEqual([{ field: "email", rule, message: expect.any(String) }]);
  });

  it("refuses non-string optional fields and a properties value that is not an object", async () => {
    const details = await refused({ email: "a@example.com", name: 5, source: true, properties: [1] });
    expect(details.map((d) => [d.field, d.rule])).toEqual([
      ["name", "type"],
      ["source", "type"],
      ["properties", "type"],
    ]);
  });

  it("reports every broken rule in one reply", async () => {
    const details = await refused({ email: "bad", properties: { "bad key": 1, ["k".repeat(101)]: 2 } });
    expect(details.map((d) => [d.field, d.rule])).toEqual([
      ["email", "email"],
      ["properties.bad key", "pattern"],
      [`properties.${"k".repeat(101)}`, "max_length"],
    ]);
    expect(sandbox.store.customers.size).toBe(0);
    expect(sandbox.store.propertyTypes.size).toBe(0);
  });
});

describe("property rule 1: keys", () => {
  it("accepts a 100-character key and refuses 101", async () => {
    expect((await subscribe({ email: "a@example.com", properties: { ["k".repeat(100)]: "x" } })).status).toBe(200);
    expect(await refused({ email: "a@example.com", properties: { ["k".repeat(101)]: "x" } })).toEqual([
      { field: `properties.${"k".repeat(101)}`, rule: "max_length", message: expect.stringMatching(/100/) },
    ]);
  });

  it.each(["with space", "dot.ted", "ümlaut", "semi;colon", ""])("refuses the key %j", async (key) => {
    const details = await refused({ email: "a@example.com", properties: { [key]: 1 } });
    expect(details).toEqual([{ field: `properties.${key}`, rule: "pattern", message: expect.any(String) }]);
  });

  it("accepts letters, digits, - and _", async () => {
    expect((await subscribe({ email: "a@example.com", properties: { "Aa-0_z": 1 } })).status).toBe(200);
  });

  it("stores keys that name Object.prototype members (__proto__, constructor) as plain values", async () => {
    // Written as JSON text: an object literal would set the prototype instead of a key.
    const res = await subscribe(
      '{"email": "a@example.com", "properties": {"__proto__": {"polluted": 1}, "constructor": "c"}}',
    );
    expect(res.status).toBe(200);
    expect(res.text).toContain('"__proto__":{"polluted":1}');
    const customer = sandbox.store.customerByEmail("a@example.com")!;
    expect(Object.getPrototypeOf(customer.properties)).toBe(Object.prototype);
    expect(Object.keys(customer.properties).sort()).toEqual(["__proto__", "constructor"]);
    expect([...sandbox.store.propertyTypes]).toEqual([
      ["__proto__", "string"],
      ["constructor", "string"],
    ]);
    const listing = await call(`${sandbox.baseUrl}/customer-lists/cl_plain/subscribers`, { headers: apiKey(sandbox) });
    expect(listing.text).toContain('"properties":{"__proto__":{"polluted":1},"constructor":"c"}');
  });
});

describe("property rule 2: at most 20 distinct properties per account", () => {
  const props = (from: number, count: number, prefix = "p") =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${from + i}`, "v"]));

  it("counts keys across customers and refuses the whole request that would pass 20", async () => {
    expect((await subscribe({ email: "one@example.com", properties: props(1, 12) })).status).toBe(200);
    // Known keys do not count twice.
    expect(
      (await subscribe({ email: "two@example.com", properties: { ...props(1, 12), ...props(13, 8) } })).status,
    ).toBe(200);
    expect(sandbox.store.propertyTypes.size).toBe(20);
    const details = await refused({ email: "three@example.com", name: "Three", properties: { p1: "ok", extra: "x" } });
    expect(details).toEqual([{ field: "properties", rule: "max_properties", message: expect.stringMatching(/20/) }]);
    // Nothing half-written: no customer, no new key, no changed value.
    expect(sandbox.store.customers.size).toBe(2);
    expect(sandbox.store.propertyTypes.has("extra")).toBe(false);
    expect((await subscribe({ email: "three@example.com", properties: { p1: "ok", p20: "fine" } })).status).toBe(200);
  });

  it("refuses a first request of 21 keys", async () => {
    const details = await refused({ email: "a@example.com", properties: props(1, 21) });
    expect(details.map((d) => d.rule)).toEqual(["max_properties"]);
  });

  it("counts a key first seen with null (it is tracked, untyped)", async () => {
    expect((await subscribe({ email: "a@example.com", properties: { ...props(1, 19), blank: null } })).status).toBe(
      200,
    );
    expect(types().blank).toBeNull();
    expect((await refused({ email: "b@example.com", properties: { another: 1 } })).map((d) => d.rule)).toEqual([
      "max_properties",
    ]);
  });
});

describe("property rule 3: type inference on the first tracked value", () => {
  it.each<[string, unknown, string | null]>([
    ["plain", null, null],
    ["count", 5, "number"],
    ["ratio", 2.5, "number"],
    ["numeric_text", "42", "number"],
    ["signup_at", 1700000000, "date"],
    ["lastOrderAt", "1700000000", "date"],
    ["rate_at", 1.5, "number"],
    ["birthday", "1990-04-12", "date"],
    ["seen", "2024-05-01T10:00:00Z", "date"],
    ["offset", "2024-05-01T10:00:00.250+02:00", "date"],
    ["not_a_date", "2024-02-30", "string"],
    ["flag", true, "boolean"],
    ["nick", "ann", "string"],
    ["nested", { a: 1 }, "string"],
    ["scores", [1, 2, 3], "array<number>"],
    ["tags", ["a", "b"], "array<string>"],
    ["visits_at", [1700000000], "array<date>"],
    ["flags", [true], "array<boolean>"],
    ["empty", [], "array"],
    ["nulls", [null], "array"],
  ])("%s = %j infers %s", async (key, value, type) => {
    const res = await subscribe({ email: "a@example.com", properties: { [key]: value } });
    expect(res.status).toBe(200);
    expect(sandbox.store.propertyTypes.has(key)).toBe(true);
    expect(types()[key]).toBe(type);
  });

  it("types a key first seen with null when a value arrives", async () => {
    await subscribe({ email: "a@example.com", properties: { later: null } });
    expect(types().later).toBeNull();
    await subscribe({ email: "b@example.com", properties: { later: 3 } });
    expect(types().later).toBe("number");
  });

  it("gives an untyped array its element type when elements arrive", async () => {
    await subscribe({ email: "a@example.com", properties: { bag: [] } });
    await subscribe({ email: "b@example.com", properties: { bag: ["x"] } });
    expect(types().bag).toBe("array<string>");
  });

  it("keeps the first type: a later value that fits is stored as sent", async () => {
    await subscribe({
      email: "a@example.com",
      properties: { count: 5, signup_at: 1700000000, nick: "ann", scores: [1] },
    });
    const res = await subscribe({
      email: "b@example.com",
      properties: { count: "6", signup_at: "2024-05-01", nick: 7, scores: ["2", 3] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.properties).toEqual({ count: "6", signup_at: "2024-05-01", nick: 7, scores: ["2", 3] });
    expect(types()).toMatchObject({ count: "number", signup_at: "date", nick: "string", scores: "array<number>" });
  });

  it.each<[string, unknown, unknown]>([
    ["count", 5, "many"],
    ["count", 5, [5]],
    ["signup_at", 1700000000, "yesterday"],
    ["signup_at", 1700000000, 1.5],
    ["flag", true, "yes"],
    ["nick", "ann", ["a"]],
    ["scores", [1], 4],
    ["scores", [1], [2, "x"]],
  ])("refuses %s: a later value of another type (%j then %j) with rule type", async (key, first, later) => {
    expect((await subscribe({ email: "a@example.com", properties: { [key]: first } })).status).toBe(200);
    const before = types()[key];
    const details = await refused({ email: "b@example.com", properties: { [key]: later } });
    expect(details).toEqual([
      { field: `properties.${key}`, rule: "type", message: expect.stringContaining(String(before)) },
    ]);
    expect(types()[key]).toBe(before);
    expect(sandbox.store.customerByEmail("b@example.com")).toBeUndefined();
  });

  it("refuses a new array whose later elements do not fit its first", async () => {
    const details = await refused({ email: "a@example.com", properties: { mixed: [1, "x"] } });
    expect(details.map((d) => [d.field, d.rule])).toEqual([["properties.mixed", "type"]]);
    expect(sandbox.store.propertyTypes.has("mixed")).toBe(false);
  });

  it("accepts null for any typed key", async () => {
    await subscribe({ email: "a@example.com", properties: { count: 5 } });
    expect((await subscribe({ email: "a@example.com", properties: { count: null } })).status).toBe(200);
    expect(types().count).toBe("number");
  });
});
