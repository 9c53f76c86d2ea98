/**
 * `npm run token -- [--legacy-api-key K] [--commerce-api-key K | --commerce-access-token T]
 *                   [--scopes "read_customers read_segments"] [--commerce-user-id ID] [--ttl 12h]
 *                   [--subject NAME] [--partner]`
 *
 * Prints a gateway token (sealed with GATEWAY_SECRET from the environment) for operators and
 * server-to-server callers. The token carries the given backend credentials; `--scopes` narrows a
 * commerce API key (which otherwise holds every scope) and states what an access token was granted;
 * `--commerce-user-id` names the store the commerce credential belongs to (the `userId` its webhooks
 * carry), without which the holder receives no commerce events. `--partner` lets the holder read the
 * commerce partner interface (`partnerRoot`) with the gateway's partner application credential.
 */
import { parseArgs } from "node:util";
import { formatDuration, parseDuration } from "../src/util/duration.js";
import {
  GATEWAY_SECRET_MIN_BYTES,
  MAX_TOKEN_TTL_SECONDS,
  sealGatewayToken,
  tokenKey,
  type GatewayClaims,
} from "../src/auth/gateway-token.js";
import { COMMERCE_SCOPES } from "../src/domain/commerce/scopes.js";

const USAGE = `usage: npm run token -- [--legacy-api-key K] [--commerce-api-key K | --commerce-access-token T]
                        [--scopes "read_customers read_segments"] [--commerce-user-id ID] [--ttl 12h]
                        [--subject NAME] [--partner]
GATEWAY_SECRET (at least ${GATEWAY_SECRET_MIN_BYTES} bytes) must be set in the environment.`;

/** Thrown by tokenFromArgs for --help: the usage is the answer (stdout, exit 0), not a problem. */
export class HelpRequested extends Error {
  constructor() {
    super(USAGE);
    this.name = "HelpRequested";
  }
}

/** The token the arguments ask for, or a usage problem (thrown as an Error with a readable message). */
export async function tokenFromArgs(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ token: string; summary: string }> {
  const { values } = parseArgs({
    args,
    options: {
      "legacy-api-key": { type: "string" },
      "commerce-api-key": { type: "string" },
      "commerce-access-token": { type: "string" },
      scopes: { type: "string" },
      "commerce-user-id": { type: "string" },
      ttl: { type: "string", default: "12h" },
      subject: { type: "string" },
      partner: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) throw new HelpRequested();
  const secret = env.GATEWAY_SECRET?.trim();
  if (!secret || Buffer.byteLength(secret, "utf8") < GATEWAY_SECRET_MIN_BYTES) {
    throw new Error(`GATEWAY_SECRET must be set to at least ${GATEWAY_SECRET_MIN_BYTES} bytes\n${USAGE}`);
  }
  const ttl = parseDuration(values.ttl);
  if (ttl === undefined || ttl < 1 || ttl > MAX_TOKEN_TTL_SECONDS) {
    throw new Error(`--ttl must be a duration from 1s to 30d such as 12h (got "${values.ttl}")`);
  }
  if (values["commerce-api-key"] && values["commerce-access-token"]) {
    throw new Error("give --commerce-api-key or --commerce-access-token, not both");
  }
  const scopes = values.scopes?.split(/\s+/).filter(Boolean);
  const unknown = (scopes ?? []).filter((s) => !(COMMERCE_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`unknown scope(s): ${unknown.join(", ")}; known: ${COMMERCE_SCOPES.join(" ")}`);
  const legacyApiKey = values["legacy-api-key"]?.trim();
  const apiKey = values["commerce-api-key"]?.trim();
  const accessToken = values["commerce-access-token"]?.trim();
  const partner = values.partner === true;
  if (!legacyApiKey && !apiKey && !accessToken && !partner) {
    throw new Error(`give at least one credential, or --partner\n${USAGE}`);
  }
  const commerceUserId = values["commerce-user-id"]?.trim();
  if (values["commerce-user-id"] !== undefined) {
    if (!apiKey && !accessToken)
      throw new Error("--commerce-user-id goes with --commerce-api-key or --commerce-access-token");
    if (!commerceUserId || !/^[\x21-\x7e]{1,200}$/.test(commerceUserId)) {
      throw new Error(
        "--commerce-user-id must be the store's userId as its webhooks name it: 1 to 200 visible ASCII characters",
      );
    }
  }
  const claims: GatewayClaims = {
    ...(legacyApiKey ? { legacyApiKey } : {}),
    ...(apiKey ? { commerce: { kind: "apiKey" as const, apiKey } } : {}),
    ...(accessToken ? { commerce: { kind: "oauth" as const, accessToken } } : {}),
    // An access token holds what it was granted: without --scopes, none is assumed.
    scopes: scopes ?? (apiKey ? "all" : []),
    ...(commerceUserId ? { commerceUserId } : {}),
    ...(values.subject ? { subject: values.subject } : {}),
    ...(partner ? { partner } : {}),
  };
  const token = await sealGatewayToken(claims, tokenKey(secret), ttl);
  const what = [
    legacyApiKey && "legacy API key",
    apiKey && "commerce API key",
    accessToken && "commerce access token",
    partner && "partner interface",
  ]
    .filter(Boolean)
    .join(", ");
  const scopeText = claims.scopes === "all" ? "all scopes" : `scopes: ${claims.scopes.join(" ") || "none"}`;
  const storeText =
    apiKey || accessToken ? `; commerce events: ${commerceUserId ? `store ${commerceUserId}` : "none"}` : "";
  return { token, summary: `gateway token: ${what}; ${scopeText}${storeText}; expires in ${formatDuration(ttl)}` };
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/\\/g, "/"));
if (invokedDirectly) {
  tokenFromArgs(process.argv.slice(2), process.env).then(
    ({ token, summary }) => {
      // The token alone on stdout (for $(npm run -s token ...)); what it holds on stderr.
      console.error(summary);
      console.log(token);
    },
    (error: unknown) => {
      if (error instanceof HelpRequested) return console.log(error.message);
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(2);
    },
  );
}
