/**
 * The persisted-document rules of one configuration, made once per config (the yoga app and the
 * websocket endpoint share them): the manifest loaded and checked, the yoga plugins, and the
 * resolver graphql-ws operations go through.
 */
import type { GraphQLError, GraphQLSchema } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { PersistedConfig } from "../config.js";
import { DEFAULT_MANIFEST_PATH, loadPersistedDocuments, ManifestError, type PersistedDocuments } from "./documents.js";
import {
  resolveSubscribePayload,
  usePersistedDocuments,
  useSchemaHintsOff,
  type SubscribePayloadLike,
} from "./plugins.js";

export { ManifestError } from "./documents.js";

/** The rules the gateway applies. */
export interface PersistedRules {
  /** PERSISTED_ONLY. */
  only: boolean;
  documents: PersistedDocuments;
  /** Yoga plugins: persisted documents by id, and with `only` no introspection or suggestions. */
  plugins: Plugin[];
  /** A graphql-ws subscribe payload under the same rules: the payload to run, or errors. */
  resolve<P extends SubscribePayloadLike>(payload: P): P | readonly GraphQLError[];
}

const NONE: PersistedDocuments = { size: 0, operationNames: [], get: () => undefined };

const made = new WeakMap<PersistedConfig, PersistedRules>();

/**
 * The rules of `config`. The default manifest may be absent (a build without documents): then no
 * document is persisted, which PERSISTED_ONLY refuses to start with; a configured one must load.
 */
export function persistedRules(config: PersistedConfig, schema: GraphQLSchema): PersistedRules {
  const known = made.get(config);
  if (known) return known;
  let documents: PersistedDocuments;
  try {
    documents = loadPersistedDocuments(config.manifestPath ?? DEFAULT_MANIFEST_PATH, schema);
  } catch (error) {
    const missingDefault =
      config.manifestPath === undefined && error instanceof ManifestError && / ENOENT$/.test(error.message);
    if (!missingDefault || config.only) throw error;
    documents = NONE;
  }
  if (config.only && documents.size === 0) {
    throw new ManifestError("PERSISTED_ONLY=true with no persisted document: every request would be refused");
  }
  const options = { documents, only: config.only };
  const rules: PersistedRules = {
    only: config.only,
    documents,
    plugins: [usePersistedDocuments(options), ...(config.only ? [useSchemaHintsOff()] : [])],
    resolve: (payload) => resolveSubscribePayload(payload, options),
  };
  made.set(config, rules);
  return rules;
}
