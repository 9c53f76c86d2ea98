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
