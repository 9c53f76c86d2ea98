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

  it("reads a message that repeats the caller's value once, however often the value holds the phrase", async () => {
    // A coercion message quotes the value twice: 256 KB of the phrase, none of it a suggestion.
    const value = " Did you mean ".repeat(18_725);
    const yoga = createYoga({ schema, plugins: [useSchemaHintsOff()], logging: false });
    const res = await yoga.fetch("http://localhost/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "query Q($x: Boolean!) { __typename @include(if: $x) }", variables: { x: value } }),
    });
    const body = (await res.json()) as { errors?: { message: string }[] };
    const message = body.errors?.[0]?.message ?? "";
    expect(message).toMatch(/^Variable "\$x" got invalid value/);
    // Nothing cut: the message ends in no suggestion.
    expect(message.split(" Did you mean ").length).toBeGreaterThan(2 * 18_725);
    // A hang guard, not a measure: read with a pattern tried from each phrase this took 15 s.
  }, 5_000);

  it("refuses introspection but keeps __typename", async () => {
    const introspection = await hidden("{ __schema { types { name } } }");
    expect(introspection.data).toBeUndefined();
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    expect((await shown('{ __type(name: "Query") { name } }')).data).toEqual({ __type: { name: "Query" } });
    expect((await hidden('{ __type(name: "Query") { name } }')).data).toBeUndefined();
    expect((await hidden("{ __typename }")).data).toEqual({ __typename: "Query" });
  });
});
