import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CredentialsError, RequestAbortedError } from "../../../src/domain/errors.js";
import { CommerceForbiddenError } from "../../../src/domain/commerce/errors.js";
import {
  COMMERCE_OPERATION_ACCESS,
  type CommerceOperation,
  grantedScopes,
} from "../../../src/domain/commerce/scopes.js";
import type { CommerceCaller, CommerceService } from "../../../src/domain/commerce/service.js";
import { SUBSCRIBERS, rejection, startDomainRig, type DomainRig } from "./support.js";

let rig: DomainRig;
beforeAll(async () => {
  rig = await startDomainRig();
});
afterAll(() => rig.close());
beforeEach(() => rig.sb.calls.reset());

/** One call of each operation, with input that would otherwise be sent. */
const OPERATIONS: Record<CommerceOperation, (s: CommerceService) => Promise<unknown>> = {
  coupons: (s) => s.coupons({ first: 5 }),
  segments: (s) => s.segments(),
  customerList: (s) => s.customerList("cl_vip"),
  subscribersPage: (s) => s.subscribersPage("cl_vip", { status: "SUBSCRIBED" }),
  asyncJob: (s) => s.asyncJob("job_1"),
  partnerRoot: (s) => s.partnerRoot(),
  subscribe: (s) => s.subscribe("cl_vip", { email: "scoped@example.com" }),
  unsubscribeEmails: (s) => s.unsubscribeEmails("cl_vip", ["scoped@example.com"]),
  unsubscribeSegment: (s) =>
    s.unsubscribeSegment("cl_vip", {
      criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "example.com" }] }],
    }),
  exportSegment: (s) => s.exportSegment("seg_all"),
};

