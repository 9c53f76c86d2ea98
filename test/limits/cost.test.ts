/** The cost model against the real schema: known documents, known numbers. */
import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { FIELD_CALLS, operationCost, WRITE_COST } from "../../src/limits/cost.js";
import { schema } from "../../src/schema/index.js";
import { OVERVIEW_QUERY } from "../../src/server.js";

function cost(source: string, variables?: Record<string, unknown>, stopAbove = 1_000_000) {
  const doc = parse(source);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = doc.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION);
  return operationCost(schema, op, fragments, variables, { defaultListSize: 10, stopAbove });
}

describe("operationCost", () => {
  it("names only fields the schema has", () => {
    for (const coordinate of Object.keys(FIELD_CALLS)) {
      const [type, field] = coordinate.split(".");
      const t = schema.getType(type!);
      expect(t && "getFields" in t ? Object.keys(t.getFields()) : [], coordinate).toContain(field);
    }
  });

  it("counts Overview as one call, then per client (10) its lists, campaigns and per item their reads", () => {
    // clients 1 + 10 × (lists 1 + 10 × (stats 1 + customFields 1) + campaigns 1 + 10 × summary 1)
    expect(cost(OVERVIEW_QUERY).cost).toBe(1 + 10 * (1 + 10 * 2 + 1 + 10));
  });

  it("counts fields served from the parent's reads as free and scalars as free", () => {
    expect(cost("{ clients { id name clientId } }").cost).toBe(1);
    expect(cost("{ clients { lists { client { name } } } }").cost).toBe(1 + 10);
  });

  it("sizes connections by first/last and nodes by its ids, literal or variable", () => {
    expect(
      cost('{ list(id: "x") { activeSubscribers(first: 3) { edges { node { email list { name } } } } } }').cost,
    ).toBe(2);
    expect(cost('{ client(id: "x") { campaigns { bounces(first: 50) { edges { node { email } } } } } }').cost).toBe(
      1 + 1 + 10,
    );
    const ids = ["a", "b", "c", "d"];
    expect(
      cost("query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Client { lists { name } } } }", { ids }),
    ).toMatchObject({
      // Each id up to two calls (a subscriber's: its client's lists and its list), each client's lists one.
      cost: 4 * 2 + 4,
      maxIds: 4,
    });
  });

  it("counts an export's file where its rows are selected, and a job's result as part of the job", () => {
    const job = (selection: string) => `{ store { asyncJob(jobId: "j") { status ${selection} } } }`;
    expect(cost(job("")).cost).toBe(1);
    expect(cost(job("result { __typename }")).cost).toBe(1);
    expect(
      cost(job("result { ... on SegmentExportResult { rows(first: 500) { totalCount edges { node { email } } } } }"))
        .cost,
    ).toBe(2);
    // Through nodes, each id's rows count one call (a repeated id too: the count is an upper bound).
    const ids = Array.from({ length: 100 }, () => "same");
    expect(
      cost(
        "query($ids: [ID!]!) { nodes(ids: $ids) { ... on AsyncJob { result { ... on SegmentExportResult { " +
          "rows(first: 2) { edges { node { email status } } } } } } } }",
        { ids },
      ).cost,
    ).toBe(100 * 2 + 100);
  });

  it("counts fragments and inline fragments once per place they are spread", () => {
    const doc =
      "{ clients { ...F ...F ... on Client { lists { name } } } } fragment F on Client { campaigns { name } }";
    expect(cost(doc).cost).toBe(1 + 10 * 3);
  });

  it("counts each mutation field as a write with its checks, and its payload's reads", () => {
    const doc =
      'mutation { a: unsubscribe(input: { listId: "x", email: "e" }) { ... on UnsubscribeSuccess { list { name } } } }';
    expect(cost(doc)).toMatchObject({ cost: WRITE_COST + 1, mutationFields: 1 });
  });

  it("stops counting once past the limit, so a fan-out by fragments is cheap to refuse", () => {
    const fragments = Array.from(
      { length: 30 },
      (_, i) =>
        `fragment F${i} on Client { a: lists { client { ${i === 29 ? "id" : `...F${i + 1}`} } } b: lists { client { ${i === 29 ? "id" : `...F${i + 1}`} } } }`,
    );
    const started = performance.now();
    const result = cost(`{ clients { ...F0 } } ${fragments.join(" ")}`, undefined, 1000);
    expect(result.stopped).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
