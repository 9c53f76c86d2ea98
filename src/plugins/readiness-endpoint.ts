/**
 * The readiness endpoint in yoga's pipeline, matched by its path alone. yoga's own
 * useReadinessCheck also tests every request's URL against a URLPattern (a polyfill on Node 20),
 * which costs tens of microseconds on every GraphQL request that is not a readiness probe.
 */
import type { Plugin } from "graphql-yoga";

type OnRequest = NonNullable<Plugin["onRequest"]>;
type FetchAPI = Parameters<OnRequest>[0]["fetchAPI"];

/** Answers `endpoint` (any method, any query string) with what `respond` builds; 503 if it throws. */
export function useReadinessEndpoint(endpoint: string, respond: (fetchAPI: FetchAPI) => Promise<Response>): Plugin {
  return {
    onRequest(payload) {
      const { url, fetchAPI } = payload;
      if (url.pathname !== endpoint) return;
      return respond(fetchAPI).then(
        (response) => payload.endResponse(response),
        (error: unknown) => {
          payload.endResponse(
            new fetchAPI.Response(error instanceof Error ? error.message : null, {
              status: 503,
              headers: error instanceof Error ? { "content-type": "text/plain; charset=utf-8" } : {},
            }),
          );
        },
      );
    },
  };
}
