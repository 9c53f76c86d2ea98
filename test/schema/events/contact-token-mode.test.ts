/**
 * contactEvents in token mode with a gateway token that carries a commerce key bound to a store
 * but no legacy key: the commerce side answers. The stream's first result is a typed partial
 * failure (UNAUTHENTICATED on the field, `backend: "legacy"`, `partial: true`, reason
 * LEGACY_LEFT_OUT) whose advice is the token-mode one (a token carrying a legacy key, made with
 * `npm run token`); the person's commerce events follow, under cursors that keep the legacy
 * position. A second subscriber of the same shared stream, joining later, is told the same first.
 * A token with neither a legacy key nor a store-bound commerce credential is still refused.
 */
import { createHash } from "node:crypto";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "graphql-ws";
import { sealGatewayToken, tokenKey } from "../../../src/auth/gateway-token.js";
import { startCommerceSandbox, type CommerceSandbox } from "../../../src/sandbox/commerce/index.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../../src/server.js";
import { FIXED_NOW, startGateway } from "../../support/stack.js";
import {
  COMMERCE_SECRET,
  INGRESS_TOKEN,
  subscribeWs,
  until,
  wsClient,
  type Received,
} from "./subscriptions-support.js";

const GATEWAY_SECRET = "a-gateway-secret-of-at-least-32-bytes-long";
const OWN = "usr_demo";
const EMAIL = "token.person@example.com";
const CONTACT_FEED = `subscription Contact($email: String!, $after: ID) {
  contactEvents(email: $email, after: $after) {
    cursor backend event { __typename ... on CommerceTopicEvent { topic data } }
  }
}`;

let legacy: LegacySandbox;
let commerce: CommerceSandbox;
let gateway: Gateway;
const clients: Client[] = [];
const streams: Received[] = [];

const sha256 = (body: string) => createHash("sha256").update(body).digest("base64url");

async function postCommerceEvent(topic: string, data: Record<string, unknown>): Promise<void> {
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

const emailSent = (templateId: string) => ({
  templateId,
  userId: OWN,
  customerId: "c_1",
  email: EMAIL,
  sentAt: "2026-03-18T02:01:00Z",
});

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  commerce = await startCommerceSandbox({ rateLimit: 0, webhookSecret: COMMERCE_SECRET });
  gateway = await startGateway(legacy.url, {
    COMMERCE_URL: commerce.baseUrl,
    INGRESS_TOKEN,
    COMMERCE_WEBHOOK_SECRET: COMMERCE_SECRET,
    AUTH_MODE: "token",
    GATEWAY_SECRET,
  });
});
afterAll(async () => {
  for (const stream of streams) stream.stop();
  for (const client of clients) await client.dispose();
  await gateway?.close();
  await commerce?.close();
  await legacy?.close();
});

const tokenOf = (claims: Parameters<typeof sealGatewayToken>[0]) =>
  sealGatewayToken(claims, tokenKey(GATEWAY_SECRET), 600);

/** A graphql-ws client (a connection of its own) sending `token`. */
function clientWith(token: string): Client {
  const client = wsClient(gateway, { authorization: `Bearer ${token}` });
  clients.push(client);
  return client;
}

type Extensions = Record<string, unknown>;
const errorsOf = (stream: Received) =>
  stream.results.flatMap((r) => (r.errors ?? []) as { message: string; extensions?: Extensions }[]);
const itemsOf = (stream: Received) =>
  stream.results.flatMap((r) => (r.data?.contactEvents ? [r.data.contactEvents] : []));

