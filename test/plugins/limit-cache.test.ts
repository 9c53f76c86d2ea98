/**
 * The execution limits remember the cost of an operation without variables per document (yoga's
 * parser cache hands repeated texts the same document), and count every request again whose
 * operation declares variables, whose cost may change with them.
 */
import { parse } from "graphql";
import { describe, expect, it, vi } from "vitest";
import * as cost from "../../src/limits/cost.js";
import { executionLimitError } from "../../src/plugins/limits.js";
import { schema } from "../../src/schema/index.js";
import type { RequestLimits } from "../../src/config.js";

const limits: RequestLimits = {
  maxTokens: 5_000,
  maxDepth: 12,
  maxAliases: 15,
  maxDirectives: 10,
  maxCost: 1_000,
  defaultListSize: 10,
  maxMutationFields: 10,
  maxNodeIds: 100,
} as RequestLimits;

vi.mock("../../src/limits/cost.js", async (original) => {
  const actual = await original<typeof cost>();
  return { ...actual, operationCost: vi.fn(actual.operationCost) };
});
const counted = vi.mocked(cost.operationCost);

describe("execution limits on repeated documents", () => {
  it("counts a variable-free operation once per document, with the same verdict every time", () => {
    counted.mockClear();
    const cheap = parse("{ clients { id name } }");
    const dear = parse(
      `{ clients { lists { activeSubscribers(first: 100) { edges { node { email list { stats { totalBounced } } } } } } } }`,
    );
    for (let i = 0; i < 3; i++) {
      expect(executionLimitError(schema, cheap, undefined, {}, limits)).toBeUndefined();
      expect(executionLimitError(schema, dear, undefined, {}, limits)?.extensions).toMatchObject({
        code: "MAX_COST_EXCEEDED",
      });
    }
    expect(counted).toHaveBeenCalledTimes(2);
    // Another limit on the same document is counted on its own.
    expect(executionLimitError(schema, dear, undefined, {}, { ...limits, maxCost: 100_000 })).toBeUndefined();
    expect(counted).toHaveBeenCalledTimes(3);
  });

  it("counts each request of an operation with variables against its own variables", () => {
    counted.mockClear();
    const doc = parse(`query Page($n: Int) {
      clients { lists { activeSubscribers(first: $n) { edges { node { email list { stats { totalBounced } } } } } } }
    }`);
    expect(executionLimitError(schema, doc, "Page", { n: 2 }, limits)).toBeUndefined();
    expect(executionLimitError(schema, doc, "Page", { n: 500 }, limits)?.extensions).toMatchObject({
      code: "MAX_COST_EXCEEDED",
    });
    expect(executionLimitError(schema, doc, "Page", { n: 2 }, limits)).toBeUndefined();
    expect(counted).toHaveBeenCalledTimes(3);
  });

  it("keeps the operations of one document apart", () => {
    const doc = parse(`query Small { clients { id } }
      query Large { clients { lists { activeSubscribers(first: 100) { edges { node { email list { stats { totalBounced } } } } } } } }`);
    expect(executionLimitError(schema, doc, "Small", {}, limits)).toBeUndefined();
    expect(executionLimitError(schema, doc, "Large", {}, limits)?.extensions).toMatchObject({
      code: "MAX_COST_EXCEEDED",
    });
    expect(executionLimitError(schema, doc, "Small", {}, limits)).toBeUndefined();
  });
});
