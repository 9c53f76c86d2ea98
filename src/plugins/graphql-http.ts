/**
 * GraphQL over HTTP as its clients expect it (the GraphQL-over-HTTP spec):
 * - the answer's media type follows the caller's Accept as yoga negotiates it, except that a
 *   wildcard (`*\/*`, curl's and fetch's default, or no Accept at all) gets
 *   `application/graphql-response+json`, the spec's current type, rather than the legacy
 *   `application/json`: so a request error (the document does not parse or fit the schema, a
 *   variable is missing or of the wrong type, no operation to run) is a 400. Only a caller naming
 *   `application/json` first gets that type, and the spec's 200 with the errors in the body.
 * - every request error has an extensions.code: GRAPHQL_PARSE_FAILED and
 *   GRAPHQL_VALIDATION_FAILED (yoga's), BAD_USER_INPUT for a variable,
 *   OPERATION_RESOLUTION_FAILURE (graphql-tools') when the request picks no operation of the
 *   document, BAD_REQUEST for anything else uncoded there. They are request errors in the spec's sense, so the
 *   status follows the media type as it does for the other two.
 */
import { isAsyncIterable } from "@envelop/core";
import { Kind, type ExecutionResult, type GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";
import { GRAPHQL_RESPONSE_TYPE, jsonTypeFor } from "../http/accept.js";

/** The code graphql-tools gives an execution context that picks no operation. */
const OPERATION_RESOLUTION_FAILURE = "OPERATION_RESOLUTION_FAILURE";

/**
 * Codes the errors that kept an operation from starting (graphql-tools' execution context: the
 * variables, the operation to run) and marks them as the spec's request errors, which
 * `application/json` answers with 200 and every other media type with 400. Errors coded
 * otherwise (a request limit, a refusal) are not the execution context's: left as they are.
 */
export function codeRequestErrors(errors: readonly GraphQLError[]): void {
  for (const error of errors) {
    const extensions = error.extensions as Record<string, unknown>;
    const code = extensions["code"];
    // A variable's error points at its definition (graphql-tools' subscribe codes it already).
    if (error.nodes?.some((node) => node.kind === Kind.VARIABLE_DEFINITION)) extensions["code"] = "BAD_USER_INPUT";
    else if (code === undefined) extensions["code"] = "BAD_REQUEST";
    else if (code !== OPERATION_RESOLUTION_FAILURE) continue;
    extensions["http"] = { ...(extensions["http"] as object | undefined), status: 400, spec: true };
  }
}

/** A result that is only errors, made before any field ran: no `data` at all (not even null). */
function requestErrorsOf(result: unknown): readonly GraphQLError[] | undefined {
  if (!result || typeof result !== "object" || isAsyncIterable(result) || "data" in result) return undefined;
  const errors = (result as ExecutionResult).errors;
  return errors?.length ? errors : undefined;
}

/** The plugin (see the file's comment). */
export function useGraphQLOverHttp(): Plugin {
  const code = ({ result }: { result: unknown }) => {
    const errors = requestErrorsOf(result);
    if (errors) codeRequestErrors(errors);
  };
  return {
    onExecute: () => ({ onExecuteDone: code }),
    onSubscribe: () => ({ onSubscribeResult: code }),
    onResultProcess(payload) {
      const { request, result, resultProcessor } = payload;
      if (!resultProcessor || isAsyncIterable(result)) return;
      // Yoga's own check for an operation to run (before execution) codes it but leaves it 400
      // for application/json too: it is a request error like the ones coded above.
      const errors = requestErrorsOf(result);
      if (errors?.every((error) => error.extensions["code"] === OPERATION_RESOLUTION_FAILURE))
        codeRequestErrors(errors);
      // Yoga answers a wildcard with application/json. Where a JSON type fits, yoga's processor is
      // the regular one (it comes last and wins); only the media type it is told changes.
      if (jsonTypeFor(request) === GRAPHQL_RESPONSE_TYPE)
        payload.setResultProcessor(resultProcessor, GRAPHQL_RESPONSE_TYPE);
    },
  };
}
