/**
 * The backends' own failures as the domain passes them on: the codes the clients type each failure
 * with, and the fields each code comes with, so the graph maps them by code alone and never imports
 * a client. The tables are checked against the clients' code unions when the project compiles.
 */
import type {
  CommerceErrorCode,
  CommerceHttpError,
  CommerceInsufficientScopeError,
  CommerceTransportError,
  CommerceValidationDetail,
  CommerceValidationError,
} from "../backends/commerce/errors.js";
import type {
  LegacyError,
  LegacyErrorCode,
  LegacyInputError,
  LegacyTransportError,
} from "../backends/legacy/errors.js";
import type { BackendShedError, ShedCode } from "../backends/resilience.js";

export type { CommerceValidationDetail, CommerceErrorCode, LegacyErrorCode, ShedCode };

/** True for an Error whose string `code` is a key of `table`. */
function hasCode(table: object, error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  return typeof code === "string" && Object.hasOwn(table, code);
}

// --- legacy ------------------------------------------------------------------------------------

/** Every code of the legacy client: what the call came to. */
const LEGACY_CODES = {
  LEGACY_RESULT: "result",
  LEGACY_INVALID_INPUT: "input",
  LEGACY_SOAP_FAULT: "fault",
  LEGACY_HTTP_STATUS: "transport",
  LEGACY_MALFORMED_REPLY: "transport",
  LEGACY_HTML_REPLY: "transport",
  LEGACY_EMPTY_REPLY: "transport",
  LEGACY_REPLY_TOO_LARGE: "transport",
  LEGACY_UNSAFE_XML: "transport",
  LEGACY_TIMEOUT: "transport",
  LEGACY_ABORTED: "transport",
  LEGACY_BUSY: "transport",
  LEGACY_UNAVAILABLE: "transport",
} as const satisfies Record<LegacyErrorCode, "result" | "input" | "fault" | "transport">;

/** The codes of transport-level legacy failures (timeouts, refused connections, bad replies). */
export type LegacyTransportCode = {
  [C in LegacyErrorCode]: (typeof LEGACY_CODES)[C] extends "transport" ? C : never;
}[LegacyErrorCode];

type LegacyCall = Error & Pick<LegacyError, "operation">;

/** A failure of the legacy client; `code` says which fields come with it. */
export type LegacyFailure = LegacyCall &
  (
    | ({ readonly code: LegacyTransportCode } & Pick<LegacyTransportError, "status">)
    | ({ readonly code: "LEGACY_INVALID_INPUT" } & Pick<LegacyInputError, "field" | "rule">)
    | { readonly code: "LEGACY_SOAP_FAULT" | "LEGACY_RESULT" }
  );

/** True for a failure of the legacy client, by its code. */
export function isLegacyFailure(error: unknown): error is LegacyFailure {
  return hasCode(LEGACY_CODES, error);
}

// --- commerce ----------------------------------------------------------------------------------

/**
 * Every code of the commerce client: a non-2xx reply of the REST interface, a failure below HTTP
 * (its status when a reply came), or anything else (OAuth, refused input, configuration).
 */
const COMMERCE_CODES = {
  COMMERCE_BAD_REQUEST: "reply",
  COMMERCE_UNAUTHENTICATED: "reply",
  COMMERCE_FORBIDDEN: "reply",
  COMMERCE_INSUFFICIENT_SCOPE: "reply",
  COMMERCE_NOT_FOUND: "reply",
  COMMERCE_CONFLICT: "reply",
  COMMERCE_VALIDATION: "reply",
  COMMERCE_RATE_LIMITED: "reply",
  COMMERCE_SERVER: "reply",
  COMMERCE_HTTP_STATUS: "reply",
  COMMERCE_TIMEOUT: "transport",
  COMMERCE_UNAVAILABLE: "transport",
  COMMERCE_ABORTED: "transport",
  COMMERCE_BAD_RESPONSE: "transport",
  COMMERCE_TOO_LARGE: "transport",
  COMMERCE_OAUTH: "other",
  COMMERCE_OAUTH_DENIED: "other",
  COMMERCE_OAUTH_CALLBACK: "other",
  COMMERCE_OAUTH_STATE_MISMATCH: "other",
  COMMERCE_OAUTH_CODE_EXPIRED: "other",
  COMMERCE_OAUTH_INVALID_CODE: "other",
  COMMERCE_INVALID_INPUT: "other",
  COMMERCE_CONFIG: "other",
} as const satisfies Record<CommerceErrorCode, "reply" | "transport" | "other">;

type CommerceKind = (typeof COMMERCE_CODES)[CommerceErrorCode];
type CommerceCodeOf<K extends CommerceKind> = {
  [C in CommerceErrorCode]: (typeof COMMERCE_CODES)[C] extends K ? C : never;
}[CommerceErrorCode];

/** A non-2xx reply of the REST interface: its status and the server's own (scrubbed) code and message. */
export type CommerceReplyFailure = Error &
  Pick<CommerceHttpError, "status" | "serverCode" | "serverMessage"> &
  (
    | ({ readonly code: "COMMERCE_VALIDATION" } & Pick<CommerceValidationError, "details">)
    | ({ readonly code: "COMMERCE_INSUFFICIENT_SCOPE" } & Pick<CommerceInsufficientScopeError, "requiredScopes">)
    | { readonly code: Exclude<CommerceCodeOf<"reply">, "COMMERCE_VALIDATION" | "COMMERCE_INSUFFICIENT_SCOPE"> }
  );

/** A commerce failure below HTTP semantics; `status` when a reply came at all. */
export type CommerceTransportFailure = Error &
  Pick<CommerceTransportError, "status"> & { readonly code: CommerceCodeOf<"transport"> };

/** A failure of the commerce client; `code` says which fields come with it. */
export type CommerceFailure =
  CommerceReplyFailure | CommerceTransportFailure | (Error & { readonly code: CommerceCodeOf<"other"> });

/** True for a failure of the commerce client, by its code. */
export function isCommerceFailure(error: unknown): error is CommerceFailure {
  return hasCode(COMMERCE_CODES, error);
}

/** True when the commerce failure is the REST interface's non-2xx reply. */
export function isCommerceReply(failure: CommerceFailure): failure is CommerceReplyFailure {
  return COMMERCE_CODES[failure.code] === "reply";
}

/** True when the commerce failure happened below HTTP semantics. */
export function isCommerceTransport(failure: CommerceFailure): failure is CommerceTransportFailure {
  return COMMERCE_CODES[failure.code] === "transport";
}

// --- calls not sent ----------------------------------------------------------------------------

const SHED_CODES = { BREAKER_OPEN: true, BULKHEAD_FULL: true } as const satisfies Record<ShedCode, true>;

/** A call the gateway did not send, to protect a backend: its breaker is open or its bulkhead full. */
export type ShedFailure = Error &
  Pick<BackendShedError, "backend" | "operation" | "retryInMs"> & { readonly code: ShedCode };

/** True for a call the gateway did not send, by its code. */
export function isShedFailure(error: unknown): error is ShedFailure {
  return hasCode(SHED_CODES, error);
}
