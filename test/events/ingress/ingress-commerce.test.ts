import { createHash } from "node:crypto";
import { base64url, CompactSign, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMMERCE_TOPIC_NAMES, createIngress, type CommerceEvent } from "../../../src/events/ingress/index.js";
import { COMMERCE_SECRET, postBody, startIngress, stubLog, type IngressServer } from "./ingress-support.js";

const NOW_MS = Date.parse("2024-03-04T10:00:00Z");
const NOW_S = NOW_MS / 1000;
const key = new TextEncoder().encode(COMMERCE_SECRET);

const templateSent = {
  meta: { topic: "newsletter-template/sent", ts: 1709546400123 },
  data: {
    templateId: "tpl_42",
    userId: "store_7",
    status: "sent",
    title: "Spring sale",
    liveAt: "2024-03-04T09:00:00Z",
    sentAt: "2024-03-04T09:45:12.500+01:00",
  },
};

const sha256 = (body: string) => createHash("sha256").update(body).digest("base64url");

async function jws(
  body: string,
  {
    iat = NOW_S,
    alg = "HS256",
    secret = key,
    hash = sha256(body),
  }: Partial<{ iat: number; alg: string; secret: Uint8Array; hash: string }> = {},
) {
  const payload = new TextEncoder().encode(JSON.stringify({ iat, sha256: hash }));
  return new CompactSign(payload).setProtectedHeader({ alg }).sign(secret);
}

let server: IngressServer;
beforeAll(async () => {
  server = await startIngress({ now: () => NOW_MS });
});
afterAll(() => server.close());
beforeEach(() => {
  server.log.appended.length = 0;
});

async function deliver(body: string, token: string, contentType = "application/json") {
  return postBody(server.commerceUrl, body, { "Content-Type": contentType, Authorization: `Bearer ${token}` });
}

describe("commerce webhooks: accepted", () => {
  it("takes a signed newsletter-template/sent in with its typed data", async () => {
    const body = JSON.stringify(templateSent);
    const res = await deliver(body, await jws(body));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 1, duplicates: 0 });
    expect(server.log.appended.map(({ source, entry }) => [source, entry.event])).toEqual([
      [
        "commerce",
        {
          topic: "newsletter-template/sent",
          ts: 1709546400123,
          receivedAt: "2024-03-04T10:00:00.000Z",
          data: templateSent.data,
        } satisfies CommerceEvent,
      ],
    ]);
  });

  it("keeps the data of the topics the spec does not show as JSON", async () => {
    for (const topic of COMMERCE_TOPIC_NAMES.filter((t) => t !== "newsletter-template/sent")) {
      const body = JSON.stringify({ meta: { topic, ts: 1 }, data: { anything: [1, { nested: true }] } });
      expect((await deliver(body, await jws(body))).status).toBe(202);
    }
    expect(server.log.appended.map(({ entry }) => entry.event)).toMatchObject([
      { topic: "newsletter-email/sent", data: { anything: [1, { nested: true }] } },
      { topic: "async-job/completed" },
      { topic: "abandoned-cart-email/sent" },
    ]);
  });

  it("accepts an iat up to five minutes either side of the clock", async () => {
    const body = JSON.stringify(templateSent);
    expect((await deliver(body, await jws(body, { iat: NOW_S - 299 }))).status).toBe(202);
    server.log.appended.length = 0;
    const other = JSON.stringify({ ...templateSent, meta: { ...templateSent.meta, ts: 2 } });
    expect((await deliver(other, await jws(other, { iat: NOW_S + 299 }))).status).toBe(202);
  });

  it("appends a retry (same topic, meta.ts and body) once, with a fresh JWS", async () => {
    const body = JSON.stringify(templateSent);
    const first = await deliver(body, await jws(body));
    const retry = await deliver(body, await jws(body, { iat: NOW_S + 10 }));
    expect([first.status, first.body]).toEqual([202, { accepted: 1, duplicates: 0 }]);
    expect([retry.status, retry.body]).toEqual([200, { accepted: 0, duplicates: 1 }]);
    expect(server.log.appended).toHaveLength(1);
  });
});

