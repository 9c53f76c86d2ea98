/**
 * Traces: with OTEL_EXPORTER_OTLP_ENDPOINT one GraphQL query is exported over OTLP/HTTP as an
 * operation span (continuing the caller's traceparent) with the loader batch, the commerce
 * service call and every backend call below it, each backend call's traceparent sent on; without
 * the endpoint no span is made, no traceparent is sent, and the SDK is never imported.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { loadConfig } from "../../src/config.js";
import { startCommerceSandbox, type CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { PERSON_QUERY } from "../../src/schema/people/examples.js";
import { createGateway, type Gateway } from "../../src/server.js";
import { recordingProxy, type RecordingProxy } from "../logging/recording-proxy.js";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "./otlp-receiver.js";

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/** The caller's trace: the operation span continues it. */
const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

let legacy: LegacySandbox;
let commerce: CommerceSandbox;
let legacyProxy: RecordingProxy;
let commerceProxy: RecordingProxy;
let receiver: OtlpReceiver;

beforeAll(async () => {
  legacy = await startLegacySandbox();
  commerce = await startCommerceSandbox({ rateLimit: 0 });
  legacyProxy = await recordingProxy(legacy.url);
  commerceProxy = await recordingProxy(commerce.url);
  receiver = await startOtlpReceiver();
});

afterAll(async () => {
  await receiver?.close();
  await legacyProxy?.close();
  await commerceProxy?.close();
  await legacy?.close();
  await commerce?.close();
});

const lines: string[] = [];

function gatewayWith(env: Record<string, string>, legacyKey: string = DEMO.apiKey): Promise<Gateway> {
  return createGateway(
    loadConfig({
      HOST: "127.0.0.1",
      PORT: "0",
      AUTH_MODE: "open",
      LEGACY_URL: legacyProxy.url,
      LEGACY_API_KEY: legacyKey,
      COMMERCE_URL: `${commerceProxy.url}/api/v1`,
      COMMERCE_API_KEY: commerce.demo.apiKey,
      ...env,
    }),
    { log: (line) => lines.push(line) },
  );
}

async function query(gateway: Gateway, headers: Record<string, string> = {}, document = PERSON_QUERY) {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query: document }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
  return { res, body };
}

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((s) => s.parentSpanId === parent.spanId);

