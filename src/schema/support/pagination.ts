/**
 * Relay connections over collections the legacy service returns whole. The cursor is a row's
 * natural key (an email, then a list id), opaque to the client, so a page boundary stays put when
 * rows are added or removed elsewhere. Not the relay plugin's helpers: their cursors are offsets,
 * or they clamp a page size we refuse and guess hasPreviousPage from `after` being given.
 */
import type { GraphQLError } from "graphql";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { graphError } from "./graph-errors.js";

/** The connection arguments of a field. */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** What a connection field resolves to. */
export interface Page<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

/** Page sizes: the default when neither `first` nor `last` is given, and the most allowed. */
export const PAGE_SIZE = { default: 50, max: 500 } as const;

/** BAD_USER_INPUT naming the argument and the rule it breaks (InputRule), as every input error does. */
function badInput(message: string, field: string, rule: string): GraphQLError {
  return graphError("BAD_USER_INPUT", message, { field, rule });
}

const encodeCursor = (key: string): string => Buffer.from(`k:${key}`, "utf8").toString("base64url");

function decodeCursor(cursor: string, arg: string): string {
  if (cursor.length > MAX_LENGTH.globalId)
    throw badInput(`${arg} is longer than ${MAX_LENGTH.globalId} characters.`, arg, "MAX_LENGTH");
  const text = /^[A-Za-z0-9_-]*$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  if (!text.startsWith("k:")) throw badInput(`${arg} is not a cursor of this connection.`, arg, "CURSOR");
  return text.slice(2);
}

function size(value: number | null | undefined, arg: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0 || value > PAGE_SIZE.max) {
    throw badInput(`${arg} must be a whole number from 0 to ${PAGE_SIZE.max}.`, arg, "PAGE_SIZE");
  }
  return value;
}

/** One page of `rows`, ordered by `keyOf`; equal keys are told apart by their order of arrival. */
export function pageByKey<T>(rows: readonly T[], keyOf: (row: T) => string, args: PageArgs): Page<T> {
  const first = size(args.first, "first");
  const last = size(args.last, "last");
  if (first !== undefined && last !== undefined) throw badInput("Give first or last, not both.", "last", "NOT_ALLOWED");

  const seen = new Map<string, number>();
  const keyed = rows
    .map((node) => {
      const base = keyOf(node);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return { key: `${base}\u0000${n}`, node };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  let lo = 0;
  let hi = keyed.length;
  if (args.after != null) {
    const after = decodeCursor(args.after, "after");
    // Keys are sorted and distinct: the page starts at the first key past `after`.
    const start = keyed.findIndex(({ key }) => key > after);
    lo = start === -1 ? hi : start;
  }
  if (args.before != null) {
    const before = decodeCursor(args.before, "before");
    // …and ends before the first key (from lo on) at or past `before`.
    const end = keyed.findIndex(({ key }, i) => i >= lo && key >= before);
    if (end !== -1) hi = end;
  }
  if (last !== undefined) lo = Math.max(lo, hi - last);
  else hi = Math.min(hi, lo + (first ?? PAGE_SIZE.default));

  const edges = keyed.slice(lo, hi).map(({ key, node }) => ({ cursor: encodeCursor(key), node }));
  return {
    edges,
    pageInfo: {
      hasPreviousPage: lo > 0,
      hasNextPage: hi < keyed.length,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
    totalCount: keyed.length,
  };
}