describe("commerce webhooks: refused, nothing appended", () => {
  const body = JSON.stringify(templateSent);

  async function refused(res: Promise<Awaited<ReturnType<typeof postBody>>>) {
    const { status, body: answer, text } = await res;
    expect(server.log.appended).toEqual([]);
    expect(text).not.toContain(COMMERCE_SECRET);
    return { status, code: answer.error?.code };
  }

  it("401 without a bearer JWS or with one that does not verify", async () => {
    expect(await refused(postBody(server.commerceUrl, body, { "Content-Type": "application/json" }))).toEqual({
      status: 401,
      code: "bad_signature",
    });
    const good = await jws(body);
    const [h, p, s] = good.split(".") as [string, string, string];
    const flipped = `${s.slice(0, -2)}${s.endsWith("AA") ? "BB" : "AA"}`;
    const otherKey = new TextEncoder().encode("another-secret-another-secret-0123456789");
    for (const token of [`${h}.${p}.${flipped}`, await jws(body, { secret: otherKey }), "not.a.jws", "Basic abc"]) {
      expect(await refused(deliver(body, token))).toEqual({ status: 401, code: "bad_signature" });
    }
  });

  it("401 for other algorithms: HS512 with the same secret, and none", async () => {
    const hs512 = await jws(body, { alg: "HS512", secret: new TextEncoder().encode(COMMERCE_SECRET.repeat(2)) });
    expect(await refused(deliver(body, hs512))).toEqual({ status: 401, code: "bad_signature" });
    const hs384 = await jws(body, { alg: "HS384", secret: new TextEncoder().encode(COMMERCE_SECRET.repeat(2)) });
    expect(await refused(deliver(body, hs384))).toEqual({ status: 401, code: "bad_signature" });
    // alg "none": an unsecured token carrying the right claims, with and without an empty signature.
    const unsecured = new UnsecuredJWT({ iat: NOW_S, sha256: sha256(body) }).encode();
    expect(await refused(deliver(body, unsecured))).toEqual({ status: 401, code: "bad_signature" });
    const header = base64url.encode(JSON.stringify({ alg: "none" }));
    const payload = base64url.encode(JSON.stringify({ iat: NOW_S, sha256: sha256(body) }));
    expect(await refused(deliver(body, `${header}.${payload}.AAAA`))).toEqual({ status: 401, code: "bad_signature" });
  });

  it("401 for a stale or future iat", async () => {
    for (const iat of [NOW_S - 301, NOW_S + 301, NOW_S - 86_400]) {
      expect(await refused(deliver(body, await jws(body, { iat })))).toEqual({ status: 401, code: "stale_signature" });
    }
  });

  it("401 for a body that is not the one signed", async () => {
    const token = await jws(body);
    const tampered = body.replace("Spring sale", "Spring sald");
    expect(await refused(deliver(tampered, token))).toEqual({ status: 401, code: "body_hash_mismatch" });
    expect(await refused(deliver(body, await jws(body, { hash: sha256(tampered) })))).toEqual({
      status: 401,
      code: "body_hash_mismatch",
    });
  });

  it("415 for a body that is not JSON by its content type", async () => {
    expect(await refused(deliver(body, await jws(body), "text/xml"))).toEqual({
      status: 415,
      code: "unsupported_media_type",
    });
  });

  it("takes JSON data nesting exactly as deep as the graph serializes (32 levels)", async () => {
    const body = `{"meta":{"topic":"newsletter-email/sent","ts":1},"data":${"[".repeat(32)}${"]".repeat(32)}}`;
    expect((await deliver(body, await jws(body))).status).toBe(202);
  });

  it("400 for malformed or invalid bodies, or an unknown topic", async () => {
    const cases: Array<[string, string]> = [
      ["{", "malformed_body"],
      [JSON.stringify({ data: {} }), "invalid_event"],
      [JSON.stringify({ meta: { topic: "newsletter-template/sent", ts: "1" }, data: {} }), "invalid_event"],
      [JSON.stringify({ meta: { topic: "order/created", ts: 1 }, data: {} }), "unknown_topic"],
      [JSON.stringify({ meta: { topic: "async-job/completed", ts: 1 } }), "invalid_event"],
      [JSON.stringify({ ...templateSent, data: { ...templateSent.data, liveAt: "yesterday" } }), "invalid_event"],
      [JSON.stringify({ ...templateSent, data: { ...templateSent.data, title: undefined } }), "invalid_event"],
      // Data kept as JSON that nests deeper than the graph and the log serialize.
      [`{"meta":{"topic":"newsletter-email/sent","ts":1},"data":${"[".repeat(33)}${"]".repeat(33)}}`, "invalid_event"],
      [
        `{"meta":{"topic":"async-job/completed","ts":1},"data":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`,
        "invalid_event",
      ],
    ];
    for (const [text, code] of cases) {
      expect(await refused(deliver(text, await jws(text)))).toEqual({ status: 400, code });
    }
  });

  it("413 for a body over the cap, before the signature is checked", async () => {
    const small = await startIngress({ now: () => NOW_MS, maxBodyBytes: 64 });
    try {
      const res = await postBody(small.commerceUrl, body, {
        "Content-Type": "application/json",
        Authorization: "Bearer x.y.z",
      });
      expect([res.status, res.body.error?.code]).toEqual([413, "payload_too_large"]);
      expect(small.log.appended).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe("createIngress: settings", () => {
  it("refuses a commerce secret under 32 bytes and a short ingress token", () => {
    const log = stubLog();
    expect(() => createIngress({ log, commerceWebhookSecret: "x".repeat(31), maxBodyBytes: 1 })).toThrow(/32 bytes/);
    expect(() => createIngress({ log, ingressToken: "short", maxBodyBytes: 1 })).toThrow(/at least 16/);
    expect(() => createIngress({ log, commerceWebhookSecret: "x".repeat(32), maxBodyBytes: 1 })).not.toThrow();
  });

  it("answers 503 when the log cannot append, so the sender retries", async () => {
    const failing = await startIngress({
      now: () => NOW_MS,
      log: { append: () => Promise.reject(new Error("redis down")) },
    });
    try {
      const body = JSON.stringify(templateSent);
      const res = await postBody(failing.commerceUrl, body, {
        "Content-Type": "application/json",
        Authorization: `Bearer ${await jws(body)}`,
      });
      expect([res.status, res.body.error?.code]).toEqual([503, "log_unavailable"]);
      expect(res.text).not.toContain("redis");
    } finally {
      await failing.close();
    }
  });
});
