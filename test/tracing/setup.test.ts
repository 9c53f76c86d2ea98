/**
 * The tracer provider's life: spans reach the collector on close, and a collector that never
 * answers does not hold the close beyond its bound; without an endpoint there is no tracing.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startTracing } from "../../src/tracing/setup.js";
import { startOtlpReceiver } from "./otlp-receiver.js";

describe("startTracing", () => {
  it("is off without an endpoint", async () => {
    expect(await startTracing({ otlpEndpoint: undefined, serviceName: "x" })).toBeUndefined();
  });

  it("exports buffered spans when shut down", async () => {
    const receiver = await startOtlpReceiver();
    try {
      const tracing = (await startTracing({ otlpEndpoint: receiver.url, serviceName: "unit" }))!;
      tracing.tracer.startSpan("one").end();
      tracing.tracer.startSpan("two").end();
      await tracing.shutdown();
      expect(receiver.spans.map((s) => [s.name, s.serviceName])).toEqual([
        ["one", "unit"],
        ["two", "unit"],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("stops waiting for a collector that never answers", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const tracing = (await startTracing({ otlpEndpoint: url, serviceName: "unit" }, 300))!;
      tracing.tracer.startSpan("stuck").end();
      const started = performance.now();
      await tracing.shutdown();
      const ms = performance.now() - started;
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(2_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
