/** The GraphiQL example of the cross-backend fields is valid and finds Ada in both backends. */
import { parse, validate } from "graphql";
import { afterAll, beforeAll, expect, it } from "vitest";
import { schema } from "../../src/schema/index.js";
import { PERSON_QUERY } from "../../src/schema/people/examples.js";
import { startStack, type Stack } from "../support/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());

it("PERSON_QUERY validates and shows Ada on the legacy newsletter and both customer lists", async () => {
  expect(validate(schema, parse(PERSON_QUERY))).toEqual([]);
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: PERSON_QUERY }),
  });
  const body = (await res.json()) as {
    data: { contact: { memberships: { backend: string; listId: string; state: string }[]; failures: unknown[] } };
    errors?: unknown[];
  };
  expect(body.errors).toBeUndefined();
  const { memberships, failures } = body.data.contact;
  expect(failures).toEqual([]);
  expect(memberships.map(({ backend, listId, state }) => ({ backend, listId, state }))).toEqual(
    expect.arrayContaining([
      { backend: "LEGACY", listId: "20001", state: "ACTIVE" },
      { backend: "COMMERCE", listId: "cl_newsletter", state: "ACTIVE" },
      { backend: "COMMERCE", listId: "cl_vip", state: "ACTIVE" },
    ]),
  );
});
