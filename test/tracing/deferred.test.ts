/**
 * The operation span of a query answered in parts (@defer over multipart/mixed): it ends with the
 * last part, after the backend calls of the deferred fragments (not when the first part goes
 * out), carries the error codes of every part, and ends when the caller leaves early.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Gateway } from "../../src/server.js";
import { startLegacyProxy, type LegacyProxy } from "../e2e/support/legacy-proxy.js";
import { allParts, mergeParts, readParts, type Part } from "../support/incremental-parts.js";
import { startGateway, startStack } from "../support/stack.js";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "./otlp-receiver.js";

const ERROR = 2;
const DEFERRED_LISTS = `query DeferredLists { clients { id name ... @defer(label: "Lists") { lists { id name } } } }`;

const startSandbox = () => startStack({ gateway: false });
let stack: Awaited<ReturnType<typeof startSandbox>>;
let proxy: LegacyProxy;
let receiver: OtlpReceiver;
beforeAll(async () => {
  stack = await startSandbox();
  proxy = await startLegacyProxy(stack.legacy.url);
  receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await proxy?.close();
  await stack?.close();
});

/** Runs `use` against a traced gateway, then closes it (which exports its spans): the spans it made. */
async function traced(use: (gateway: Gateway) => Promise<void>): Promise<ReceivedSpan[]> {
  const gateway = await startGateway(proxy.url, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
  const before = receiver.spans.length;
  try {
    await use(gateway);
  } finally {
    await gateway.close();
  }
  return receiver.spans.slice(before);
}

function postDeferred(gateway: Gateway, signal?: AbortSignal): Promise<Response> {
  return fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "multipart/mixed" },
    body: JSON.stringify({ query: DEFERRED_LISTS }),
    signal,
  });
}

const operationOf = (spans: ReceivedSpan[]) => {
  const found = spans.filter((s) => s.name === "query DeferredLists");
  expect(found).toHaveLength(1);
  return found[0]!;
};

describe("the span of a deferred query", () => {
  it("ends with its last part, after every backend call the deferred fragments made", async () => {
    const parts: Part[] = [];
    const spans = await traced(async (gateway) => {
      const release = proxy.hold("Client.GetLists");
      try {
        for await (const part of readParts(await postDeferred(gateway))) {
          parts.push(part);
          if (parts.length === 1) release();
        }
      } finally {
        release();
      }
    });
    expect(parts.at(-1)?.hasNext).toBe(false);
    expect(mergeParts(parts).errors).toEqual([]);
    const operation = operationOf(spans);
    const below = spans.filter((s) => s.traceId === operation.traceId && s !== operation);
    const listCalls = below.filter((s) => s.attributes["mailgraph.legacy.operation"] === "Client.GetLists");
    expect(listCalls.length).toBeGreaterThan(0);
    for (const span of below) expect(span.end <= operation.end, `${span.name} ends within the operation`).toBe(true);
  });

  it("carries the error codes of its later parts", async () => {
    let errors: ReturnType<typeof mergeParts>["errors"] = [];
    proxy.scriptResult("Client.GetLists", 100);
    const spans = await traced(async (gateway) => {
      const parts = await allParts(await postDeferred(gateway));
      expect(parts[0]?.errors ?? []).toEqual([]);
      errors = mergeParts(parts).errors;
    }).finally(() => proxy.clear());
    expect(errors.length).toBeGreaterThan(0);
    const operation = operationOf(spans);
    expect(operation.statusCode).toBe(ERROR);
    expect(new Set(operation.attributes["graphql.error.codes"] as string[])).toEqual(
      new Set(errors.map((e) => e.extensions?.code ?? "UNCODED")),
    );
    expect(operation.attributes["graphql.error.count"]).toBe(errors.length);
  });

  it("ends when the caller leaves after the first part", async () => {
    const spans = await traced(async (gateway) => {
      const release = proxy.hold("Client.GetLists");
      const controller = new AbortController();
      try {
        const parts = readParts(await postDeferred(gateway, controller.signal));
        expect(((await parts.next()).value as Part).hasNext).toBe(true);
        controller.abort();
        await parts.return(undefined).catch(() => undefined);
      } finally {
        release();
      }
    });
    // Exported: a span that never ended would not be.
    operationOf(spans);
  });
});
