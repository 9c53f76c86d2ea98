/**
 * Segment export against the sandbox: job creation, 409 before completion, the status moves on
 * a fake clock, the result URL, and the CSV rows (with a quoted address) matching the store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failure, startRig, type Rig } from "./support/sandbox.js";

const JOB_DELAY_MS = 2000;
let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ jobDelayMs: JOB_DELAY_MS });
});
afterAll(() => rig.close());

describe("segment export", () => {
  it("runs a job whose CSV lists the segment's customers and statuses", async () => {
    const quoted = 'o"brien,pat@example.org';
    await rig.client.subscribe(rig.apiKey, rig.sb.demo.lists.vip, { email: quoted, properties: { tier: "vip" } });

    const job = await rig.client.exportSegment(rig.apiKey, rig.sb.demo.segments.vipTier);
    expect(job).toMatchObject({ kind: "segments-export", status: "pending" });
    const early = await failure(rig.client.getJobResult(rig.apiKey, job.id));
    expect(early).toMatchObject({ code: "COMMERCE_CONFLICT", status: 409, serverCode: "job_not_ready" });

    rig.clock.advance(JOB_DELAY_MS);
    const done = await rig.client.getJob(rig.apiKey, job.id);
    expect(done.status).toBe("completed");
    expect(done.result).toEqual({ url: `${rig.sb.baseUrl}/async-jobs/${job.id}/result` });

    const table = await rig.client.getJobResult(rig.apiKey, job.id);
    const rows = table.rows();
    expect(table.length).toBe(rows.length);
    const expected = rig.sb.store
      .standings()
      .filter((s) => s.customer.properties.tier === "vip")
      .map((s) => ({ email: s.customer.email, status: s.status }));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(expected);
    expect(rows).toContainEqual({ email: quoted, status: "subscribed" });
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["subscribed", "pending", "unsubscribed"]));
  });
});
