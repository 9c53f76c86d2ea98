/**
 * Errors of the commerce client. Each failure kind has a stable string `code` (as undici's errors
 * do), so callers switch on `code` and never parse messages.
 *
 * Messages are built from the method, the path, the status and the server's own code and message,
 * which the client scrubs of every credential it sent before they get here. A `cause` is always a
 * sanitized copy (name, code, scrubbed message), never the raw transport error.
 */

export type CommerceErrorCode =
  | "COMMERCE_BAD_REQUEST" // 400 bad_request
  | "COMMERCE_UNAUTHENTICATED" // 401
  | "COMMERCE_FORBIDDEN" // 403 forbidden (wrong kind of credential for the path)
  | "COMMERCE_INSUFFICIENT_SCOPE" // 403 insufficient_scope
  | "COMMERCE_NOT_FOUND" // 404
  | "COMMERCE_CONFLICT" // 409 (job not ready)
  | "COMMERCE_VALIDATION" // 422 validation_failed
  | "COMMERCE_RATE_LIMITED" // 429
  | "COMMERCE_SERVER" // 5xx
  | "COMMERCE_HTTP_STATUS" // any other non-2xx status
  | "COMMERCE_TIMEOUT" // connect, headers or body timeout
  | "COMMERCE_UNAVAILABLE" // refused, reset, DNS failure
  | "COMMERCE_ABORTED" // the caller's AbortSignal fired
  | "COMMERCE_BAD_RESPONSE" // not JSON, an HTML page, or not the documented shape
  | "COMMERCE_TOO_LARGE" // the body exceeded maxResponseBytes
  | "COMMERCE_OAUTH" // the access-token endpoint answered with an OAuth error
  | "COMMERCE_OAUTH_DENIED" // the user rejected the authorization (access_denied)
  | "COMMERCE_OAUTH_CALLBACK" // the callback carried another OAuth error
  | "COMMERCE_OAUTH_STATE_MISMATCH" // callback state differs from the one sent
  | "COMMERCE_OAUTH_CODE_EXPIRED" // the code is certainly older than its 3-minute life
  | "COMMERCE_OAUTH_INVALID_CODE" // the code is missing or not 60 hex characters
  | "COMMERCE_INVALID_INPUT" // refused before sending (foreign nextPage URL, empty email list)
  | "COMMERCE_CONFIG"; // bad local configuration (short secret, malformed URL)

/** Base of every commerce client error. */
export class CommerceError extends Error {
  readonly code: CommerceErrorCode;
  constructor(code: CommerceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }

  /** Plain form for logs and GraphQL extensions; the cause is left out on purpose. */
  toJSON(): Record<string, unknown> {
    // Own enumerable fields only: `cause` and `stack` are non-enumerable and stay out.
    return { ...Object.fromEntries(Object.entries(this)), name: this.name, code: this.code, message: this.message };
  }
}

/** One broken rule of a 422 reply. */
export interface CommerceValidationDetail {
  field: string;
  rule: string;
  message: string;
}

/** What the client knows about a failed request, to build messages from. */
export interface HttpFailure {
  method: string;
  /** URL path without the query (queries may carry addresses). */
  path: string;
  status: number;
  /** The `error.code` of the body, when it had one. */
  serverCode: string | undefined;
  /** The `error.message` of the body, scrubbed. */
  serverMessage: string | undefined;
}

function describe(f: HttpFailure): string {
  const server = [f.serverCode, f.serverMessage].filter(Boolean).join(": ");
  return `${f.method} ${f.path} answered ${f.status}${server ? ` (${server})` : ""}`;
}

/** A non-2xx reply of the REST interface. */
export class CommerceHttpError extends CommerceError {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  readonly serverCode: string | undefined;
  readonly serverMessage: string | undefined;
  constructor(code: CommerceErrorCode, failure: HttpFailure) {
    super(code, describe(failure));
    this.status = failure.status;
    this.method = failure.method;
    this.path = failure.path;
    this.serverCode = failure.serverCode;
    this.serverMessage = failure.serverMessage;
  }
}

