/**
 * Request limits on a running gateway in front of the legacy sandbox: each hostile document is
 * refused before execution, fast, with an error whose code names the limit, no backend call is
 * made for it, and the gateway still answers afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { demo, gid } from "../e2e/support/ids.js";
import { callCounts, startGateway, startStack, type Stack } from "../support/stack.js";
import { codes, nested, post, send } from "../server/support.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const totalCalls = () => Object.values(callCounts(stack.legacy)).reduce((a, b) => a + b, 0);

/** Sends `query`, expects a refusal coded `code` with no backend call, then a working gateway. */
async function expectRefused(query: string, code: string | string[], variables?: Record<string, unknown>) {
  const before = totalCalls();
  const res = await post(stack.gateway.url, query, variables);
  const allowed = typeof code === "string" ? [code] : code;
  expect(codes(res), res.text.slice(0, 500)).toHaveLength(1);
  expect(allowed, res.text.slice(0, 500)).toContain(codes(res)[0]);
  expect(res.body?.data ?? null).toBeNull();
  expect(res.ms).toBeLessThan(1_000);
  expect(totalCalls()).toBe(before);
  const ok = await post(stack.gateway.url, "{ __typename }");
  expect(ok.body?.data).toEqual({ __typename: "Query" });
  return res;
}

describe("depth", () => {
  it("refuses the 10-level clients → lists → client … query in well under a second", async () => {
    const query = nested("clients", ["lists", "client"], 10);
    const res = await expectRefused(query, "MAX_DEPTH_EXCEEDED");
    const [error] = res.body!.errors!;
    expect(error!.extensions).toMatchObject({ limit: "MAX_DEPTH", max: 10 });
    expect(error!.message).toMatch(/limit is 10/);
  });

  it.each([
    ["lists", ["lists", "client"]],
    ["campaigns", ["campaigns", "client"]],
  ])("refuses depth 50 through clients and %s", async (_name, cycle) => {
    const query = nested("clients", cycle, 50);
    expect(query.length).toBeLessThan(1024);
    await expectRefused(query, "MAX_DEPTH_EXCEEDED");
  });

  it("refuses depth 50 through node, inside inline fragments", async () => {
    let inner = "id";
    for (let i = 0; i < 24; i++) inner = `... on List { client { lists { ${inner} } } }`;
    // Refused while parsing (bracket nesting) or while validating (selection depth): both before execution.
    await expectRefused(`{ node(id: "${demo.newsletter}") { ${inner} } }`, [
      "MAX_DEPTH_EXCEEDED",
      "MAX_NESTING_EXCEEDED",
    ]);
  });

  it("refuses a fragment fan-out of two aliased lists per fragment over 12 levels, in under 1 KB", async () => {
    const fragments: string[] = [];
    for (let i = 0; i < 12; i++) {
      const next = i === 11 ? "id" : `...F${i + 1}`;
      fragments.push(`fragment F${i} on Client{a:lists{client{${next}}}b:lists{client{${next}}}}`);
    }
    const query = `{ clients { ...F0 } } ${fragments.join(" ")}`;
    expect(query.length).toBeLessThan(1024);
    const res = await post(stack.gateway.url, query);
    expect(codes(res)).toContain("MAX_DEPTH_EXCEEDED");
    expect(res.ms).toBeLessThan(1_000);
  });

  it("lets Overview and introspection through", async () => {
    const overview = await post(stack.gateway.url, (await import("../../src/server.js")).OVERVIEW_QUERY);
    expect(overview.body?.errors).toBeUndefined();
    const { getIntrospectionQuery } = await import("graphql");
    const introspection = await post(stack.gateway.url, getIntrospectionQuery());
    expect(introspection.body?.errors).toBeUndefined();
  });
});

