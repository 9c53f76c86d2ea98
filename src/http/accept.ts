/**
 * A request's Accept as yoga negotiates it: its media ranges in the caller's order, and the JSON
 * type its answer goes out as. The GraphQL-over-HTTP rules (plugins/graphql-http.ts) and the
 * stream and incremental-delivery rules (plugins/http-streams.ts) read it the same way.
 */

/** The spec's media type, and its legacy one. */
export const GRAPHQL_RESPONSE_TYPE = "application/graphql-response+json";
export const JSON_TYPE = "application/json";

/** The media types yoga sends a result in parts as (@defer, @stream, subscriptions). */
export const INCREMENTAL_TYPES: readonly string[] = ["multipart/mixed", "text/event-stream"];

/**
 * The media ranges of a request's Accept, in the caller's order, as yoga reads them: no Accept is
 * `*\/*`, parameters are dropped, and a range asking for a charset other than UTF-8 is left out.
 * Yoga takes the first range that fits and ignores q-values; so does this.
 */
export function acceptedRanges(request: Request): string[] {
  const header = request.headers.get("accept") || "*/*";
  const ranges: string[] = [];
  for (const entry of header.replace(/\s/g, "").toLowerCase().split(",")) {
    const [range, ...params] = entry.split(";");
    const charset = params.find((param) => param.includes("charset="));
    if (range && (!charset || charset === "charset=utf-8")) ranges.push(range);
  }
  return ranges;
}

/** Whether the media range `range` (e.g. `text/*`) covers the media type `type`. */
export function coversType(range: string, type: string): boolean {
  const [rangeType, rangeSub] = range.split("/");
  const [typeType, typeSub] = type.split("/");
  return (rangeType === "*" || rangeType === typeType) && (rangeSub === "*" || rangeSub === typeSub);
}

/**
 * The JSON media type a request's answer goes out as, when it accepts one: the type its first
 * fitting range names, `application/graphql-response+json` for a wildcard.
 */
export function jsonTypeFor(request: Request): string | undefined {
  const range = acceptedRanges(request).find((r) => coversType(r, GRAPHQL_RESPONSE_TYPE) || coversType(r, JSON_TYPE));
  if (range === undefined) return undefined;
  return range === JSON_TYPE ? JSON_TYPE : GRAPHQL_RESPONSE_TYPE;
}
