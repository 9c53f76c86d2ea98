/**
 * GraphQL over HTTP as its clients expect it: a request error (the document does not parse or fit
 * the schema, a variable is missing or wrong, no operation to run) is 400 unless the caller asked
 * for plain `application/json` by name (the spec's legacy media type: 200, the errors in the body);
 * curl's and fetch's default `*\/*` gets `application/graphql-response+json` and 400. Every such
 * error has its extensions.code (OPERATION_RESOLUTION_FAILURE: no operation of the document to run). A form post or a plain GET without the CSRF header is told what
 * to send instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Gateway } from "../../src/server.js";
import { startStack, type Stack } from "../support/stack.js";
import { codes, send } from "./support.js";

let stack: Stack;
let gateway: Gateway;
beforeAll(async () => {
  stack = await startStack();
  ({ gateway } = stack);
});
afterAll(() => stack.close());

/** POSTs `body` as JSON with `accept` (none when undefined). */
const postJson = (body: unknown, accept?: string) =>
  send(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(accept === undefined ? {} : { accept }) },
    body: JSON.stringify(body),
  });

const REQUEST_ERRORS = {
  parse: { body: { query: "{ clients { " }, code: "GRAPHQL_PARSE_FAILED" },
  validation: { body: { query: "{ nope }" }, code: "GRAPHQL_VALIDATION_FAILED" },
  "missing variable": { body: { query: "query Q($id: ID!) { node(id: $id) { id } }" }, code: "BAD_USER_INPUT" },
  "wrong variable": {
    body: { query: "query Q($id: ID!) { node(id: $id) { id } }", variables: { id: { not: "an id" } } },
    code: "BAD_USER_INPUT",
  },
  "unknown operation": {
    body: { query: "query A { clients { id } }", operationName: "B" },
    code: "OPERATION_RESOLUTION_FAILURE",
  },
} as const;

/** Accept → (status, content type) of a request error. */
const BY_ACCEPT: [string | undefined, number, string][] = [
  [undefined, 400, "application/graphql-response+json"],
  ["*/*", 400, "application/graphql-response+json"],
  ["application/*", 400, "application/graphql-response+json"],
  ["application/graphql-response+json", 400, "application/graphql-response+json"],
  ["application/graphql-response+json, application/json", 400, "application/graphql-response+json"],
  ["application/json", 200, "application/json"],
  ["application/json, application/graphql-response+json", 200, "application/json"],
];

describe("request errors over HTTP", () => {
  for (const [name, { body, code }] of Object.entries(REQUEST_ERRORS)) {
    it(`answers a ${name} error with ${code}, 400 unless application/json is asked for by name`, async () => {
      for (const [accept, status, type] of BY_ACCEPT) {
        const res = await postJson(body, accept);
        expect({ accept, status: res.status, type: res.headers.get("content-type") }).toEqual({
          accept,
          status,
          type: `${type}; charset=utf-8`,
        });
        expect(res.body?.data).toBeUndefined();
        expect(codes(res)).toEqual([code]);
      }
    });
  }

  it("answers a subscription's missing variable as the same request error, 400 to */*, before any stream", async () => {
    const res = await postJson({ query: "subscription S($list: ID!) { listEvents(listId: $list) { id } }" }, "*/*");
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/graphql-response+json; charset=utf-8");
    expect(codes(res)).toEqual(["BAD_USER_INPUT"]);
  });

  it("keeps 200 for field errors beside data, whatever the Accept", async () => {
    const res = await postJson({ query: '{ client(clientId: "no-such-client") { id } }' }, "*/*");
    expect(res.status).toBe(200);
    expect(res.body?.data).toEqual({ client: null });
    expect(codes(res)).toEqual(["NOT_FOUND"]);
  });
});

describe("the CSRF header", () => {
  it("tells a form post and a plain GET what to send, with CSRF_HEADER_REQUIRED", async () => {
    const form = await send(`${gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "query={clients{name}}",
    });
    const get = await send(`${gateway.url}/graphql?query=${encodeURIComponent("{ clients { name } }")}`, {
      headers: { accept: "application/json" },
    });
    for (const res of [form, get]) {
      expect(res.status).toBe(403);
      expect(res.body?.errors).toEqual([
        {
          message: expect.stringMatching(/content-type: application\/json.*x-graphql-yoga-csrf/s),
          extensions: { code: "CSRF_HEADER_REQUIRED", header: "x-graphql-yoga-csrf" },
        },
      ]);
    }
  });

  it("lets the same requests through as JSON or with the header", async () => {
    const json = await postJson({ query: "{ clients { name } }" }, "*/*");
    const get = await send(`${gateway.url}/graphql?query=${encodeURIComponent("{ clients { name } }")}`, {
      headers: { "x-graphql-yoga-csrf": "1" },
    });
    for (const res of [json, get]) {
      expect(res.status).toBe(200);
      expect(res.body?.data).toMatchObject({ clients: expect.any(Array) });
    }
  });
});
