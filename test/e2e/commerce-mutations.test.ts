/** The commerce mutations against the commerce sandbox: each success, InputError and typed backend outcome. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { graphql } from "../gql/index.js";
import { startCommerceStack, type CommerceStack } from "./support/commerce-stack.js";

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startCommerceStack({ syncThreshold: 1_000_000 });
});
afterAll(() => stack.close());
beforeEach(() => stack.commerce.calls.reset());

const Subscribe = graphql(`
  mutation CommerceSubscribe($input: SubscribeToCustomerListInput!) {
    subscribeToCustomerList(input: $input) {
      __typename
      ... on SubscribeToCustomerListSuccess {
        subscriptionId
        email
        status
        properties
        customerList {
          listId
        }
      }
      ... on InputError {
        field
        rule
        issues {
          field
          rule
        }
      }
      ... on CommerceRejectedError {
        httpStatus
        code
        details {
          rule
        }
      }
      ... on CommerceNotFoundError {
        message
      }
    }
  }
`);

const SUBSCRIBE_PATH = "PUT /customer-lists/:id/subscriptions";

describe("subscribeToCustomerList", () => {
  it("subscribes an address with properties and its origin", async () => {
    const res = await stack.gql(Subscribe, {
      input: {
        listId: "cl_launch",
        email: "new.reader@example.org",
        name: "New Reader",
        properties: { plan: "pro", seats: 3 },
        source: "website",
        sourceType: "footer-form",
        sourceId: "footer",
        optInText: "Yes, send me the launch news.",
      },
    });
    expect(res.errors).toEqual([]);
    const payload = res.data?.subscribeToCustomerList;
    expect(payload?.__typename).toBe("SubscribeToCustomerListSuccess");
    if (payload?.__typename !== "SubscribeToCustomerListSuccess") return;
    expect(payload.email).toBe("new.reader@example.org");
    expect(["SUBSCRIBED", "PENDING"]).toContain(payload.status);
    expect(payload.properties).toMatchObject({ plan: "pro", seats: 3 });
    expect(payload.customerList.listId).toBe("cl_launch");
    expect(stack.commerce.calls.count(SUBSCRIBE_PATH)).toBe(1);
  });

  it("refuses a bad property key and value before any call, with the commerce rules", async () => {
    const res = await stack.gql(Subscribe, {
      input: { listId: "cl_launch", email: "x@example.org", properties: { "bad key": 1, good: { nested: true } } },
    });
    const payload = res.data?.subscribeToCustomerList;
    expect(payload?.__typename).toBe("InputError");
    if (payload?.__typename !== "InputError") return;
    expect(payload.issues.map((i) => i.rule)).toEqual(["PROPERTY_KEY", "PROPERTY_VALUE"]);
    expect(payload.issues[1]?.field).toBe("properties.good");
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("refuses a malformed email as InputError EMAIL before any call", async () => {
    const res = await stack.gql(Subscribe, { input: { listId: "cl_launch", email: "nope" } });
    expect(res.data?.subscribeToCustomerList).toMatchObject({
      __typename: "InputError",
      field: "email",
      rule: "EMAIL",
    });
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("answers CommerceNotFoundError for a list the backend does not have", async () => {
    const res = await stack.gql(Subscribe, { input: { listId: "cl_nope", email: "y@example.org" } });
    expect(res.errors).toEqual([]);
    expect(res.data?.subscribeToCustomerList?.__typename).toBe("CommerceNotFoundError");
  });

  it("answers CommerceRejectedError when the account's property limit is reached", async () => {
    const properties = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`extra_${i}`, "v"]));
    const res = await stack.gql(Subscribe, { input: { listId: "cl_launch", email: "z@example.org", properties } });
    expect(res.errors).toEqual([]);
    const payload = res.data?.subscribeToCustomerList;
    expect(payload?.__typename).toBe("CommerceRejectedError");
    if (payload?.__typename !== "CommerceRejectedError") return;
    expect(payload.httpStatus).toBe(422);
    expect(payload.details.length).toBeGreaterThan(0);
  });
});

const UnsubscribeEmails = graphql(`
  mutation CommerceUnsubscribeEmails($input: UnsubscribeCustomerEmailsInput!) {
    unsubscribeCustomerEmails(input: $input) {
      __typename
      ... on UnsubscribeCustomerEmailsSuccess {
        report {
          unsubscribed
          failed
          failedReasons
        }
        customerList {
          listId
        }
      }
      ... on InputError {
        field
        rule
      }
    }
  }
`);

const Members = graphql(`
  query CommerceMembersForWrites($listId: String!) {
    store {
      customerList(listId: $listId) {
        subscribers(first: 3) {
          totalCount
          edges {
            node {
              email
            }
          }
        }
      }
    }
  }
`);

describe("unsubscribeCustomerEmails", () => {
  it("unsubscribes members and reports the addresses that failed", async () => {
    const before = await stack.gql(Members, { listId: "cl_vip" });
    const members = before.data?.store.customerList?.subscribers?.edges.map((e) => e.node.email) ?? [];
    expect(members.length).toBe(3);
    const res = await stack.gql(UnsubscribeEmails, {
      input: { listId: "cl_vip", emails: [...members.slice(0, 2), "stranger@nowhere.test"] },
    });
    expect(res.errors).toEqual([]);
    const payload = res.data?.unsubscribeCustomerEmails;
    expect(payload?.__typename).toBe("UnsubscribeCustomerEmailsSuccess");
    if (payload?.__typename !== "UnsubscribeCustomerEmailsSuccess") return;
    expect(payload.report.unsubscribed).toBe(2);
    expect(payload.report.failed).toBe(1);
    expect(payload.report.failedReasons).toHaveLength(1);
    const after = await stack.gql(Members, { listId: "cl_vip" });
    expect(after.data?.store.customerList?.subscribers?.totalCount).toBe(
      (before.data?.store.customerList?.subscribers?.totalCount ?? 0) - 2,
    );
  });

  it("refuses repeated addresses as DUPLICATE before any call", async () => {
    const res = await stack.gql(UnsubscribeEmails, {
      input: { listId: "cl_vip", emails: ["a@example.org", "A@example.org"] },
    });
    expect(res.data?.unsubscribeCustomerEmails).toMatchObject({
      __typename: "InputError",
      field: "emails[1]",
      rule: "DUPLICATE",
    });
    expect(stack.commerce.calls.total()).toBe(0);
  });
});

const UnsubscribeSegment = graphql(`
  mutation CommerceUnsubscribeSegment($input: UnsubscribeCustomerSegmentInput!) {
    unsubscribeCustomerSegment(input: $input) {
      __typename
      ... on UnsubscribeCustomerSegmentSuccess {
        report {
          unsubscribed
          failed
        }
        jobId
        job {
          jobId
          kind
          status
        }
      }
      ... on InputError {
        field
        rule
      }
      ... on CommerceRejectedError {
        httpStatus
      }
    }
  }
`);

describe("unsubscribeCustomerSegment", () => {
  it("answers the report of a small audience", async () => {
    const res = await stack.gql(UnsubscribeSegment, {
      input: {
        listId: "cl_newsletter",
        criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "shop.test" }] }],
      },
    });
    expect(res.errors).toEqual([]);
    const payload = res.data?.unsubscribeCustomerSegment;
    expect(payload?.__typename).toBe("UnsubscribeCustomerSegmentSuccess");
    if (payload?.__typename !== "UnsubscribeCustomerSegmentSuccess") return;
    expect(payload.jobId).toBeNull();
    expect(payload.job).toBeNull();
    expect(payload.report?.unsubscribed).toBeGreaterThan(0);
  });

  it("answers the async job of a large audience (HTTP 202)", async () => {
    const small = await startCommerceStack({ syncThreshold: 0 });
    try {
      const res = await small.gql(UnsubscribeSegment, {
        input: {
          listId: "cl_newsletter",
          criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "example.com" }] }],
        },
      });
      expect(res.errors).toEqual([]);
      const payload = res.data?.unsubscribeCustomerSegment;
      expect(payload?.__typename).toBe("UnsubscribeCustomerSegmentSuccess");
      if (payload?.__typename !== "UnsubscribeCustomerSegmentSuccess") return;
      expect(payload.report).toBeNull();
      expect(payload.jobId).toEqual(expect.any(String));
      expect(payload.job?.jobId).toBe(payload.jobId);
    } finally {
      await small.close();
    }
  });

  it("refuses criteria without filters before any call, and answers the backend's refusal of unknown ones", async () => {
    const empty = await stack.gql(UnsubscribeSegment, {
      input: { listId: "cl_newsletter", criteria: [{ criteriaName: "emailDomain", negate: false, filters: [] }] },
    });
    expect(empty.data?.unsubscribeCustomerSegment).toMatchObject({
      __typename: "InputError",
      field: "criteria.criteria[0].filters",
      rule: "REQUIRED",
    });
    expect(stack.commerce.calls.total()).toBe(0);
    const unknown = await stack.gql(UnsubscribeSegment, {
      input: {
        listId: "cl_newsletter",
        criteria: [{ criteriaName: "zodiac", negate: false, filters: [{ sign: "leo" }] }],
      },
    });
    expect(unknown.data?.unsubscribeCustomerSegment?.__typename).toBe("CommerceRejectedError");
  });
});

describe("exportSegment", () => {
  const Export = graphql(`
    mutation CommerceExport($segmentId: String!) {
      exportSegment(input: { segmentId: $segmentId }) {
        __typename
        ... on ExportSegmentSuccess {
          job {
            id
            jobId
            kind
            status
          }
        }
        ... on CommerceNotFoundError {
          message
        }
      }
    }
  `);

  it("starts an export job without reading it again", async () => {
    const res = await stack.gql(Export, { segmentId: "seg_example_org" });
    expect(res.errors).toEqual([]);
    expect(res.data?.exportSegment).toMatchObject({
      __typename: "ExportSegmentSuccess",
      job: { kind: "segments-export", status: "PENDING" },
    });
    expect(stack.commerce.calls.count("POST /segments/:id/async-export")).toBe(1);
    expect(stack.commerce.calls.count("GET /async-jobs/:id")).toBe(0);
  });

  it("answers CommerceNotFoundError for an unknown segment", async () => {
    const res = await stack.gql(Export, { segmentId: "seg_nope" });
    expect(res.data?.exportSegment?.__typename).toBe("CommerceNotFoundError");
  });
});
