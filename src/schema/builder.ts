/**
 * The one Pothos SchemaBuilder of the graph and its plugins. Type definitions live in the domain
 * files next to it; this file only configures.
 */
import SchemaBuilder from "@pothos/core";
import ErrorsPlugin from "@pothos/plugin-errors";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ValidationPlugin from "@pothos/plugin-validation";
import type { GraphContext } from "../context.js";
import { grantsScope, COMMERCE_SCOPES, type CommerceScope } from "../domain/commerce/scopes.js";
import { decodeGlobalId, encodeGlobalId } from "./support/global-id.js";
import { GRAPH_ERRORS_PLUGIN } from "./support/graph-errors.js";
import { inputErrorOf } from "./support/input-rules.js";

/** Type parameters shared by every definition of the graph. */
export interface GraphTypes {
  Context: GraphContext;
  // Fields are non-null unless they say otherwise: every field that reaches a backend is declared
  // nullable, so a failing call nulls that field only and the rest of the response arrives.
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    /** Internally the legacy wire text `YYYY-MM-DD HH:MM:SS`. */
    LocalDateTime: { Input: string; Output: string };
    DateTime: { Input: Date; Output: Date };
    /** A JSON object whose shape the backend decides (support/json-object.ts). */
    JSONObject: { Input: Record<string, unknown>; Output: Record<string, unknown> };
  };
  Connection: { totalCount: number };
  /** The commerce OAuth scopes a field may require (src/schema/commerce/access.ts declares them). */
  AuthScopes: Record<CommerceScope, boolean>;
  DefaultEdgesNullability: false;
  DefaultNodeNullability: false;
}

/** The builder's full type set, for helpers that take a field builder. */
export type Types = PothosSchemaTypes.ExtendDefaultTypes<GraphTypes>;

/** The one SchemaBuilder of the graph; plugin types are global, so there is no second. */
export const builder = new SchemaBuilder<GraphTypes>({
  // The first plugin wraps outermost. Scope checks first, so a credential without a scope is
  // refused before input validation and any backend call, and the refusal is a field error rather
  // than a payload member. graphErrors right inside errors: it turns what a resolver throws into
  // the payload member the errors plugin then catches, or a field error.
  plugins: [ScopeAuthPlugin, ErrorsPlugin, GRAPH_ERRORS_PLUGIN, ValidationPlugin, RelayPlugin],
  defaultFieldNullability: false,
  errors: {
    // Input rules run as argument validation, before the resolver: their failures become the
    // InputError member of the mutation's payload union. Scope checks run before them (scope-auth
    // wraps outermost), so validation never runs for a caller the field refuses.
    unsafelyHandleInputErrors: true,
    defaultUnionOptions: { name: ({ fieldName }) => `${capitalize(fieldName)}Result` },
  },
  scopeAuth: {
    // Without any commerce credential every scope passes here: the commerce service then refuses
    // the call as UNAUTHENTICATED, which says more than a missing scope would.
    authScopes: (ctx) => {
      const held = ctx.commerceScopes;
      return Object.fromEntries(
        COMMERCE_SCOPES.map((scope) => [scope, held === undefined || grantsScope(held, scope)]),
      ) as Record<CommerceScope, boolean>;
    },
  },
  validation: {
    validationError: (failure) => inputErrorOf(failure.issues),
  },
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    encodeGlobalID: encodeGlobalId,
    decodeGlobalID: decodeGlobalId,
    nodeQueryOptions: { nullable: true },
    // `nodes` is defined in node.ts so that each id fails on its own.
    nodesQueryOptions: false,
    edgesFieldOptions: { nullable: false },
    nodeFieldOptions: { nullable: false },
  },
});

function capitalize(text: string): string {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}
