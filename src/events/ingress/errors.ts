/**
 * The one error type of webhook ingress: an HTTP status and a stable code for the JSON error body.
 * Messages name fields and rules, never a token, signature or secret.
 */

/** Why a webhook request was refused; `status` is the HTTP status it is answered with. */
export class IngressError extends Error {
  constructor(
    readonly status: number,
    readonly code: IngressErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "IngressError";
  }
}

/** Every code an ingress error body can carry. */
export type IngressErrorCode =
  | "method_not_allowed"
  | "payload_too_large"
  | "body_timeout"
  | "bad_token"
  | "bad_signature"
  | "stale_signature"
  | "body_hash_mismatch"
  | "unsupported_media_type"
  | "malformed_body"
  | "invalid_event"
  | "unknown_topic"
  | "too_many_events"
  | "mixed_list_ids"
  | "log_unavailable"
  | "ingress_busy"
  | "internal_error";
