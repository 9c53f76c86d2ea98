/**
 * `useCsrfHeaderRule()`: yoga's CSRF prevention with a coded refusal. A browser sends "simple"
 * requests (form posts, plain GETs) to any site without asking first; requiring a non-simple
 * content type or this header stops pages of other sites driving the graph.
 */
import { useCSRFPrevention } from "@graphql-yoga/plugin-csrf-prevention";
import { createGraphQLError, type Plugin } from "graphql-yoga";

/** The header that lets a request without a JSON body through the CSRF rule (any value). */
export const CSRF_HEADER = "x-graphql-yoga-csrf";

/**
 * Yoga's CSRF prevention: a request a browser may send from any page without a preflight (a GET,
 * a form or text/plain POST) is refused unless it carries CSRF_HEADER, which such a page cannot
 * add. Its refusal says only "Required CSRF header(s) not present"; this one is coded
 * (CSRF_HEADER_REQUIRED, 403) and tells a curl user the two ways through.
 */
export function useCsrfHeaderRule(): Plugin {
  const rule = useCSRFPrevention({ requestHeaders: [CSRF_HEADER] });
  return {
    onRequestParse(payload) {
      // The library's check is synchronous: it throws, or lets the request on.
      try {
        return rule.onRequestParse?.(payload);
      } catch {
        throw createGraphQLError(
          `A GET, form or text request needs the ${CSRF_HEADER} header (any value), which pages of other sites cannot send: ` +
            `POST the request as JSON (content-type: application/json), or add the header (curl -H '${CSRF_HEADER}: 1').`,
          { extensions: { code: "CSRF_HEADER_REQUIRED", header: CSRF_HEADER, http: { status: 403 } } },
        );
      }
    },
  };
}
