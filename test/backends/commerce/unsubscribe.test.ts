/**
 * Mass unsubscribe against the sandbox: by emails with in-band partial failure, and by segment,
 * both at once (small audience) and as a 202 job followed to completion on a fake clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SegmentCriteria } from "../../../src/backends/commerce/types.js";
import { failure, startRig, type Rig } from "./support/sandbox.js";

const JOB_DELAY_MS = 1000;
let rig: Rig;
beforeAll(async () => {
  rig = await startRig({ jobDelayMs: JOB_DELAY_MS, syncThreshold: 50 });
});
afterAll(() => rig.close());

const domain = (d: string, negate = false): SegmentCriteria => ({
  criteria: [{ criteriaName: "emailDomain", negate, filters: [{ domain: d }] }],
});

async function emails(listId: string, kind: "subscribed" | "pending" | "unsubscribed"): Promise<string[]> {
  const out: string[] = [];
  for await (const s of rig.client.subscribers(rig.apiKey, listId, { kind, limit: 500 })) out.push(s.email);
  return out;
}

describe("by emails", () => {
  it("unsubscribes members and reports the others in-band", async () => {
    const { launch } = rig.sb.demo.lists;
    const [member] = await emails(launch, "subscribed");
    const result = await rig.client.unsubscribeEmails(rig.apiKey, launch, [
      member!,
      "stranger@example.com",
      "not an address",
    ]);
    expect(result.unsubscribed).toBe(1);
    expect(result.failed).toBe(2);
    expect(result.failedReasons).toHaveLength(2);
    expect(result.failedReasons.join(" ")).toMatch(/stranger@example\.com/);
    expect(await emails(launch, "unsubscribed")).toContain(member);
    expect(await emails(launch, "subscribed")).not.toContain(member);
  });
});

describe("by segment", () => {
  it("unsubscribes a small audience at once", async () => {
    const { vip } = rig.sb.demo.lists;
    const audience = (await emails(vip, "subscribed")).filter((e) => e.endsWith("@shop.test"));
    expect(audience.length).toBeGreaterThan(0);
    expect(audience.length).toBeLessThanOrEqual(50);
    const outcome = await rig.client.unsubscribeSegment(rig.apiKey, vip, domain("shop.test"));
    expect(outcome).toEqual({ kind: "done", result: { unsubscribed: audience.length, failed: 0, failedReasons: [] } });
    expect((await emails(vip, "subscribed")).some((e) => e.endsWith("@shop.test"))).toBe(false);
  });

  it("turns a large audience into a job: 202 → pending → running → completed with the result", async () => {
    const { newsletter } = rig.sb.demo.lists;
    const current = [...(await emails(newsletter, "subscribed")), ...(await emails(newsletter, "pending"))];
    const audience = current.filter((e) => !e.endsWith("@shop.test"));
    expect(audience.length).toBeGreaterThan(50);

    const outcome = await rig.client.unsubscribeSegment(rig.apiKey, newsletter, domain("shop.test", true));
    expect(outcome.kind).toBe("job");
    const jobId = outcome.kind === "job" ? outcome.asyncJobId : "";

    const pending = await rig.client.getJob(rig.apiKey, jobId);
    expect(pending).toMatchObject({
      id: jobId,
      kind: "segment-unsubscribe",
      status: "pending",
      result: null,
      completedAt: null,
    });
    rig.clock.advance(JOB_DELAY_MS / 2);
    expect((await rig.client.getJob(rig.apiKey, jobId)).status).toBe("running");
    rig.clock.advance(JOB_DELAY_MS / 2);
    const done = await rig.client.getJob(rig.apiKey, jobId);
    expect(done).toMatchObject({ status: "completed", completedAt: expect.any(String) });
    expect(done.result).toEqual({ unsubscribed: audience.length, failed: 0, failedReasons: [] });
    expect((await emails(newsletter, "subscribed")).every((e) => e.endsWith("@shop.test"))).toBe(true);
  });

  it("refuses an unknown criteria name as a bad request", async () => {
    const err = await failure(
      rig.client.unsubscribeSegment(rig.apiKey, rig.sb.demo.lists.vip, {
        criteria: [{ criteriaName: "zodiacSign", negate: false, filters: [] }],
      }),
    );
    expect(err).toMatchObject({ code: "COMMERCE_BAD_REQUEST", status: 400 });
  });
});
