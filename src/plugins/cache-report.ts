/**
 * `extensions.cache` on every result whose operation read through the shared cache: how many backend
 * reads the cache served and how many went to the backend, and the age in seconds of the oldest
 * answer served (as HTTP's Age), so a caller knows how stale the data can be. A part of an
 * incremental delivery says what was served so far.
 */
import type { ExecutionResult } from "graphql";
import { isAsyncIterable, type Plugin } from "graphql-yoga";
import type { CacheUse } from "../cache/index.js";

/** What `extensions.cache` says. */
export interface CacheExtension {
  /** Reads answered from the cache (they cost no backend call). */
  served: number;
  /** Reads sent to the backend (not held, out of date, or `Cache-Control: no-cache`). */
  fetched: number;
  /** Seconds since the oldest answer served was read from the backend; absent when none was served. */
  age?: number;
}

export interface CacheReportOptions {
  now?: () => number;
}

export function useCacheReport(options: CacheReportOptions = {}): Plugin {
  const now = options.now ?? Date.now;
  const report = (use: CacheUse | undefined): CacheExtension | undefined => {
    if (!use || use.served + use.fetched === 0) return undefined;
    const extension: CacheExtension = { served: use.served, fetched: use.fetched };
    if (use.oldestStoredAt !== undefined) extension.age = Math.max(0, Math.floor((now() - use.oldestStoredAt) / 1000));
    return extension;
  };
  const withReport = (result: ExecutionResult, use: CacheUse | undefined): ExecutionResult => {
    const cache = report(use);
    // A copy: results may be shared.
    return cache ? { ...result, extensions: { ...result.extensions, cache } } : result;
  };
  return {
    onExecute({ args }) {
      const use = (args.contextValue as { cache?: CacheUse }).cache;
      if (!use) return undefined;
      return {
        onExecuteDone({ result, setResult }) {
          if (!isAsyncIterable(result)) {
            setResult(withReport(result, use));
            return undefined;
          }
          return {
            onNext({ result: part, setResult: setPart }) {
              setPart(withReport(part, use));
            },
          };
        },
      };
    },
  };
}
