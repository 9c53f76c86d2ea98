/**
 * Whose commerce events a caller receives. The backend's webhooks carry every store's events to
 * one endpoint, and its API shows no way to tell which store a key or token belongs to, so a
 * commerce event stream opens only for a credential bound to a store (the gateway's own, or a
 * gateway token's commerce user id), carries only that store's events, and first has the backend
 * accept the credential. Events are posted to the ingress signed, then replayed with `after`, so
 * what a stream leaves out is known: the own store's event is posted last.
 */
import { createHash } from "node:crypto";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealGatewayToken, tokenKey } from "../../../src/auth/gateway-token.js";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import type { Gateway } from "../../../src/server.js";
import { FIXED_NOW, startGateway } from "../../support/stack.js";
import { COMMERCE_SECRET, INGRESS_TOKEN, until } from "./subscriptions-support.js";

const GATEWAY_SECRET = "a-gateway-secret-of-at-least-32-bytes-long";
const OWN = "usr_demo";
const OTHER = "usr_other_store";
const VICTIM = "victim@other-store.example";

let legacy: LegacySandbox;
let commerce: CommerceSandbox;
/** Token mode, raw keys in headers allowed, no configured credential. */
let tokens: Gateway;
/** Open mode, the configured key bound to OTHER by COMMERCE_USER_ID. */
let boundToOther: Gateway;
/** Open mode, the configured key bound to no store in particular (a single-store deployment). */
let singleStore: Gateway;

const sha256 = (body: string) => createHash("sha256").update(body).digest("base64url");