/** 401: missing, unknown or unverifiable credentials. */
export class CommerceUnauthenticatedError extends CommerceHttpError {
  /** The WWW-Authenticate header: the schemes the endpoint accepts. */
  readonly challenge: string | undefined;
  constructor(failure: HttpFailure, challenge: string | undefined) {
    super("COMMERCE_UNAUTHENTICATED", failure);
    this.challenge = challenge;
  }
}

/** 403 insufficient_scope: the token's scopes do not grant the endpoint. */
export class CommerceInsufficientScopeError extends CommerceHttpError {
  readonly requiredScopes: string[];
  constructor(failure: HttpFailure, requiredScopes: string[]) {
    super("COMMERCE_INSUFFICIENT_SCOPE", failure);
    this.requiredScopes = requiredScopes;
  }
}

/** 422: a subscription request broke one or more property rules. */
export class CommerceValidationError extends CommerceHttpError {
  readonly details: CommerceValidationDetail[];
  constructor(failure: HttpFailure, details: CommerceValidationDetail[]) {
    super("COMMERCE_VALIDATION", failure);
    this.details = details;
  }
}

/** 429: too many requests for this credential. */
export class CommerceRateLimitedError extends CommerceHttpError {
  /** Seconds to wait, from Retry-After; undefined when the header was missing or unreadable. */
  readonly retryAfter: number | undefined;
  constructor(failure: HttpFailure, retryAfter: number | undefined) {
    super("COMMERCE_RATE_LIMITED", failure);
    this.retryAfter = retryAfter;
  }
}

/** Failures below HTTP semantics: timeouts, refused connections, unreadable or oversized replies. */
export class CommerceTransportError extends CommerceError {
  readonly status: number | undefined;
  constructor(
    code:
      "COMMERCE_TIMEOUT" | "COMMERCE_UNAVAILABLE" | "COMMERCE_ABORTED" | "COMMERCE_BAD_RESPONSE" | "COMMERCE_TOO_LARGE",
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(code, message, { cause: options.cause });
    this.status = options.status;
  }
}

/** The access-token endpoint refused the exchange (RFC 6749 §5.2 body). */
export class CommerceOAuthError extends CommerceError {
  /** The OAuth `error` value, e.g. invalid_grant, invalid_client, invalid_request. */
  readonly oauthError: string;
  readonly description: string | undefined;
  readonly status: number | undefined;
  constructor(
    oauthError: string,
    description: string | undefined,
    options: { status?: number; code?: "COMMERCE_OAUTH" | "COMMERCE_OAUTH_DENIED" | "COMMERCE_OAUTH_CALLBACK" } = {},
  ) {
    const where =
      options.status === undefined ? "authorization callback" : `access-token endpoint answered ${options.status}`;
    super(options.code ?? "COMMERCE_OAUTH", `${where}: ${oauthError}${description ? ` (${description})` : ""}`);
    this.oauthError = oauthError;
    this.description = description;
    this.status = options.status;
  }
}

/** The user rejected the authorization: the callback carried error=access_denied. */
export class OAuthDeniedError extends CommerceOAuthError {
  constructor(description: string | undefined) {
    super("access_denied", description, { code: "COMMERCE_OAUTH_DENIED" });
  }
}

/** A callback refused before any request: state mismatch, expired or malformed code. */
export class OAuthCallbackError extends CommerceError {
  constructor(
    code: "COMMERCE_OAUTH_STATE_MISMATCH" | "COMMERCE_OAUTH_CODE_EXPIRED" | "COMMERCE_OAUTH_INVALID_CODE",
    message: string,
  ) {
    super(code, message);
  }
}

/** A call refused before sending because its input cannot be sent safely. */
export class CommerceInputError extends CommerceError {
  constructor(message: string) {
    super("COMMERCE_INVALID_INPUT", message);
  }
}

/** Bad local configuration: a short or empty secret, a malformed URL. Never names the secret. */
export class CommerceConfigError extends CommerceError {
  constructor(message: string) {
    super("COMMERCE_CONFIG", message);
  }
}
