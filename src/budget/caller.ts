/**
 * Whose budget an operation draws from: the subject of the gateway token it presents; else, when
 * it sends backend keys of its own (open mode, or ALLOW_CREDENTIAL_HEADERS), a keyed hash of those
 * keys, so the budget follows the credential across addresses and no key is ever kept or sent to
 * Redis; else the address its connection comes from, told apart as stream limits tell callers
 * apart (server/caller-streams.ts: the socket's peer, an IPv6 address by its /64; proxy headers
 * are not trusted). The hash is keyed with GATEWAY_SECRET (the same on every instance); without
 * one, a plain SHA-256 (one-way, so Redis still holds no credential).
 */
import { createHash, createHmac } from "node:crypto";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER } from "../auth/request-auth.js";

/** Makes caller ids; `secret`: the key of the credential hash (GATEWAY_SECRET), if any. */
export function budgetCallers(secret: string | undefined) {
  const digest = (text: string) =>
    (secret === undefined
      ? createHash("sha256").update("mailgraph budget caller\0")
      : createHmac("sha256", secret).update("mailgraph budget caller\0")
    )
      .update(text)
      .digest("base64url");
  /** `address`: the client address as stream limits key it (server/caller-streams.ts `addressKey`). */
  return (subject: string | undefined, headers: Headers, address: string): string => {
    if (subject) return `subject:${subject}`;
    const legacy = headers.get(LEGACY_API_KEY_HEADER)?.trim();
    const commerce = headers.get(COMMERCE_API_KEY_HEADER)?.trim();
    if (legacy || commerce) return `credential:${digest(`${legacy ?? ""}\0${commerce ?? ""}`)}`;
    return `address:${address}`;
  };
}
