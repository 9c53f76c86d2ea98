/** Public surface of the commerce backend: client, signers, OAuth flow, errors and types. */
export * from "./auth.js";
export * from "./client.js";
export * from "./errors.js";
export * from "./oauth.js";
export type * from "./types.js";
export type { CodeExchange } from "./token-exchange.js";
