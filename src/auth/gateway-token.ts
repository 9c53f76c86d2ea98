/**
 * Gateway tokens: encrypted JWTs (JWE compact, `dir` + `A256GCM`) that carry one caller's backend
 * credentials, its commerce scopes and an expiry. The key is derived from GATEWAY_SECRET with
 * HKDF-SHA256, so only a gateway holding the secret can read or make one; AES-GCM's tag makes any
 * change to a token (or a token sealed under another key) fail to open.
 */
import { hkdfSync } from "node:crypto";
import { CompactEncrypt, errors as joseErrors, jwtDecrypt } from "jose";
import { COMMERCE_SCOPES } from "../domain/commerce/scopes.js";

/** Who issues and reads gateway tokens (the `iss` and `aud` claims). */
const ISSUER = "mailgraph";
const AUDIENCE = "mailgraph";
/** Smallest GATEWAY_SECRET, in bytes. */
export const GATEWAY_SECRET_MIN_BYTES = 32;
/** Longest life a token may be given (30 days): a stolen token cannot outlive that. */
export const MAX_TOKEN_TTL_SECONDS = 30 * 86_400;
/**
 * How far a token's `iat` may lie ahead of this gateway's clock: instances sharing the secret on
 * other machines may run a little ahead; more than this is a token made with a wrong clock, or made
 * to outlive the 30 days by starting them later.
 */
export const TOKEN_CLOCK_SKEW_SECONDS = 60;

/** The commerce credential a token carries: a store API key, or an OAuth access token (signed as PoP per call). */
export type CommerceGrant = { kind: "apiKey"; apiKey: string } | { kind: "oauth"; accessToken: string };

/** What a gateway token says about its holder. */
export interface GatewayCaller {
  legacyApiKey?: string;
  commerce?: CommerceGrant;
  /** Commerce scopes; "all" means whatever the API key holds (only for API keys). */
  scopes: "all" | string[];
  /**
   * The `userId` the commerce webhooks name for the store of `commerce` (claim `cu`): the holder
   * receives that store's events. Absent, it receives none (no store is known for the credential).
   */
  commerceUserId?: string;
  /**
   * Whether the holder may read the commerce partner interface (`partnerRoot`) with the gateway's
   * partner application credential (claim `pa`): app-wide data, so only for tokens made for it.
   */
  partner?: boolean;
  /** Who the token was made for (the OAuth user's login, or what the operator named it). */
  subject?: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** What to seal into a token. */
export type GatewayClaims = Omit<GatewayCaller, "expiresAt">;

/** Why a token was refused; the message names the rule and never the token. */
export class GatewayTokenError extends Error {
  constructor(
    readonly reason: "malformed" | "expired" | "invalid",
    message: string,
  ) {
    super(message);
    this.name = "GatewayTokenError";
  }
}

/** The 32-byte A256GCM key of a secret; the same secret always gives the same key. */
export function tokenKey(secret: string): Uint8Array {
  return deriveKey(secret, "gateway-token A256GCM");
}

/** A key for one purpose (tokens, cookie signatures), never the same bytes as another purpose's. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  if (Buffer.byteLength(secret, "utf8") < GATEWAY_SECRET_MIN_BYTES) {
    throw new Error(`GATEWAY_SECRET must have at least ${GATEWAY_SECRET_MIN_BYTES} bytes`);
  }
  return new Uint8Array(hkdfSync("sha256", Buffer.from(secret, "utf8"), "mailgraph gateway", purpose, 32));
}

/** Seals `claims` for `ttlSeconds` (1 s to 30 days). */
export async function sealGatewayToken(
  claims: GatewayClaims,
  key: Uint8Array,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
): Promise<string> {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > MAX_TOKEN_TTL_SECONDS) {
    throw new RangeError(`a gateway token lives from 1 second to ${MAX_TOKEN_TTL_SECONDS} seconds`);
  }
  if (!claims.legacyApiKey && !claims.commerce && !claims.partner) {
    throw new Error("a gateway token must carry a credential or partner access");
  }
  if (claims.commerceUserId !== undefined && !claims.commerce) {
    throw new Error("a gateway token names a commerce user id only with a commerce credential");
  }
  const iat = Math.floor(now().getTime() / 1000);
  const payload = {
    iss: ISSUER,
    aud: AUDIENCE,
    iat,
    exp: iat + ttlSeconds,
    ...(claims.subject ? { sub: claims.subject } : {}),
    ...(claims.legacyApiKey ? { lk: claims.legacyApiKey } : {}),
    ...(claims.commerce?.kind === "apiKey" ? { ck: claims.commerce.apiKey } : {}),
    ...(claims.commerce?.kind === "oauth" ? { cat: claims.commerce.accessToken } : {}),
    scp: claims.scopes === "all" ? "all" : claims.scopes.join(" "),
    ...(claims.commerce && claims.commerceUserId ? { cu: claims.commerceUserId } : {}),
    ...(claims.partner ? { pa: true } : {}),
  };
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", typ: "JWT" })
    .encrypt(key);
}

