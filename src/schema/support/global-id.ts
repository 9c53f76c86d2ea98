/**
 * Global ids of the graph: base64url of `<backend>:<Type>:<local id>`, so an id names the backend
 * and the type it belongs to and a client cannot mistake one for the other. The local id of a
 * record that needs several keys to be found again (a list needs its client) is a JSON array.
 */
import type { GraphQLError } from "graphql";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { graphError } from "./graph-errors.js";

/** The backends records come from. */
export type Backend = "legacy" | "commerce";

const backends = new Map<string, Backend>();
/** The name a type's ids carry, when it is not the type's own (a type renamed after ids were issued). */
const encodedNames = new Map<string, string>();
/** `<backend>:<encoded name>` → the type's name now. */
const renamed = new Map<string, string>();

/**
 * Declares which backend a node type belongs to; every node type registers itself once. `encodedAs`
 * keeps the ids of a renamed type stable: they go on carrying the old name, and decode to the new.
 */
export function registerNodeType(typename: string, backend: Backend, encodedAs?: string): void {
  const known = backends.get(typename);
  if (known && known !== backend) throw new Error(`node type ${typename} is already registered for ${known}`);
  backends.set(typename, backend);
  if (encodedAs !== undefined && encodedAs !== typename) {
    encodedNames.set(typename, encodedAs);
    renamed.set(`${backend}:${encodedAs}`, typename);
  }
}

/** BAD_USER_INPUT for an id this graph cannot use; `rule` is GLOBAL_ID unless a bound was broken. */
function invalid(reason: string, rule: "GLOBAL_ID" | "MAX_LENGTH" = "GLOBAL_ID"): GraphQLError {
  return graphError("BAD_USER_INPUT", `Invalid global id: ${reason}.`, { rule });
}

/** Encodes a global id (the relay plugin calls this for every Node id field). */
export function encodeGlobalId(typename: string, id: string | number | bigint): string {
  const backend = backends.get(typename);
  if (!backend) throw new Error(`node type ${typename} has no registered backend`);
  const name = encodedNames.get(typename) ?? typename;
  return Buffer.from(`${backend}:${name}:${String(id)}`, "utf8").toString("base64url");
}

/** Decodes a global id; throws BAD_USER_INPUT for anything this graph did not issue. */
export function decodeGlobalId(globalId: string): { typename: string; id: string } {
  if (globalId.length > MAX_LENGTH.globalId)
    throw invalid(`longer than ${MAX_LENGTH.globalId} characters`, "MAX_LENGTH");
  if (!/^[A-Za-z0-9_-]+$/.test(globalId)) throw invalid("not base64url text");
  const text = Buffer.from(globalId, "base64url").toString("utf8");
  const [, backend, name, id] = /^([a-z]+):([A-Za-z][A-Za-z0-9]*):([\s\S]+)$/.exec(text) ?? [];
  if (backend === undefined || name === undefined || id === undefined) throw invalid("not an id of this graph");
  const typename = renamed.get(`${backend}:${name}`) ?? name;
  // A renamed type's new name is never what its ids carry.
  if (backends.get(typename) !== backend || (encodedNames.get(typename) ?? typename) !== name) {
    throw invalid("not an id of this graph");
  }
  return { typename, id };
}

/** The local id of a record found again through several keys. */
export function compositeId(...parts: string[]): string {
  return JSON.stringify(parts);
}

/** How many parts a composite local id has. */
export type IdPartCount = 1 | 2 | 3;

/** The parts of a composite local id of `N` parts. */
export type IdParts<N extends IdPartCount> = { 1: [string]; 2: [string, string]; 3: [string, string, string] }[N];

/** The parts of a composite local id; throws BAD_USER_INPUT unless there are exactly `count`. */
export function parseCompositeId<N extends IdPartCount>(id: string, count: N): IdParts<N> {
  let parts: unknown;
  try {
    parts = JSON.parse(id);
  } catch {
    throw invalid("malformed local id");
  }
  if (!Array.isArray(parts) || parts.length !== count || !parts.every((p) => typeof p === "string" && p !== "")) {
    throw invalid("malformed local id");
  }
  // The check above established the length.
  return parts as IdParts<N>;
}

/**
 * The local id parts of a global id of `typename`, or undefined when the text is not such an id
 * (for input validation, which reports instead of throwing).
 */
export function tryLocalId<N extends IdPartCount>(
  globalId: string,
  typename: string,
  count: N,
): IdParts<N> | undefined {
  try {
    const decoded = decodeGlobalId(globalId);
    if (decoded.typename !== typename) return undefined;
    return parseCompositeId(decoded.id, count);
  } catch {
    return undefined;
  }
}

/** The local id parts of a global id argument that must be of `typename`; BAD_USER_INPUT otherwise. */
export function localIdOf<N extends IdPartCount>(globalId: string, typename: string, count: N): IdParts<N> {
  const decoded = decodeGlobalId(globalId);
  if (decoded.typename !== typename) throw invalid(`expected the id of a ${typename}`);
  return parseCompositeId(decoded.id, count);
}
