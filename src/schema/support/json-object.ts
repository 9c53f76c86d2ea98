/**
 * JSONObject: a JSON object passed through as the backend gives or takes it, for shapes the
 * backends' contracts do not fix (coupon details, segment use models, subscriber properties). Only
 * objects no deeper than MAX_JSON_DEPTH, in and out: serializing a deeper one could exhaust the
 * stack and lose the whole response, so its field fails alone.
 */
import { GraphQLError, Kind, valueFromASTUntyped, type ValueNode } from "graphql";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../util/json-depth.js";
import { builder } from "../builder.js";
import { graphError } from "./graph-errors.js";

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseObject(value: unknown): JsonObject {
  if (!isObject(value)) throw new GraphQLError("JSONObject must be an object of key and value pairs.");
  return value;
}

/**
 * An object the caller sends: also bounded in depth, since what takes it serializes it (a segment
 * criterion is sent as JSON), and a variable of 100,000 levels would exhaust the stack there and
 * fail as an unexpected error instead of naming what is wrong.
 */
function parseInput(value: unknown): JsonObject {
  const object = parseObject(value);
  if (nestsDeeperThan(object, MAX_JSON_DEPTH)) {
    throw new GraphQLError(`JSONObject must not nest deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  return object;
}

export const JSONObject = builder.scalarType("JSONObject", {
  description: 'A JSON object, e.g. `{"plan": "pro", "seats": 3}`; its shape is the backend\'s.',
  serialize: (value) => {
    const object = parseObject(value);
    if (nestsDeeperThan(object, MAX_JSON_DEPTH)) {
      throw graphError("UPSTREAM_BAD_RESPONSE", `A JSON object nests deeper than ${MAX_JSON_DEPTH} levels.`);
    }
    return object;
  },
  parseValue: parseInput,
  parseLiteral: (ast: ValueNode, variables) => {
    if (ast.kind !== Kind.OBJECT) throw new GraphQLError("JSONObject must be an object literal.", { nodes: ast });
    return parseInput(valueFromASTUntyped(ast, variables ?? undefined));
  },
});
