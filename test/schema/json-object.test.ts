/** The JSONObject scalar passes objects through, but not one nested too deep to serialize. */
import { parse, type FieldNode, type GraphQLScalarType, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../src/schema/index.js";

const scalar = schema.getType("JSONObject") as GraphQLScalarType;

/** `levels` objects, each holding the next under "a". */
function nested(levels: number): Record<string, unknown> {
  const outer: Record<string, unknown> = {};
  let inner = outer;
  for (let i = 1; i < levels; i++) {
    const next: Record<string, unknown> = {};
    inner.a = next;
    inner = next;
  }
  return outer;
}

describe("JSONObject", () => {
  it("serializes an object 32 levels deep, and refuses 33 as a bad reply", () => {
    expect(scalar.serialize(nested(32))).toEqual(nested(32));
    expect(() => scalar.serialize(nested(33))).toThrowError(
      expect.objectContaining({ extensions: expect.objectContaining({ code: "UPSTREAM_BAD_RESPONSE" }) }),
    );
  });

  it("refuses 100,000 levels without overflowing the stack", () => {
    expect(() => scalar.serialize(nested(100_000))).toThrowError(/nests deeper than 32 levels/);
  });

  it("takes input 32 levels deep, and refuses deeper input by name, from variables and literals", () => {
    expect(scalar.parseValue(nested(32))).toEqual(nested(32));
    expect(() => scalar.parseValue(nested(100_000))).toThrowError("JSONObject must not nest deeper than 32 levels.");
    const literal = parse(`{ f(x: ${"{a: ".repeat(33)}1${"}".repeat(33)}) }`);
    const field = (literal.definitions[0] as OperationDefinitionNode).selectionSet.selections[0] as FieldNode;
    expect(() => scalar.parseLiteral(field.arguments![0]!.value, undefined)).toThrowError(/nest deeper than 32/);
  });
});
