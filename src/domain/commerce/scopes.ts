/**
 * Who may call what on the commerce backend: the credential a request holds (its signer and the
 * scopes it carries) and what each operation of CommerceService needs, which is what the catalog
 * rows of the endpoints it calls need (backends/commerce/catalog.ts). The schema reuses it for its
 * own scope checks.
 */
import type { CommerceSigner } from "../../backends/commerce/auth.js";
import {
  COMMERCE_SCOPES,
  endpoint,
  grantsScope as heldGrants,
  type CommerceEndpointName,
  type CommerceScope,
} from "../../backends/commerce/catalog.js";

export { COMMERCE_SCOPES, type CommerceScope };

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
 * The endpoints each CommerceService operation calls. A list is its id (customerList calls
 * nothing, so any store credential may name one: docs/decisions.md, "A customer list is its id");
 * a job's status and its export file are read with the same scopes.
 */
const OPERATION_ENDPOINTS = {
  coupons: ["listCoupons"],
  segments: ["listSegments"],
  customerList: [],
  subscribersPage: ["listSubscribers"],
  asyncJob: ["getJob", "getJobResult"],
  partnerRoot: ["partnerRoot"],
  subscribe: ["subscribe"],
  unsubscribeEmails: ["unsubscribe"],
  unsubscribeSegment: ["unsubscribe"],
  exportSegment: ["exportSegment"],
} as const satisfies Record<string, readonly CommerceEndpointName[]>;

/** The name of a CommerceService operation. */
export type CommerceOperation = keyof typeof OPERATION_ENDPOINTS;

/** An operation's access: the credential its endpoints take, and every scope any of them needs, in row order. */
function accessOf(endpoints: readonly CommerceEndpointName[]): OperationAccess {
  const rows = endpoints.map(endpoint);
  const credential = rows.some((row) => row.credential === "partner") ? "partner" : "store";
  return { credential, scopes: [...new Set(rows.flatMap((row) => row.scopes))] };
}

/**
 * The access each CommerceService operation needs, from the catalog rows of the endpoints it
 * calls; checked before any call is sent.
 */
export const COMMERCE_OPERATION_ACCESS: { readonly [Op in CommerceOperation]: OperationAccess } = Object.fromEntries(
  Object.entries(OPERATION_ENDPOINTS).map(([operation, endpoints]) => [operation, accessOf(endpoints)]),
) as { [Op in CommerceOperation]: OperationAccess };

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
  return held === "all" || heldGrants(held, required);
}

/** The scopes of `operation` that `credential` lacks, in the table's order. */
export function missingScopes(credential: CommerceCredential, operation: CommerceOperation): CommerceScope[] {
  const required: readonly CommerceScope[] = COMMERCE_OPERATION_ACCESS[operation].scopes;
  return required.filter((scope) => !grantsScope(credential.scopes, scope));
}