describe("contactEvents with a token that carries no legacy key", () => {
  it("streams the commerce side after a typed partial failure naming the legacy side, to every subscriber", async () => {
    // A commerce key bound to its store, and no legacy key.
    const token = await tokenOf({
      commerce: { kind: "apiKey", apiKey: commerce.demo.apiKey },
      scopes: "all",
      commerceUserId: OWN,
    });
    const first = subscribeWs(clientWith(token), CONTACT_FEED, {
      email: EMAIL,
    });
    streams.push(first);
    await until(
      () => first.results.length >= 1 || first.ended !== undefined,
      () => first,
    );
    expect(first.ended).toBeUndefined();
    const [notice] = first.results;
    expect(notice?.data ?? null).toBeNull();
    expect(notice?.errors).toHaveLength(1);
    const [error] = errorsOf(first);
    expect(error?.extensions).toMatchObject({
      code: "UNAUTHENTICATED",
      backend: "legacy",
      partial: true,
      reason: "LEGACY_LEFT_OUT",
    });
    expect(error?.message).toContain("legacy list events are left out");
    // The advice of token mode: a gateway token carrying a legacy key.
    expect(error?.message).toContain("AUTH_MODE=token");
    expect(error?.message).toContain("npm run token -- --legacy-api-key <key>");
    expect(error?.message).not.toContain("LEGACY_API_KEY");

    // Another connection of the same caller, joining the shared stream later, is told the same first.
    const second = subscribeWs(clientWith(token), CONTACT_FEED, {
      email: EMAIL,
    });
    streams.push(second);
    await until(
      () => second.results.length >= 1 || second.ended !== undefined,
      () => second,
    );
    expect(errorsOf(second).map((e) => e.extensions?.reason)).toEqual(["LEGACY_LEFT_OUT"]);
    expect(gateway.fanout.stats.executions).toBe(1);

    await postCommerceEvent("newsletter-email/sent", emailSent("tpl_one"));
    await postCommerceEvent("newsletter-email/sent", { ...emailSent("tpl_other"), email: "someone@example.com" });
    await postCommerceEvent("newsletter-email/sent", emailSent("tpl_two"));
    await until(
      () => itemsOf(first).length >= 2 && itemsOf(second).length >= 2,
      () => [first.results, second.results],
    );
    for (const stream of [first, second]) {
      const items = itemsOf(stream);
      expect(items.map((i) => [i.backend, (i.event as { data: { templateId: string } }).data.templateId])).toEqual([
        ["COMMERCE", "tpl_one"],
        ["COMMERCE", "tpl_two"],
      ]);
      expect(errorsOf(stream)).toHaveLength(1);
      expect(stream.ended).toBeUndefined();
    }
    // The cursor keeps a legacy position, so it resumes on both sides as any other.
    const cursor = String(itemsOf(first)[0]?.cursor);
    expect(cursor).toMatch(/^\d+-\d+\|\d+-\d+$/);

    // Resumed from the first event's cursor: told again, then only what came after it.
    const resumed = subscribeWs(clientWith(token), CONTACT_FEED, {
      email: EMAIL,
      after: cursor,
    });
    streams.push(resumed);
    await until(
      () => itemsOf(resumed).length >= 1 || resumed.ended !== undefined,
      () => resumed,
    );
    expect(errorsOf(resumed).map((e) => e.extensions?.reason)).toEqual(["LEGACY_LEFT_OUT"]);
    expect(itemsOf(resumed).map((i) => (i.event as { data: { templateId: string } }).data.templateId)).toEqual([
      "tpl_two",
    ]);
  });

  it("is refused as before when the commerce side cannot answer either (no store-bound credential)", async () => {
    const client = clientWith(
      await tokenOf({ commerce: { kind: "apiKey", apiKey: commerce.demo.apiKey }, scopes: "all" }),
    );
    const stream = subscribeWs(client, CONTACT_FEED, { email: EMAIL });
    streams.push(stream);
    await until(
      () => stream.ended !== undefined,
      () => stream,
    );
    const errors = [
      ...errorsOf(stream),
      ...(Array.isArray(stream.error) ? (stream.error as { extensions?: Extensions }[]) : []),
    ];
    expect(errors.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    expect(errors[0]?.extensions?.partial).toBeUndefined();
  });
});