describe("aliases, mutation fields and nodes", () => {
  it("refuses 1,000 aliases of template(id) with distinct ids (too many tokens already), and 16", async () => {
    const fields = Array.from(
      { length: 1000 },
      (_, i) => `t${i}: template(id: "${gid.template(String(50_000 + i))}") { name }`,
    );
    await expectRefused(`{ ${fields.join(" ")} }`, "MAX_TOKENS_EXCEEDED");
    const res = await expectRefused(`{ ${fields.slice(0, 16).join(" ")} }`, "MAX_ALIASES_EXCEEDED");
    expect(res.body!.errors![0]!.extensions).toMatchObject({ limit: "MAX_ALIASES", max: 15, found: 16 });
    const fine = await post(stack.gateway.url, `{ ${fields.slice(0, 15).join(" ")} }`);
    expect(codes(fine)).not.toContain("MAX_ALIASES_EXCEEDED");
  });

  it("refuses 300 aliased addSubscriber: no write, no email", async () => {
    const fields = Array.from(
      { length: 300 },
      (_, i) =>
        `a${i}: addSubscriber(input: { listId: "${demo.newsletter}", email: "bomb${i}@example.com" }) { __typename }`,
    );
    await expectRefused(`mutation { ${fields.join(" ")} }`, "MAX_TOKENS_EXCEEDED");
    await expectRefused(`mutation { ${fields.slice(0, 16).join(" ")} }`, "MAX_ALIASES_EXCEEDED");
    const outbox = (await (await fetch(`${stack.legacy.url}/__sandbox/outbox`)).json()) as {
      emails: Array<{ to: string }>;
    };
    expect(outbox.emails.filter((e) => e.to.startsWith("bomb"))).toEqual([]);
  });

  it("refuses more mutation fields than MAX_MUTATION_FIELDS even without aliases", async () => {
    const input = (i: number) => `{ listId: "${demo.newsletter}", email: "many${i}@example.com" }`;
    const query = `mutation { addSubscriber(input: ${input(0)}) { __typename } unsubscribe(input: ${input(1)}) { __typename }
      createList(input: { clientId: "${demo.northwind}", title: "x", confirmOptIn: false }) { __typename }
      createClient(input: { companyName: "c", contactName: "c", emailAddress: "c@example.com", country: "Australia", timeZone: "x" }) { __typename }
      updateList(input: { listId: "${demo.newsletter}", title: "y", confirmOptIn: false }) { __typename }
      deleteCustomField(input: { listId: "${demo.newsletter}", key: "[City]" }) { __typename } }`;
    const res = await post(stack.gateway.url, query);
    // Validation may also object to the made-up inputs; the limit is checked regardless and first
    // at execution, so either way nothing is written.
    if (codes(res).includes("MAX_MUTATION_FIELDS_EXCEEDED")) {
      expect(res.body!.errors![0]!.extensions).toMatchObject({ max: 5, found: 6 });
    } else {
      expect(res.status).toBe(400);
    }
    const outbox = (await (await fetch(`${stack.legacy.url}/__sandbox/outbox`)).json()) as {
      emails: Array<{ to: string }>;
    };
    expect(outbox.emails.filter((e) => e.to.startsWith("many"))).toEqual([]);
  });

  it("refuses nodes with 2,000 ids, given inline or as a variable, without a backend call", async () => {
    const ids = Array.from({ length: 2000 }, (_, i) => gid.template(String(60_000 + i)));
    await expectRefused(`query Many($ids: [ID!]!) { nodes(ids: $ids) { id } }`, "MAX_NODE_IDS_EXCEEDED", { ids });
    const inline = ids.slice(0, 150).map((id) => `"${id}"`);
    await expectRefused(`{ nodes(ids: [${inline.join(",")}]) { id } }`, "MAX_NODE_IDS_EXCEEDED");
  });
});

describe("cost", () => {
  it("counts list fields by their expected size and refuses what would pass MAX_COST", async () => {
    const cheap = await post(stack.gateway.url, `{ clients { lists { name } } }`);
    expect(cheap.body?.errors).toBeUndefined();
    const res = await post(
      stack.gateway.url,
      nested("clients", ["campaigns", "lists", "client", "campaigns", "lists"], 6, "name"),
    );
    expect(codes(res)).toEqual(["MAX_COST_EXCEEDED"]);
    expect(res.body!.errors![0]!.extensions).toMatchObject({ limit: "MAX_COST", max: 1000 });
  });

  it("takes MAX_COST from the configuration: Overview (about 320 calls by estimate) passes 1,000, not 100", async () => {
    const strict = await startGateway(stack.legacy.url, { MAX_COST: "100" });
    try {
      const { OVERVIEW_QUERY } = await import("../../src/server.js");
      const res = await post(strict.url, OVERVIEW_QUERY);
      expect(codes(res)).toEqual(["MAX_COST_EXCEEDED"]);
      expect(res.body!.errors![0]!.extensions).toMatchObject({ max: 100 });
      const small = await post(strict.url, "{ clients { name lists { name } } }");
      expect(small.body?.errors).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it("counts 1,000 list(id) aliases × 5 activeSubscribers(since:) as one limit breach, not 5,001 calls", async () => {
    const since = [
      "2020-01-01T00:00:00",
      "2021-01-01T00:00:00",
      "2022-01-01T00:00:00",
      "2023-01-01T00:00:00",
      "2024-01-01T00:00:00",
    ];
    const inner = since.map((s, i) => `s${i}: activeSubscribers(since: "${s}") { totalCount }`).join(" ");
    const fields = Array.from(
      { length: 1000 },
      (_, i) => `l${i}: list(id: "${gid.list(DEMO.clients.northwind, String(20_000 + i))}") { ${inner} }`,
    );
    await expectRefused(`{ ${fields.join(" ")} }`, "MAX_TOKENS_EXCEEDED");
    await expectRefused(`{ ${fields.slice(0, 16).join(" ")} }`, "MAX_ALIASES_EXCEEDED");
  });
});

describe("documents the parser must not choke on", () => {
  it("answers a document nested 5,000 levels with a 400 naming the limit, not a stack overflow", async () => {
    const res = await post(stack.gateway.url, `{ ${"a { ".repeat(5000)}b${" }".repeat(5000)} }`);
    expect(res.status).toBe(400);
    expect(codes(res)).toEqual(["MAX_NESTING_EXCEEDED"]);
    expect(res.ms).toBeLessThan(1_000);
  });

  it("refuses a flat document with more tokens than MAX_TOKENS", async () => {
    const res = await post(stack.gateway.url, `{ ${"__typename ".repeat(5000)} }`);
    expect(res.status).toBe(400);
    expect(codes(res)).toEqual(["MAX_TOKENS_EXCEEDED"]);
  });

  it("answers malformed percent-encoding in a GET query string with a 400 and a clear message", async () => {
    const res = await send(`${stack.gateway.url}/graphql?query=%7B__typename%7D&variables=%ZZ`, {
      headers: { accept: "application/json", "x-graphql-yoga-csrf": "1" },
    });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(JSON.stringify(res.body)).toMatch(/variables/i);
  });
});
