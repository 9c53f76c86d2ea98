/**
 * The backend clients the gateway makes from its config, each with its backend's policy
 * (bulkhead, breaker, read retries), and the server's own commerce credentials.
 */
import { apiKeySigner, partnerSigner, popSigner } from "../backends/commerce/auth.js";
import { CommerceClient } from "../backends/commerce/client.js";
import { LegacyClient } from "../backends/legacy/client.js";
import type { BackendPolicy } from "../backends/resilience.js";
import type { Config } from "../config.js";
import type { ContextDeps } from "../context.js";
import {
  apiKeyCredential,
  withStoreEvents,
  oauthCredential,
  partnerCredential as partnerCredentialOf,
} from "../domain/commerce/scopes.js";

export function legacyClientFor(config: Config, policy?: BackendPolicy): LegacyClient {
  if (!config.legacy.url) throw new Error("config.legacy.url is not set: start the legacy sandbox or set LEGACY_URL");
  return new LegacyClient({
    url: config.legacy.url,
    transport: config.legacy.transport,
    namespace: config.legacy.namespace,
    apiKey: config.legacy.apiKey,
    // The backend's bulkhead, breaker and read retries travel with its limits to the HTTP layer.
    limits: { ...config.legacy.limits, policy },
  });
}

export function commerceClientFor(config: Config, policy?: BackendPolicy): CommerceClient | undefined {
  if (!config.commerce.url) return undefined;
  return new CommerceClient({
    baseUrl: config.commerce.url,
    authUrl: config.commerce.authUrl,
    limits: { ...config.commerce.limits, policy },
  });
}

/**
 * The server's own commerce credentials, made once: its API key (every scope), else its OAuth
 * access token signed as PoP with the scopes it was granted; and the partner application's.
 */
export function configuredCommerceCredentials(
  config: Config,
): Pick<NonNullable<ContextDeps["commerce"]>, "credential" | "partnerCredential"> {
  const { apiKey, accessToken, clientId, clientSecret, popAlgorithm, scopes, userId } = config.commerce;
  const signed = apiKey
    ? apiKeyCredential(apiKeySigner(apiKey))
    : accessToken && clientSecret
      ? oauthCredential(popSigner({ accessToken, clientSecret, algorithm: popAlgorithm }), scopes)
      : undefined;
  // The gateway's own store: the one COMMERCE_USER_ID names, else every store whose webhooks reach it.
  const credential = signed && withStoreEvents(signed, userId === undefined ? "all" : { userId });
  const partnerCredential =
    clientId && clientSecret
      ? partnerCredentialOf(partnerSigner({ appId: clientId, clientSecret, algorithm: popAlgorithm }))
      : undefined;
  return { credential, partnerCredential };
}
