/**
 * Which subscriptions may share an execution, and under which key. Only live streams are shared:
 * a root field the schema marks live (the composition passes the names in), without `after` (a
 * replay starts where its subscriber says). The key hashes the document, variables and caller
 * scope, so credentials are never kept in clear and different ones never share.
 */
import { createHash } from "node:crypto";
import { getOperationAST, Kind, OperationTypeNode, type DocumentNode, type ValueNode } from "graphql";

function isNullValue(
  value: ValueNode | undefined,
  variables: Record<string, unknown>,
  defaults: Map<string, ValueNode>,
) {
  if (value === undefined || value.kind === Kind.NULL) return true;
  if (value.kind !== Kind.VARIABLE) return false;
  const name = value.name.value;
  if (name in variables) return variables[name] === null || variables[name] === undefined;
  const fallback = defaults.get(name);
  return fallback === undefined || fallback.kind === Kind.NULL;
}

/**
 * The response key (alias or name) of the operation's one root field when the operation is a live
 * subscription that may be shared: one root field out of `liveFields`, no directives on it, and no
 * `after`. Undefined otherwise (the operation then runs on its own).
 */
export function shareableField(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  liveFields: ReadonlySet<string>,
): string | undefined {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== OperationTypeNode.SUBSCRIPTION) return undefined;
  const [field, ...rest] = operation.selectionSet.selections;
  if (!field || rest.length > 0 || field.kind !== Kind.FIELD) return undefined;
  if (!liveFields.has(field.name.value) || (field.directives?.length ?? 0) > 0) return undefined;
  const defaults = new Map<string, ValueNode>();
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue) defaults.set(definition.variable.name.value, definition.defaultValue);
  }
  const after = field.arguments?.find((argument) => argument.name.value === "after")?.value;
  if (!isNullValue(after, variables ?? {}, defaults)) return undefined;
  if (nestsDeeperThan(variables, MAX_SHARED_VARIABLES_DEPTH)) return undefined;
  return field.alias?.value ?? field.name.value;
}

/** JSON with object keys sorted, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What decides whether two subscribers may share an execution. */
export interface ShareKeyParts {
  readonly query: string;
  readonly operationName?: string | null | undefined;
  readonly variables?: Record<string, unknown> | null | undefined;
  /**
   * Everything that decides what the caller may see (its keys, tokens, connection params), or the
   * `Fanout.scopeKey` made of it once per connection: a connection's scope does not change, and
   * hashing its params again on every subscribe would cost each message their whole size.
   */
  readonly scope: unknown;
}

/**
 * Nesting past which a subscription's variables are not shared: the share key is built by
 * recursion, and variables nested this deep fit no live field's arguments (their own run refuses
 * them with the usual variable errors).
 */
export const MAX_SHARED_VARIABLES_DEPTH = 16;

/** Whether `value` nests deeper than `max` objects or arrays (walked without recursion, stopping there). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * The key of a shared execution: a SHA-256 over the document, the operation name, the variables
 * and the caller's scope. Credentials enter only through the hash, so the key may be logged or
 * compared without exposing them; different credentials give different keys.
 */
export function shareKey(parts: ShareKeyParts): string {
  return createHash("sha256")
    .update(canonicalJson([parts.query, parts.operationName ?? null, parts.variables ?? {}, parts.scope]))
    .digest("base64url");
}

/** A caller scope (ShareKeyParts.scope) as a short hash, the same for equal scopes. */
export function scopeHash(scope: unknown): string {
  return createHash("sha256").update(canonicalJson(scope)).digest("base64url");
}
