/**
 * Scopes of the commerce fields: an OAuth (PoP) credential lacking a scope a field declares gets
 * FORBIDDEN on that field, naming the scope, and the backend sees no call; what it holds works.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { graphql } from "../gql/index.js";
import { startStack, type CommerceStack } from "../support/stack.js";
import { errorCodesByPath, type ResponseError } from "../support/graphql-http.js";

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());
beforeEach(() => stack.commerce.calls.reset());

const Reads = graphql(`
  query ScopedReads {
    store {
      segments {
        segmentId
      }
      customerList(listId: "cl_newsletter") {
        listId
        subscribers(first: 2) {
          totalCount
        }
      }
      asyncJob(jobId: "job_whatever") {
        jobId
      }
    }
  }
`);

const Export = graphql(`
  mutation ScopedExport {
    exportSegment(input: { segmentId: "seg_all" }) {
      __typename
    }
  }
`);

const Subscribe = graphql(`
  mutation ScopedSubscribe {
    subscribeToCustomerList(input: { listId: "cl_newsletter", email: "scoped@example.org" }) {
      __typename
    }
  }
`);

function missingAt(errors: readonly ResponseError[], path: string): unknown {
  return errors.find((e) => (e.path ?? []).join(".") === path)?.extensions?.missingScopes;
}

describe("commerce scopes", () => {
  it("refuses each field whose scope the token lacks, naming it, without a backend call", async () => {
    const { gql } = await stack.oauthGateway(["read_segments"]);
    const res = await gql(Reads);
    expect(res.data?.store.segments?.length).toBeGreaterThan(0);
    expect(res.data?.store.customerList?.listId).toBe("cl_newsletter");
    expect(res.data?.store.customerList?.subscribers).toBeNull();
    expect(errorCodesByPath(res.errors)).toEqual({
      "store.customerList.subscribers": "FORBIDDEN",
      "store.asyncJob": "FORBIDDEN",
    });
    expect(missingAt(res.errors, "store.customerList.subscribers")).toEqual(["read_customers"]);
    expect(missingAt(res.errors, "store.asyncJob")).toEqual(["read_async_job"]);
    expect(stack.commerce.calls.count("GET /segments")).toBe(1);
    expect(stack.commerce.calls.count("GET /customer-lists/:id/subscribers")).toBe(0);
    expect(stack.commerce.calls.count("GET /async-jobs/:id")).toBe(0);
  });

  it("refuses a mutation whose scopes the token lacks, naming only the missing one", async () => {
    const { gql } = await stack.oauthGateway(["read_segments"]);
    const exported = await gql(Export);
    expect(errorCodesByPath(exported.errors)).toEqual({ exportSegment: "FORBIDDEN" });
    expect(missingAt(exported.errors, "exportSegment")).toEqual(["read_customers"]);
    const subscribed = await gql(Subscribe);
    expect(errorCodesByPath(subscribed.errors)).toEqual({ subscribeToCustomerList: "FORBIDDEN" });
    expect(missingAt(subscribed.errors, "subscribeToCustomerList")).toEqual(["write_customers"]);
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("refuses even input the graph would reject: the scope is checked first", async () => {
    const { gql } = await stack.oauthGateway(["read_webhook"]);
    const Bad = graphql(`
      mutation ScopedBadInput {
        subscribeToCustomerList(input: { listId: "cl_newsletter", email: "not an address" }) {
          __typename
        }
      }
    `);
    const res = await gql(Bad);
    expect(errorCodesByPath(res.errors)).toEqual({ subscribeToCustomerList: "FORBIDDEN" });
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("lets a write_ scope read, and a token with every scope do everything", async () => {
    const { gql } = await stack.oauthGateway(["write_customers"]);
    const res = await gql(Reads);
    expect(res.data?.store.customerList?.subscribers?.totalCount).toBeGreaterThan(0);
    expect(errorCodesByPath(res.errors)).toEqual({ "store.segments": "FORBIDDEN", "store.asyncJob": "FORBIDDEN" });

    const all = await stack.oauthGateway(["read_customers", "read_segments", "read_async_job"]);
    const exported = await all.gql(Export);
    expect(exported.errors).toEqual([]);
    expect(exported.data?.exportSegment?.__typename).toBe("ExportSegmentSuccess");
  });

  it("describes each field's scopes in the schema", async () => {
    const Introspect = graphql(`
      query CommerceScopeDescriptions {
        __type(name: "Store") {
          fields {
            name
            description
          }
        }
      }
    `);
    const res = await stack.gql(Introspect);
    const segments = res.data?.__type?.fields?.find((f) => f.name === "segments");
    expect(segments?.description).toContain("read_segments");
  });
});
