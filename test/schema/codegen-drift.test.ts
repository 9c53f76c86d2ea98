/**
 * test/gql/ and documents/gql/ (with the persisted documents manifest) are checked in; they must be
 * what `npm run codegen` makes of schema.graphql, the tests and documents/*.graphql.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import config from "../../codegen.js";

describe("test/gql and documents/gql", () => {
  it("match the generator's output (run `npm run codegen` after changing a test document or documents/)", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const outputs = (await generate({ ...config, silent: true, cwd: root }, false)) as {
      filename: string;
      content: string;
    }[];
    expect(outputs.map((o) => o.filename).sort()).toEqual([
      "documents/gql/gql.ts",
      "documents/gql/graphql.ts",
      "documents/gql/index.ts",
      "documents/gql/persisted-documents.json",
      "test/gql/gql.ts",
      "test/gql/graphql.ts",
      "test/gql/index.ts",
    ]);
    for (const { filename, content } of outputs) {
      expect(readFileSync(join(root, filename), "utf8"), filename).toBe(content);
    }
  });
});