const optionalText = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** Opens a token made by sealGatewayToken with the same key; throws GatewayTokenError otherwise. */
export async function openGatewayToken(
  token: string,
  key: Uint8Array,
  now: () => Date = () => new Date(),
): Promise<GatewayCaller> {
  // Five base64url parts, the second (the encrypted key) empty for `dir`.
  if (token.length > 8192 || !/^[A-Za-z0-9_-]+\.\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token)) {
    throw new GatewayTokenError("malformed", "the gateway token is not a token this gateway issues");
  }
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtDecrypt(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
      requiredClaims: ["exp", "iat"],
      currentDate: now(),
      clockTolerance: 0,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new GatewayTokenError("expired", "the gateway token has expired");
    throw new GatewayTokenError("invalid", "the gateway token is not valid for this gateway");
  }
  // The 30-day rule holds for every token the secret can make, not only for `npm run token`'s.
  const iat = payload.iat as number;
  const exp = payload.exp as number;
  if (iat > now().getTime() / 1000 + TOKEN_CLOCK_SKEW_SECONDS) {
    throw new GatewayTokenError(
      "invalid",
      "the gateway token is issued in the future (iat is ahead of this gateway's clock)",
    );
  }
  if (exp - iat > MAX_TOKEN_TTL_SECONDS) {
    throw new GatewayTokenError(
      "invalid",
      `the gateway token lives longer than ${MAX_TOKEN_TTL_SECONDS / 86_400} days (exp - iat), the most a token may`,
    );
  }
  const legacyApiKey = optionalText(payload.lk);
  const apiKey = optionalText(payload.ck);
  const accessToken = optionalText(payload.cat);
  const commerce: CommerceGrant | undefined = apiKey
    ? { kind: "apiKey", apiKey }
    : accessToken
      ? { kind: "oauth", accessToken }
      : undefined;
  const scp = typeof payload.scp === "string" ? payload.scp : "";
  const known = COMMERCE_SCOPES as readonly string[];
  const scopes = scp === "all" && apiKey ? ("all" as const) : scp.split(" ").filter((scope) => known.includes(scope));
  const partner = payload.pa === true;
  if (!legacyApiKey && !commerce && !partner) {
    throw new GatewayTokenError("invalid", "the gateway token carries no credential");
  }
  return {
    ...(legacyApiKey ? { legacyApiKey } : {}),
    ...(commerce ? { commerce } : {}),
    scopes,
    ...(commerce && optionalText(payload.cu) ? { commerceUserId: payload.cu as string } : {}),
    ...(partner ? { partner } : {}),
    ...(optionalText(payload.sub) ? { subject: payload.sub as string } : {}),
    expiresAt: payload.exp as number,
  };
}
