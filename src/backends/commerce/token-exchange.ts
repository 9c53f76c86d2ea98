/**
 * POST {auth_url}/oauth/access-token (spec: OAuth): HTTP Basic with the app id and client secret,
 * each form-urlencoded before base64 (RFC 6749 §2.3.1), a form body of `code` and `redirect_uri`,
 * and a reply of `access_token` (30 characters), `token_type` pop and, when the user granted other
 * scopes than those asked for, `scope` (RFC 6749 §5.1). Errors use RFC 6749 §5.2
 * bodies (docs/decisions.md).
 */
import type { RequestScope } from "../../logging/request-context.js";
import { endpoint } from "./catalog.js";
import { CommerceOAuthError, CommerceTransportError } from "./errors.js";
import type { CommerceHttp } from "./http.js";
import { redact, secretsFromHeaders } from "../../util/redact.js";
import { httpError, parseJson } from "./reply.js";
import { root } from "./shape.js";
import type { AccessTokenGrant } from "./types.js";
import type { CallerSignal } from "../../util/call-abort.js";

/** What a code exchange needs. */
export interface CodeExchange {
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
}

export const ACCESS_TOKEN_LENGTH = 30;

/** application/x-www-form-urlencoded encoding of one value (spaces as "+"). */
function formEncode(value: string): string {
  return new URLSearchParams([["v", value]]).toString().slice(2);
}

/** The Basic credentials of RFC 6749 §2.3.1. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`, "utf8").toString("base64")}`;
}

export async function exchangeAuthorizationCode(
  http: CommerceHttp,
  authUrl: URL,
  exchange: CodeExchange,
  signal?: CallerSignal,
  requestScope?: RequestScope,
): Promise<AccessTokenGrant> {
  const { method, path, retryable } = endpoint("accessToken");
  const url = new URL(`${authUrl.pathname.replace(/\/+$/, "")}${path}`, authUrl);
  const credentials = { Authorization: basicAuthorization(exchange.clientId, exchange.clientSecret) };
  const headers = { ...credentials, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  const secrets = [exchange.clientSecret, exchange.code, ...secretsFromHeaders(credentials)];
  const body = new URLSearchParams([
    ["code", exchange.code],
    ["redirect_uri", exchange.redirectUri],
  ]).toString();
  const reply = await http.send({ method, retryable, url, headers, body, signal, scope: requestScope, secrets });
  const where = `${method} ${url.pathname}`;

  if (reply.status !== 200) {
    const oauth = oauthErrorBody(reply.text);
    if (oauth && (reply.status === 400 || reply.status === 401)) {
      throw new CommerceOAuthError(oauth.error, oauth.description && redact(oauth.description, secrets), {
        status: reply.status,
      });
    }
    throw httpError(reply, "POST", url, secrets);
  }

  const data = root(parseJson(reply, where), where);
  const tokenType = data.get("token_type").string();
  const accessToken = data.get("access_token").string();
  // RFC 6749 §5.1: token_type is case-insensitive.
  if (tokenType.toLowerCase() !== "pop") {
    throw new CommerceTransportError(
      "COMMERCE_BAD_RESPONSE",
      `${where}: token_type is "${redact(tokenType, [accessToken])}", not pop`,
    );
  }
  if (accessToken.length !== ACCESS_TOKEN_LENGTH) {
    throw new CommerceTransportError(
      "COMMERCE_BAD_RESPONSE",
      `${where}: access_token has ${accessToken.length} characters, not ${ACCESS_TOKEN_LENGTH}`,
    );
  }
  // RFC 6749 §5.1: `scope` is given when the grant differs from the request (a user may grant fewer).
  const scope = data.get("scope").optionalString();
  return {
    accessToken,
    tokenType: "pop",
    ...(scope === null ? {} : { scopes: scope.split(" ").filter(Boolean) }),
  };
}

function oauthErrorBody(text: string): { error: string; description: string | undefined } | undefined {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body?.error !== "string") return undefined;
    return {
      error: body.error,
      description: typeof body.error_description === "string" ? body.error_description : undefined,
    };
  } catch {
    return undefined;
  }
}
