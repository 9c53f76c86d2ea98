/**
 * The commerce REST interface, as one table.
 *
 * Every endpoint of `commerce-rest-interface.md` is a row here, with the two async-job endpoints
 * docs/decisions.md adds ("Async jobs"). The client sends by row, the domain's scope checks and
 * the sandbox's routing and scope checks read the rows, and the tests iterate over them: an
 * endpoint's method, path and scopes are stated once.
 *
 * Paths are templates under their base: `{id}` stands for one path segment (a list, segment or
 * job id), which is also how metrics name a call (routes.ts).
 */

// The spec's scopes are named by a setting too (COMMERCE_SCOPES): config.ts states them (it imports
// nothing of the gateway's), and the catalog hands them on.
import { COMMERCE_SCOPES } from "../../config.js";

export { COMMERCE_SCOPES };

/** {base_url} ends in this (spec: Versioning 1). */
export const COMMERCE_API_PATH = "/api/v1";

/** An OAuth scope of the commerce interface. */
export type CommerceScope = (typeof COMMERCE_SCOPES)[number];

export function isCommerceScope(scope: string): scope is CommerceScope {
  return (COMMERCE_SCOPES as readonly string[]).includes(scope);
}

/** Whether `held` grants `required`: a write_ scope also grants its read_ scope (spec: Scopes). */
export function grantsScope(held: readonly string[], required: string): boolean {
  if (held.includes(required)) return true;
  return required.startsWith("read_") && held.includes(`write_${required.slice("read_".length)}`);
}

/** The scopes of `required` that `held` does not grant, in `required`'s order. */
export function scopesLacking<S extends string>(held: readonly string[], required: readonly S[]): S[] {
  return required.filter((scope) => !grantsScope(held, scope));
}

/** Where a path lies: under {base_url} (the REST interface) or {auth_url} (the OAuth pages). */
export type EndpointBase = "api" | "auth";

/**
 * Who may call an endpoint: a store credential (API key or PoP token), the partner application's
 * HMAC token, or anyone (the OAuth endpoints, which check their own parameters and Basic auth).
 */
export type EndpointCredential = "store" | "partner" | "none";

export interface EndpointSpec {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  readonly base: EndpointBase;
  /** The path under its base; `{id}` is one path segment. */
  readonly path: string;
  readonly credential: EndpointCredential;
  /** Scopes a PoP token needs, every one of them; [] means any caller of that credential. */
  readonly scopes: readonly CommerceScope[];
  /**
   * "read" when read_ scopes grant it (spec: Scopes, "a read_ scope grants read-only endpoints"),
   * "write" when it needs a write_ scope. A read need not be safe to repeat: an export starts a job.
   */
  readonly access: "read" | "write";
  /** May the call be sent again after a failure (docs/decisions.md, "Retries: reads only")? */
  readonly retryable: boolean;
  /** "spec" for a row of the spec's endpoint table, "decision" where docs/decisions.md supplies it. */
  readonly source: "spec" | "decision";
}

/**
 * Every endpoint. Scopes are the spec's; where it says "not given" (coupons, subscribe) or shows
 * no endpoint (async jobs), they are docs/decisions.md's ("Commerce endpoints as one table; scopes the spec does not give").
 */
export const COMMERCE_ENDPOINTS = {
  authorize: {
    method: "GET",
    base: "auth",
    path: "/oauth/authorize",
    credential: "none",
    scopes: [],
    access: "read",
    retryable: true,
    source: "spec",
  },
  accessToken: {
    method: "POST",
    base: "auth",
    path: "/oauth/access-token",
    credential: "none",
    scopes: [],
    access: "write",
    retryable: false,
    source: "spec",
  },
  listCoupons: {
    method: "GET",
    base: "api",
    path: "/coupons",
    credential: "store",
    scopes: [],
    access: "read",
    retryable: true,
    source: "spec",
  },
  subscribe: {
    method: "PUT",
    base: "api",
    path: "/customer-lists/{id}/subscriptions",
    credential: "store",
    scopes: ["write_customers"],
    access: "write",
    retryable: false,
    source: "spec",
  },
  listSubscribers: {
    method: "GET",
    base: "api",
    path: "/customer-lists/{id}/subscribers",
    credential: "store",
    scopes: ["read_customers"],
    access: "read",
    retryable: true,
    source: "spec",
  },
  unsubscribe: {
    method: "DELETE",
    base: "api",
    path: "/customer-lists/{id}/subscribers",
    credential: "store",
    scopes: ["write_customers"],
    access: "write",
    retryable: false,
    source: "spec",
  },
  listSegments: {
    method: "GET",
    base: "api",
    path: "/segments",
    credential: "store",
    scopes: ["read_segments"],
    access: "read",
    retryable: true,
    source: "spec",
  },
  exportSegment: {
    method: "POST",
    base: "api",
    path: "/segments/{id}/async-export",
    credential: "store",
    scopes: ["read_customers", "read_segments"],
    access: "read",
    // Each POST starts another job.
    retryable: false,
    source: "spec",
  },
  getJob: {
    method: "GET",
    base: "api",
    path: "/async-jobs/{id}",
    credential: "store",
    scopes: ["read_async_job"],
    access: "read",
    retryable: true,
    source: "decision",
  },
  getJobResult: {
    method: "GET",
    base: "api",
    path: "/async-jobs/{id}/result",
    credential: "store",
    scopes: ["read_async_job"],
    access: "read",
    retryable: true,
    source: "decision",
  },
  partnerRoot: {
    method: "GET",
    base: "api",
    path: "/partners/",
    credential: "partner",
    scopes: [],
    access: "read",
    retryable: true,
    source: "spec",
  },
} as const satisfies Record<string, EndpointSpec>;

export type CommerceEndpointName = keyof typeof COMMERCE_ENDPOINTS;

/** The endpoints under {base_url}. */
export type ApiEndpointName = {
  [N in CommerceEndpointName]: (typeof COMMERCE_ENDPOINTS)[N]["base"] extends "api" ? N : never;
}[CommerceEndpointName];

/** Every endpoint's name, in the table's order. */
export const COMMERCE_ENDPOINT_NAMES = Object.keys(COMMERCE_ENDPOINTS) as CommerceEndpointName[];

/** The row of `name`. */
export function endpoint(name: CommerceEndpointName): EndpointSpec {
  return COMMERCE_ENDPOINTS[name];
}

/** The names and rows of the endpoints under {base_url}. */
export function apiEndpoints(): [ApiEndpointName, EndpointSpec][] {
  return COMMERCE_ENDPOINT_NAMES.filter((name) => endpoint(name).base === "api").map((name) => [
    name as ApiEndpointName,
    endpoint(name),
  ]);
}

/** The fixed words of every path (not its `{id}` segments), for naming calls without their ids. */
export function pathWords(): string[] {
  const words = new Set<string>();
  for (const segment of COMMERCE_API_PATH.split("/")) if (segment !== "") words.add(segment);
  for (const name of COMMERCE_ENDPOINT_NAMES) {
    for (const segment of endpoint(name).path.split("/"))
      if (segment !== "" && !isPlaceholder(segment)) words.add(segment);
  }
  return [...words];
}

/** `{id}`: a segment that stands for a value. */
export const isPlaceholder = (segment: string): boolean => /^\{[a-z]+\}$/i.test(segment);
