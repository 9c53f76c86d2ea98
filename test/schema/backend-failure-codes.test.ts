/**
 * Every code the backend clients type a failure with reaches the graph as a field error with its own
 * `extensions.code`: the graph maps them by code (domain/backend-failures.ts), so each table here is
 * typed by the client's code union and a new code cannot be left out. The exact messages of each
 * code are covered in graph-errors.test.ts and the end-to-end failure tests.
 */
import { GraphQLError } from "graphql";
import { describe, expect, it } from "vitest";
import {
  CommerceConfigError,
  CommerceHttpError,
  CommerceInputError,
  CommerceInsufficientScopeError,
  CommerceOAuthError,
  CommerceRateLimitedError,
  CommerceTransportError,
  CommerceUnauthenticatedError,
  CommerceValidationError,
  OAuthCallbackError,
  OAuthDeniedError,
  type CommerceError,
  type CommerceErrorCode,
  type HttpFailure,
} from "../../src/backends/commerce/errors.js";
import {
  LegacyInputError,
  LegacyResultError,
  LegacySoapFaultError,
  LegacyTransportError,
  type LegacyError,
  type LegacyErrorCode,
} from "../../src/backends/legacy/errors.js";
import { BackendShedError, type ShedCode } from "../../src/backends/resilience.js";
import { GRAPH_ERROR_CODES, toGraphError } from "../../src/schema/support/graph-errors.js";

const SECRET = "s3cr3t-value";
const OPERATION = "List.GetStats";

const legacy: Record<LegacyErrorCode, () => LegacyError> = {
  LEGACY_RESULT: () => new LegacyResultError(OPERATION, 999, SECRET),
  LEGACY_INVALID_INPUT: () => new LegacyInputError(OPERATION, "Title", "is required"),
  LEGACY_SOAP_FAULT: () => new LegacySoapFaultError(OPERATION, "soap:Server", SECRET, 500),
  LEGACY_HTTP_STATUS: () => new LegacyTransportError("LEGACY_HTTP_STATUS", OPERATION, SECRET, { status: 500 }),
  LEGACY_MALFORMED_REPLY: () => new LegacyTransportError("LEGACY_MALFORMED_REPLY", OPERATION, SECRET),
  LEGACY_HTML_REPLY: () => new LegacyTransportError("LEGACY_HTML_REPLY", OPERATION, SECRET, { status: 200 }),
  LEGACY_EMPTY_REPLY: () => new LegacyTransportError("LEGACY_EMPTY_REPLY", OPERATION, SECRET),
  LEGACY_REPLY_TOO_LARGE: () => new LegacyTransportError("LEGACY_REPLY_TOO_LARGE", OPERATION, SECRET),
  LEGACY_UNSAFE_XML: () => new LegacyTransportError("LEGACY_UNSAFE_XML", OPERATION, SECRET),
  LEGACY_TIMEOUT: () => new LegacyTransportError("LEGACY_TIMEOUT", OPERATION, SECRET),
  LEGACY_ABORTED: () => new LegacyTransportError("LEGACY_ABORTED", OPERATION, SECRET),
  LEGACY_BUSY: () => new LegacyTransportError("LEGACY_BUSY", OPERATION, SECRET),
  LEGACY_UNAVAILABLE: () => new LegacyTransportError("LEGACY_UNAVAILABLE", OPERATION, SECRET),
};

const failure = (status: number): HttpFailure => ({
  method: "POST",
  path: "/v1/lists",
  status,
  serverCode: "code",
  serverMessage: "refused",
});
const transport = (code: ConstructorParameters<typeof CommerceTransportError>[0]) => () =>
  new CommerceTransportError(code, "POST /v1/lists failed", { status: 200 });

