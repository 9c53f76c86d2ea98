/**
 * `useQueryParamsCheck()`: GraphQL over GET carries `variables` and `extensions` as JSON in the
 * query string. Yoga parses them late and answers a malformed value as an unexpected failure
 * (HTTP 500, a stack in the log); this refuses it first as the client mistake it is: HTTP 400
 * naming the parameter.
 */
import type { Plugin } from "graphql-yoga";

const JSON_PARAMS = ["variables", "extensions"] as const;

export function useQueryParamsCheck(): Plugin {
  return {
    onRequest(payload) {
      const { request, url, fetchAPI } = payload;
      if (request.method !== "GET") return;
      for (const name of JSON_PARAMS) {
        const raw = url.searchParams.get(name);
        if (raw === null || raw === "") continue;
        let ok: boolean;
        try {
          const value: unknown = JSON.parse(raw);
          ok = value === null || (typeof value === "object" && !Array.isArray(value));
        } catch {
          ok = false;
        }
        if (!ok) {
          const message = `The ${name} parameter must be a JSON object (check its URL encoding).`;
          payload.endResponse(
            new fetchAPI.Response(
              JSON.stringify({ errors: [{ message, extensions: { code: "BAD_REQUEST", parameter: name } }] }),
              {
                status: 400,
                headers: { "content-type": "application/json; charset=utf-8" },
              },
            ),
          );
          return;
        }
      }
    },
  };
}
