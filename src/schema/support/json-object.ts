/**
 * JSONObject: a JSON object passed through as the backend gives it or takes it, for shapes the
 * backends' contracts do not fix (commerce coupon details, segment use models, subscriber
 * properties). Only objects: a bare value or a list is refused on input.
 */
import { GraphQLError, Kind, valueFromASTUntyped, type ValueNode } from "graphql";
import { builder } from "../builder.js";

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseObject(value: unknown): JsonObject {
  if (!isObject(value)) throw new GraphQLError("JSONObject must be an object of key and value pairs.");
  return value;
}

export const JSONObject = builder.scalarType("JSONObject", {
  description: 'A JSON object, e.g. `{"plan": "pro", "seats": 3}`; its shape is the backend\'s.',
  serialize: (value) => parseObject(value),
  parseValue: parseObject,
  parseLiteral: (ast: ValueNode, variables) => {
    if (ast.kind !== Kind.OBJECT) throw new GraphQLError("JSONObject must be an object literal.", { nodes: ast });
    return parseObject(valueFromASTUntyped(ast, variables ?? undefined));
  },
});
