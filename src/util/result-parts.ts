/**
 * Following an answer sent in parts (@defer, @stream): a query's execution gives an async iterable
 * of parts instead of one result, and a later part carries its errors inside `incremental`. The
 * request's observers (metrics, the access log, the operation span) read every part's errors and
 * close their books when the last part is out, the caller has gone, or the execution failed.
 */
import { mapAsyncIterator } from "@envelop/core";
import type { GraphQLError } from "graphql";

/** A whole result, or one part of an answer in parts. */
export interface ResultOrPart {
  readonly errors?: readonly GraphQLError[];
  readonly incremental?: readonly { readonly errors?: readonly GraphQLError[] }[];
}

/** The errors a result or a part carries: its own, then those of each deferred fragment or streamed item it adds. */
export function errorsOf(result: ResultOrPart): readonly GraphQLError[] {
  const later = result.incremental?.flatMap((entry) => entry.errors ?? []) ?? [];
  return later.length === 0 ? (result.errors ?? []) : [...(result.errors ?? []), ...later];
}

/** The extensions.code of `error`, or `fallback` when it has none. */
export function codeOf(error: GraphQLError, fallback: string): string {
  const code = error.extensions?.code;
  return typeof code === "string" ? code : fallback;
}

/**
 * `parts` as they go out, `onPart` seeing each one and `onEnd` called once: after the last part,
 * when the reader stops early (the caller left), or when the execution throws (`failed`; the
 * error goes on to the reader).
 */
export function followParts<T>(
  parts: AsyncIterable<T>,
  onPart: (part: T) => void,
  onEnd: (failed: boolean) => void,
): AsyncIterableIterator<T> {
  let ended = false;
  const end = (failed = false) => {
    if (ended) return;
    ended = true;
    onEnd(failed);
  };
  return mapAsyncIterator(
    parts,
    (part: T) => {
      onPart(part);
      return part;
    },
    (error: unknown) => {
      end(true);
      throw error;
    },
    () => end(),
  );
}
