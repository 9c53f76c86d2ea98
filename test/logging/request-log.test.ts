/**
 * The gateway's log: one JSON line per request (method, path without query, operation name,
 * status, duration, request id, error codes), the request id accepted or made up, answered, and
 * sent to both backends; no key, token, cookie or address in any line.
 */
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { loadConfig } from "../../src/config.js";
import { startCommerceSandbox, type CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway, type Gateway } from "../../src/server.js";
import { PERSON_QUERY } from "../../src/schema/people/examples.js";
import { recordingProxy, type RecordingProxy } from "./recording-proxy.js";

const INGRESS_TOKEN = "ingress-token-for-the-log-test-0123456789";

let legacy: LegacySandbox;
let commerce: CommerceSandbox;
let legacyProxy: RecordingProxy;
let commerceProxy: RecordingProxy;
let gateway: Gateway;
const lines: string[] = [];

/** The lines logged since `from`, parsed. */
const logged = (from = 0) => lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  legacy = await startLegacySandbox();
  commerce = await startCommerceSandbox({ rateLimit: 0 });
  legacyProxy = await recordingProxy(legacy.url);
  commerceProxy = await recordingProxy(commerce.url);
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    AUTH_MODE: "open",
    LEGACY_URL: legacyProxy.url,
    LEGACY_API_KEY: DEMO.apiKey,
    COMMERCE_URL: `${commerceProxy.url}/api/v1`,
    COMMERCE_API_KEY: commerce.demo.apiKey,
    INGRESS_TOKEN,
  });
  gateway = await createGateway(config, { log: (line) => lines.push(line) });
});

afterAll(async () => {
  await gateway?.close();
  await legacyProxy?.close();
  await commerceProxy?.close();
  await legacy?.close();
  await commerce?.close();
});

function post(body: unknown, headers: Record<string, string> = {}, query = "") {
  return fetch(`${gateway.url}/graphql${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** Waits until the line of the request answered with `id` is written (after the reply ends). */
async function lineOf(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 100; i++) {
    const found = logged().filter((l) => l.requestId === id);
    if (found.length > 0) {
      expect(found).toHaveLength(1);
      return found[0]!;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no log line for request ${id}`);
}

