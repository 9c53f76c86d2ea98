/**
 * The gateway with a fault-injecting proxy (proxy.ts) in front of each sandbox: backends that
 * hang, reset, send garbage or answer 500/429 at random (seeded) give partial data and field
 * errors, never a whole-request 5xx; a backend that keeps failing opens its circuit breaker
 * (visible in the errors, /readyz and /metrics) and it closes again once the backend is back;
 * and no write is ever sent twice, counted at the sandboxes behind the proxies.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startCommerceSandbox, type CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway, type Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import { FIXED_NOW } from "../support/stack.js";
import { codes, post, send, type RawResponse } from "../server/support.js";
import { startFaultProxy, type FaultProxy } from "./proxy.js";

let legacy: LegacySandbox;
let commerce: CommerceSandbox;
let legacyProxy: FaultProxy;
let commerceProxy: FaultProxy;
const gateways: Gateway[] = [];

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  commerce = await startCommerceSandbox({ rateLimit: 0 });
  legacyProxy = await startFaultProxy(legacy.url, 1101);
  commerceProxy = await startFaultProxy(new URL(commerce.baseUrl).origin, 1102);
});
afterEach(async () => {
  for (const gateway of gateways.splice(0)) await gateway.close();
  legacyProxy.set("pass");
  commerceProxy.set("pass");
  legacyProxy.resetCounts();
  commerceProxy.resetCounts();
});
afterAll(async () => {
  await legacyProxy.close();
  await commerceProxy.close();
  await legacy.close();
  await commerce.close();
});

/** A gateway on both proxies, with short timeouts and a quick breaker. */
async function gateway(env: Record<string, string> = {}): Promise<Gateway> {
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    LEGACY_URL: legacyProxy.url,
    LEGACY_API_KEY: DEMO.apiKey,
    COMMERCE_URL: `${commerceProxy.url}/api/v1`,
    COMMERCE_API_KEY: commerce.demo.apiKey,
    AUTH_MODE: "open",
    ...Object.fromEntries(
      ["LEGACY", "COMMERCE"].flatMap((b) => [
        [`${b}_HEADERS_TIMEOUT_MS`, "250"],
        [`${b}_BODY_TIMEOUT_MS`, "250"],
        [`${b}_CALL_DEADLINE_MS`, "1500"],
        [`${b}_RETRY_BASE_DELAY_MS`, "5"],
        [`${b}_BREAKER_FAILURES`, "5"],
        [`${b}_BREAKER_HALF_OPEN_MS`, "400"],
      ]),
    ),
    ...env,
  });
  const started = await createGateway(config, { log: () => undefined });
  gateways.push(started);
  return started;
}

const BOTH = `query FaultBoth {
  clients { id name lists { id name stats { totalActiveSubscribers } } }
  store { coupons(first: 3) { totalCount } segments { segmentId } }
}`;
const UPSTREAM_CODES = new Set([
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_TIMEOUT",
  "UPSTREAM_BAD_RESPONSE",
  "UPSTREAM_CIRCUIT_OPEN",
  "UPSTREAM_BULKHEAD_FULL",
]);

function expectPartial(res: RawResponse): void {
  expect(res.status).toBe(200);
  expect(res.body?.data).toBeTypeOf("object");
  for (const code of codes(res)) expect(UPSTREAM_CODES).toContain(code);
}

async function metricsText(gw: Gateway): Promise<string> {
  return (await send(`${gw.url}/metrics`)).text;
}

describe("backends failing at random (seeded)", () => {
  it("hang, reset, garbage, 500 and 429 give partial data and field errors, never a 5xx", async () => {
    const gw = await gateway();
    const weights = { pass: 8, hang: 1, reset: 1, garbage: 1, "500": 1, "429": 1 };
    legacyProxy.set(weights);
    commerceProxy.set(weights);
    const responses: RawResponse[] = [];
    for (let round = 0; round < 4; round++) {
      responses.push(...(await Promise.all(Array.from({ length: 5 }, () => post(gw.url, BOTH)))));
    }
    for (const res of responses) expectPartial(res);
    // Some fields arrived while others failed, in the same response.
    const partial = responses.filter((r) => codes(r).length > 0 && JSON.stringify(r.body?.data).includes('"name"'));
    expect(partial.length).toBeGreaterThan(0);
    // Every fault was drawn, and reads were retried.
    for (const fault of ["hang", "reset", "garbage", "500", "429"] as const) {
      expect(legacyProxy.byFault[fault] + commerceProxy.byFault[fault]).toBeGreaterThan(0);
    }
    expect(await metricsText(gw)).toMatch(
      /mailgraph_backend_retries_total\{backend="legacy",operation="[A-Za-z.]+"\} [1-9]/,
    );
    expect((await send(`${gw.url}/livez`)).status).toBe(200);
  }, 30_000);
});

