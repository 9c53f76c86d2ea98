/**
 * The scopes each commerce field declares, from the one table of what each CommerceService
 * operation needs (COMMERCE_OPERATION_ACCESS). A credential without one of them gets FORBIDDEN on
 * that field, naming the missing scopes, before its resolver runs and so before any backend call;
 * the service's own check stays behind it for callers that do not come through the graph.
 */
import type { GraphContext } from "../../context.js";
import {
  COMMERCE_OPERATION_ACCESS,
  CommerceForbiddenError,
  grantsScope,
  type CommerceOperation,
  type CommerceScope,
} from "../../domain/commerce/index.js";
import { commerceForbidden } from "../support/graph-errors.js";

/** The scope-auth options of a field that runs `operation`: empty when it needs no scope. */
export function commerceAccess(operation: CommerceOperation) {
  const scopes: readonly CommerceScope[] = COMMERCE_OPERATION_ACCESS[operation].scopes;
  if (scopes.length === 0) return {};
  return {
    authScopes: { $all: Object.fromEntries(scopes.map((scope) => [scope, true])) },
    unauthorizedError: (_parent: unknown, _args: unknown, ctx: GraphContext) =>
      commerceForbidden(
        new CommerceForbiddenError(
          operation,
          "store",
          scopes.filter((scope) => !grantsScope(ctx.commerceScopes ?? "all", scope)),
        ),
      ),
  };
}

/** The sentence a field's description ends with, naming the scopes it needs. */
export function scopesNote(operation: CommerceOperation): string {
  const { scopes, credential } = COMMERCE_OPERATION_ACCESS[operation];
  if (credential === "partner") return " Needs the partner application's credential.";
  if (scopes.length === 0) return " Needs a store credential (API key or OAuth token), no particular scope.";
  const list: readonly string[] = scopes;
  return ` OAuth scope${list.length > 1 ? "s" : ""} ${list.join(" and ")} (an API key holds every scope).`;
}
