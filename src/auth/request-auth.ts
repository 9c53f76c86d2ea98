/**
 * Who a request acts for. In `token` mode a request must bring a gateway token (Authorization:
 * Bearer, or the session cookie of a browser login) or, with ALLOW_CREDENTIAL_HEADERS, raw backend
 * keys in headers; the configured backend credentials never serve a caller. In `open` mode a
 * request without either uses the configured credentials, as the gateway always did.
 */
import { createGraphQLError } from "graphql-yoga";
import type { GraphQLError } from "graphql";
import { apiKeySigner, popSigner, type HmacAlgorithm } from "../backends/commerce/auth.js";
import {
  apiKeyCredential,
  oauthCredential,
  withStoreEvents,
  type CommerceCredential,
} from "../domain/commerce/scopes.js";
import { readCookie, SESSION_COOKIE } from "./cookies.js";
import { GatewayTokenError, openGatewayToken, type GatewayCaller } from "./gateway-token.js";

/** Header through which a caller sends its own legacy API key. */
export const LEGACY_API_KEY_HEADER = "x-legacy-api-key";

/** Header through which a caller sends its own commerce API key. */
export const COMMERCE_API_KEY_HEADER = "x-commerce-api-key";

/** The backend credentials one request uses. */
export interface RequestCredentials {
  legacyApiKey: string | undefined;
  commerce: CommerceCredential | undefined;
  /** The gateway token's holder, when a token was presented (for logs and limits; never a secret). */
  subject?: string;
  /** When the gateway token presented expires (Unix seconds): a connection it opened ends then. */
  expiresAt?: number;
  /**
   * Whether the caller may use the gateway's partner application credential (`partnerRoot`): in
   * open mode, or with a gateway token made for it (`pa`); never for backend key headers or a login.
   */
  partner: boolean;
}

/** What resolving a request's caller needs, made once per gateway. */
export interface RequestAuthOptions {
  mode: "open" | "token";
  /** The A256GCM key of gateway tokens; undefined when no GATEWAY_SECRET is set. */
  tokenKey: Uint8Array | undefined;
  allowCredentialHeaders: boolean;
  /** The configured credentials, used in open mode only. */
  configured: { legacyApiKey: string | undefined; commerce: CommerceCredential | undefined };
  /** The partner app's secret and algorithm, to sign PoP for OAuth tokens. */
  pop: { clientSecret: string | undefined; algorithm: HmacAlgorithm };
  now?: () => Date;
}

/** Resolves the credentials of a request from its headers; throws an UNAUTHENTICATED GraphQLError (HTTP 401). */
export type RequestAuthenticator = (headers: Headers) => Promise<RequestCredentials>;

/** An UNAUTHENTICATED error answered with HTTP 401 and a Bearer challenge. */
export function unauthenticated(message: string): GraphQLError {
  return createGraphQLError(message, {
    extensions: {
      code: "UNAUTHENTICATED",
      http: { status: 401, headers: { "www-authenticate": 'Bearer realm="mailgraph"' } },
    },
  });
}

const blankless = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** The commerce credential a token's holder uses: its API key (narrowed to the token's scopes), or PoP. */
function commerceCredentialOf(caller: GatewayCaller, pop: RequestAuthOptions["pop"]): CommerceCredential | undefined {
  const grant = caller.commerce;
  if (!grant) return undefined;
  const storeEvents = caller.commerceUserId === undefined ? undefined : { userId: caller.commerceUserId };
  if (grant.kind === "apiKey") {
    const credential = apiKeyCredential(apiKeySigner(grant.apiKey));
    return withStoreEvents(
      caller.scopes === "all" ? credential : { signer: credential.signer, scopes: [...caller.scopes] },
      storeEvents,
    );
  }
  if (!pop.clientSecret) {
    throw unauthenticated("this gateway has no COMMERCE_CLIENT_SECRET to sign the token's OAuth calls with");
  }
  const signer = popSigner({
    accessToken: grant.accessToken,
    clientSecret: pop.clientSecret,
    algorithm: pop.algorithm,
  });
  return withStoreEvents(oauthCredential(signer, caller.scopes === "all" ? [] : caller.scopes), storeEvents);
}

/** Makes the request authenticator of one gateway. */
export function createRequestAuthenticator(options: RequestAuthOptions): RequestAuthenticator {
  const { mode, tokenKey, allowCredentialHeaders, configured, pop } = options;
  const now = options.now ?? (() => new Date());
  const open = async (token: string): Promise<GatewayCaller> => {
    if (!tokenKey) throw unauthenticated("this gateway issues no gateway tokens (GATEWAY_SECRET is not set)");
    try {
      return await openGatewayToken(token, tokenKey, now);
    } catch (error) {
      if (error instanceof GatewayTokenError) throw unauthenticated(error.message);
      throw error;
    }
  };

  return async (headers) => {
    let caller: GatewayCaller | undefined;
    const authorization = blankless(headers.get("authorization"));
    if (authorization) {
      const bearer = /^Bearer +(\S+)$/i.exec(authorization)?.[1];
      if (!bearer) throw unauthenticated("the Authorization header must be: Bearer <gateway token>");
      caller = await open(bearer);
    } else {
      const session = readCookie(headers.get("cookie"), SESSION_COOKIE);
      if (session && tokenKey) {
        try {
          caller = await open(session);
        } catch (error) {
          // In open mode a stale session (a restart with another secret, an expiry) is as if absent.
          if (mode === "token") {
            throw unauthenticated(
              `the login session is no longer valid (${(error as Error).message.replace(/^the gateway token /, "it ")}): log in again`,
            );
          }
        }
      }
    }

    const legacyHeader = blankless(headers.get(LEGACY_API_KEY_HEADER));
    const commerceHeader = blankless(headers.get(COMMERCE_API_KEY_HEADER));
    if (mode === "token") {
      if ((legacyHeader || commerceHeader) && !allowCredentialHeaders) {
        throw unauthenticated(
          "backend keys in X-Legacy-Api-Key / X-Commerce-Api-Key are not accepted by this gateway: send Authorization: Bearer <gateway token>",
        );
      }
      if (!caller && !legacyHeader && !commerceHeader) {
        throw unauthenticated("a gateway token is required: send Authorization: Bearer <gateway token>, or log in");
      }
    }

    const fallback = mode === "open" ? configured : { legacyApiKey: undefined, commerce: undefined };
    return {
      legacyApiKey: legacyHeader ?? caller?.legacyApiKey ?? fallback.legacyApiKey,
      commerce: commerceHeader
        ? apiKeyCredential(apiKeySigner(commerceHeader))
        : caller?.commerce
          ? commerceCredentialOf(caller, pop)
          : fallback.commerce,
      ...(caller?.subject ? { subject: caller.subject } : {}),
      ...(caller ? { expiresAt: caller.expiresAt } : {}),
      partner: caller ? caller.partner === true : mode === "open" && !legacyHeader && !commerceHeader,
    };
  };
}
