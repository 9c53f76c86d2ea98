/**
 * The shapes every backend call shares: the request the HTTP layer sends, the reply it reads, and
 * what pays for each send. Apart from http.ts, so that the policy (resilience.ts) and the call
 * span (call-span.ts) name them without importing the layer.
 */

/** One request below an origin. */
export interface BackendRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  /** scheme://host:port */
  readonly origin: string;
  /** Path and query, sent exactly as given. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A complete reply, its body read within the size cap. */
export interface BackendReply {
  readonly status: number;
  /** Lower-cased header names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/** Pays for one request before it is sent; `take` throws when none may be sent any more. */
export interface SendBudget {
  take(): void;
}
