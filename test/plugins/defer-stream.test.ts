/**
 * The pieces of @defer and @stream below the HTTP tests (test/e2e/defer-stream.test.ts): which
 * Accept gets parts, the document a caller taking no parts runs, and what the cost counts of
 * deferred fragments and streamed lists (their calls as without the directive, their parts beside).
 */
import { Kind, parse, print, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { operationCost } from "../../src/limits/cost.js";
import { acceptsIncrementalDelivery, withoutIncrementalDelivery } from "../../src/plugins/http-streams.js";
import { schema } from "../../src/schema/index.js";
import { OVERVIEW_QUERY } from "../../src/server.js";

function cost(source: string, variables?: Record<string, unknown>) {
  const doc = parse(source);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  return operationCost(schema, op, fragments, variables, { defaultListSize: 10, stopAbove: 1_000_000 });
}

const withAccept = (accept: string | null) =>
  new Request("http://localhost/graphql", { headers: accept === null ? {} : { accept } });

describe("acceptsIncrementalDelivery", () => {
  it("is true only for an Accept naming multipart/mixed or text/event-stream itself", () => {
    for (const accept of [
      "multipart/mixed",
      'multipart/mixed; deferSpec="20220824"',
      "text/event-stream",
      "application/graphql-response+json, application/json, multipart/mixed",
    ]) {
      expect(acceptsIncrementalDelivery(withAccept(accept)), accept).toBe(true);
    }
    for (const accept of [
      null,
      "*/*",
      "application/json",
      "multipart/*",
      "text/*",
      "multipart/mixed; charset=latin1",
    ]) {
      expect(acceptsIncrementalDelivery(withAccept(accept)), String(accept)).toBe(false);
    }
  });
});

describe("withoutIncrementalDelivery", () => {
  it("drops @defer and @stream and merges a deferred `... { }` into its parent", () => {
    const deferred = parse(`
      query Q($on: Boolean!) {
        clients @stream(initialCount: 1) {
          id
          ... @defer(label: "a") { name }
          ... on Client @defer(if: $on) { lists { id } }
          ...Campaigns @defer
        }
      }
      fragment Campaigns on Client { campaigns { id } }
    `);
    expect(print(withoutIncrementalDelivery(deferred))).toBe(
      print(
        parse(`
          query Q($on: Boolean!) { clients { id name ... on Client { lists { id } } ...Campaigns } }
          fragment Campaigns on Client { campaigns { id } }
        `),
      ),
    );
  });

  it("hands back a document without either directive itself, and the same stripped document each time", () => {
    const plain = parse(`{ clients { id ... { name } } }`);
    expect(withoutIncrementalDelivery(plain)).toBe(plain);
    const overview = parse(OVERVIEW_QUERY);
    expect(withoutIncrementalDelivery(overview)).toBe(withoutIncrementalDelivery(overview));
  });
});

describe("cost of deferred and streamed parts", () => {
  it("the deferred Overview costs what the whole one does, with one part per client", () => {
    const whole = cost(print(withoutIncrementalDelivery(parse(OVERVIEW_QUERY))));
    const deferred = cost(OVERVIEW_QUERY);
    expect(deferred.cost).toBe(whole.cost);
    expect(whole.incrementalParts).toBe(0);
    // clients is a list of the default size (10): one ClientDetails part each.
    expect(deferred.incrementalParts).toBe(10);
  });

  it("counts a deferred fragment's calls and parts at every level, through named fragments", () => {
    const query = `{ clients { ... @defer { lists { id ...Stats @defer } } } }
      fragment Stats on List { stats { totalBounced } }`;
    // 1 + 10 clients' lists + 100 lists' stats; parts: 10 clients + 100 lists.
    expect(cost(query)).toMatchObject({ cost: 1 + 10 + 100, incrementalParts: 10 + 100 });
  });

  it("@defer(if: false) adds no part, whether literal or a variable; its fields still cost", () => {
    const literal = `{ clients { ... @defer(if: false) { lists { id } } } }`;
    expect(cost(literal)).toMatchObject({ cost: 11, incrementalParts: 0 });
    const variable = `query Q($d: Boolean!) { clients { ... @defer(if: $d) { lists { id } } } }`;
    expect(cost(variable, { d: false })).toMatchObject({ cost: 11, incrementalParts: 0 });
    expect(cost(variable, { d: true })).toMatchObject({ cost: 11, incrementalParts: 10 });
  });

  it("a streamed list costs its whole expected size; its parts are the items past initialCount", () => {
    const plain = cost(`{ clients { lists { id } } }`);
    for (const initialCount of [0, 3, 1000]) {
      const streamed = cost(`{ clients @stream(initialCount: ${initialCount}) { lists { id } } }`);
      expect(streamed.cost).toBe(plain.cost);
      expect(streamed.incrementalParts).toBe(Math.max(0, 10 - initialCount));
    }
    // A streamed list of scalars, inside a list: its items past initialCount, per parent.
    expect(cost(`{ clients { lists { customFields { options @stream(initialCount: 2) } } } }`).incrementalParts).toBe(
      10 * 10 * 10 * (10 - 2),
    );
  });
});
