/**
 * The `extensions.code` values of infrastructure errors (docs: DESIGN.md, "Errors have two kinds").
 * Domain outcomes are typed payload objects instead and never carry one of these.
 */
export const ERROR_CODES = [
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_TIMEOUT",
  "UPSTREAM_BAD_RESPONSE",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "BAD_USER_INPUT",
  "REQUEST_ABORTED",
] as const;

/** One of ERROR_CODES. */
export type ErrorCode = (typeof ERROR_CODES)[number];
