/** The commerce mutations against the commerce sandbox: each success, InputError and typed backend outcome. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { compositeId, encodeGlobalId } from "../../src/schema/support/global-id.js";
import "../../src/schema/commerce/refs.js";
import { graphql } from "../gql/index.js";
import { startStack, type CommerceStack } from "../support/stack.js";

/** What a caller's 12345678901234567890 is once JSON.parse has read it: 12345678901234567000. */
const BIG = JSON.parse("12345678901234567890") as number;

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: { syncThreshold: 1_000_000 } });
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
    const small = await startStack({ commerce: { syncThreshold: 0 } });
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
      field: "criteria[0].filters",
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

/** A request as raw text, for what typed documents cannot show: literals in the query, JSON numbers as written. */
async function rawGraphQL(body: string): Promise<{ data?: Record<string, unknown> | null; errors?: unknown[] }> {
  const res = await fetch(`${stack.gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body,
  });
  return (await res.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] };
}

describe("ids that are dot segments", () => {
  const criteria = [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "example.com" }] }];

  it.each([".", ".."])("refuses listId %j in every write as ID_SEGMENT, with no call", async (listId) => {
    const refusal = { __typename: "InputError", field: "listId", rule: "ID_SEGMENT" };
    const emails = await stack.gql(UnsubscribeEmails, { input: { listId, emails: ["nobody@example.com"] } });
    expect(emails.data?.unsubscribeCustomerEmails).toMatchObject(refusal);
    const subscribe = await stack.gql(Subscribe, { input: { listId, email: "dot@example.com" } });
    expect(subscribe.data?.subscribeToCustomerList).toMatchObject(refusal);
    const segment = await stack.gql(UnsubscribeSegment, { input: { listId, criteria } });
    expect(segment.data?.unsubscribeCustomerSegment).toMatchObject(refusal);
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it.each([".", ".."])("refuses segmentId %j in exportSegment as ID_SEGMENT, with no call", async (segmentId) => {
    const res = await rawGraphQL(
      JSON.stringify({
        query: `mutation ($segmentId: String!) {
          exportSegment(input: { segmentId: $segmentId }) { __typename ... on InputError { field rule } }
        }`,
        variables: { segmentId },
      }),
    );
    expect(res.data?.exportSegment).toEqual({ __typename: "InputError", field: "segmentId", rule: "ID_SEGMENT" });
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it.each([".", ".."])("refuses jobId %j, and a global id holding it, as BAD_USER_INPUT, with no call", async (id) => {
    const job = await rawGraphQL(
      JSON.stringify({
        query: "query ($id: String!) { store { asyncJob(jobId: $id) { jobId } } }",
        variables: { id },
      }),
    );
    expect(job.errors).toMatchObject([
      { path: ["store", "asyncJob"], extensions: { code: "BAD_USER_INPUT", field: "id", rule: "ID_SEGMENT" } },
    ]);
    for (const typename of ["AsyncJob", "CustomerList", "CommerceSegment"]) {
      const node = await rawGraphQL(
        JSON.stringify({
          query: "query ($id: ID!) { node(id: $id) { id ... on CustomerList { subscribers { totalCount } } } }",
          variables: { id: encodeGlobalId(typename, compositeId(id)) },
        }),
      );
      expect(node.errors).toMatchObject([
        { path: ["node"], extensions: { code: "BAD_USER_INPUT", rule: "ID_SEGMENT" } },
      ]);
    }
    expect(stack.commerce.calls.total()).toBe(0);
  });
});

describe("criteria that select everyone", () => {
  it("refuses an empty criteria list before any call: the service would unsubscribe the whole list", async () => {
    const before = await stack.gql(Members, { listId: "cl_launch" });
    stack.commerce.calls.reset();
    const res = await stack.gql(UnsubscribeSegment, { input: { listId: "cl_launch", criteria: [] } });
    expect(res.errors).toEqual([]);
    expect(res.data?.unsubscribeCustomerSegment).toEqual({
      __typename: "InputError",
      field: "criteria",
      rule: "REQUIRED",
    });
    expect(stack.commerce.calls.total()).toBe(0);
    const after = await stack.gql(Members, { listId: "cl_launch" });
    expect(after.data?.store.customerList?.subscribers?.totalCount).toBe(
      before.data?.store.customerList?.subscribers?.totalCount,
    );
  });
});

describe("texts and numbers the service would not get as written", () => {
  it("refuses control characters in names, origins, opt-in text and property texts, with no call", async () => {
    const res = await stack.gql(Subscribe, {
      input: {
        listId: "cl_launch",
        email: "ctl@example.org",
        name: "New\u0000Reader",
        source: "web\nsite",
        sourceType: "form\u001b",
        sourceId: "footer",
        optInText: "Yes\u0007",
        properties: { note: "a\u0000b", tags: ["ok", "\u001b[2J"] },
      },
    });
    const payload = res.data?.subscribeToCustomerList;
    expect(payload?.__typename).toBe("InputError");
    if (payload?.__typename !== "InputError") return;
    expect(payload.issues.map((i) => [i.field, i.rule])).toEqual([
      ["name", "TEXT_CHARACTERS"],
      ["source", "SINGLE_LINE"],
      ["sourceType", "TEXT_CHARACTERS"],
      ["optInText", "TEXT_CHARACTERS"],
      ["properties.note", "TEXT_CHARACTERS"],
      ["properties.tags[1]", "TEXT_CHARACTERS"],
    ]);
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("takes opt-in text and property text over several lines", async () => {
    const res = await stack.gql(Subscribe, {
      input: {
        listId: "cl_launch",
        email: "lines@example.org",
        optInText: "Yes, send me the launch news.\r\nI can leave at any time.",
        properties: { address: "1 Main St\nSpringfield" },
      },
    });
    expect(res.data?.subscribeToCustomerList).toMatchObject({
      __typename: "SubscribeToCustomerListSuccess",
      properties: { address: "1 Main St\nSpringfield" },
    });
    expect(stack.commerce.calls.count(SUBSCRIBE_PATH)).toBe(1);
  });

  const subscribeText = `
    mutation ($input: SubscribeToCustomerListInput!) {
      subscribeToCustomerList(input: $input) { __typename ... on InputError { issues { field rule } } }
    }`;

  it("refuses a whole number beyond 2^53 − 1 in a variable, as the JSON text carries it, with no call", async () => {
    // The number as a caller's JSON writes it; JSON.parse makes it 12345678901234567000.
    const body =
      `{"query": ${JSON.stringify(subscribeText)}, "variables": {"input": {"listId": "cl_launch", ` +
      `"email": "big@example.org", "properties": {"n": 12345678901234567890, "ok": 9007199254740991, ` +
      `"ids": [1, 9007199254740993]}}}}`;
    const res = await rawGraphQL(body);
    expect(res.data?.subscribeToCustomerList).toEqual({
      __typename: "InputError",
      issues: [
        { field: "properties.n", rule: "EXACT_NUMBER" },
        { field: "properties.ids[1]", rule: "EXACT_NUMBER" },
      ],
    });
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("refuses the same number written as a literal in the query", async () => {
    const query = `mutation {
      subscribeToCustomerList(input: {
        listId: "cl_launch", email: "big@example.org", properties: { n: 12345678901234567890, price: 19.90 }
      }) { __typename ... on InputError { issues { field rule } } }
    }`;
    const res = await rawGraphQL(JSON.stringify({ query }));
    expect(res.data?.subscribeToCustomerList).toEqual({
      __typename: "InputError",
      issues: [{ field: "properties.n", rule: "EXACT_NUMBER" }],
    });
    expect(stack.commerce.calls.total()).toBe(0);
  });

  it("refuses such a number and control characters inside segment filters too", async () => {
    const res = await stack.gql(UnsubscribeSegment, {
      input: {
        listId: "cl_launch",
        criteria: [
          { criteriaName: "property", negate: false, filters: [{ key: "n", value: BIG }] },
          { criteriaName: "emailDomain\n", negate: false, filters: [{ domain: "example.com\u0000" }] },
        ],
      },
    });
    expect(res.data?.unsubscribeCustomerSegment).toMatchObject({
      __typename: "InputError",
      field: "criteria[0].filters[0].value",
      rule: "EXACT_NUMBER",
    });
    expect(stack.commerce.calls.total()).toBe(0);
  });
});