const commerce: Record<CommerceErrorCode, () => CommerceError> = {
  COMMERCE_BAD_REQUEST: () => new CommerceHttpError("COMMERCE_BAD_REQUEST", failure(400)),
  COMMERCE_UNAUTHENTICATED: () => new CommerceUnauthenticatedError(failure(401), "Bearer"),
  COMMERCE_FORBIDDEN: () => new CommerceHttpError("COMMERCE_FORBIDDEN", failure(403)),
  COMMERCE_INSUFFICIENT_SCOPE: () => new CommerceInsufficientScopeError(failure(403), ["lists:write"]),
  COMMERCE_NOT_FOUND: () => new CommerceHttpError("COMMERCE_NOT_FOUND", failure(404)),
  COMMERCE_CONFLICT: () => new CommerceHttpError("COMMERCE_CONFLICT", failure(409)),
  COMMERCE_VALIDATION: () => new CommerceValidationError(failure(422), [{ field: "f", rule: "r", message: "m" }]),
  COMMERCE_RATE_LIMITED: () => new CommerceRateLimitedError(failure(429), 3),
  COMMERCE_SERVER: () => new CommerceHttpError("COMMERCE_SERVER", failure(500)),
  COMMERCE_HTTP_STATUS: () => new CommerceHttpError("COMMERCE_HTTP_STATUS", failure(418)),
  COMMERCE_TIMEOUT: transport("COMMERCE_TIMEOUT"),
  COMMERCE_UNAVAILABLE: transport("COMMERCE_UNAVAILABLE"),
  COMMERCE_ABORTED: transport("COMMERCE_ABORTED"),
  COMMERCE_BAD_RESPONSE: transport("COMMERCE_BAD_RESPONSE"),
  COMMERCE_TOO_LARGE: transport("COMMERCE_TOO_LARGE"),
  COMMERCE_OAUTH: () => new CommerceOAuthError("invalid_grant", undefined, { status: 400 }),
  COMMERCE_OAUTH_DENIED: () => new OAuthDeniedError(undefined),
  COMMERCE_OAUTH_CALLBACK: () => new CommerceOAuthError("server_error", undefined, { code: "COMMERCE_OAUTH_CALLBACK" }),
  COMMERCE_OAUTH_STATE_MISMATCH: () => new OAuthCallbackError("COMMERCE_OAUTH_STATE_MISMATCH", "state differs"),
  COMMERCE_OAUTH_CODE_EXPIRED: () => new OAuthCallbackError("COMMERCE_OAUTH_CODE_EXPIRED", "code expired"),
  COMMERCE_OAUTH_INVALID_CODE: () => new OAuthCallbackError("COMMERCE_OAUTH_INVALID_CODE", "bad code"),
  COMMERCE_INVALID_INPUT: () => new CommerceInputError("empty email list"),
  COMMERCE_CONFIG: () => new CommerceConfigError("short secret"),
};

const shed: Record<ShedCode, () => BackendShedError> = {
  BREAKER_OPEN: () => new BackendShedError("BREAKER_OPEN", "legacy", OPERATION, 2500),
  BULKHEAD_FULL: () => new BackendShedError("BULKHEAD_FULL", "commerce", "lists.create"),
};

function mapped(error: Error): GraphQLError {
  const graph = toGraphError(error);
  expect(graph).toBeInstanceOf(GraphQLError);
  const { extensions, message } = graph as GraphQLError;
  expect(GRAPH_ERROR_CODES).toContain(extensions.code);
  expect(message).not.toContain(SECRET);
  return graph as GraphQLError;
}

describe("every backend failure code is a typed field error", () => {
  it.each(Object.entries(legacy))("legacy %s", (code, make) => {
    const error = make();
    expect(error.code).toBe(code);
    expect(mapped(error).extensions).toMatchObject({ backend: "legacy", operation: OPERATION });
  });

  it.each(Object.entries(commerce))("commerce %s", (code, make) => {
    const error = make();
    expect(error.code).toBe(code);
    expect(mapped(error).extensions).toMatchObject({ backend: "commerce", commerceCode: code });
  });

  it.each(Object.entries(shed))("a call not sent: %s", (code, make) => {
    const error = make();
    expect(error.code).toBe(code);
    expect(mapped(error).extensions.code).toBe(
      code === "BREAKER_OPEN" ? "UPSTREAM_CIRCUIT_OPEN" : "UPSTREAM_BULKHEAD_FULL",
    );
  });

  it("maps by code, as undici's errors are read: the same failure from another copy of the client maps alike", () => {
    const copy = Object.assign(new Error(SECRET), { code: "LEGACY_TIMEOUT", operation: OPERATION, status: undefined });
    const [fromCopy, fromClient] = [toGraphError(copy), toGraphError(legacy.LEGACY_TIMEOUT())] as GraphQLError[];
    expect(fromCopy?.message).toBe(fromClient?.message);
    expect(fromCopy?.extensions).toEqual(fromClient?.extensions);
    expect(fromCopy?.extensions.code).toBe("UPSTREAM_TIMEOUT");
  });

  it("leaves an error whose code no client uses to the server's masking", () => {
    const foreign = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(toGraphError(foreign)).toBe(foreign);
  });
});
