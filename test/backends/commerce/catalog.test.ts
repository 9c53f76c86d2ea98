/**
 * The endpoint catalog drives the client and the sandbox: every row is reachable through the
 * client against the sandbox with the credential and scopes it names, lands on that row's route,
 * and is refused without each of its scopes; the rows keep the spec's read/write rules.
 */
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommerceSigner } from "../../../src/backends/commerce/auth.js";
import {
  apiEndpoints,
  COMMERCE_ENDPOINT_NAMES,
  COMMERCE_ENDPOINTS,
  COMMERCE_SCOPES,
  endpoint,
  type ApiEndpointName,
  type EndpointSpec,
} from "../../../src/backends/commerce/catalog.js";
import {
  CommerceInsufficientScopeError,
  CommerceOAuthError,
  CommerceUnauthenticatedError,
} from "../../../src/backends/commerce/errors.js";
import { createAuthorization } from "../../../src/backends/commerce/oauth.js";
import { commerceRoute } from "../../../src/backends/commerce/routes.js";
import { failure, startRig, type Rig } from "./support/sandbox.js";

let rig: Rig;
/** A completed export job, for the job rows. */
let jobId: string;
let subscribed = 0;

beforeAll(async () => {
  rig = await startRig();
  jobId = (await rig.client.exportSegment(rig.apiKey, rig.sb.demo.segments.vipTier)).id;
  rig.sb.completeJobs();
});
afterAll(() => rig.close());

/** One call of each endpoint under {base_url} through the client, with input the sandbox accepts. */
const REACH: Record<ApiEndpointName, (auth: CommerceSigner) => Promise<unknown>> = {
  listCoupons: (auth) => rig.client.listCoupons(auth, { limit: 2 }),
  subscribe: (auth) => rig.client.subscribe(auth, rig.sb.demo.lists.vip, { email: `row-${++subscribed}@example.com` }),
  listSubscribers: (auth) => rig.client.listSubscribers(auth, rig.sb.demo.lists.vip, { limit: 2 }),
  unsubscribe: (auth) => rig.client.unsubscribeEmails(auth, rig.sb.demo.lists.vip, ["nobody@example.com"]),
  listSegments: (auth) => rig.client.listSegments(auth),
  exportSegment: (auth) => rig.client.exportSegment(auth, rig.sb.demo.segments.vipTier),
  getJob: (auth) => rig.client.getJob(auth, jobId),
  getJobResult: (auth) => rig.client.getJobResult(auth, jobId),
  partnerRoot: (auth) => rig.client.partnerRoot(auth),
};

/** How the sandbox counts a row's calls: its method and path with `:id` segments. */
const callKey = (row: EndpointSpec): string => `${row.method} ${row.path.replaceAll("{id}", ":id")}`;

/** Every scope but `scope` and the write_ scope that would grant it. */
const allBut = (scope: string): string[] =>
  COMMERCE_SCOPES.filter((s) => s !== scope && s !== scope.replace(/^read_/, "write_"));

/** Runs `call` and says how many requests the sandbox counted for the row meanwhile. */
async function counted<T>(row: EndpointSpec, call: () => Promise<T>): Promise<{ result: T; calls: number }> {
  const before = rig.sb.calls.count(callKey(row));
  const result = await call();
  return { result, calls: rig.sb.calls.count(callKey(row)) - before };
}

describe.each(apiEndpoints())("%s", (name, row) => {
  if (row.credential === "store") {
    it("is reached with an API key and with a PoP token holding just its scopes, on its own route", async () => {
      for (const auth of [rig.apiKey, rig.pop([...row.scopes])]) {
        const { calls } = await counted(row, () => REACH[name](auth));
        expect(calls).toBe(1);
      }
    });

    it("is refused without each of its scopes, the refusal naming it", async () => {
      for (const scope of row.scopes) {
        const { result: error, calls } = await counted(row, () => failure(REACH[name](rig.pop(allBut(scope)))));
        expect(error).toBeInstanceOf(CommerceInsufficientScopeError);
        expect((error as CommerceInsufficientScopeError).requiredScopes).toEqual([scope]);
        expect(calls).toBe(1);
      }
    });

    it("is refused to a partner token", async () => {
      expect(await failure(REACH[name](rig.partner))).toBeInstanceOf(CommerceUnauthenticatedError);
    });
  } else {
    it("is reached with the partner token only", async () => {
      const { calls } = await counted(row, () => REACH[name](rig.partner));
      expect(calls).toBe(1);
      for (const auth of [rig.apiKey, rig.pop([...COMMERCE_SCOPES])]) {
        expect(await failure(REACH[name](auth))).toMatchObject({ code: "COMMERCE_FORBIDDEN", status: 403 });
      }
    });
  }

  it("is named in metrics by its row's method and path", () => {
    const path = `/api/v1${row.path.replaceAll("{id}", "cl_42")}?limit=5`;
    expect(commerceRoute({ method: row.method, path })).toBe(`${row.method} ${row.path}`);
  });
});

describe("the OAuth rows under {auth_url}", () => {
  it("serves the authorize page the client's authorization URL names", async () => {
    const { clientId, redirectUri } = rig.sb.demo.app;
    const auth = createAuthorization({ authUrl: rig.sb.url, clientId, redirectUri, scopes: ["read_customers"] });
    const { calls, result } = await counted(endpoint("authorize"), async () => {
      const res = await request(auth.url, { method: endpoint("authorize").method });
      await res.body.dump();
      return res.statusCode;
    });
    expect(result).toBe(200);
    expect(calls).toBe(1);
  });

  it("answers the client's code exchange at the access-token row", async () => {
    const { app } = rig.sb.demo;
    const exchange = { code: "0".repeat(60), clientId: app.clientId, clientSecret: app.clientSecret };
    const { result: error, calls } = await counted(endpoint("accessToken"), () =>
      failure(rig.client.exchangeCode({ ...exchange, redirectUri: app.redirectUri })),
    );
    expect(error).toBeInstanceOf(CommerceOAuthError);
    expect(error).toMatchObject({ oauthError: "invalid_grant" });
    expect(calls).toBe(1);
  });
});

describe("the rows", () => {
  it("name each method and path once", () => {
    const keys = COMMERCE_ENDPOINT_NAMES.map((name) => `${endpoint(name).base} ${callKey(endpoint(name))}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("keep the spec's grant rule: read rows need read_ scopes only, write rows a write_ scope", () => {
    for (const name of COMMERCE_ENDPOINT_NAMES) {
      const row = endpoint(name);
      if (row.access === "read")
        expect(
          row.scopes.every((s) => s.startsWith("read_")),
          name,
        ).toBe(true);
      if (row.access === "write" && row.credential === "store")
        expect(
          row.scopes.some((s) => s.startsWith("write_")),
          name,
        ).toBe(true);
    }
  });

  it("retry only reads that are safe to repeat, and state the spec's scopes", () => {
    for (const name of COMMERCE_ENDPOINT_NAMES) {
      const row = endpoint(name);
      expect(row.retryable, name).toBe(row.method === "GET");
    }
    expect(COMMERCE_ENDPOINTS.listSubscribers.scopes).toEqual(["read_customers"]);
    expect(COMMERCE_ENDPOINTS.unsubscribe.scopes).toEqual(["write_customers"]);
    expect(COMMERCE_ENDPOINTS.listSegments.scopes).toEqual(["read_segments"]);
    expect(COMMERCE_ENDPOINTS.exportSegment.scopes).toEqual(["read_customers", "read_segments"]);
  });
});
