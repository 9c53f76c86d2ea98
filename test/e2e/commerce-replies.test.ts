/**
 * Commerce replies a broken or hostile backend may send, as the graph shows them: values nested
 * too deep to serialize, pages longer than asked for, bytes that are not UTF-8, and the pending
 * and unsubscriber listings without meta.total. Each fails its own field with a typed error; the
 * rest of the response (the legacy fields) arrives.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { json, startStub, type Received, type Stub } from "../backends/commerce/support/stub-server.js";
import { codes, post, type RawResponse } from "../server/support.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";

let legacy: LegacySandbox;
let stub: Stub;
let gateway: Gateway;

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  stub = await startStub();
  gateway = await startGateway(legacy.url, {
    COMMERCE_URL: `${stub.url}/api/v1`,
    COMMERCE_API_KEY: "replies-test-api-key-0001",
    COMMERCE_RETRY_ATTEMPTS: "0",
  });
});
afterAll(async () => {
  await gateway.close();
  await stub.close();
  await legacy.close();
});
beforeEach(() => stub.handle((_req, res) => json(res, 404, { error: { code: "not_found", message: "nope" } })));

/** `{"a":{"a":…1…}}` as text: `levels` objects, the outermost included. */
const nestedText = (levels: number): string => '{"a":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1);

/** Answers JSON text as it is. */
function raw(res: ServerResponse, body: string | Buffer, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body);
}

const params = (req: Received) => new URL(req.url, "http://x").searchParams;

/** The subscriber listing's reply with `properties` (JSON text) on its one member. */
const memberWith = (properties: string) =>
  `{"data":[{"id":"s1","email":"a@example.com","properties":${properties}}],"meta":{"total":1}}`;

const MEMBERS = `{
  clients { name }
  store { customerList(listId: "L") { subscribers(first: 5) { edges { node { email properties } } } } }
}`;

function errorOf(res: RawResponse, index = 0) {
  return res.body?.errors?.[index];
}

function legacyIntact(res: RawResponse): void {
  expect(res.status).toBe(200);
  expect((res.body?.data as { clients: unknown[] }).clients.length).toBeGreaterThan(0);
}

