/**
 * OAuth scopes of the commerce interface and their grant rule, as the catalog states them
 * (backends/commerce/catalog.ts; spec: Authentication 2, Scopes): a write_ scope also grants the
 * matching read_ scope.
 */
import { isCommerceScope, scopesLacking } from "../../backends/commerce/catalog.js";

/** Whether the spec's table names the scope. */
export const isKnownScope = (scope: string): boolean => isCommerceScope(scope);

/** The required scopes a grant lacks, in the order required. */
export const missingScopes = (granted: readonly string[], required: readonly string[]): string[] =>
  scopesLacking(granted, required);

/** Splits a space-separated scope parameter, dropping empty entries and repeats. */
export const parseScopeParam = (scope: string): string[] => [...new Set(scope.split(/\s+/).filter(Boolean))];
