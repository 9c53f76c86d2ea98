/**
 * The legacy loaders now live in the domain layer (src/domain/legacy/loaders.ts); this module
 * keeps the old import path working for src/server.ts until it imports from there.
 */
export type { LegacyCaller } from "../domain/legacy/loaders.js";
