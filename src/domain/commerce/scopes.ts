/**
 * Who may call what on the commerce backend: the credential a request holds (its signer and the
 * scopes it carries) and the scopes each operation of CommerceService needs. The table is the one
 * statement of those needs; the schema reuses it for its own scope checks.
 */
import type { CommerceSigner } from "../../backends/commerce/auth.js";

/** Every scope the spec names (Authentication 2, Scopes), in its order. */
export const COMMERCE_SCOPES = [
  "read_webhook",
  "write_webhook",
  "read_newsletter_template",
  "read_newsletter_email",
  "read_async_job",
  "read_segments",
  "write_segments",
  "read_customers",
  "write_customers",
  "read_customer_list",
  "write_customer_list",
] as const;

/** An OAuth scope of the commerce interface. */
export type CommerceScope = (typeof COMMERCE_SCOPES)[number];

/**
 * The scopes a login's token may carry: those the grant names (RFC 6749 §5.1: absent, the ones
 * asked for) that were asked for and the spec knows, each once. `dropped` lists what a grant named
 * beyond that, so the login can say so; the backend keeps enforcing its own grant either way.
 */
export function grantedScopes(
  granted: readonly string[] | undefined,
  asked: readonly string[],
): { scopes: CommerceScope[]; dropped: string[] } {
  const known = new Set<string>(COMMERCE_SCOPES);
  const wanted = new Set(asked);
  const scopes: CommerceScope[] = [];
  const dropped: string[] = [];
  for (const scope of granted ?? asked) {
    if (known.has(scope) && wanted.has(scope)) {
      if (!scopes.includes(scope as CommerceScope)) scopes.push(scope as CommerceScope);
    } else dropped.push(scope);
  }
  return { scopes, dropped };
}

/** Which kind of credential an operation takes: the store API's or the partner interface's. */
export type CredentialKind = "store" | "partner";

/** The scopes and credential kind one operation requires. */
export interface OperationAccess {
  readonly credential: CredentialKind;
  /** Every one of these must be held; [] means any authenticated caller of that kind. */
  readonly scopes: readonly CommerceScope[];
}

/**
 * The access each CommerceService operation needs. Scopes are the spec's endpoint table; where it
 * says "not given" (coupons, subscribe) or shows no endpoint (async jobs, the list object), the
 * choice is docs/decisions.md's ("Scopes the spec does not give", "Commerce domain: scopes").
 */
export const COMMERCE_OPERATION_ACCESS = {
  coupons: { credential: "store", scopes: [] },
  segments: { credential: "store", scopes: ["read_segments"] },
  customerList: { credential: "store", scopes: [] },
  subscribersPage: { credential: "store", scopes: ["read_customers"] },
  asyncJob: { credential: "store", scopes: ["read_async_job"] },
  partnerRoot: { credential: "partner", scopes: [] },
  subscribe: { credential: "store", scopes: ["write_customers"] },
  unsubscribeEmails: { credential: "store", scopes: ["write_customers"] },
  unsubscribeSegment: { credential: "store", scopes: ["write_customers"] },
  exportSegment: { credential: "store", scopes: ["read_customers", "read_segments"] },
} as const satisfies Record<string, OperationAccess>;

/** The name of a CommerceService operation, as the access table keys it. */
export type CommerceOperation = keyof typeof COMMERCE_OPERATION_ACCESS;

/** A request's commerce credential: the signer its calls use and the scopes it holds. */
export interface CommerceCredential {
  readonly signer: CommerceSigner;
  /** "all" for a store owner's API key; the granted scopes for an OAuth (PoP) token; [] for a partner token. */
  readonly scopes: "all" | readonly string[];
  /**
   * Whose webhook events the credential may receive (commerceEvents, contactEvents): absent, none.
   * The backend's API shows no way to learn which store a key or token belongs to, so only
   * configuration says it: COMMERCE_USER_ID for the gateway's own credential, a gateway token's
   * commerce user id for its holder (docs/decisions.md, "Whose commerce events a caller receives").
   */
  readonly storeEvents?: StoreEvents;
}

/**
 * The commerce webhook events a credential may receive: those of the store whose `userId` they
 * name, or "all": every store's, for the gateway's own credential when no COMMERCE_USER_ID names
 * its store (a single-store deployment, where every commerce webhook reaching the gateway is its
 * store's).
 */
export type StoreEvents = { readonly userId: string } | "all";

/** The credential, able to receive the webhook events `storeEvents` says. */
export function withStoreEvents(
  credential: CommerceCredential,
  storeEvents: StoreEvents | undefined,
): CommerceCredential {
  return storeEvents === undefined ? credential : { ...credential, storeEvents };
}

/**
 * Whether a commerce event whose data names the store `userId` (undefined: names none) may reach a
 * caller receiving `storeEvents`: an event naming no store is only for "all", as is any event when
 * the caller is bound to no store at all.
 */
export function receivesStoreEvent(storeEvents: StoreEvents | undefined, userId: unknown): boolean {
  if (storeEvents === undefined) return false;
  if (storeEvents === "all") return true;
  return typeof userId === "string" && userId === storeEvents.userId;
}

/** A store owner's API key: it holds every scope. */
export function apiKeyCredential(signer: CommerceSigner): CommerceCredential {
  return { signer, scopes: "all" };
}

/** An OAuth (PoP) credential holding the scopes its access token was granted. */
export function oauthCredential(signer: CommerceSigner, scopes: readonly string[]): CommerceCredential {
  return { signer, scopes: [...scopes] };
}

/** A partner token: it opens the partner interface only and holds no store scope. */
export function partnerCredential(signer: CommerceSigner): CommerceCredential {
  return { signer, scopes: [] };
}

/** The kind of a credential, from its signer's scheme. */
export function credentialKind(credential: CommerceCredential): CredentialKind {
  return credential.signer.scheme === "partner" ? "partner" : "store";
}

/** Whether `held` grants `required`: a write_ scope also grants its read_ scope (spec: Scopes). */
export function grantsScope(held: CommerceCredential["scopes"], required: CommerceScope): boolean {
  if (held === "all") return true;
  if (held.includes(required)) return true;
  return required.startsWith("read_") && held.includes(`write_${required.slice("read_".length)}`);
}

/** The scopes of `operation` that `credential` lacks, in the table's order. */
export function missingScopes(credential: CommerceCredential, operation: CommerceOperation): CommerceScope[] {
  const required: readonly CommerceScope[] = COMMERCE_OPERATION_ACCESS[operation].scopes;
  return required.filter((scope) => !grantsScope(credential.scopes, scope));
}