describe("the circuit breaker", () => {
  const CLIENTS_AND_STORE = "query FaultClientsStore { clients { id } store { coupons(first: 2) { totalCount } } }";

  it("opens when the legacy service keeps failing, fails fast while commerce fields still arrive, and closes again", async () => {
    const gw = await gateway();
    legacyProxy.set("reset");
    const first = await post(gw.url, CLIENTS_AND_STORE);
    expectPartial(first);
    expect(codes(first)).toEqual(["UPSTREAM_UNAVAILABLE"]);
    // Three attempts of that read; the next request's second failure is the fifth in a row and
    // opens the breaker, which also ends that request's retries.
    expect(legacyProxy.total()).toBe(3);
    const second = await post(gw.url, CLIENTS_AND_STORE);
    expect(codes(second)).toEqual(["UPSTREAM_UNAVAILABLE"]);
    expect(legacyProxy.total()).toBe(5);

    // Open: nothing reaches the service; the commerce field of the same request is unaffected.
    const open = await post(gw.url, CLIENTS_AND_STORE);
    expect(open.status).toBe(200);
    expect(legacyProxy.total()).toBe(5);
    expect(open.body?.errors?.[0]).toMatchObject({
      path: ["clients"],
      extensions: { code: "UPSTREAM_CIRCUIT_OPEN", backend: "legacy", retryAfterSeconds: 1 },
    });
    expect(open.body?.data).toMatchObject({ clients: null, store: { coupons: { totalCount: expect.any(Number) } } });
    const ready = await send(`${gw.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text)).toMatchObject({ status: "unavailable", backends: { legacy: { circuit: "open" } } });
    expect(await metricsText(gw)).toContain('mailgraph_backend_circuit_state{backend="legacy",state="open"} 1');

    // The service comes back; after the wait one probe goes through and closes the breaker.
    legacyProxy.set("pass");
    await new Promise((r) => setTimeout(r, 450));
    const back = await post(gw.url, CLIENTS_AND_STORE);
    expect(back.body?.errors ?? []).toEqual([]);
    const metrics = await metricsText(gw);
    expect(metrics).toContain('mailgraph_backend_circuit_state{backend="legacy",state="closed"} 1');
    expect(metrics).toContain('mailgraph_backend_circuit_transitions_total{backend="legacy",state="open"} 1');
    expect(metrics).toContain('mailgraph_backend_circuit_transitions_total{backend="legacy",state="closed"} 1');
  });

  it("reopens when the probe fails", async () => {
    const gw = await gateway();
    commerceProxy.set("500");
    const query = "query FaultCoupons { store { coupons(first: 2) { totalCount } } }";
    await post(gw.url, query);
    await post(gw.url, query);
    expect(codes(await post(gw.url, query))).toEqual(["UPSTREAM_CIRCUIT_OPEN"]);
    await new Promise((r) => setTimeout(r, 450));
    const before = commerceProxy.total();
    // The probe's own failure (an HTML 500 page) is what the caller sees.
    expect(codes(await post(gw.url, query))).toEqual(["UPSTREAM_BAD_RESPONSE"]);
    // One probe only: a failing probe is not retried, and the breaker is open again.
    expect(commerceProxy.total()).toBe(before + 1);
    expect(codes(await post(gw.url, query))).toEqual(["UPSTREAM_CIRCUIT_OPEN"]);
  });
});

describe("writes", () => {
  const ADD = `mutation FaultAdd($input: AddSubscriberInput!) { addSubscriber(input: $input) { __typename } }`;
  const SUBSCRIBE = `mutation FaultSubscribe($input: SubscribeToCustomerListInput!) {
    subscribeToCustomerList(input: $input) { __typename }
  }`;
  const isLegacyAdd = (req: { headers: Record<string, unknown> }) =>
    String(req.headers.soapaction).includes("Subscriber.Add");

  it("a legacy write whose reply is lost, refused or reset is sent once; a read under the same fault is retried", async () => {
    const gw = await gateway();
    for (const [i, fault] of (["drop-reply", "500", "reset"] as const).entries()) {
      legacy.calls.reset();
      legacyProxy.resetCounts();
      legacyProxy.set(fault, isLegacyAdd);
      const res = await post(gw.url, ADD, { input: { listId: demo.newsletter, email: `fault-${i}@example.com` } });
      expect(res.status).toBe(200);
      expect(res.body?.data).toEqual({ addSubscriber: null });
      // A lost reply or a reset is UNAVAILABLE; an HTML error page a reply that cannot be read.
      expect(codes(res)).toEqual([fault === "500" ? "UPSTREAM_BAD_RESPONSE" : "UPSTREAM_UNAVAILABLE"]);
      expect(legacyProxy.log.filter((r) => r.soapAction === "Subscriber.Add")).toHaveLength(1);
      expect(legacy.calls.count("Subscriber.Add")).toBe(fault === "drop-reply" ? 1 : 0);
    }
    legacy.calls.reset();
    legacyProxy.set("drop-reply", (req) => String(req.headers.soapaction).includes("User.GetClients"));
    await post(gw.url, "query FaultClients { clients { id } }");
    expect(legacy.calls.count("User.GetClients")).toBe(3);
  });

  it("a commerce write (PUT) is sent once whatever the fault; a GET is retried", async () => {
    const gw = await gateway();
    const put = "PUT /customer-lists/:id/subscriptions";
    for (const [i, fault] of (["drop-reply", "500", "429", "reset"] as const).entries()) {
      commerce.calls.reset();
      commerceProxy.resetCounts();
      commerceProxy.set(fault, (req) => req.method !== "GET");
      const res = await post(gw.url, SUBSCRIBE, { input: { listId: "cl_launch", email: `fault-${i}@example.org` } });
      expect(res.status).toBe(200);
      expect(res.body?.data).toEqual({ subscribeToCustomerList: null });
      expect(commerceProxy.byMethod.PUT).toBe(1);
      expect(commerce.calls.count(put)).toBe(fault === "drop-reply" ? 1 : 0);
    }
    commerce.calls.reset();
    commerceProxy.set("drop-reply", (req) => req.method === "GET");
    await post(gw.url, "query FaultSegments { store { segments { segmentId } } }");
    expect(commerce.calls.count("GET /segments")).toBe(3);
  });
});
