/**
 * Legacy client failures → GraphQLError with a stable `extensions.code` and a message built only
 * from operation names, codes and fixed text. Transport messages are never forwarded: with the
 * GET transport a request URL carries the API key, and an error message may quote it.
 */
import { GraphQLError } from "graphql";
import { LEGACY_ERROR_NAMES } from "../backends/legacy/catalog.js";
import {
  LegacyError,
  LegacyInputError,
  LegacyResultError,
  LegacySoapFaultError,
  LegacyTransportError,
} from "../backends/legacy/errors.js";
import type { ErrorCode } from "./codes.js";

/** Result codes that say "no such record" when a read names a record by id. */
const NOT_FOUND_CODES: Readonly<Record<number, string>> = {
  101: "list",
  102: "client",
  301: "campaign",
  4001: "template",
};

/** The Result code of a rejected API key. */
export const INVALID_API_KEY = 100;

const SERVICE = "The legacy list service";

function graphQLError(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, backend: "legacy", ...extensions } });
}

/** UNAUTHENTICATED for a call that had no API key to send. */
export function missingApiKeyError(operation: string): GraphQLError {
  return graphQLError(
    "UNAUTHENTICATED",
    "No API key for the legacy list service: send an X-Legacy-Api-Key header or configure LEGACY_API_KEY.",
    { operation },
  );
}

/**
 * REQUEST_ABORTED: the caller went away (or the request's deadline passed) before the call could
 * finish; one instance per request, so the fields left waiting all report the same error.
 */
export function requestAbortedError(): GraphQLError {
  return new GraphQLError("The request was aborted before the legacy list service answered.", {
    extensions: { code: "REQUEST_ABORTED", backend: "legacy" },
  });
}

/** The backend's code for a call its caller aborted (it rejects with it instead of a transport error). */
export const ABORTED_CALL_CODE = "LEGACY_ABORTED";

/** NOT_FOUND for a record the service does not list (a global id naming a record that is gone). */
export function notFoundError(what: string, operation: string): GraphQLError {
  return graphQLError("NOT_FOUND", `No ${what} with that id.`, { operation });
}

function fromResult(error: LegacyResultError): GraphQLError {
  const extensions = { operation: error.operation, legacyCode: error.resultCode };
  const name = LEGACY_ERROR_NAMES[error.resultCode] ?? "unknown code";
  if (error.resultCode === INVALID_API_KEY) {
    return graphQLError("UNAUTHENTICATED", `${SERVICE} refused the API key (code 100).`, extensions);
  }
  const record = NOT_FOUND_CODES[error.resultCode];
  if (record !== undefined) {
    return graphQLError("NOT_FOUND", `No ${record} with that id (code ${error.resultCode}: ${name}).`, extensions);
  }
  if (error.resultCode === 1 || error.resultCode === 5) {
    return graphQLError("BAD_USER_INPUT", `${error.operation} refused an argument (code ${error.resultCode}: ${name}).`, extensions);
  }
  return graphQLError(
    "UPSTREAM_BAD_RESPONSE",
    `${SERVICE} answered ${error.operation} with code ${error.resultCode} (${name}).`,
    extensions,
  );
}

function fromTransport(error: LegacyTransportError): GraphQLError {
  const extensions = { operation: error.operation, ...(error.status ? { status: error.status } : {}) };
  switch (error.code) {
    case "LEGACY_TIMEOUT":
      return graphQLError("UPSTREAM_TIMEOUT", `${SERVICE} did not answer ${error.operation} in time.`, extensions);
    case "LEGACY_UNAVAILABLE":
      return graphQLError("UPSTREAM_UNAVAILABLE", `${SERVICE} is unreachable.`, extensions);
    default:
      // A gateway or proxy in front of the service answers 502-504 when the service is down.
      if (error.status !== undefined && error.status >= 502 && error.status <= 504) {
        return graphQLError("UPSTREAM_UNAVAILABLE", `${SERVICE} is unavailable (HTTP ${error.status}).`, extensions);
      }
      return graphQLError(
        "UPSTREAM_BAD_RESPONSE",
        `${SERVICE} sent a reply to ${error.operation} that cannot be read (${error.code}).`,
        extensions,
      );
  }
}

/**
 * The GraphQLError to report for a failed legacy call. Errors that are not the legacy client's
 * pass through unchanged (GraphQL errors stay as they are; anything else is masked by the server).
 */
export function legacyGraphQLError(error: unknown): unknown {
  if (!(error instanceof LegacyError)) return error;
  if ((error.code as string) === ABORTED_CALL_CODE) return requestAbortedError();
  if (error instanceof LegacyResultError) return fromResult(error);
  if (error instanceof LegacyTransportError) return fromTransport(error);
  if (error instanceof LegacySoapFaultError) {
    return graphQLError("UPSTREAM_BAD_RESPONSE", `${SERVICE} answered ${error.operation} with a SOAP fault.`, {
      operation: error.operation,
    });
  }
  if (error instanceof LegacyInputError) {
    if (error.field === "ApiKey") {
      return graphQLError("UNAUTHENTICATED", "The legacy API key cannot be sent (it is empty or holds a character XML forbids).", {
        operation: error.operation,
      });
    }
    // The rule text names the parameter and a position, never the value.
    return graphQLError("BAD_USER_INPUT", `${error.operation}: ${error.field} ${error.rule}.`, {
      operation: error.operation,
      field: error.field,
    });
  }
  return graphQLError("UPSTREAM_BAD_RESPONSE", `${SERVICE} call ${error.operation} failed (${error.code}).`, {
    operation: error.operation,
  });
}
