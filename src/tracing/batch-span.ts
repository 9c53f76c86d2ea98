/**
 * Spans of the domain's batches: one per legacy loader batch (every distinct read the fields of
 * one tick asked for, sent together) and one per commerce service call (its wait for a slot
 * under the request's concurrency cap and the client calls it makes).
 */
import type { RequestScope } from "../logging/request-context.js";
import { inSpan } from "./spans.js";

/** Runs a legacy loader batch of `keys` in a span naming its size and operations. */
export function inBatchSpan<T>(
  backend: "legacy",
  keys: readonly { op: string }[],
  scope: RequestScope | undefined,
  work: (scope: RequestScope | undefined) => Promise<T>,
): Promise<T> {
  // With tracing off, no attributes to work out: the batch just runs.
  if (!scope?.tracer) return work(scope);
  return inSpan(
    `${backend}.batch`,
    {
      attributes: {
        "mailgraph.backend": backend,
        "mailgraph.batch.size": keys.length,
        "mailgraph.batch.operations": [...new Set(keys.map((k) => k.op))].sort(),
      },
    },
    scope,
    work,
  );
}

/** Runs one commerce service call (of `operation`, when known) in a span. */
export function inServiceSpan<T>(
  operation: string | undefined,
  scope: RequestScope | undefined,
  work: (scope: RequestScope | undefined) => Promise<T>,
): Promise<T> {
  return inSpan(
    operation ? `commerce.service ${operation}` : "commerce.service",
    { attributes: { "mailgraph.backend": "commerce", ...(operation ? { "mailgraph.operation": operation } : {}) } },
    scope,
    work,
  );
}
