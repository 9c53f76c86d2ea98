/** Subscriber cursors: what a nextPage may carry, and which cursors are taken back. */
import { describe, expect, it } from "vitest";
import { UnreadableValueError } from "../../../src/domain/errors.js";
import {
  decodeExportRowCursor,
  decodeSubscriberCursor,
  encodeExportRowCursor,
  encodeSubscriberCursor,
  nextPosition,
  type SubscriberPosition,
} from "../../../src/domain/commerce/cursors.js";
import { Issues } from "../../../src/domain/commerce/input-rules.js";

const BASE = "http://127.0.0.1:4712/api/v1/customer-lists/cl_news/subscribers";
const next = (query: string, status: "SUBSCRIBED" | "PENDING" | "UNSUBSCRIBED" = "PENDING", size = 10) =>
  nextPosition({ nextPage: `${BASE}?${query}`, searchAfter: undefined }, "cl_news", status, size);
const cursor = (payload: object) => Buffer.from(`cs1:${JSON.stringify(payload)}`, "utf8").toString("base64url");

describe("nextPosition", () => {
  it("keeps a numbered page's number and size, and searchAfter values, and nothing of the URL", () => {
    expect(next("pending=true&limit=10&page=2")).toEqual({
      listId: "cl_news",
      status: "PENDING",
      page: 2,
      pageSize: 10,
    });
    expect(next("unsubscribers=1&page=4", "UNSUBSCRIBED")).toEqual({
      listId: "cl_news",
      status: "UNSUBSCRIBED",
      page: 4,
      pageSize: 10,
    });
    expect(next("pending=true&limit=99&searchAfter[]=a&searchAfter[]=b")).toEqual({
      listId: "cl_news",
      status: "PENDING",
      searchAfter: ["a", "b"],
    });
    expect(
      nextPosition({ nextPage: `${BASE}?limit=10`, searchAfter: ["t", "c"] }, "cl_news", "SUBSCRIBED", 10),
    ).toEqual({ listId: "cl_news", status: "SUBSCRIBED", searchAfter: ["t", "c"] });
    expect(nextPosition({ nextPage: undefined, searchAfter: ["t"] }, "cl_news", "SUBSCRIBED", 10)).toBeUndefined();
  });

  it.each([
    ["another page size", "pending=true&limit=500&page=2"],
    ["two page sizes", "pending=true&limit=10&limit=500&page=2"],
    ["another listing", "unsubscribers=true&limit=10&page=2"],
    ["a parameter the interface does not show", "pending=true&limit=10&page=2&include=all"],
    ["no continuation", "pending=true&limit=10"],
    ["two page numbers", "pending=true&limit=10&page=2&page=3"],
    ["a page number that is not one", "pending=true&limit=10&page=0"],
    ["a page and a searchAfter", "pending=true&limit=10&page=2&searchAfter[]=a"],
  ])("calls a nextPage with %s unreadable rather than guess", (_what, query) => {
    expect(() => next(query)).toThrow(UnreadableValueError);
  });

  it("calls a nextPage of another list, or not a URL, unreadable", () => {
    const page = (nextPage: string) => () =>
      nextPosition({ nextPage, searchAfter: undefined }, "cl_news", "PENDING", 10);
    expect(page("http://127.0.0.1:4712/api/v1/customer-lists/cl_other/subscribers?pending=true&page=2")).toThrow(
      UnreadableValueError,
    );
    expect(page("/customer-lists/cl_news/subscribers?pending=true&page=2")).toThrow(UnreadableValueError);
  });
});

describe("decodeSubscriberCursor", () => {
  const decode = (text: string, status: "SUBSCRIBED" | "PENDING" = "PENDING") => {
    const issues = new Issues();
    return { position: decodeSubscriberCursor(issues, text, "cl_news", status), issues: issues.list };
  };

  it("takes back what it gave", () => {
    const positions: SubscriberPosition[] = [
      { listId: "cl_news", status: "PENDING", page: 3, pageSize: 25 },
      { listId: "cl_news", status: "PENDING", searchAfter: ["x", "y"] },
    ];
    for (const position of positions) expect(decode(encodeSubscriberCursor(position)).position).toEqual(position);
  });

  it.each([
    ["a page size out of range", { l: "cl_news", s: "PENDING", p: 2, f: 500 }],
    ["page 0", { l: "cl_news", s: "PENDING", p: 0, f: 10 }],
    ["a page and searchAfter at once", { l: "cl_news", s: "PENDING", p: 2, f: 10, a: ["x"] }],
    ["a page without its size", { l: "cl_news", s: "PENDING", p: 2 }],
    ["another list", { l: "cl_vip", s: "PENDING", p: 2, f: 10 }],
  ])("refuses %s as CURSOR", (_what, payload) => {
    const { position, issues } = decode(cursor(payload));
    expect(position).toBeUndefined();
    expect(issues).toMatchObject([{ field: "after", rule: "CURSOR" }]);
  });

  it("refuses a cursor of the first form, which held the backend's link, saying so", () => {
    const { position, issues } = decode(
      cursor({ l: "cl_news", s: "PENDING", n: `${BASE}?pending=true&limit=500&page=1`, f: 1 }),
    );
    expect(position).toBeUndefined();
    expect(issues).toMatchObject([{ field: "after", rule: "CURSOR", message: expect.stringMatching(/earlier form/) }]);
  });
});

describe("export row cursors", () => {
  it("name their job and offset", () => {
    const issues = new Issues();
    expect(decodeExportRowCursor(issues, encodeExportRowCursor("job_1", 40), "job_1")).toBe(40);
    expect(decodeExportRowCursor(issues, encodeExportRowCursor("job_1", 40), "job_2")).toBeUndefined();
    expect(issues.list).toMatchObject([{ field: "after", rule: "CURSOR" }]);
  });
});
