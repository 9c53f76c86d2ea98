/**
 * The client against a scripted backend whose replies are well-formed JSON but unusable: values
 * passed through that nest too deep to serialize, pages longer than asked for (refused before any
 * entry is decoded, and capped in bytes by the size asked), and bodies that are not UTF-8.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeySigner } from "../../../src/backends/commerce/auth.js";
import { CommerceClient, pageBytes } from "../../../src/backends/commerce/client.js";
import { nestsDeeperThan } from "../../../src/util/json-depth.js";
import { testLimits } from "./support/limits.js";
import { json, startStub, type Stub } from "./support/stub-server.js";
import { failure } from "./support/sandbox.js";

const auth = apiKeySigner("replies-test-api-key-0001");
const MAX_BYTES = 256 * 1024;

let stub: Stub;
let client: CommerceClient;

beforeAll(async () => {
  stub = await startStub();
  client = new CommerceClient({ baseUrl: `${stub.url}/api/v1`, limits: testLimits({ maxResponseBytes: MAX_BYTES }) });
});
afterAll(async () => {
  await client.close();
  await stub.close();
});

/** `{"a":{"a":…{}…}}` as text: `levels` objects, the outermost included. */
const nestedText = (levels: number): string => '{"a":'.repeat(levels - 1) + "{}" + "}".repeat(levels - 1);

/** Answers JSON text (or bytes) as they are. */
function answer(body: string | Buffer, status = 200): void {
  stub.handle((_req, res) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body);
  });
}

describe("values passed through", () => {
  it("takes a subscriber's properties 32 levels deep and refuses 33, naming the field", async () => {
    const page = (levels: number) =>
      `{"data":[{"id":"s0","email":"a@x.io"},{"id":"s1","email":"b@x.io","properties":${nestedText(levels)}}],"meta":{"total":2}}`;
    answer(page(32));
    const ok = await client.listSubscribers(auth, "L");
    expect(JSON.stringify(ok.entries[1])).toContain(nestedText(32));

    answer(page(33));
    const err = await failure(client.listSubscribers(auth, "L"));
    expect(err.code).toBe("COMMERCE_BAD_RESPONSE");
    expect(err.message).toBe(
      "GET /api/v1/customer-lists/L/subscribers: body.data[1].properties nests deeper than 32 levels",
    );
  });

  it("refuses a value 100,000 levels deep without overflowing the stack", async () => {
    const arrays = "[".repeat(100_000) + "]".repeat(100_000);
    answer(`{"data":[{"id":"s0","email":"a@x.io","properties":{"a":${arrays}}}],"meta":{"total":1}}`);
    const err = await failure(client.listSubscribers(auth, "L"));
    expect(err.code).toBe("COMMERCE_BAD_RESPONSE");
    expect(err.message).toContain("body.data[0].properties nests deeper than 32 levels");
  });

  it("counts arrays as levels too, in a subscription's properties and a segment's use models", async () => {
    const arrays = "[".repeat(40) + "]".repeat(40);
    answer(`{"data":{"id":"x","email":"a@x.io","listId":"L","status":"subscribed","properties":{"tags":${arrays}}}}`);
    const sub = await failure(client.subscribe(auth, "L", { email: "a@x.io" }));
    expect(sub.message).toContain("body.data.properties nests deeper than 32 levels");

    answer(
      `{"data":[{"id":"sg","name":"n","editable":true,"uses":[{"modelName":"m","models":[{"ok":1},${nestedText(50)}]}]}]}`,
    );
    const seg = await failure(client.listSegments(auth));
    expect(seg.message).toContain("body.data[0].uses[0].models[1] nests deeper than 32 levels");
  });

  it("measures depth by the deepest branch, whatever the width", () => {
    expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: null }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: [1, 2, { c: [] }] }, 3)).toBe(true);
    expect(
      nestsDeeperThan(
        Array.from({ length: 10_000 }, () => ({})),
        2,
      ),
    ).toBe(false);
    expect(nestsDeeperThan("text", 0)).toBe(false);
  });
});