async function postCommerceEvent(gateway: Gateway, topic: string, data: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ meta: { topic, ts: Date.now() + Math.random() }, data });
  const jws = await new CompactSign(
    new TextEncoder().encode(JSON.stringify({ iat: Math.floor(Date.now() / 1000), sha256: sha256(body) })),
  )
    .setProtectedHeader({ alg: "HS256" })
    .sign(new TextEncoder().encode(COMMERCE_SECRET));
  const res = await fetch(`${gateway.url}/webhooks/commerce`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${jws}` },
    body,
  });
  expect(res.status).toBe(202);
}

const templateSent = (userId: string, templateId: string) => ({
  templateId,
  userId,
  status: "sent",
  title: `Newsletter of ${userId}`,
  liveAt: "2026-03-18T02:00:00Z",
  sentAt: "2026-03-18T02:05:00Z",
});

/** The events every gateway holds: another store's, one naming no store, then the own store's. */
async function postEvents(gateway: Gateway): Promise<void> {
  await postCommerceEvent(gateway, "newsletter-template/sent", templateSent(OTHER, "tpl_other"));
  await postCommerceEvent(gateway, "newsletter-email/sent", {
    templateId: "tpl_other",
    userId: OTHER,
    customerId: "c_9",
    email: VICTIM,
    sentAt: "2026-03-18T02:01:00Z",
  });
  await postCommerceEvent(gateway, "async-job/completed", {
    id: "job_x",
    kind: "segments-export",
    status: "completed",
  });
  await postCommerceEvent(gateway, "newsletter-template/sent", templateSent(OWN, "tpl_own"));
}

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  commerce = await startCommerceSandbox({ rateLimit: 0, webhookSecret: COMMERCE_SECRET });
  const common = { COMMERCE_URL: commerce.baseUrl, INGRESS_TOKEN, COMMERCE_WEBHOOK_SECRET: COMMERCE_SECRET };
  tokens = await startGateway(legacy.url, {
    ...common,
    AUTH_MODE: "token",
    GATEWAY_SECRET,
    ALLOW_CREDENTIAL_HEADERS: "true",
  });
  boundToOther = await startGateway(legacy.url, {
    ...common,
    COMMERCE_API_KEY: commerce.demo.apiKey,
    COMMERCE_USER_ID: OTHER,
  });
  singleStore = await startGateway(legacy.url, { ...common, COMMERCE_API_KEY: commerce.demo.apiKey });
  for (const gateway of [tokens, boundToOther, singleStore]) await postEvents(gateway);
});
afterAll(async () => {
  for (const gateway of [tokens, boundToOther, singleStore]) await gateway?.close();
  await commerce?.close();
  await legacy?.close();
});

const ALL_TOPICS = `["newsletter-template/sent", "newsletter-email/sent", "async-job/completed", "abandoned-cart-email/sent"]`;
const STORE_FEED = `subscription { commerceEvents(topics: ${ALL_TOPICS}, after: "0-0") {
  topic ... on CommerceTopicEvent { data } ... on NewsletterTemplateSentEvent { templateId userId } } }`;

interface Stream {
  results: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  }[];
  ended: boolean;
  stop(): void;
}

/** Opens a subscription over SSE with `headers`, collecting its results. */
function openSse(gateway: Gateway, query: string, headers: Record<string, string>): Stream {
  const controller = new AbortController();
  const stream: Stream = { results: [], ended: false, stop: () => controller.abort() };
  void (async () => {
    try {
      const res = await fetch(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", ...headers },
        body: JSON.stringify({ query }),
        signal: controller.signal,
      });
      const text = res.body ? res.body.pipeThrough(new TextDecoderStream()) : undefined;
      let buffer = "";
      for await (const chunk of text ?? []) {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const data = /^data: (.*)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (data) stream.results.push(JSON.parse(data) as Stream["results"][number]);
        }
      }
    } catch {
      // aborted by stop()
    } finally {
      stream.ended = true;
    }
  })();
  return stream;
}

/** What a stream carried until it ended or its own store's event arrived. */
async function received(stream: Stream): Promise<Stream["results"]> {
  await until(
    () => stream.ended || stream.results.some((r) => JSON.stringify(r).includes("tpl_own")),
    () => stream.results,
  );
  stream.stop();
  return stream.results;
}

const token = (claims: Parameters<typeof sealGatewayToken>[0]) =>
  sealGatewayToken(claims, tokenKey(GATEWAY_SECRET), 600);

describe("commerceEvents: whose events", () => {
  it("refuses a commerce key sent in a header, real or made up, with FORBIDDEN: it names no store", async () => {
    for (const key of ["made-up-key", commerce.demo.apiKey]) {
      const results = await received(openSse(tokens, STORE_FEED, { "x-commerce-api-key": key }));
      expect(results).toHaveLength(1);
      expect(results[0]?.errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN", reason: "NO_STORE" });
    }
  });

  it("refuses a token bound to a store whose key the backend does not know, after one call, before streaming", async () => {
    commerce.calls.reset();
    const bearer = await token({
      commerce: { kind: "apiKey", apiKey: "revoked-or-made-up-key" },
      scopes: "all",
      commerceUserId: OWN,
    });
    const results = await received(openSse(tokens, STORE_FEED, { authorization: `Bearer ${bearer}` }));
    expect(results).toHaveLength(1);
    expect(results[0]?.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(commerce.calls.total()).toBe(1);
  });

  it("gives a token bound to its store that store's events only", async () => {
    const bearer = await token({
      commerce: { kind: "apiKey", apiKey: commerce.demo.apiKey },
      scopes: "all",
      commerceUserId: OWN,
    });
    const results = await received(openSse(tokens, STORE_FEED, { authorization: `Bearer ${bearer}` }));
    expect(results.map((r) => r.data?.commerceEvents)).toEqual([
      { topic: "newsletter-template/sent", templateId: "tpl_own", userId: OWN },
    ]);
  });

  it("gives the gateway's own credential, bound by COMMERCE_USER_ID, its store's events only", async () => {
    // Its store's two events come first in the log; the own-store marker never comes, so wait for
    // the two, then a while for anything else the replay would bring.
    const stream = openSse(boundToOther, STORE_FEED, {});
    await until(
      () => stream.results.length >= 2,
      () => stream.results,
    );
    await new Promise((r) => setTimeout(r, 500));
    stream.stop();
    expect(stream.results.map((r) => (r.data?.commerceEvents as { topic: string }).topic)).toEqual([
      "newsletter-template/sent",
      "newsletter-email/sent",
    ]);
  });

  it("gives the gateway's own credential without COMMERCE_USER_ID every event that reaches it", async () => {
    const results = await received(openSse(singleStore, STORE_FEED, {}));
    expect(results.map((r) => (r.data?.commerceEvents as { topic: string }).topic)).toEqual([
      "newsletter-template/sent",
      "newsletter-email/sent",
      "async-job/completed",
      "newsletter-template/sent",
    ]);
  });
});

describe("contactEvents: a store's person events", () => {
  const CONTACT = `subscription { contactEvents(email: "${VICTIM}", after: "0-0|0-0") { backend } }`;

  it("leaves out another store's events naming the address, and keeps the stream open", async () => {
    const bearer = await token({
      legacyApiKey: DEMO.apiKey,
      commerce: { kind: "apiKey", apiKey: commerce.demo.apiKey },
      scopes: "all",
      commerceUserId: OWN,
    });
    const stream = openSse(tokens, CONTACT, { authorization: `Bearer ${bearer}` });
    await new Promise((r) => setTimeout(r, 800));
    stream.stop();
    expect(stream.results).toEqual([]);
  });

  it("gives the address's events to the store they belong to", async () => {
    const bearer = await token({
      legacyApiKey: DEMO.apiKey,
      commerce: { kind: "apiKey", apiKey: commerce.demo.apiKey },
      scopes: "all",
      commerceUserId: OTHER,
    });
    const stream = openSse(tokens, CONTACT, { authorization: `Bearer ${bearer}` });
    await until(
      () => stream.results.length > 0,
      () => stream.results,
    );
    stream.stop();
    expect(stream.results.map((r) => r.data?.contactEvents)).toEqual([{ backend: "COMMERCE" }]);
  });

  it("streams no commerce event to a header key, which names no store, and refuses nothing else", async () => {
    const stream = openSse(tokens, CONTACT, {
      "x-legacy-api-key": DEMO.apiKey,
      "x-commerce-api-key": commerce.demo.apiKey,
    });
    await new Promise((r) => setTimeout(r, 800));
    stream.stop();
    expect(stream.results).toEqual([]);
  });
});