describe("credentials and scopes", () => {
  it("refuses every operation without a credential as UNAUTHENTICATED, with no call", async () => {
    const service = rig.service(undefined);
    for (const [operation, run] of Object.entries(OPERATIONS)) {
      const error = await rejection(run(service));
      expect(error).toBeInstanceOf(CredentialsError);
      expect(error).toMatchObject({ backend: "commerce", problem: "missing", operation });
    }
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("refuses a token lacking a scope, naming the missing ones, with no call", async () => {
    const cases: [string[], CommerceOperation, string[]][] = [
      [[], "segments", ["read_segments"]],
      [["read_customers"], "segments", ["read_segments"]],
      [["read_segments"], "subscribersPage", ["read_customers"]],
      [["read_segments"], "exportSegment", ["read_customers"]],
      [[], "exportSegment", ["read_customers", "read_segments"]],
      [["read_customers"], "unsubscribeEmails", ["write_customers"]],
      [["read_customers"], "unsubscribeSegment", ["write_customers"]],
      [["read_customers"], "subscribe", ["write_customers"]],
      [["read_segments"], "asyncJob", ["read_async_job"]],
    ];
    for (const [scopes, operation, missing] of cases) {
      const error = await rejection(OPERATIONS[operation](rig.oauth(scopes)));
      expect(error).toBeInstanceOf(CommerceForbiddenError);
      expect(error).toMatchObject({
        code: "FORBIDDEN",
        operation,
        missingScopes: missing,
        requiredCredential: "store",
      });
      expect((error as Error).message).toContain(missing.join(", "));
    }
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("refuses a credential of the wrong kind with no call", async () => {
    expect(await rejection(rig.owner().partnerRoot())).toMatchObject({
      code: "FORBIDDEN",
      requiredCredential: "partner",
      missingScopes: [],
    });
    expect(await rejection(rig.partnerService().coupons())).toMatchObject({
      code: "FORBIDDEN",
      requiredCredential: "store",
    });
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("lets a token through with the scopes the table names, a write_ scope granting its read_", async () => {
    const page = await rig.oauth(["write_customers"]).subscribersPage("cl_vip", { status: "SUBSCRIBED", first: 5 });
    expect(page.nodes).toHaveLength(5);
    const job = await rig.oauth(["read_customers", "write_segments"]).exportSegment("seg_all");
    expect(job.status).toBe("PENDING");
    const coupons = await rig.oauth([]).coupons({ first: 1 });
    expect(coupons.nodes).toHaveLength(1);
    await expect(rig.oauth(["read_async_job"]).asyncJob(job.id)).resolves.toMatchObject({ id: job.id });
  });

  it("has an entry for every operation the service offers", () => {
    expect(Object.keys(COMMERCE_OPERATION_ACCESS).sort()).toEqual(Object.keys(OPERATIONS).sort());
    expect(COMMERCE_OPERATION_ACCESS.exportSegment.scopes).toEqual(["read_customers", "read_segments"]);
  });
});

describe("abort", () => {
  it("starts no call once the request's signal has aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const service = rig.owner({ signal: controller.signal });
    const errors = await Promise.all([rejection(service.segments()), rejection(service.coupons())]);
    expect(errors[0]).toBeInstanceOf(RequestAbortedError);
    expect(errors[1]).toBe(errors[0]);
    expect(rig.sb.calls.total()).toBe(0);
  });

  it("does not start calls queued behind the cap after the abort", async () => {
    const controller = new AbortController();
    // The real client, with the request going away right after the first answer arrives.
    const client: CommerceCaller = Object.create(rig.client) as CommerceCaller;
    client.listSegments = async (...args) => {
      const answer = await rig.client.listSegments(...args);
      controller.abort();
      return answer;
    };
    const service = rig.owner({ concurrency: 1, signal: controller.signal, client });
    const [segments, coupons, page] = await Promise.allSettled([
      service.segments(),
      service.coupons(),
      service.subscribersPage("cl_vip", { status: "SUBSCRIBED" }),
    ]);
    expect(segments.status).toBe("fulfilled");
    expect(coupons).toMatchObject({ status: "rejected", reason: expect.any(RequestAbortedError) });
    expect(page).toMatchObject({ status: "rejected", reason: expect.any(RequestAbortedError) });
    expect(rig.calls("GET /segments")).toBe(1);
    expect(rig.calls("GET /coupons")).toBe(0);
    expect(rig.calls(SUBSCRIBERS)).toBe(0);
  });

  it("reports a call in flight when the signal aborts as the request's abort", async () => {
    const controller = new AbortController();
    const service = rig.owner({ signal: controller.signal });
    const pending = service.segments();
    controller.abort();
    expect(await rejection(pending)).toBeInstanceOf(RequestAbortedError);
  });

  it("keeps at most `concurrency` calls in flight", async () => {
    let active = 0;
    let peak = 0;
    const client: CommerceCaller = Object.create(rig.client) as CommerceCaller;
    client.listSubscribers = async (...args) => {
      active += 1;
      peak = Math.max(peak, active);
      try {
        return await rig.client.listSubscribers(...args);
      } finally {
        active -= 1;
      }
    };
    const service = rig.owner({ concurrency: 2, client });
    const lists = Object.values(rig.sb.demo.lists);
    await Promise.all(
      lists.flatMap((list) =>
        (["SUBSCRIBED", "PENDING", "UNSUBSCRIBED"] as const).map((status) =>
          service.subscribersPage(list, { status, first: 5 }),
        ),
      ),
    );
    expect(peak).toBe(2);
    expect(rig.calls(SUBSCRIBERS)).toBe(9);
  });
});

describe("grantedScopes (what a login's token may carry)", () => {
  const asked = ["read_customers", "read_segments"];

  it("takes the grant's scopes that were asked for, in the grant's order, each once", () => {
    expect(grantedScopes(["read_segments", "read_customers", "read_segments"], asked)).toEqual({
      scopes: ["read_segments", "read_customers"],
      dropped: [],
    });
    expect(grantedScopes(["read_segments"], asked)).toEqual({ scopes: ["read_segments"], dropped: [] });
  });

  it("takes the scopes asked for when the grant names none (RFC 6749 §5.1)", () => {
    expect(grantedScopes(undefined, asked)).toEqual({ scopes: asked, dropped: [] });
  });

  it("leaves out, and reports, scopes not asked for and names the spec does not know", () => {
    const junk = "x".repeat(5_000);
    expect(grantedScopes(["read_customers", "write_customers", junk, "admin"], asked)).toEqual({
      scopes: ["read_customers"],
      dropped: ["write_customers", junk, "admin"],
    });
  });
});
