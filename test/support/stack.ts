/**
 * The one way tests start a stack: what a test asks for (a legacy sandbox, a commerce sandbox, a
 * gateway in open or token mode with env overrides) on ephemeral ports, with handles and a close().
 * Nothing of the gateway is replaced: it reads its config from an env map like `npm start` does.
 * Suite helpers (test/auth/support.ts, test/schema/events/subscriptions-support.ts, …) add their own
 * shape on top of this one.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import {
  startCommerceSandbox,
  type CommerceSandbox,
  type CommerceSandboxOptions,
} from "../../src/sandbox/commerce/index.js";
import { setRedirectUri } from "../../src/sandbox/commerce/oauth/index.js";
import { startLegacySandbox, type LegacySandbox, type LegacySandboxOptions } from "../../src/sandbox/legacy/index.js";
import { createGateway, type Gateway } from "../../src/server.js";
import { postGraphQL, type Response } from "./graphql-http.js";

/** A fixed instant for sandbox clocks: Wednesday 2026-03-18 03:00 UTC. */
export const FIXED_NOW = Date.parse("2026-03-18T03:00:00Z");

/** The GATEWAY_SECRET of token-mode stacks (any 32 bytes or more). */
export const GATEWAY_SECRET = "test-gateway-secret-of-at-least-32-bytes!";

