/**
 * Request ids: a caller (a proxy, a load balancer, a frontend) may name its request in
 * X-Request-Id so its logs and ours line up; anything else gets a fresh random id.
 */
import { randomUUID } from "node:crypto";

/** The header that carries the id, in both directions and to the backends. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * Ids we take as given: 1 to 128 letters, digits and `-_.:/+=` (UUIDs, ULIDs, AWS and Heroku ids,
 * base64 ids). Nothing that could carry a line break, markup, white space or an email address.
 */
const SANE_ID = /^[A-Za-z0-9._:/+=-]{1,128}$/;

/** The incoming id when it is sane, else a new UUID. A repeated header counts as none. */
export function acceptRequestId(incoming: string | readonly string[] | undefined | null): string {
  return typeof incoming === "string" && SANE_ID.test(incoming) ? incoming : randomUUID();
}
