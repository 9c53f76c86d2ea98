/**
 * The three ways of authenticating to the commerce interface (spec: Authentication):
 * an API key header, a proof-of-possession token per request (OAuth), and a partner token.
 *
 * jose does not check HMAC key length, so the signers do (util/hmac-key.ts). Secrets are kept only inside closures and in a module-private registry the client
 * uses to scrub them out of error messages.
 */
import { CompactSign } from "jose";
import { HMAC_MIN_KEY_BYTES, hmacKeyLongEnough, type HmacAlgorithm } from "../../util/hmac-key.js";
import { CommerceConfigError } from "./errors.js";

export { HMAC_MIN_KEY_BYTES, hmacKeyLongEnough, type HmacAlgorithm };

/** Produces the authentication headers of one request; called once per request. */
export interface CommerceSigner {
  readonly scheme: "apiKey" | "pop" | "partner";
  headers(): Promise<Record<string, string>>;
}

const secretsOf = new WeakMap<CommerceSigner, readonly string[]>();

/** The secrets a signer holds, so error messages can be scrubbed of them; [] for foreign signers. */
export function signerSecrets(signer: CommerceSigner): readonly string[] {
  return secretsOf.get(signer) ?? [];
}

function register<S extends CommerceSigner>(signer: S, secrets: string[]): S {
  secretsOf.set(signer, secrets);
  return Object.freeze(signer);
}

function requireText(value: string, what: string): void {
  if (typeof value !== "string" || value.length === 0) throw new CommerceConfigError(`${what} is empty`);
  // A CR or LF would split the header; undici refuses it too, with a message naming the header.
  if (/[\r\n\0]/.test(value)) throw new CommerceConfigError(`${what} contains a line break or NUL character`);
}

function hmacKey(clientSecret: string, algorithm: HmacAlgorithm): Uint8Array {
  requireText(clientSecret, "client secret");
  const min = Object.hasOwn(HMAC_MIN_KEY_BYTES, algorithm) ? HMAC_MIN_KEY_BYTES[algorithm] : undefined;
  if (min === undefined) throw new CommerceConfigError(`algorithm must be HS256, HS384 or HS512`);
  const key = new TextEncoder().encode(clientSecret);
  if (!hmacKeyLongEnough(clientSecret, algorithm)) {
    throw new CommerceConfigError(
      `client secret is too short for ${algorithm}: RFC 7518 §3.2 requires a key of at least ${min} bytes ` +
        `(the hash size), this one has ${key.length}`,
    );
  }
  return key;
}

function unixSeconds(now: () => Date): number {
  return Math.floor(now().getTime() / 1000);
}

async function sign(claims: Record<string, unknown>, algorithm: HmacAlgorithm, key: Uint8Array): Promise<string> {
  const payload = new TextEncoder().encode(JSON.stringify(claims));
  return new CompactSign(payload).setProtectedHeader({ alg: algorithm }).sign(key);
}

/** Store owner access: `X-ApiKey: <API_KEY>` on every request. */
export function apiKeySigner(apiKey: string): CommerceSigner {
  requireText(apiKey, "API key");
  const headers = { "X-ApiKey": apiKey };
  return register({ scheme: "apiKey", headers: () => Promise.resolve({ ...headers }) }, [apiKey]);
}

/** Options of a PoP signer: the OAuth access token and the app's client secret. */
export interface PopSignerOptions {
  accessToken: string;
  clientSecret: string;
  algorithm?: HmacAlgorithm;
  /** Clock for `ts`; tests pass a fake one. */
  now?: () => Date;
}

/** OAuth access: `Authorization: PoP <JWS of {"at","ts"}>`, a fresh `ts` (Unix seconds) per request. */
export function popSigner(options: PopSignerOptions): CommerceSigner {
  const algorithm = options.algorithm ?? "HS256";
  requireText(options.accessToken, "access token");
  const key = hmacKey(options.clientSecret, algorithm);
  const now = options.now ?? (() => new Date());
  const signer: CommerceSigner = {
    scheme: "pop",
    async headers() {
      const token = await sign({ at: options.accessToken, ts: unixSeconds(now) }, algorithm, key);
      return { Authorization: `PoP ${token}` };
    },
  };
  return register(signer, [options.accessToken, options.clientSecret]);
}

/** Options of a partner signer: the partner application's id and client secret. */
export interface PartnerSignerOptions {
  appId: string;
  clientSecret: string;
  algorithm?: HmacAlgorithm;
  /** Clock for `iat`; tests pass a fake one. */
  now?: () => Date;
}

/**
 * Partner interface access: `Authorization: Bearer <JWS of {"iss": appId, "iat"}>`. The spec asks
 * only for `iss`; `iat` (Unix seconds) makes each token fresh so a receiver can bound its age
 * (docs/decisions.md, "Partner secret: HTTPS, key length and token claims").
 */
export function partnerSigner(options: PartnerSignerOptions): CommerceSigner {
  const algorithm = options.algorithm ?? "HS256";
  requireText(options.appId, "partner app id");
  const key = hmacKey(options.clientSecret, algorithm);
  const now = options.now ?? (() => new Date());
  const signer: CommerceSigner = {
    scheme: "partner",
    async headers() {
      const token = await sign({ iss: options.appId, iat: unixSeconds(now) }, algorithm, key);
      return { Authorization: `Bearer ${token}` };
    },
  };
  return register(signer, [options.clientSecret]);
}