/** A clock tests can move. */
export function testClock(start = FIXED_NOW): { now: () => Date; advance(ms: number): void } {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

/** Posts typed documents to one gateway. */
export type Gql = <T, V>(
  document: TypedDocumentNode<T, V>,
  variables?: V,
  headers?: Record<string, string>,
) => Promise<Response<T>>;

/** How a gateway is started besides its env. */
export interface GatewayOptions {
  /** Receives every line the gateway logs (default: the gateway's own logger). */
  log?: (line: string) => void;
}

/** Starts a gateway on port 0 configured through exactly `env`, like `npm start`. */
function launch(env: Record<string, string>, options: GatewayOptions = {}): Promise<Gateway> {
  const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", ...env });
  return options.log ? createGateway(config, { log: options.log }) : createGateway(config);
}

/**
 * A gateway alone on port 0 in front of `legacyUrl` (for a test that starts its own backends or
 * proxies), in open mode with the demo legacy key; `env` adds to or overrides that.
 */
export function startGateway(legacyUrl: string, env: Record<string, string> = {}): Promise<Gateway> {
  return launch({
    LEGACY_URL: legacyUrl,
    LEGACY_API_KEY: DEMO.apiKey,
    // The configured keys serve every caller (token mode, the default with a LEGACY_URL, is test/auth's).
    AUTH_MODE: "open",
    ...env,
  });
}

/** What startStack starts. */
export interface StackOptions {
  /** The legacy sandbox's options (default: seeded, on a clock at FIXED_NOW), or false for none. */
  legacy?: false | LegacySandboxOptions;
  /**
   * A commerce sandbox (rate limit off unless its options say otherwise). The gateway gets its base
   * URL as COMMERCE_URL, or `url` instead (a closed port, a failing proxy).
   */
  commerce?: true | (CommerceSandboxOptions & { url?: string });
  /** Start a gateway (default true); it needs the legacy sandbox. */
  gateway?: boolean;
  /**
   * "open" (default): the configured demo keys serve every caller (LEGACY_API_KEY, and
   * COMMERCE_API_KEY with a commerce sandbox). "token": the gateway's own login through the commerce
   * sandbox's demo partner app (COMMERCE_CLIENT_ID/SECRET, GATEWAY_SECRET, no configured keys), the
   * app's redirect URI set to the gateway's callback.
   */
  auth?: "open" | "token";
  /** Gateway settings added to (or overriding) what the options above configure. */
  env?: Record<string, string>;
  /** Receives every line the stack's gateway logs (default: the gateway's own logger). */
  log?: (line: string) => void;
}

/** What startStack started: the handles, and more gateways on the same sandboxes. */
export interface Stack {
  legacy: LegacySandbox;
  commerce: CommerceSandbox | undefined;
  gateway: Gateway;
  /** Posts a typed document to the gateway. */
  gql: Gql;
  /**
   * Another gateway on the same sandboxes, closed with the stack: the stack's configuration without
   * its configured commerce key (COMMERCE_API_KEY), plus `env`.
   */
  gatewayWith(env: Record<string, string>, options?: GatewayOptions): Promise<{ gateway: Gateway; gql: Gql }>;
  /** Another gateway whose commerce credential is an OAuth token granted `scopes` (COMMERCE_SCOPES says the same). */
  oauthGateway(scopes: string[]): Promise<{ gateway: Gateway; gql: Gql }>;
  close(): Promise<void>;
}

/** A stack with a commerce sandbox. */
export type CommerceStack = Stack & { commerce: CommerceSandbox };

type Has<O, K extends keyof StackOptions, V> = O extends Record<K, V> ? true : false;

/** The stack `options` asked for: a handle is undefined where they said false, set where they asked for it. */
export type StackOf<O extends StackOptions> = Omit<Stack, "legacy" | "commerce" | "gateway"> & {
  legacy: Has<O, "legacy", false> extends true ? undefined : LegacySandbox;
  commerce: Has<O, "commerce", true | object> extends true ? CommerceSandbox : CommerceSandbox | undefined;
  gateway: Has<O, "gateway", false> extends true ? undefined : Gateway;
};

const gqlOf =
  (gateway: Gateway): Gql =>
  (document, variables, headers) =>
    postGraphQL(gateway.url, document, variables, headers);

/** Starts what `options` ask for; the gateway last, in front of the sandboxes. */
export async function startStack<const O extends StackOptions = Record<never, never>>(
  options: O = {} as O,
): Promise<StackOf<O>> {
  const legacy =
    options.legacy === false
      ? undefined
      : await startLegacySandbox({ now: () => new Date(FIXED_NOW), ...options.legacy });
  const { url: commerceUrl, ...commerceOptions } = options.commerce === true ? {} : (options.commerce ?? {});
  const commerce = options.commerce ? await startCommerceSandbox({ rateLimit: 0, ...commerceOptions }) : undefined;
  const token = options.auth === "token";
  if (token && !commerce) throw new Error("startStack: auth token needs a commerce sandbox");

  // Everything but the commerce credential: what gatewayWith starts from.
  const base: Record<string, string> = {};
  if (legacy) base.LEGACY_URL = legacy.url;
  if (!token) Object.assign(base, { LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" });
  if (commerce) base.COMMERCE_URL = commerceUrl ?? commerce.baseUrl;
  if (token && commerce) {
    Object.assign(base, {
      COMMERCE_CLIENT_ID: commerce.demo.app.clientId,
      COMMERCE_CLIENT_SECRET: commerce.demo.app.clientSecret,
      GATEWAY_SECRET,
    });
  }
  const credential: Record<string, string> = commerce && !token ? { COMMERCE_API_KEY: commerce.demo.apiKey } : {};

  const gateways: Gateway[] = [];
  const start = async (env: Record<string, string>, gatewayOptions?: GatewayOptions) => {
    const gateway = await launch(env, gatewayOptions);
    gateways.push(gateway);
    return { gateway, gql: gqlOf(gateway) };
  };
  const gatewayWith: Stack["gatewayWith"] = (env, gatewayOptions) => start({ ...base, ...env }, gatewayOptions);
  const close = async () => {
    for (const gateway of gateways) await gateway.close();
    await legacy?.close();
    await commerce?.close();
  };

  let gateway: Gateway | undefined;
  try {
    if (options.gateway !== false) {
      if (!legacy) throw new Error("startStack: a gateway needs the legacy sandbox");
      ({ gateway } = await start({ ...base, ...credential, ...options.env }, { log: options.log }));
      if (token && commerce) {
        setRedirectUri(commerce.store, commerce.demo.app.clientId, `${gateway.url}/auth/commerce/callback`);
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  const stack: Omit<Stack, "legacy" | "gateway"> & { legacy?: LegacySandbox; gateway?: Gateway } = {
    legacy,
    commerce,
    gateway,
    gql: (document, variables, headers) => {
      if (!gateway) throw new Error("startStack: this stack has no gateway");
      return postGraphQL(gateway.url, document, variables, headers);
    },
    gatewayWith,
    oauthGateway(scopes) {
      if (!commerce) throw new Error("startStack: oauthGateway needs a commerce sandbox");
      return gatewayWith({
        COMMERCE_ACCESS_TOKEN: commerce.issueAccessToken({ scopes }),
        COMMERCE_CLIENT_SECRET: commerce.demo.app.clientSecret,
        COMMERCE_SCOPES: scopes.join(" "),
      });
    },
    close,
  };
  // Each handle is there exactly when `options` asked for it, as StackOf<O> says.
  return stack as StackOf<O>;
}

/** Calls per operation the sandbox received, only those made. */
export function callCounts(sandbox: LegacySandbox): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of sandbox.calls.entries()) counts[call.operation] = (counts[call.operation] ?? 0) + 1;
  return counts;
}
