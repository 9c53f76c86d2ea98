/** exportRows(): a completed export's file, read once per request and job, handed out by pages. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InputError } from "../../../src/domain/input-error.js";
import type { CommerceService } from "../../../src/domain/commerce/service.js";
import type { ExportRow } from "../../../src/domain/commerce/models.js";
import { rejection, startDomainRig, type DomainRig } from "./support.js";

let rig: DomainRig;
/** Completed export jobs of three segments. */
let jobs: string[];
beforeAll(async () => {
  rig = await startDomainRig();
  const service = rig.owner();
  const { all, vipTier, exampleOrg } = rig.sb.demo.segments;
  jobs = [];
  for (const segment of [all, vipTier, exampleOrg]) jobs.push((await service.exportSegment(segment)).id);
  rig.sb.completeJobs();
});
afterAll(() => rig.close());
beforeEach(() => rig.sb.calls.reset());

const FILE = "GET /async-jobs/:id/result";

/** Every row of an export, page by page, and how many pages it took. */
async function pageThrough(service: CommerceService, jobId: string, first: number) {
  const rows: ExportRow[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const page = await service.exportRows(jobId, { first, after });
    pages += 1;
    expect(page.offset).toBe(rows.length);
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    rows.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return { rows, pages, totalCount: page.totalCount };
    after = page.pageInfo.endCursor;
    expect(after).toEqual(expect.any(String));
  }
}

describe("exportRows", () => {
  it("reads the file once per request however many pages and callers ask, in the file's order", async () => {
    const [jobId = ""] = jobs;
    const service = rig.owner();
    const whole = await service.exportRows(jobId, { first: 500 });
    expect(whole.totalCount).toBeGreaterThan(20);
    expect(whole.nodes).toHaveLength(Math.min(500, whole.totalCount));

    const walked = await pageThrough(service, jobId, 7);
    expect(walked.rows).toEqual(whole.nodes);
    expect(walked.pages).toBe(Math.ceil(whole.totalCount / 7));
    expect(walked.totalCount).toBe(whole.totalCount);
    await Promise.all([service.exportRows(jobId), service.exportRows(jobId, { first: 3 })]);
    expect(rig.calls(FILE)).toBe(1);

    // Another request reads it again.
    await rig.owner().exportRows(jobId);
    expect(rig.calls(FILE)).toBe(2);
  });

  it("defaults to 50 rows a page", async () => {
    const page = await rig.owner().exportRows(jobs[0] ?? "");
    expect(page.nodes).toHaveLength(Math.min(50, page.totalCount));
  });

  it("refuses a page size out of range and a cursor of another export, before any call", async () => {
    const [a = "", b = ""] = jobs;
    const other = await rig.owner().exportRows(b, { first: 2 });
    rig.sb.calls.reset();
    const service = rig.owner();
    const cases: [Promise<unknown>, string, string][] = [
      [service.exportRows(a, { first: 0 }), "first", "PAGE_SIZE"],
      [service.exportRows(a, { first: 501 }), "first", "PAGE_SIZE"],
      [service.exportRows(a, { after: other.pageInfo.endCursor }), "after", "CURSOR"],
      [service.exportRows(a, { after: "bm90IGEgY3Vyc29y" }), "after", "CURSOR"],
      [service.exportRows("", {}), "jobId", "REQUIRED"],
    ];
    for (const [promise, field, rule] of cases) {
      const error = await rejection(promise);
      expect(error).toBeInstanceOf(InputError);
      expect(error).toMatchObject({ field, rule });
    }
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("reads at most the budget's files per request, also when asked concurrently", async () => {
    const service = rig.owner({ exportFileBudget: 2 });
    const settled = await Promise.allSettled(jobs.map((jobId) => service.exportRows(jobId, { first: 1 })));
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled", "rejected"]);
    const refused = (settled[2] as PromiseRejectedResult).reason as unknown;
    expect(refused).toBeInstanceOf(InputError);
    expect(refused).toMatchObject({ field: "rows", rule: "MAX_COUNT" });
    expect(rig.calls(FILE)).toBe(2);
    // The files already read still answer, at no further call.
    await service.exportRows(jobs[0] ?? "", { first: 5 });
    expect(rig.calls(FILE)).toBe(2);
  });

  it("lets a job that is not ready through as the client's 409", async () => {
    const service = rig.owner();
    const pending = await service.exportSegment(rig.sb.demo.segments.all);
    expect(await rejection(service.exportRows(pending.id))).toMatchObject({ code: "COMMERCE_CONFLICT" });
    rig.sb.completeJobs();
  });
});
