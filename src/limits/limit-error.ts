/**
 * The one error every request limit answers with: `extensions.code` names the limit that was
 * passed (e.g. MAX_DEPTH_EXCEEDED), `extensions.limit` the setting that holds it, with the
 * allowed and found values, so a client can tell what to change and an operator what to tune.
 * HTTP status 400 (the request asked for too much), except MAX_STREAMS_PER_CALLER: 429, since
 * the same request succeeds once the caller's other streams have ended.
 */
import { GraphQLError } from "graphql";

/** The request limits, by the name of the setting that configures each. */
export type LimitName =
  | "MAX_TOKENS"
  | "MAX_NESTING"
  | "MAX_DEPTH"
  | "MAX_ALIASES"
  | "MAX_DIRECTIVES"
  | "MAX_COST"
  | "MAX_MUTATION_FIELDS"
  | "MAX_NODE_IDS"
  | "MAX_BODY_BYTES"
  | "MAX_OPERATIONS_PER_CONNECTION"
  | "MAX_STREAMS_PER_CALLER";

/** What a limit error says in words, per limit. */
const WHAT: Record<LimitName, string> = {
  MAX_TOKENS: "The document has too many tokens",
  MAX_NESTING: "The document nests too deeply",
  MAX_DEPTH: "The operation selects too deeply",
  MAX_ALIASES: "The operation has too many aliases",
  MAX_DIRECTIVES: "The operation has too many directives",
  MAX_COST: "The operation could cause too many backend calls",
  MAX_MUTATION_FIELDS: "The operation has too many mutation fields",
  MAX_NODE_IDS: "Too many ids were given to nodes",
  MAX_BODY_BYTES: "The request body is too large",
  MAX_OPERATIONS_PER_CONNECTION: "This connection has too many operations running",
  MAX_STREAMS_PER_CALLER: "This caller has too many streams open",
};

/** A GraphQL error for a passed limit; `found` may be a lower bound ("at least"). */
export function limitError(limit: LimitName, max: number, found: number, atLeast = false): GraphQLError {
  const foundText = `${atLeast ? "at least " : ""}${found}`;
  return new GraphQLError(`${WHAT[limit]}: the limit is ${max}, found ${foundText}.`, {
    extensions: {
      code: `${limit}_EXCEEDED`,
      limit,
      max,
      found,
      http: { status: limit === "MAX_STREAMS_PER_CALLER" ? 429 : 400 },
    },
  });
}
