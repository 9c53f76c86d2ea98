/** test/gql/ is checked in; it must be what `npm run codegen` makes of schema.graphql and the tests. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import config from "../../codegen.js";

describe("test/gql", () => {
  it("matches the generator's output (run `npm run codegen` after changing a test document)", async () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    const outputs = (await generate({ ...config, silent: true, cwd: root }, false)) as {
      filename: string;
      content: string;
    }[];
    expect(outputs.map((o) => o.filename).sort()).toEqual([
      "test/gql/gql.ts",
      "test/gql/graphql.ts",
      "test/gql/index.ts",
    ]);
    for (const { filename, content } of outputs) {
      expect(readFileSync(join(root, filename), "utf8"), filename).toBe(content);
    }
  });
});
