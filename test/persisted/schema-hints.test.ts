/**
 * useSchemaHintsOff on its own (a yoga app over the real schema, through yoga.fetch): field,
 * argument and type suggestions are cut from validation errors, introspection fails validation
 * while __typename still works; without the plugin the same documents get suggestions and
 * introspect, so the test shows what the plugin takes away.
 */
import { createYoga, type Plugin } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { useSchemaHintsOff } from "../../src/persisted/plugins.js";
import { schema } from "../../src/schema/index.js";

function app(plugins: Plugin[]) {
  const yoga = createYoga({ schema, plugins, logging: false });
  return async (query: string) => {
    const res = await yoga.fetch("http://localhost/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query }),
    });
    return (await res.json()) as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] };
  };
}

const hidden = app([useSchemaHintsOff()]);
const shown = app([]);

describe("useSchemaHintsOff", () => {
  it("cuts 'Did you mean' from field, argument and type errors", async () => {
    for (const query of [
      "{ clientz { id } }",
      '{ client(idd: "1") { id } }',
      "query Q($x: Strin) { clients { id } }",
    ]) {
      const without = await hidden(query);
      const withHints = await shown(query);
      expect(withHints.errors?.[0]?.message, query).toMatch(/Did you mean/);
      expect(without.errors?.length, query).toBe(withHints.errors?.length);
      expect(JSON.stringify(without.errors), query).not.toMatch(/Did you mean/);
      expect(without.errors?.[0]?.message).toBe(withHints.errors?.[0]?.message.replace(/ Did you mean [^?]*\?$/, ""));
    }
  });

  it("refuses introspection but keeps __typename", async () => {
    const introspection = await hidden("{ __schema { types { name } } }");
    expect(introspection.data).toBeUndefined();
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    expect((await shown('{ __type(name: "Query") { name } }')).data).toEqual({ __type: { name: "Query" } });
    expect((await hidden('{ __type(name: "Query") { name } }')).data).toBeUndefined();
    expect((await hidden("{ __typename }")).data).toEqual({ __typename: "Query" });
  });
});
