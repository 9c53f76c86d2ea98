/**
 * Authentication of /api/v1 requests (spec: Authentication): API key, PoP tokens and partner
 * tokens, then the scope check. Failures never echo the credential they refuse.
 */
import type { IncomingMessage } from "node:http";
import { compactVerify } from "jose";
import { ApiError } from "./api-error.js";
import type { SandboxContext } from "./context.js";
import type { AccessTokenGrant, PartnerApp } from "./model.js";
import { missingScopes } from "./scopes.js";
import { sameSecret } from "./secrets.js";

/** The JWS algorithms the spec allows for PoP and partner tokens; everything else is refused. */
export const HMAC_ALGORITHMS = ["HS256", "HS384", "HS512"];

/** How far a PoP `ts` may be from the service clock, either way (spec: Limits). */
export const POP_TOLERANCE_SECONDS = 180;

/** Who is calling. `rateKey` identifies the credential for rate limiting. */
export type Principal =
  | { kind: "api-key"; rateKey: string }
  | { kind: "pop"; grant: AccessTokenGrant; rateKey: string }
  | { kind: "partner"; app: PartnerApp; rateKey: string };

const API_CHALLENGE = 'PoP realm="commerce", ApiKey realm="commerce", header="X-ApiKey"';
const PARTNER_CHALLENGE = 'Bearer realm="commerce-partners"';

function refuse(message: string, partnerPath: boolean): ApiError {
  return new ApiError(401, "unauthenticated", message, undefined, {
    "www-authenticate": partnerPath ? PARTNER_CHALLENGE : API_CHALLENGE,
  });
}

function singleHeader(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The claims of a compact JWS before verification: only used to pick the key to verify with. */
function unverifiedClaims(jws: string): Record<string, unknown> | undefined {
  const parts = jws.split(".");
  if (parts.length !== 3) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1] ?? "", "base64url").toString("utf8")) as unknown;
    return typeof claims === "object" && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Verifies an HMAC compact JWS with a secret; undefined when the signature or algorithm is refused. */
async function verifiedClaims(jws: string, secret: string): Promise<Record<string, unknown> | undefined> {
  try {
    // The 60-character client secret is the key as is: jose does not ask HS512 for 64 bytes.
    const { payload } = await compactVerify(jws, new TextEncoder().encode(secret), { algorithms: HMAC_ALGORITHMS });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    return typeof claims === "object" && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

async function verifyPop(jws: string, ctx: SandboxContext, partnerPath: boolean): Promise<Principal> {
  const at = unverifiedClaims(jws)?.at;
  if (typeof at !== "string") throw refuse("PoP token is not a compact JWS carrying an access token (at)", partnerPath);
  const grant = ctx.store.accessTokens.get(at);
  const app = grant && ctx.store.apps.get(grant.appId);
  if (!grant || !app) throw refuse("PoP token names an unknown access token", partnerPath);
  const claims = await verifiedClaims(jws, app.secret);
  if (!claims)
    throw refuse("PoP token signature not valid, or its algorithm is not HS256, HS384 or HS512", partnerPath);
  const ts = claims.ts;
  if (typeof ts !== "number" || !Number.isFinite(ts)) throw refuse("PoP token has no numeric ts claim", partnerPath);
  const skew = Math.abs(ctx.now().getTime() / 1000 - ts);
  if (skew > POP_TOLERANCE_SECONDS) {
    throw refuse(`PoP token ts is more than ${POP_TOLERANCE_SECONDS} seconds away from the service clock`, partnerPath);
  }
  return { kind: "pop", grant, rateKey: `pop:${grant.token}` };
}

async function verifyPartner(jws: string, ctx: SandboxContext): Promise<Principal> {
  const iss = unverifiedClaims(jws)?.iss;
  const app = typeof iss === "string" ? ctx.store.apps.get(iss) : undefined;
  if (!app) throw refuse("partner token does not name a known partner application (iss)", true);
  const claims = await verifiedClaims(jws, app.secret);
  if (!claims) throw refuse("partner token signature not valid, or its algorithm is not HS256, HS384 or HS512", true);
  if (typeof claims.exp === "number" && claims.exp < ctx.now().getTime() / 1000)
    throw refuse("partner token has expired", true);
  return { kind: "partner", app, rateKey: `partner:${app.id}` };
}

/**
 * Identifies the caller. On /partners/ only partner tokens are accepted (a valid API key or PoP
 * token there is 403); elsewhere a partner token is 401.
 */
export async function authenticate(
  req: IncomingMessage,
  ctx: SandboxContext,
  partnerPath: boolean,
): Promise<Principal> {
  const apiKey = singleHeader(req, "x-apikey");
  const authorization = singleHeader(req, "authorization");
  let principal: Principal;
  if (apiKey !== undefined && authorization !== undefined) {
    throw refuse("send one credential: X-ApiKey or Authorization, not both", partnerPath);
  } else if (apiKey !== undefined) {
    if (!sameSecret(apiKey, ctx.apiKey)) throw refuse("unknown API key", partnerPath);
    principal = { kind: "api-key", rateKey: "api-key" };
  } else if (authorization !== undefined) {
    const match = /^(\S+) +(\S+)$/.exec(authorization.trim());
    const scheme = match?.[1]?.toLowerCase();
    const token = match?.[2] ?? "";
    if (scheme === "pop") {
      principal = await verifyPop(token, ctx, partnerPath);
    } else if (scheme === "bearer") {
      if (!partnerPath) throw refuse("partner tokens are accepted only under /partners/", partnerPath);
      principal = await verifyPartner(token, ctx);
    } else {
      throw refuse("Authorization must be PoP <token> (or Bearer <token> on /partners/)", partnerPath);
    }
  } else {
    throw refuse(
      partnerPath ? "a partner token is required" : "credentials required: X-ApiKey or Authorization: PoP",
      partnerPath,
    );
  }
  if (partnerPath && principal.kind !== "partner") {
    throw new ApiError(403, "forbidden", "the partner interface accepts only partner tokens (Authorization: Bearer)");
  }
  return principal;
}

/** Refuses a PoP caller whose token lacks a required scope; API keys hold every scope. */
export function requireScopes(principal: Principal, required: readonly string[]): void {
  if (principal.kind !== "pop") return;
  const missing = missingScopes(principal.grant.scopes, required);
  if (missing.length === 0) return;
  throw new ApiError(
    403,
    "insufficient_scope",
    `the access token lacks scope ${missing.join(", ")}`,
    missing.map((scope) => ({ field: "scope", rule: scope, message: `scope ${scope} is required` })),
  );
}
