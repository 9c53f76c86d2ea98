/** schema.graphql is checked in; it must be exactly what the code prints (`npm run schema`). */
import { readFileSync } from "node:fs";
import { printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { schema } from "../../src/schema/index.js";

describe("schema.graphql", () => {
  it("matches the schema the code builds (run `npm run schema` after changing the graph)", () => {
    const checkedIn = readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8");
    expect(checkedIn).toBe(`${printSchema(schema)}\n`);
  });
});
