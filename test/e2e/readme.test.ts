/**
 * README's "Using the graph" stays true: its GraphQL runs as written against the demo data, and
 * every query and mutation of the graph is named there.
 */
import { readFileSync } from "node:fs";
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { parse, validate } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../src/schema/index.js";
import { must } from "../support/must.js";
import { postGraphQL } from "../support/graphql-http.js";
import { demo } from "./support/ids.js";
import { startStack, type Stack } from "../support/stack.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = /^## Using the graph\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? "";
const blocks = [...section.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => must(m[1], "a graphql block's text"));

const LEGACY_ROOT_FIELDS = [
  ...["clients", "client", "list", "campaign", "template", "node", "nodes"],
  ...["addSubscriber", "unsubscribe", "createList", "updateList", "createCustomField", "deleteCustomField"],
  ...["createClient", "updateClientBasics", "updateClientAccessAndBilling", "sendCampaign", "updateTemplate"],
];

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('README "Using the graph"', () => {
  it("names every root field of the legacy graph, each of which exists", () => {
    expect(section.length).toBeGreaterThan(0);
    const schemaFields = new Set([
      ...Object.keys(schema.getQueryType()!.getFields()),
      ...Object.keys(schema.getMutationType()!.getFields()),
    ]);
    for (const field of LEGACY_ROOT_FIELDS) {
      expect(schemaFields.has(field), field).toBe(true);
      expect(section, field).toMatch(new RegExp(`\`${field}[(\`]`));
    }
  });

  it("has GraphQL that is valid against the schema and runs on the demo data", async () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const text = block.replace("<List id from Overview>", demo.newsletter);
      const document = parse(text);
      expect(validate(schema, document), text).toEqual([]);
      const { status, data, errors } = await postGraphQL(
        stack.gateway.url,
        document as TypedDocumentNode<Record<string, { __typename?: string }>, never>,
      );
      expect(status).toBe(200);
      expect(errors, text).toEqual([]);
      for (const value of Object.values(data ?? {})) expect(value?.__typename ?? "", text).not.toMatch(/Error$/);
    }
  });
});
