/**
 * `npm run schema`: writes schema.graphql from the Pothos schema (types and fields in
 * lexicographic order). The file is checked in; test/schema/schema-drift.test.ts fails when it
 * differs from what the code prints. Run `npm run codegen` afterwards to refresh test/gql/.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { printSchema } from "graphql";
import { schema } from "../src/schema/index.js";

const target = fileURLToPath(new URL("../schema.graphql", import.meta.url));
writeFileSync(target, `${printSchema(schema)}\n`);
console.log(`wrote ${target}`);
