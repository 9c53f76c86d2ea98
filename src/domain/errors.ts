/**
 * Errors the domain services throw besides the backend's own infrastructure errors, which they let
 * through. None of them is a GraphQL error: src/schema/support/graph-errors.ts maps every one of
 * them to the graph in one place.
 */

/** A record a caller named by id is not there (or not readable through the service). */
export class NotFoundError extends Error {
  /** What was looked for, e.g. `list`. */
  readonly what: string;
  /** The backend operation whose answer lacked the record. */
  readonly operation: string | undefined;
  constructor(what: string, operation?: string) {
    super(`No ${what} with that id.`);
    this.name = "NotFoundError";
    this.what = what;
    this.operation = operation;
  }
}

/**
 * The caller went away (or the request's deadline passed) before a backend answered. A service
 * keeps one instance per request, so every field left waiting reports the same error.
 */
export class RequestAbortedError extends Error {
  readonly backend: string;
  constructor(backend: string, service: string) {
    super(`The request was aborted before ${service} answered.`);
    this.name = "RequestAbortedError";
    this.backend = backend;
  }
}

/** Why a backend cannot be called with the request's credentials. */
export type CredentialsProblem = "missing" | "refused" | "unsendable";

/** The request has no usable credentials for a backend; nothing of it can be read or written. */
export class CredentialsError extends Error {
  readonly backend: string;
  readonly problem: CredentialsProblem;
  readonly operation: string;
  constructor(backend: string, problem: CredentialsProblem, operation: string, message: string) {
    super(message);
    this.name = "CredentialsError";
    this.backend = backend;
    this.problem = problem;
    this.operation = operation;
  }
}

/** A backend answered with a value it should never send (a count that is not a number, say). */
export class UnreadableValueError extends Error {
  readonly backend: string;
  constructor(backend: string, service: string, what: string) {
    super(`${service} sent an unreadable ${what}.`);
    this.name = "UnreadableValueError";
    this.backend = backend;
  }
}
