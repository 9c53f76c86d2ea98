/**
 * GraphQL Code Generator (`npm run codegen`), two outputs from schema.graphql:
 * - test/gql/: typed documents for the tests; tests write their operations with `graphql()` from
 *   test/gql/ and get typed results.
 * - documents/gql/: the frontends' operations (documents/*.graphql, GraphiQL's examples among them)
 *   as typed documents that carry their hash, and persisted-documents.json, the manifest of
 *   `sha256:<hex>` → document the gateway accepts by id (and, with PERSISTED_ONLY=true, only).
 */
import type { CodegenConfig } from "@graphql-codegen/cli";

/** Output settings both targets share. */
const typed = {
  useTypeImports: true,
  enumsAsTypes: true,
  scalars: { LocalDateTime: "string", DateTime: "string" },
};

const config: CodegenConfig = {
  schema: "schema.graphql",
  ignoreNoDocuments: true,
  // NodeNext resolution needs explicit .js suffixes in the generated imports.
  emitLegacyCommonJSImports: false,
  generates: {
    "test/gql/": {
      documents: ["test/**/*.ts", "!test/gql/**"],
      preset: "client",
      config: typed,
      presetConfig: { fragmentMasking: false },
    },
    "documents/gql/": {
      documents: ["documents/**/*.graphql"],
      preset: "client",
      config: typed,
      // sha256 ids in the GraphQL-over-HTTP persisted documents form ("sha256:<hex>"), each the
      // hash of the normalized text the manifest holds.
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: "sha256" } },
    },
  },
};

export default config;
