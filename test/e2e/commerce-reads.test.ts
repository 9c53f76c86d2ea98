/** Every commerce read of the graph against the commerce sandbox, over real HTTP. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STORE_QUERY } from "../../src/schema/commerce/examples.js";
import type {
  StoreCouponsQuery,
  StoreCouponsQueryVariables,
  StoreJobQuery,
  StoreJobQueryVariables,
  StoreSubscribersQuery,
  StoreSubscribersQueryVariables,
} from "../gql/graphql.js";
import { graphql } from "../gql/index.js";
import { must } from "../support/must.js";
import { startStack, type CommerceStack } from "../support/stack.js";
import { errorCodesByPath } from "../support/graphql-http.js";
import { compositeId, encodeGlobalId } from "../../src/schema/support/global-id.js";

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());
beforeEach(() => stack.commerce.calls.reset());

const StoreSegments = graphql(`
  query StoreSegments {
    store {
      segments {
        id
        segmentId
        name
        editable
        uses
        usedBy {
          modelName
          models
        }
      }
      again: segments {
        segmentId
      }
      vip: segment(segmentId: "seg_vip_tier") {
        id
        name
      }
      none: segment(segmentId: "seg_nope") {
        id
      }
    }
  }
`);

const NodeOf = graphql(`
  query CommerceNodeOf($id: ID!) {
    node(id: $id) {
      id
      __typename
      ... on CommerceSegment {
        segmentId
      }
      ... on CustomerList {
        listId
      }
      ... on Coupon {
        couponId
        code
      }
      ... on AsyncJob {
        jobId
        kind
      }
    }
  }
`);

describe("segments", () => {
  it("lists every segment once per request however many fields ask", async () => {
    const res = await stack.gql(StoreSegments);
    expect(res.errors).toEqual([]);
    const store = must(res.data?.store, "a value");
    const segments = must(store.segments, "a value");
    const ids = segments.map((s) => s.segmentId);
    expect(ids).toContain("seg_all");
    expect(ids).toContain("seg_vip_tier");
    expect(store.again?.map((s) => s.segmentId)).toEqual(ids);
    expect(segments.some((s) => !s.editable)).toBe(true);
    expect(segments.some((s) => s.editable)).toBe(true);
    const used = segments.flatMap((s) => s.usedBy);
    for (const use of used) expect(Array.isArray(use.models)).toBe(true);
    // `uses` is the backend's own shape, entry for entry.
    expect(segments.map((s) => s.uses)).toEqual(segments.map((s) => s.usedBy.map((u) => ({ ...u }))));
    expect(store.vip?.name).toBe(segments.find((s) => s.segmentId === "seg_vip_tier")?.name);
    expect(store.none).toBeNull();
    expect(stack.commerce.calls.count("GET /segments")).toBe(1);
  });

  it("decodes a segment's global id through node", async () => {
    const res = await stack.gql(StoreSegments);
    const segment = must(res.data?.store.segments?.[0], "a value");
    const node = await stack.gql(NodeOf, { id: segment.id });
    expect(node.errors).toEqual([]);
    expect(node.data?.node).toMatchObject({ __typename: "CommerceSegment", segmentId: segment.segmentId });
  });
});

const Coupons = graphql(`
  query StoreCoupons($first: Int, $after: String) {
    store {
      coupons(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          cursor
          node {
            id
            couponId
            code
            details
          }
        }
      }
    }
  }
`);

describe("coupons", () => {
  it("pages to the end, each coupon once, and a coupon's id decodes through node", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (let i = 0; i < 50; i++) {
      const res: Awaited<ReturnType<typeof stack.gql<StoreCouponsQuery, StoreCouponsQueryVariables>>> = await stack.gql(
        Coupons,
        { first: 3, after },
      );
      expect(res.errors).toEqual([]);
      const page = must(res.data?.store.coupons, "a value");
      total = page.totalCount;
      seen.push(...page.edges.map((e) => e.node.couponId));
      for (const edge of page.edges) expect(typeof edge.node.details).toBe("object");
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(total).toBeGreaterThan(3);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    const first = must((await stack.gql(Coupons, { first: 1 })).data?.store.coupons?.edges[0], "a value");
    const node = await stack.gql(NodeOf, { id: first.node.id });
    expect(node.errors).toEqual([]);
    expect(node.data?.node).toMatchObject({ __typename: "Coupon", code: first.node.code });
  });

  it("continues after any edge's cursor", async () => {
    const all = must((await stack.gql(Coupons, { first: 6 })).data?.store.coupons, "a value");
    const from = must(all.edges[1], "a value");
    const next = must((await stack.gql(Coupons, { first: 2, after: from.cursor })).data?.store.coupons, "a value");
    expect(next.edges.map((e) => e.node.couponId)).toEqual(all.edges.slice(2, 4).map((e) => e.node.couponId));
  });
});

const Subscribers = graphql(`
  query StoreSubscribers($listId: String!, $first: Int, $after: String, $status: CommerceSubscriberStatus) {
    store {
      customerList(listId: $listId) {
        id
        listId
        subscribers(first: $first, after: $after, status: $status) {
          totalCount
          pageInfo {
            hasNextPage
            hasPreviousPage
            endCursor
          }
          edges {
            cursor
            node {
              email
              status
              customerId
            }
          }
        }
      }
    }
  }
`);

async function pageToEnd(status: "SUBSCRIBED" | "PENDING" | "UNSUBSCRIBED" | undefined, first: number) {
  stack.commerce.calls.reset();
  const emails: string[] = [];
  let after: string | null = null;
  let pages = 0;
  let total: number | undefined;
  for (;;) {
    const res: Awaited<ReturnType<typeof stack.gql<StoreSubscribersQuery, StoreSubscribersQueryVariables>>> =
      await stack.gql(Subscribers, { listId: "cl_newsletter", first, after, ...(status ? { status } : {}) });
    expect(res.errors).toEqual([]);
    const connection = must(res.data?.store.customerList?.subscribers, "a value");
    pages++;
    total = connection.totalCount;
    const cursors = new Set(connection.edges.map((e) => e.cursor));
    // The backend gives no per-entry cursor: every edge carries the page's one cursor.
    expect(cursors.size).toBeLessThanOrEqual(1);
    if (connection.pageInfo.hasNextPage) expect([...cursors]).toEqual([connection.pageInfo.endCursor]);
    for (const edge of connection.edges) expect(edge.node.status).toBe(status ?? "SUBSCRIBED");
    emails.push(...connection.edges.map((e) => e.node.email));
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
    expect(pages).toBeLessThan(100);
  }
  return { emails, pages, total: total ?? 0, calls: stack.commerce.calls.count("GET /customer-lists/:id/subscribers") };
}

describe("customer lists and their subscribers", () => {
  it("answers the Store example document", async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: STORE_QUERY }),
    });
    const body = (await res.json()) as {
      data?: { store: { customerList: { subscribers: { edges: unknown[] } } } };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    expect(body.data?.store.customerList.subscribers.edges).toHaveLength(37);
  });

  it("pages SUBSCRIBED (the default) to the end: every member once, one call per page", async () => {
    const { emails, pages, total, calls } = await pageToEnd(undefined, 37);
    expect(total).toBe(280);
    expect(emails).toHaveLength(total);
    expect(new Set(emails).size).toBe(total);
    expect(pages).toBe(Math.ceil(total / 37));
    expect(calls).toBe(pages);
  });

  it.each(["PENDING", "UNSUBSCRIBED", "SUBSCRIBED"] as const)("pages %s to the end", async (status) => {
    const { emails, pages, total, calls } = await pageToEnd(status, 10);
    expect(total).toBeGreaterThan(10);
    expect(emails).toHaveLength(total);
    expect(new Set(emails).size).toBe(total);
    expect(calls).toBe(pages);
  });

  it("fetches each page once however many fields ask for it", async () => {
    const Twice = graphql(`
      query SubscribersTwice {
        store {
          a: customerList(listId: "cl_newsletter") {
            subscribers(first: 5) {
              totalCount
            }
          }
          b: customerList(listId: "cl_newsletter") {
            subscribers(first: 5) {
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
    const res = await stack.gql(Twice);
    expect(res.errors).toEqual([]);
    expect(res.data?.store.b?.subscribers?.edges).toHaveLength(5);
    expect(stack.commerce.calls.count("GET /customer-lists/:id/subscribers")).toBe(1);
  });

  it("gives an empty page after the last page's cursor", async () => {
    const all = must(
      (await stack.gql(Subscribers, { listId: "cl_newsletter", first: 100, status: "PENDING" })).data,
      "a value",
    );
    const last = must(all.store.customerList?.subscribers?.edges.at(-1), "a value");
    const res = await stack.gql(Subscribers, {
      listId: "cl_newsletter",
      first: 100,
      status: "PENDING",
      after: last.cursor,
    });
    expect(res.errors).toEqual([]);
    expect(res.data?.store.customerList?.subscribers).toMatchObject({
      edges: [],
      pageInfo: { hasNextPage: false },
      totalCount: all.store.customerList?.subscribers?.totalCount,
    });
  });

  it("decodes a customer list's global id through node and nodes", async () => {
    const res = await stack.gql(Subscribers, { listId: "cl_vip", first: 1 });
    const list = must(res.data?.store.customerList, "a value");
    const node = await stack.gql(NodeOf, { id: list.id });
    expect(node.data?.node).toMatchObject({ __typename: "CustomerList", listId: "cl_vip" });
  });

  it("reports an unknown list as NOT_FOUND on its subscribers, and a foreign cursor as BAD_USER_INPUT", async () => {
    const missing = await stack.gql(Subscribers, { listId: "cl_nope", first: 5 });
    expect(errorCodesByPath(missing.errors)).toEqual({ "store.customerList.subscribers": "NOT_FOUND" });
    expect(missing.data?.store.customerList?.listId).toBe("cl_nope");

    const page = must((await stack.gql(Subscribers, { listId: "cl_newsletter", first: 5 })).data, "a value");
    const cursor = must(page.store.customerList?.subscribers?.pageInfo.endCursor, "a value");
    const foreign = await stack.gql(Subscribers, { listId: "cl_vip", first: 5, after: cursor });
    expect(errorCodesByPath(foreign.errors)).toEqual({ "store.customerList.subscribers": "BAD_USER_INPUT" });
  });

  it("keeps the backend's address out of cursors and sends only the page size it checked", async () => {
    const cursorOf = (payload: object) => Buffer.from(`cs1:${JSON.stringify(payload)}`, "utf8").toString("base64url");
    const pending = must(
      (await stack.gql(Subscribers, { listId: "cl_newsletter", first: 10, status: "PENDING" })).data?.store.customerList
        ?.subscribers,
      "a value",
    );
    const text = Buffer.from(must(pending.pageInfo.endCursor, "a cursor"), "base64url").toString("utf8");
    expect(text).not.toContain(new URL(stack.commerce.baseUrl).host);
    expect(text).not.toContain("customer-lists");

    // A cursor edited to claim pages of one: one entry, the third, as `first` says.
    stack.commerce.calls.reset();
    const third = await stack.gql(Subscribers, {
      listId: "cl_newsletter",
      first: 1,
      status: "PENDING",
      after: cursorOf({ l: "cl_newsletter", s: "PENDING", p: 3, f: 1 }),
    });
    expect(third.errors).toEqual([]);
    expect(third.data?.store.customerList?.subscribers?.edges.map((e) => e.node.email)).toEqual([
      pending.edges[2]?.node.email,
    ]);
    expect(stack.commerce.calls.count("GET /customer-lists/:id/subscribers")).toBe(1);

    // The first form held the backend's link, whose limit was never checked: refused, nothing sent.
    const link = `${stack.commerce.baseUrl}/customer-lists/cl_newsletter/subscribers?pending=true&limit=500&page=1`;
    stack.commerce.calls.reset();
    const old = await stack.gql(Subscribers, {
      listId: "cl_newsletter",
      first: 1,
      status: "PENDING",
      after: cursorOf({ l: "cl_newsletter", s: "PENDING", n: link, f: 1 }),
    });
    expect(errorCodesByPath(old.errors)).toEqual({ "store.customerList.subscribers": "BAD_USER_INPUT" });
    expect(old.errors[0]?.extensions).toMatchObject({ field: "after", rule: "CURSOR" });
    expect(stack.commerce.calls.total()).toBe(0);
  });
});

describe("async jobs and the partner root", () => {
  const Job = graphql(`
    query StoreJob($jobId: String!, $first: Int, $after: String) {
      store {
        asyncJob(jobId: $jobId) {
          id
          jobId
          kind
          status
          result {
            __typename
            ... on SegmentExportResult {
              rows(first: $first, after: $after) {
                totalCount
                pageInfo {
                  hasNextPage
                  hasPreviousPage
                  endCursor
                }
                edges {
                  cursor
                  node {
                    email
                    status
                  }
                }
              }
            }
          }
        }
      }
    }
  `);
  const JobStatus = graphql(`
    query StoreJobStatus($jobId: String!) {
      store {
        asyncJob(jobId: $jobId) {
          status
          result {
            __typename
          }
        }
      }
    }
  `);
  const JobRowsByNodes = graphql(`
    query JobRowsByNodes($ids: [ID!]!, $first: Int) {
      nodes(ids: $ids) {
        ... on AsyncJob {
          jobId
          result {
            ... on SegmentExportResult {
              rows(first: $first) {
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
      }
    }
  `);
  const Export = graphql(`
    mutation ExportForRead($segmentId: String!) {
      exportSegment(input: { segmentId: $segmentId }) {
        __typename
        ... on ExportSegmentSuccess {
          job {
            jobId
          }
        }
      }
    }
  `);

  /** The global id of the job `jobId`, as AsyncJob.id gives it. */
  const jobGlobalId = (jobId: string) => encodeGlobalId("AsyncJob", compositeId(jobId));

  /** A completed export job of `segmentId`, started through the graph. */
  async function completedExport(segmentId: string): Promise<string> {
    const started = await stack.gql(Export, { segmentId });
    expect(started.errors).toEqual([]);
    const jobId = must(
      started.data?.exportSegment?.__typename === "ExportSegmentSuccess"
        ? started.data.exportSegment.job.jobId
        : undefined,
      "a value",
    );
    stack.commerce.completeJobs();
    return jobId;
  }

  it("reads a completed export job with its rows page by page, and its id decodes through node", async () => {
    const jobId = await completedExport("seg_vip_tier");
    stack.commerce.calls.reset();
    const res = await stack.gql(Job, { jobId, first: 500 });
    expect(res.errors).toEqual([]);
    const job = must(res.data?.store.asyncJob, "a value");
    expect(job).toMatchObject({ jobId, kind: "segments-export", status: "COMPLETED" });
    const result = must(job.result, "a value");
    expect(result.__typename).toBe("SegmentExportResult");
    if (result.__typename !== "SegmentExportResult") return;
    const whole = must(result.rows, "a value");
    expect(whole.totalCount).toBeGreaterThan(10);
    expect(whole.edges).toHaveLength(whole.totalCount);
    for (const { node } of whole.edges) expect(node.email).toContain("@");
    expect(stack.commerce.calls.count("GET /async-jobs/:id/result")).toBe(1);

    // Page by page, each page a bounded slice of the same file in the same order.
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const page: Awaited<ReturnType<typeof stack.gql<StoreJobQuery, StoreJobQueryVariables>>> = await stack.gql(Job, {
        jobId,
        first: 4,
        after,
      });
      expect(page.errors).toEqual([]);
      const paged = page.data?.store.asyncJob?.result;
      const rows = must(paged?.__typename === "SegmentExportResult" ? paged.rows : undefined, "a value");
      expect(rows.edges.length).toBeLessThanOrEqual(4);
      expect(rows.pageInfo.hasPreviousPage).toBe(after !== null);
      seen.push(...rows.edges.map((e) => e.node.email));
      if (!rows.pageInfo.hasNextPage) break;
      after = must(rows.pageInfo.endCursor, "a value");
      expect(rows.edges.at(-1)?.cursor).toBe(after);
    }
    expect(seen).toEqual(whole.edges.map((e) => e.node.email));

    const over = await stack.gql(Job, { jobId, first: 501 });
    expect(errorCodesByPath(over.errors)).toEqual({ "store.asyncJob.result.rows": "BAD_USER_INPUT" });
    expect(over.errors[0]?.extensions).toMatchObject({ field: "first", rule: "PAGE_SIZE" });

    const node = await stack.gql(NodeOf, { id: job.id });
    expect(node.data?.node).toMatchObject({ __typename: "AsyncJob", jobId, kind: "segments-export" });
  });

  it("reads a job's status without its file", async () => {
    const jobId = await completedExport("seg_vip_tier");
    stack.commerce.calls.reset();
    const res = await stack.gql(JobStatus, { jobId });
    expect(res.errors).toEqual([]);
    expect(res.data?.store.asyncJob).toEqual({ status: "COMPLETED", result: { __typename: "SegmentExportResult" } });
    expect(stack.commerce.calls.count("GET /async-jobs/:id")).toBe(1);
    expect(stack.commerce.calls.count("GET /async-jobs/:id/result")).toBe(0);
  });

  it("reads a file once however often nodes names its job, and at most 5 files a request", async () => {
    const jobId = await completedExport("seg_vip_tier");
    // Made here rather than read with the job's rows: the gateway would keep the file read.
    const id = jobGlobalId(jobId);
    stack.commerce.calls.reset();
    const repeated = await stack.gql(JobRowsByNodes, { ids: Array.from({ length: 100 }, () => id), first: 2 });
    expect(repeated.errors).toEqual([]);
    expect(repeated.data?.nodes).toHaveLength(100);
    for (const entry of repeated.data?.nodes ?? []) {
      const rows = entry && "result" in entry && entry.result && "rows" in entry.result ? entry.result.rows : null;
      expect(rows?.edges).toHaveLength(2);
    }
    expect(stack.commerce.calls.count("GET /async-jobs/:id")).toBe(1);
    expect(stack.commerce.calls.count("GET /async-jobs/:id/result")).toBe(1);

    // Six different completed exports: five files are read, the sixth entry's rows are refused.
    const globalIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      globalIds.push(jobGlobalId(await completedExport("seg_vip_tier")));
    }
    stack.commerce.calls.reset();
    const six = await stack.gql(JobRowsByNodes, { ids: globalIds, first: 1 });
    expect(six.errors).toHaveLength(1);
    expect(six.errors[0]?.path?.join(".")).toMatch(/^nodes\.[0-5]\.result\.rows$/);
    expect(six.errors[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "rows", rule: "MAX_COUNT" });
    expect(stack.commerce.calls.count("GET /async-jobs/:id/result")).toBe(5);
  });

  it("reads a file once for concurrent requests of one credential, and a later request reads it not at all", async () => {
    const jobId = await completedExport("seg_vip_tier");
    stack.commerce.calls.reset();
    const answers = await Promise.all(Array.from({ length: 4 }, () => stack.gql(Job, { jobId, first: 500 })));
    for (const res of answers) expect(res.errors).toEqual([]);
    const rows = answers.map((res) => {
      const result = res.data?.store.asyncJob?.result;
      return must(result?.__typename === "SegmentExportResult" ? result.rows : undefined, "rows");
    });
    expect(rows[0]!.totalCount).toBeGreaterThan(10);
    for (const r of rows) expect(r).toEqual(rows[0]);
    // Each request reads the job itself (with its own credential); the file once for all.
    expect(stack.commerce.calls.count("GET /async-jobs/:id")).toBe(4);
    expect(stack.commerce.calls.count("GET /async-jobs/:id/result")).toBe(1);

    const later = await stack.gql(Job, { jobId, first: 2 });
    expect(later.errors).toEqual([]);
    expect(stack.commerce.calls.count("GET /async-jobs/:id")).toBe(5);
    expect(stack.commerce.calls.count("GET /async-jobs/:id/result")).toBe(1);
  });

  it("answers NOT_FOUND for an unknown job", async () => {
    const res = await stack.gql(Job, { jobId: "job_nope" });
    expect(errorCodesByPath(res.errors)).toEqual({ "store.asyncJob": "NOT_FOUND" });
  });

  it("reads the partner root with the partner application's credential", async () => {
    const Partner = graphql(`
      query Partner {
        partnerRoot {
          appId
          appName
          userCount
        }
      }
    `);
    const withKey = await stack.gql(Partner);
    // The API-key gateway has no partner application configured: its store key is not a partner token.
    expect(errorCodesByPath(withKey.errors)).toEqual({ partnerRoot: "FORBIDDEN" });
    const { demo } = stack.commerce;
    const { gql } = await stack.gatewayWith({
      COMMERCE_API_KEY: demo.apiKey,
      COMMERCE_CLIENT_ID: demo.app.clientId,
      COMMERCE_CLIENT_SECRET: demo.app.clientSecret,
    });
    const res = await gql(Partner);
    expect(res.errors).toEqual([]);
    expect(res.data?.partnerRoot).toMatchObject({ appId: demo.app.clientId, appName: demo.app.name });
    expect(res.data?.partnerRoot?.userCount).toBeGreaterThanOrEqual(0);
  });
});