describe("request log lines", () => {
  it("writes one line per request with its facts, and sends the caller's request id to both backends", async () => {
    const legacySeen = legacyProxy.seen.length;
    const commerceSeen = commerceProxy.seen.length;
    const res = await post(
      { query: PERSON_QUERY },
      { "x-request-id": "frontend-7f3a.42" },
      "?trace=ada.lovelace%40example.com",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("frontend-7f3a.42");
    await res.text();
    const line = await lineOf("frontend-7f3a.42");
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "POST",
      path: "/graphql",
      operationName: "Person",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(typeof line.time).toBe("string");
    expect(line).not.toHaveProperty("errorCodes");
    // Every backend call of the request carried its id: the legacy reads and the commerce ones.
    const legacyCalls = legacyProxy.seen.slice(legacySeen);
    const commerceCalls = commerceProxy.seen.slice(commerceSeen);
    expect(legacyCalls.length).toBeGreaterThan(0);
    expect(commerceCalls.length).toBeGreaterThan(0);
    for (const call of [...legacyCalls, ...commerceCalls])
      expect(call.headers["x-request-id"]).toBe("frontend-7f3a.42");
  });

  it.each(["get", "post"])("sends the request id with the legacy HTTP %s transport too", async (transport) => {
    const other = await createGateway(
      loadConfig({
        HOST: "127.0.0.1",
        PORT: "0",
        AUTH_MODE: "open",
        LEGACY_URL: legacyProxy.url,
        LEGACY_API_KEY: DEMO.apiKey,
        LEGACY_TRANSPORT: transport,
      }),
      { log: () => {} },
    );
    const seen = legacyProxy.seen.length;
    try {
      const res = await fetch(`${other.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-request-id": `via-${transport}` },
        body: JSON.stringify({ query: "query Clients { clients { id } }" }),
      });
      expect(res.status).toBe(200);
      await res.text();
    } finally {
      await other.close();
    }
    const calls = legacyProxy.seen.slice(seen);
    expect(calls.map((c) => c.method)).toContain(transport.toUpperCase());
    for (const call of calls) {
      expect(call.path).toMatch(/^\/api\/api\.asmx\/\w+\.\w+/);
      expect(call.headers["x-request-id"]).toBe(`via-${transport}`);
    }
  });

  it("logs one line per websocket connection, whose operations send its request id to the backends", async () => {
    class WithRequestId extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers: { "x-request-id": "ws-connection-1" } });
      }
    }
    const client = createClient({
      url: `${gateway.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WithRequestId,
      retryAttempts: 0,
      lazy: true,
    });
    const seen = legacyProxy.seen.length;
    try {
      const result = await new Promise<unknown>((resolve, reject) => {
        let data: unknown;
        client.subscribe(
          { query: "query Clients { clients { id } }" },
          { next: (value) => void (data = value), error: reject, complete: () => resolve(data) },
        );
      });
      expect(result).toMatchObject({ data: { clients: expect.any(Array) } });
    } finally {
      await client.dispose();
    }
    const calls = legacyProxy.seen.slice(seen);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers["x-request-id"]).toBe("ws-connection-1");
    expect(await lineOf("ws-connection-1")).toMatchObject({
      msg: "websocket closed",
      path: "/graphql",
      status: 101,
      closeCode: 1000,
      durationMs: expect.any(Number),
    });
  });

  it.each([
    ["white space", "two words"],
    ["an address", "ada.lovelace@example.com"],
    ["a line break", "a\r\nX-Injected: 1"],
    ["more than 128 characters", "x".repeat(129)],
  ])("replaces an incoming id holding %s with a fresh one", async (_what, incoming) => {
    // fetch refuses header values with line breaks; the id is then simply missing.
    const headers: Record<string, string> = /[\r\n]/.test(incoming) ? {} : { "x-request-id": incoming };
    const res = await post({ query: "query Ping { __typename }" }, headers);
    await res.text();
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await lineOf(id!)).toMatchObject({ operationName: "Ping", status: 200 });
  });

  it("logs an operation name only as GraphQL writes one, never the caller's arbitrary text", async () => {
    const junk = `${"x".repeat(10_000)} ada.lovelace@example.com`;
    const res = await post({ query: "query Ping { __typename }", operationName: junk });
    await res.text();
    const line = await lineOf(res.headers.get("x-request-id")!);
    expect(line.operationName).not.toBe(junk);
    expect(JSON.stringify(line).length).toBeLessThan(2_000);
  });

  it("gives every request its own id, and lists the error codes answered", async () => {
    const first = await post({ query: "query Missing { nope }" });
    const second = await post({ query: "query Missing { nope }" });
    await Promise.all([first.text(), second.text()]);
    const ids = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(ids[0]).not.toBe(ids[1]);
    const line = await lineOf(ids[0]!);
    expect(line).toMatchObject({ status: first.status, errorCodes: ["GRAPHQL_VALIDATION_FAILED"] });
  });

  it("answers and logs requests that never reach GraphQL: probes at debug level (not written at info), refusals", async () => {
    const before = lines.length;
    const health = await fetch(`${gateway.url}/health`);
    expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await health.text();
    const refused = await fetch(`${gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: "{}",
    });
    const refusedBody = refused.json();
    const id = refused.headers.get("x-request-id")!;
    expect(refused.status).toBe(403);
    const { errors } = (await refusedBody) as { errors: { extensions: { code: string } }[] };
    expect(await lineOf(id)).toMatchObject({
      method: "POST",
      path: "/graphql",
      status: 403,
      errorCodes: [errors[0]!.extensions.code],
    });
    expect(logged(before).some((l) => l.path === "/health")).toBe(false);
  });

  it("scrubs percent-encoded and international addresses from the logged path", async () => {
    for (const path of ["/u/jos%C3%A9!x@ex%C3%A4mple.com", "/u/jose%40example.com", "/u/jose%2540example.com"]) {
      const res = await fetch(`${gateway.url}${path}?email=a%40b.com&next=c@d.com`);
      await res.text();
      const line = await lineOf(res.headers.get("x-request-id")!);
      expect(line).toMatchObject({ method: "GET", path: "/u/[email]" });
      expect(JSON.stringify(line)).not.toMatch(/jos|example|mple|b\.com|d\.com/);
    }
  });

  it("censors the legacy webhook's token in the path, and never logs keys, tokens, cookies or addresses", async () => {
    const before = lines.length;
    const hook = await fetch(`${gateway.url}/webhooks/legacy/${INGRESS_TOKEN}?email=ada.lovelace@example.com`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "not json",
    });
    await hook.text();
    const hookLine = await lineOf(hook.headers.get("x-request-id")!);
    expect(hookLine.path).toBe("/webhooks/legacy/[redacted]");
    // A caller's credentials and an address in every place a request can carry them.
    const res = await post(
      {
        query: `query Person($email: String!) { contact(email: $email, customerListIds: ["cl_vip"]) { email } }`,
        variables: { email: "grace.hopper@example.com" },
        operationName: "Person",
      },
      {
        "x-legacy-api-key": DEMO.apiKey,
        "x-commerce-api-key": commerce.demo.apiKey,
        authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl",
        cookie: "session=secret-cookie-value",
      },
      "?email=grace.hopper@example.com&key=demo-legacy-key",
    );
    await res.text();
    await lineOf(res.headers.get("x-request-id")!);
    const text = lines.slice(before).join("");
    for (const secret of [
      INGRESS_TOKEN,
      DEMO.apiKey,
      commerce.demo.apiKey,
      "eyJhbGciOiJIUzI1NiJ9",
      "secret-cookie-value",
      "grace.hopper",
      "ada.lovelace",
      "@example.com",
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
