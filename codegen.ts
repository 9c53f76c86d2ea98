/**
 * GraphQL Code Generator: typed documents for the tests from schema.graphql (`npm run codegen`).
 * Tests write their operations with `graphql()` from test/gql/ and get typed results.
 */
import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["test/**/*.ts", "!test/gql/**"],
  ignoreNoDocuments: true,
  // NodeNext resolution needs explicit .js suffixes in the generated imports.
  emitLegacyCommonJSImports: false,
  generates: {
    "test/gql/": {
      preset: "client",
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { LocalDateTime: "string", DateTime: "string" },
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