describe("pages longer than asked for", () => {
  const subscribers = (n: number, broken?: number) =>
    JSON.stringify({
      data: Array.from({ length: n }, (_, i) => (i === broken ? { id: 7 } : { id: `s${i}`, email: `u${i}@x.io` })),
      meta: { total: n },
    });

  it("refuses a subscriber page of more entries than the limit before decoding any entry", async () => {
    // Entry 5 is malformed too: the length is what is reported, so no entry was looked at.
    answer(subscribers(6, 5));
    const err = await failure(client.listSubscribers(auth, "L", { limit: 5 }));
    expect(err.code).toBe("COMMERCE_BAD_RESPONSE");
    expect(err.message).toBe(
      "GET /api/v1/customer-lists/L/subscribers: body.data holds 6 entries where at most 5 were asked for",
    );
    answer(subscribers(5));
    expect((await client.listSubscribers(auth, "L", { limit: 5 })).entries).toHaveLength(5);
  });

  it("holds a followed nextPage to the limit it carries, and the iterator to the one it asked", async () => {
    answer(subscribers(3));
    const next = await failure(
      client.fetchSubscriberPage(auth, `${stub.url}/api/v1/customer-lists/L/subscribers?limit=2`),
    );
    expect(next.message).toContain("body.data holds 3 entries where at most 2 were asked for");

    stub.handle((req, res) => {
      const second = req.url.includes("searchAfter");
      json(res, 200, {
        data: Array.from({ length: second ? 3 : 2 }, (_, i) => ({ id: `s${i}`, email: `u${i}@x.io` })),
        meta: second
          ? { total: 5 }
          : { total: 5, nextPage: `${stub.url}/api/v1/customer-lists/L/subscribers?limit=2&searchAfter[]=x` },
      });
    });
    const iterated = await failure(
      (async () => {
        for await (const _ of client.subscribers(auth, "L", { limit: 2 })) void _;
      })(),
    );
    expect(iterated.message).toContain("body.data holds 3 entries where at most 2 were asked for");
  });

  it("refuses a coupon page of more coupons than the limit", async () => {
    const coupons = (n: number) =>
      JSON.stringify({
        data: Array.from({ length: n }, (_, i) => ({ id: `c${i}`, code: `C${i}`, discountType: "fixed", value: 1 })),
        meta: { total: 100, _links: {} },
      });
    answer(coupons(50));
    const err = await failure(client.listCoupons(auth, { limit: 10, page: 1 }));
    expect(err.code).toBe("COMMERCE_BAD_RESPONSE");
    expect(err.message).toBe("GET /api/v1/coupons: body.data holds 50 entries where at most 10 were asked for");
    answer(coupons(10));
    expect((await client.listCoupons(auth, { limit: 10, page: 1 })).coupons).toHaveLength(10);
  });

  it("caps a page's reply by the size asked: a share of the configured cap per entry", async () => {
    expect(pageBytes(100, 8 * 1024 * 1024)).toBe(8 * 1024 * 1024);
    expect(pageBytes(5, 8 * 1024 * 1024)).toBe(16 * 1024 + 5 * 83_887);
    expect(pageBytes(undefined, 8 * 1024 * 1024)).toBe(8 * 1024 * 1024);
    expect(pageBytes(500, 8 * 1024 * 1024)).toBe(8 * 1024 * 1024);

    // 100 KB: within the configured 256 KiB, past what a page of 2 may weigh (16 KiB + 2 × 2,622).
    const big = subscribers(2_000);
    expect(big.length).toBeGreaterThan(pageBytes(2, MAX_BYTES));
    expect(big.length).toBeLessThan(MAX_BYTES);
    answer(big);
    const err = await failure(client.listSubscribers(auth, "L", { limit: 2 }));
    expect(err.code).toBe("COMMERCE_TOO_LARGE");
    expect(err.message).toContain(`reply exceeds ${pageBytes(2, MAX_BYTES)} bytes`);
    const coupons = await failure(client.listCoupons(auth, { limit: 2 }));
    expect(coupons.code).toBe("COMMERCE_TOO_LARGE");
    // Without a limit the configured cap holds.
    expect((await client.listSubscribers(auth, "L")).entries).toHaveLength(2_000);
  });
});

describe("bytes that are not UTF-8", () => {
  const withBytes = (bytes: number[]) =>
    Buffer.concat([
      Buffer.from('{"data":[{"id":"s1","email":"a'),
      Buffer.from(bytes),
      Buffer.from('@x.io"}],"meta":{"total":1}}'),
    ]);

  it("are a bad reply in a success, read strictly rather than as U+FFFD", async () => {
    for (const bytes of [[0xff, 0xfe], [0xc3], [0xed, 0xa0, 0x80]]) {
      answer(withBytes(bytes));
      const err = await failure(client.listSubscribers(auth, "L"));
      expect(err.code).toBe("COMMERCE_BAD_RESPONSE");
      expect(err.message).toBe("GET /api/v1/customer-lists/L/subscribers: answered a body that is not UTF-8");
    }
    answer(withBytes([...Buffer.from("é😀")]));
    expect((await client.listSubscribers(auth, "L")).entries[0]).toMatchObject({ email: "aé😀@x.io" });
  });

  it("leave an error status its meaning, without the unreadable message", async () => {
    answer(
      Buffer.concat([Buffer.from('{"error":{"code":"x","message":"down'), Buffer.from([0xff]), Buffer.from('"}}')]),
      503,
    );
    const err = await failure(client.listSegments(auth));
    expect(err.code).toBe("COMMERCE_SERVER");
    expect(err.message).toBe("GET /api/v1/segments answered 503");
  });
});
