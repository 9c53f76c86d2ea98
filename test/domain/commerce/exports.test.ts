/**
 * exportRows(): a completed export's file, read once per request and job, handed out by pages; and
 * across requests, read once for all the requests of one credential that ask for it at once, kept
 * for later ones, and never handed to another credential.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiKeySigner } from "../../../src/backends/commerce/auth.js";
import { CommerceClient } from "../../../src/backends/commerce/client.js";
import type { ExportFileLimits } from "../../../src/backends/commerce/export-files.js";
import { InputError } from "../../../src/domain/input-error.js";
import { apiKeyCredential, oauthCredential } from "../../../src/domain/commerce/scopes.js";
import type { CommerceService } from "../../../src/domain/commerce/service.js";
import type { ExportRow } from "../../../src/domain/commerce/models.js";
import { testLimits } from "../../backends/commerce/support/limits.js";
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

/** Clients of their own, so that no file kept by another test answers: closed after each test. */
const clients: CommerceClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
function freshClient(exportFiles?: Partial<ExportFileLimits>): CommerceClient {
  const client = new CommerceClient({
    baseUrl: rig.sb.baseUrl,
    authUrl: rig.sb.url,
    limits: testLimits(),
    exportFiles,
  });
  clients.push(client);
  return client;
}

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
    const client = freshClient();
    const service = rig.owner({ client });
    const whole = await service.exportRows(jobId, { first: 500 });
    expect(whole.totalCount).toBeGreaterThan(20);
    expect(whole.nodes).toHaveLength(Math.min(500, whole.totalCount));

    const walked = await pageThrough(service, jobId, 7);
    expect(walked.rows).toEqual(whole.nodes);
    expect(walked.pages).toBe(Math.ceil(whole.totalCount / 7));
    expect(walked.totalCount).toBe(whole.totalCount);
    await Promise.all([service.exportRows(jobId), service.exportRows(jobId, { first: 3 })]);
    expect(rig.calls(FILE)).toBe(1);

    // Another request of the same credential gets the kept file, at no call.
    expect((await rig.owner({ client }).exportRows(jobId, { first: 500 })).nodes).toEqual(whole.nodes);
    expect(rig.calls(FILE)).toBe(1);
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
    const service = rig.owner({ exportFileBudget: 2, client: freshClient() });
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

describe("export files across requests", () => {
  it("reads a file once for concurrent requests of the same credential, and keeps it for later ones", async () => {
    const [jobId = ""] = jobs;
    const client = freshClient();
    // Each request has its own service, and here its own signer of the same key, as requests sending
    // the key in a header do.
    const request = () => rig.service(apiKeyCredential(apiKeySigner(rig.sb.demo.apiKey)), { client });
    const pages = await Promise.all(Array.from({ length: 6 }, () => request().exportRows(jobId, { first: 500 })));
    expect(rig.calls(FILE)).toBe(1);
    for (const page of pages) expect(page.nodes).toEqual(pages[0]?.nodes);
    expect(pages[0]?.totalCount).toBeGreaterThan(20);

    await request().exportRows(jobId, { first: 3 });
    expect(rig.calls(FILE)).toBe(1);
    expect(client.exportFiles.stats).toMatchObject({ reading: 0, waiting: 0, kept: 1 });
  });

  it("never hands one credential's file to another: each reads its own, and a key the backend refuses gets its refusal", async () => {
    const [jobId = ""] = jobs;
    const client = freshClient();
    const owner = await rig.owner({ client }).exportRows(jobId, { first: 500 });
    expect(rig.calls(FILE)).toBe(1);

    // An OAuth token of the same store: a credential of its own, so a read of its own.
    const scopes = ["read_async_job"];
    const token = rig.service(oauthCredential(rig.pop(scopes), scopes), { client });
    expect((await token.exportRows(jobId, { first: 500 })).nodes).toEqual(owner.nodes);
    expect(rig.calls(FILE)).toBe(2);

    // A key the backend does not know, asking for the same job meanwhile and after: refused by the backend.
    const stranger = () => rig.service(apiKeyCredential(apiKeySigner("not-the-demo-key-0000")), { client });
    const [during] = await Promise.all([
      rejection(stranger().exportRows(jobId)),
      rig.owner({ client: freshClient() }).exportRows(jobId),
    ]);
    expect(during).toMatchObject({ code: "COMMERCE_UNAUTHENTICATED" });
    expect(await rejection(stranger().exportRows(jobId))).toMatchObject({ code: "COMMERCE_UNAUTHENTICATED" });
    expect(rig.calls(FILE)).toBe(5);
  });
});
