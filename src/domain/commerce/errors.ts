/**
 * The commerce domain's own refusal: a credential that may not make a call. Unauthenticated
 * requests get the shared CredentialsError and refused input the shared InputError; the client's
 * errors (CommerceError and its subclasses) pass through the service unchanged.
 */
import type { CommerceOperation, CommerceScope, CredentialKind } from "./scopes.js";

/** A credential that lacks a scope an operation needs, or is of the wrong kind; nothing was sent. */
export class CommerceForbiddenError extends Error {
  readonly code = "FORBIDDEN" as const;
  readonly backend = "commerce" as const;
  readonly operation: CommerceOperation;
  /** The required scopes the credential does not hold ([] when the kind is what is wrong). */
  readonly missingScopes: readonly CommerceScope[];
  /** The kind of credential the operation takes. */
  readonly requiredCredential: CredentialKind;

  constructor(
    operation: CommerceOperation,
    requiredCredential: CredentialKind,
    missingScopes: readonly CommerceScope[],
    /** For the partner interface: whether this caller may not use the partner credential, or there is none. */
    partner: "refused" | "unconfigured" = "refused",
  ) {
    super(
      missingScopes.length > 0
        ? `The commerce credential lacks the scope${missingScopes.length > 1 ? "s" : ""} ${missingScopes.join(", ")} needed for ${operation}.`
        : requiredCredential === "partner"
          ? partner === "refused"
            ? `${operation} takes the partner application's credential, which this caller may not use ` +
              "(in token mode: a gateway token made with --partner)."
            : `${operation} takes the partner application's credential, and this gateway has no partner ` +
              "application (COMMERCE_CLIENT_ID and COMMERCE_CLIENT_SECRET)."
          : `${operation} takes a store credential (API key or OAuth token); a partner token opens the partner interface only.`,
    );
    this.name = "CommerceForbiddenError";
    this.operation = operation;
    this.missingScopes = missingScopes;
    this.requiredCredential = requiredCredential;
  }
}

/** Which bound stopped a membership search: the request's pages over all its searches, or one listing's length. */
export type MembershipSearchBound = "request" | "listing";

/**
 * A customer list membership() could not search to its end within what one search may read: the
 * address may or may not be on it, so the list is reported as too large to search rather than
 * answered with a guess. Nothing about the backend's reply was wrong.
 */
export class MembershipSearchLimitError extends Error {
  readonly backend = "commerce" as const;
  readonly bound: MembershipSearchBound;
  /** The pages the bound allows (the request's budget, or one listing's). */
  readonly maxPages: number;
  /** Members per page. */
  readonly pageSize: number;

  constructor(bound: MembershipSearchBound, maxPages: number, pageSize: number, listing?: string) {
    const members = (maxPages * pageSize).toLocaleString("en-US");
    super(
      bound === "request"
        ? `The customer list is longer than this request may search for one address: one request reads at most ` +
            `${maxPages} listing pages of ${pageSize} members (${members} members) over every customer list it ` +
            "searches. A list with more members cannot be searched in one request; naming fewer customer lists " +
            "leaves more of the budget to each."
        : `The customer list's ${listing ?? ""} listing is longer than ${maxPages} pages of ${pageSize} members ` +
            `(${members} members), more than a search for one address reads.`,
    );
    this.name = "MembershipSearchLimitError";
    this.bound = bound;
    this.maxPages = maxPages;
    this.pageSize = pageSize;
  }
}
