/**
 * A legacy sandbox, a commerce sandbox and gateways in front of them, for the commerce end-to-end
 * tests: one gateway with the sandbox's demo API key, and more on demand with an OAuth (PoP)
 * credential of chosen scopes.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../../src/server.js";
import { postGraphQL, type Response } from "./graphql-http.js";
import { FIXED_NOW, startGateway } from "./stack.js";

/** Posts typed documents to one gateway. */
export type Gql = <T, V>(
  document: TypedDocumentNode<T, V>,
  variables?: V,
  headers?: Record<string, string>,
) => Promise<Response<T>>;

/** The sandboxes, the API-key gateway, and a way to start OAuth gateways. */
export interface CommerceStack {
  legacy: LegacySandbox;
  commerce: CommerceSandbox;
  gateway: Gateway;
  gql: Gql;
  /** A gateway whose commerce credential is an OAuth token granted `scopes` (COMMERCE_SCOPES says the same). */
  oauthGateway(scopes: string[]): Promise<{ gateway: Gateway; gql: Gql }>;
  /** A gateway on the commerce sandbox configured with `env` besides COMMERCE_URL. */
  gatewayWith(env: Record<string, string>): Promise<{ gateway: Gateway; gql: Gql }>;
  close(): Promise<void>;
}

export async function startCommerceStack(options: { syncThreshold?: number } = {}): Promise<CommerceStack> {
  const legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  const commerce = await startCommerceSandbox({ rateLimit: 0, ...options });
  const gateways: Gateway[] = [];
  const start = async (env: Record<string, string>) => {
    const gateway = await startGateway(legacy.url, { COMMERCE_URL: commerce.baseUrl, ...env });
    gateways.push(gateway);
    const gql: Gql = (document, variables, headers) => postGraphQL(gateway.url, document, variables, headers);
    return { gateway, gql };
  };
  const main = await start({ COMMERCE_API_KEY: commerce.demo.apiKey });
  return {
    legacy,
    commerce,
    ...main,
    gatewayWith: start,
    oauthGateway: (scopes) =>
      start({
        COMMERCE_ACCESS_TOKEN: commerce.issueAccessToken({ scopes }),
        COMMERCE_CLIENT_SECRET: commerce.demo.app.clientSecret,
        COMMERCE_SCOPES: scopes.join(" "),
      }),
    async close() {
      for (const gateway of gateways) await gateway.close();
      await commerce.close();
      await legacy.close();
    },
  };
}