describe("traces over OTLP", () => {
  it("exports one query as an operation span with its batches and backend calls below it", async () => {
    const gateway = await gatewayWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: "mailgraph-test",
    });
    const legacySeen = legacyProxy.seen.length;
    const commerceSeen = commerceProxy.seen.length;
    const { res, body } = await query(gateway, { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });
    expect(body.errors ?? []).toEqual([]);
    // Closing the gateway exports what the batch processor still holds.
    await gateway.close();

    expect(receiver.contentTypes.every((t) => t.startsWith("application/json"))).toBe(true);
    const spans = receiver.spans.filter((s) => s.traceId === CALLER_TRACE);
    expect(spans.length).toBeGreaterThan(0);
    expect(new Set(spans.map((s) => s.serviceName))).toEqual(new Set(["mailgraph-test"]));

    const operation = spans.find((s) => s.name === "query Person")!;
    // The request's log line names the trace, so logs and traces can be joined.
    const line = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.requestId === res.headers.get("x-request-id"));
    expect(line).toMatchObject({ traceId: CALLER_TRACE, operationName: "Person", status: 200 });
    expect(operation).toMatchObject({
      kind: SERVER,
      parentSpanId: CALLER_SPAN,
      attributes: {
        "graphql.operation.type": "query",
        "graphql.operation.name": "Person",
        "mailgraph.request_id": res.headers.get("x-request-id"),
      },
    });

    // Below the operation: the legacy loader's batches and the commerce service's calls.
    const batches = childrenOf(spans, operation);
    const legacyBatches = batches.filter((s) => s.name === "legacy.batch");
    const commerceCalls = batches.filter((s) => s.name.startsWith("commerce.service"));
    expect(legacyBatches.length).toBeGreaterThan(0);
    expect(commerceCalls.length).toBeGreaterThan(0);
    // Each named by the client method it makes.
    for (const call of commerceCalls) expect(call.name).toMatch(/^commerce\.service [a-z]\w+$/);
    expect(legacyBatches[0]!.attributes["mailgraph.batch.size"]).toEqual(expect.any(Number));

    // Below those: one client span per backend call, each the parent named in that call's traceparent.
    const backendSpans = spans.filter((s) => s.kind === CLIENT);
    const sent = [...legacyProxy.seen.slice(legacySeen), ...commerceProxy.seen.slice(commerceSeen)];
    expect(backendSpans).toHaveLength(sent.length);
    for (const call of sent) {
      const [, trace, parent] = String(call.headers.traceparent).split("-");
      expect(trace).toBe(CALLER_TRACE);
      const span = backendSpans.find((s) => s.spanId === parent);
      expect(span, `a span for ${call.method} ${call.path}`).toBeDefined();
      expect(batches.map((b) => b.spanId)).toContain(span!.parentSpanId);
      expect(span!.attributes["http.response.status_code"]).toBe(200);
      // No query string (the legacy GET transport carries the key there), no address.
      expect(String(span!.attributes["url.path"])).not.toMatch(/[?@]/);
    }
    const legacyCalls = backendSpans.filter((s) => s.attributes["mailgraph.legacy.operation"]);
    expect(legacyCalls.length).toBeGreaterThan(0);
    expect(legacyCalls[0]!.name).toMatch(/^POST [A-Z][a-z]+\.[A-Z]\w+$/);
    // Commerce calls by their route, ids left out: a bounded set of names.
    const commerceSpans = backendSpans.filter((s) => !s.attributes["mailgraph.legacy.operation"]);
    expect(commerceSpans.length).toBeGreaterThan(0);
    for (const span of commerceSpans) {
      expect(span.name).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/[a-z-]+(\/([a-z-]+|\{id\}))*$/);
      expect(span.name).toBe(
        `${String(span.attributes["http.request.method"])} ${String(span.attributes["url.template"])}`,
      );
    }
  });

  it("starts a trace of its own without a caller's traceparent, and marks failures", async () => {
    const gateway = await gatewayWith({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, "not-the-demo-key-1234");
    const before = receiver.spans.length;
    // The legacy service refuses the key: the clients field fails.
    const { body } = await query(gateway, {}, "query Clients { clients { id name } }");
    await gateway.close();
    expect(body.errors?.length).toBeGreaterThan(0);
    const spans = receiver.spans.slice(before);
    const operation = spans.find((s) => s.name === "query Clients")!;
    expect(operation.parentSpanId).toBeUndefined();
    expect(operation.traceId).not.toBe(CALLER_TRACE);
    expect(operation.statusCode).toBe(ERROR);
    expect(operation.attributes["graphql.error.codes"]).toEqual(
      expect.arrayContaining([body.errors![0]!.extensions!.code]),
    );
    expect(spans.every((s) => s.traceId === operation.traceId)).toBe(true);
    expect(spans.filter((s) => s.kind === CLIENT).length).toBeGreaterThan(0);
  });
});

describe("traces of graphql-ws operations", () => {
  it("exports an operation over a websocket as its own trace, with the connection's request id", async () => {
    const gateway = await gatewayWith({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    const before = receiver.spans.length;
    const client = createClient({
      url: `${gateway.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      lazy: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        client.subscribe(
          { query: "query Clients { clients { id } }" },
          { next: () => {}, error: reject, complete: resolve },
        );
      });
    } finally {
      await client.dispose();
      await gateway.close();
    }
    const spans = receiver.spans.slice(before);
    const operation = spans.find((s) => s.name === "query Clients")!;
    expect(operation).toMatchObject({ kind: SERVER, parentSpanId: undefined });
    expect(operation.attributes["mailgraph.request_id"]).toMatch(/^[0-9a-f-]{36}$/);
    const calls = spans.filter((s) => s.kind === CLIENT);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((s) => s.traceId === operation.traceId)).toBe(true);
  });
});

describe("without OTEL_EXPORTER_OTLP_ENDPOINT", () => {
  it("makes no span and sends no traceparent, but still the request id", async () => {
    const gateway = await gatewayWith({});
    const spansBefore = receiver.spans.length;
    const legacySeen = legacyProxy.seen.length;
    const commerceSeen = commerceProxy.seen.length;
    try {
      await query(gateway, { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` });
    } finally {
      await gateway.close();
    }
    expect(receiver.spans.length).toBe(spansBefore);
    const calls = [...legacyProxy.seen.slice(legacySeen), ...commerceProxy.seen.slice(commerceSeen)];
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) {
      expect(call.headers.traceparent).toBeUndefined();
      expect(call.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("never imports the SDK or the exporter outside the dynamic import of tracing/setup.ts", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith(".ts")) {
          const text = readFileSync(path, "utf8");
          // A static import (with a binding, or for its effects) of anything but the API.
          if (/^import\s[^;]*?["']@opentelemetry\/(?!api["'])/m.test(text)) offenders.push(path);
        }
      }
    };
    walk("src");
    expect(offenders).toEqual([]);
    expect(readFileSync("src/tracing/setup.ts", "utf8")).toMatch(
      /await Promise\.all\(\[\s*import\("@opentelemetry\/sdk-trace-base"\)/,
    );
  });
});
