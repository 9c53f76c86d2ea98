/**
 * A legacy sandbox and a gateway in front of it, both on ephemeral ports, for end-to-end tests.
 * Nothing of the gateway is replaced: it reads its config from an env map like `npm start` does.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { loadConfig } from "../../../src/config.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { createGateway, type Gateway } from "../../../src/server.js";
import { postGraphQL, type Response } from "./graphql-http.js";

/** A fixed instant for sandbox clocks: Wednesday 2026-03-18 03:00 UTC. */
export const FIXED_NOW = Date.parse("2026-03-18T03:00:00Z");

/** A clock tests can move. */
export function testClock(start = FIXED_NOW): { now: () => Date; advance(ms: number): void } {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

/** Starts a gateway on port 0 talking to `legacyUrl`, configured through `env` like `npm start`. */
export function startGateway(legacyUrl: string, env: Record<string, string> = {}): Promise<Gateway> {
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    LEGACY_URL: legacyUrl,
    LEGACY_API_KEY: DEMO.apiKey,
    // The configured keys serve every caller (token mode, the default with a LEGACY_URL, is test/auth's).
    AUTH_MODE: "open",
    ...env,
  });
  return createGateway(config);
}

/** A sandbox, a gateway, and a typed way to query the gateway. */
export interface Stack {
  sandbox: LegacySandbox;
  gateway: Gateway;
  gql<T, V>(document: TypedDocumentNode<T, V>, variables?: V, headers?: Record<string, string>): Promise<Response<T>>;
  /** The commerce sandbox, when startStack was asked for one (`commerce`). */
  commerce?: CommerceSandbox;
  close(): Promise<void>;
}

/** Options of startStack. */
export interface StackOptions {
  now?: () => Date;
  env?: Record<string, string>;
  /**
   * Also start a seeded commerce sandbox (without rate limit) and configure the gateway with
   * COMMERCE_URL (its base URL, or `commerceUrl` instead: a closed port, a failing proxy) and
   * COMMERCE_API_KEY (its demo key).
   */
  commerce?: boolean | { commerceUrl: string };
}

/** Starts a seeded sandbox (on `now`, default FIXED_NOW) and a gateway in front of it. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const sandbox = await startLegacySandbox({ now: options.now ?? (() => new Date(FIXED_NOW)) });
  const commerce = options.commerce ? await startCommerceSandbox({ rateLimit: 0 }) : undefined;
  const commerceEnv: Record<string, string> = commerce
    ? {
        COMMERCE_URL: typeof options.commerce === "object" ? options.commerce.commerceUrl : commerce.baseUrl,
        COMMERCE_API_KEY: commerce.demo.apiKey,
      }
    : {};
  const gateway = await startGateway(sandbox.url, { ...commerceEnv, ...options.env });
  return {
    sandbox,
    gateway,
    commerce,
    gql: (document, variables, headers) => postGraphQL(gateway.url, document, variables, headers),
    async close() {
      await gateway.close();
      await sandbox.close();
      await commerce?.close();
    },
  };
}

/** Calls per operation the sandbox received, only those made. */
export function callCounts(sandbox: LegacySandbox): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of sandbox.calls.entries()) counts[call.operation] = (counts[call.operation] ?? 0) + 1;
  return counts;
}
