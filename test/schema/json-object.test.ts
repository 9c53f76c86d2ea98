/** The JSONObject scalar passes objects through, but not one nested too deep to serialize. */
import type { GraphQLScalarType } from "graphql";
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
});
