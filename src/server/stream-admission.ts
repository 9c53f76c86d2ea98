/**
 * Streams per caller, taken by their admissions: an SSE stream's over node:http (its caller's
 * slot until its response closes, cut at its gateway token's expiry) and a websocket's (whose
 * credentials its admission has read). The slots are server/caller-streams.ts's.
 */
import type { IncomingMessage } from "node:http";
import { GraphQLError } from "graphql";
import { requestAuthenticatorFor } from "../auth/gateway-auth.js";
import type { Config } from "../config.js";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER } from "../context.js";
import type { StreamAdmission } from "../plugins/http-streams.js";
import { atExpiry } from "../util/at-expiry.js";
import { CallerStreams, callerKey, type StreamSlot } from "./caller-streams.js";

/** The headers a caller's identity is read from (its gateway token, session cookie or backend keys). */
function credentialHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const name of ["authorization", "cookie", LEGACY_API_KEY_HEADER, COMMERCE_API_KEY_HEADER]) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  return headers;
}

/** The admissions of one gateway's streams, over SSE and websockets. */
export interface StreamAdmissions {
  readonly admitStream: StreamAdmission;
  /** A websocket's slot; its credentials were read by its admission (websocketGate), which says the subject. */
  readonly websocketStreamSlot: (subject: string | undefined, address: string | undefined) => StreamSlot;
}

/**
 * Websocket connections and SSE streams per caller: the caller is the subject of the gateway
 * token it presents, else its address (server/caller-streams.ts). A request whose credentials do
 * not hold is counted by its address, and is refused by yoga or the websocket gate.
 */
export function streamAdmissions(config: Config): StreamAdmissions {
  const streams = new CallerStreams(config.limits.maxStreamsPerCaller);
  const authenticateCaller = requestAuthenticatorFor(config, { legacy: config.legacy, commerce: undefined });
  // The slot, and when the stream's gateway token expires (Unix seconds), if it came with one.
  const streamSlot = (
    headers: Headers,
    address: string | undefined,
  ): Promise<{ slot: StreamSlot; expiresAt?: number | undefined }> =>
    authenticateCaller(headers).then(
      (credentials) => ({
        slot: streams.take(callerKey(credentials.subject, address)),
        expiresAt: credentials.expiresAt,
      }),
      () => ({ slot: streams.take(callerKey(undefined, address)) }),
    );
  const websocketStreamSlot = (subject: string | undefined, address: string | undefined): StreamSlot =>
    streams.take(callerKey(subject, address));
  // An SSE stream holds one of its caller's slots until its response closes, and lives no longer
  // than the gateway token that opened it, as a websocket does: at its expiry the connection is
  // cut (not completed, so the client reconnects with a fresh token and resumes with `after`
  // rather than taking the stream for finished).
  const admitStream: StreamAdmission = async (req, res) => {
    const { slot, expiresAt } = await streamSlot(credentialHeaders(req), req.socket.remoteAddress);
    if ("refused" in slot) return slot.refused;
    if (res.closed || req.socket.destroyed) {
      // The caller left while it was looked up: the subscription does not start.
      slot.release();
      return new GraphQLError("The request was aborted before its stream started.", {
        extensions: { code: "REQUEST_ABORTED" },
      });
    }
    res.once("close", slot.release);
    if (expiresAt !== undefined)
      res.once(
        "close",
        atExpiry(expiresAt * 1000, () => res.destroy()),
      );
    return undefined;
  };
  return { admitStream, websocketStreamSlot };
}