describe("values nested too deep", () => {
  it("a member's properties 5,000 levels deep fail the listing alone, naming the field", async () => {
    stub.handle((_req, res) => raw(res, memberWith(nestedText(5000))));
    const res = await post(gateway.url, MEMBERS);
    legacyIntact(res);
    expect(codes(res)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    expect(errorOf(res)?.path).toEqual(["store", "customerList", "subscribers"]);
    expect(errorOf(res)?.message).toContain("body.data[0].properties nests deeper than 32 levels");
    expect(errorOf(res)?.extensions?.commerceCode).toBe("COMMERCE_BAD_RESPONSE");
  });

  it("takes properties 32 levels deep and refuses 33", async () => {
    stub.handle((_req, res) => raw(res, memberWith(nestedText(32))));
    const ok = await post(gateway.url, MEMBERS);
    expect(codes(ok)).toEqual([]);
    expect(JSON.stringify(ok.body?.data)).toContain(nestedText(32));

    stub.handle((_req, res) => raw(res, memberWith(nestedText(33))));
    const deeper = await post(gateway.url, MEMBERS);
    expect(codes(deeper)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
  });

  it("a segment's use models nested too deep fail the segments alone", async () => {
    stub.handle((_req, res) =>
      raw(
        res,
        `{"data":[{"id":"sg1","name":"All","editable":false,"uses":[{"modelName":"m","models":[${nestedText(6000)}]}]}]}`,
      ),
    );
    const res = await post(gateway.url, "{ clients { name } store { segments { name uses } } }");
    legacyIntact(res);
    expect(codes(res)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    expect(errorOf(res)?.message).toContain("body.data[0].uses[0].models[0] nests deeper than 32 levels");
  });
});

describe("pages longer than asked for", () => {
  it("coupons: 50 for first: 10 is refused, not cut to 10 with the other 40 skipped", async () => {
    const coupons = Array.from({ length: 100 }, (_, i) => ({
      id: `c${i}`,
      code: `CODE${i}`,
      discountType: "fixed",
      value: 1,
    }));
    stub.handle((req, res) => {
      const page = Number(params(req).get("page") ?? 1);
      json(res, 200, {
        data: coupons.slice((page - 1) * 50, page * 50),
        meta: { total: 100, _links: page < 2 ? { next: { href: "x?page=2" } } : {} },
      });
    });
    const res = await post(
      gateway.url,
      "{ clients { name } store { coupons(first: 10) { edges { node { code } } pageInfo { endCursor } } } }",
    );
    legacyIntact(res);
    expect(codes(res)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    expect(errorOf(res)?.path).toEqual(["store", "coupons"]);
    expect(errorOf(res)?.message).toContain("body.data holds 50 entries where at most 10 were asked for");
  });

  it("a subscriber page of many entries asked with first: 5 is refused by its size", async () => {
    const entries = Array.from({ length: 50_000 }, (_, i) => `{"id":"s${i}","email":"u${i}@e.co","properties":{}}`);
    const body = `{"data":[${entries.join(",")}],"meta":{"total":50000}}`;
    stub.handle((_req, res) => raw(res, body));
    const res = await post(gateway.url, MEMBERS);
    legacyIntact(res);
    expect(codes(res)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    expect(errorOf(res)?.extensions?.commerceCode).toBe("COMMERCE_TOO_LARGE");
  });
});

describe("bytes that are not UTF-8", () => {
  it("are a bad reply, not addresses with U+FFFD in them", async () => {
    stub.handle((_req, res) =>
      raw(
        res,
        Buffer.concat([
          Buffer.from('{"data":[{"id":"s1","email":"a'),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('@example.com","properties":{}}],"meta":{"total":1}}'),
        ]),
      ),
    );
    const res = await post(gateway.url, MEMBERS);
    legacyIntact(res);
    expect(codes(res)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    expect(errorOf(res)?.message).toContain("not UTF-8");
    expect(res.text).not.toContain("\uFFFD");
  });
});

describe("listings without meta.total", () => {
  const pendingPage = (req: Received, res: ServerResponse) => {
    const p = params(req);
    if (p.get("pending") === "true" || p.get("unsubscribers") === "true")
      json(res, 200, { data: [{ email: "p1@example.com" }], meta: { nextPage: "" } });
    else json(res, 200, { data: [], meta: { total: 0 } });
  };
  const listing = (status: string, fields: string) =>
    `{ store { customerList(listId: "L") { subscribers(status: ${status}, first: 5) { ${fields} } } } }`;

  it("pending and unsubscribed: page by email and nextPage when totalCount is not asked", async () => {
    stub.handle(pendingPage);
    for (const status of ["PENDING", "UNSUBSCRIBED"]) {
      const res = await post(gateway.url, listing(status, "edges { node { email status } } pageInfo { hasNextPage }"));
      expect(codes(res)).toEqual([]);
      expect(res.body?.data).toEqual({
        store: {
          customerList: {
            subscribers: { edges: [{ node: { email: "p1@example.com", status } }], pageInfo: { hasNextPage: false } },
          },
        },
      });
    }
  });

  it("the default listing, whose meta block is documented, is an unreadable reply without it", async () => {
    stub.handle((_req, res) => json(res, 200, { data: [{ id: "s1", email: "a@example.com" }], meta: {} }));
    const res = await post(gateway.url, listing("SUBSCRIBED", "edges { node { email } }"));
    expect(codes(res)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    expect(errorOf(res)?.path).toEqual(["store", "customerList", "subscribers"]);
  });

  it("pending: fail a totalCount asked for, on totalCount, saying the service gave no total", async () => {
    stub.handle(pendingPage);
    const res = await post(gateway.url, listing("PENDING", "totalCount edges { node { email } }"));
    expect(res.status).toBe(200);
    expect(codes(res)).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    expect(errorOf(res)?.path).toEqual(["store", "customerList", "subscribers", "totalCount"]);
    expect(errorOf(res)?.message).toMatch(/gave no total for the PENDING members/);
    expect(errorOf(res)?.extensions).toMatchObject({ backend: "commerce", subscriberStatus: "PENDING" });
  });
});
