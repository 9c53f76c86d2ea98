/**
 * Error replies of /api/v1, in the shape docs/decisions.md fixes:
 * `{"error": {"status", "code", "message", "details"?}}`. Messages never quote a credential.
 */

/** The error codes of the commerce interface (docs/decisions.md, "Error bodies and statuses"). */
export type ApiErrorCode =
  | "bad_request"
  | "unauthenticated"
  | "insufficient_scope"
  | "forbidden"
  | "not_found"
  | "job_not_ready"
  | "validation_failed"
  | "rate_limited"
  | "internal";

/** One broken rule of a request. */
export interface ErrorDetail {
  field: string;
  rule: string;
  message: string;
}

/** Thrown by handlers; the dispatcher turns it into the JSON error reply. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): { error: { status: number; code: ApiErrorCode; message: string; details?: ErrorDetail[] } } {
    const error = { status: this.status, code: this.code, message: this.message };
    return { error: this.details ? { ...error, details: this.details } : error };
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, "bad_request", message);
export const notFound = (message: string): ApiError => new ApiError(404, "not_found", message);

/** OAuth's own error codes for the token endpoint (RFC 6749 §5.2). */
export type OAuthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant";

/** An error of POST /oauth/access-token, answered with the RFC 6749 body. */
export class OAuthTokenError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthTokenError";
  }
}
