/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the traceparent header a caller sends
 * (its trace, continued by the operation span) and the one sent to the backends (the backend-call
 * span, so a traced backend continues ours). Only version 00 is written; any version is read as
 * 00 is, as the specification asks of parsers.
 */
import type { Span, SpanContext } from "@opentelemetry/api";

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-.*)?$/;
const INVALID_TRACE_ID = "0".repeat(32);
const INVALID_SPAN_ID = "0".repeat(16);

/** The caller's span context, when its traceparent header is well formed. */
export function parseTraceparent(header: string | readonly string[] | undefined): SpanContext | undefined {
  if (typeof header !== "string") return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags] = match as unknown as [string, string, string, string, string];
  if (version === "ff" || traceId === INVALID_TRACE_ID || spanId === INVALID_SPAN_ID) return undefined;
  // Version 00 has exactly four fields; later versions may add more after a dash.
  if (version === "00" && header.trim().length !== 55) return undefined;
  return { traceId, spanId, traceFlags: parseInt(flags, 16) & 1, isRemote: true };
}

/** The traceparent header naming `span` as the parent of the next hop. */
export function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, "0")}`;
}
