/**
 * Traces over OTLP/HTTP (JSON), when OTEL_EXPORTER_OTLP_ENDPOINT is set: a tracer provider of the
 * gateway's own (not registered globally, so several gateways in one process keep their traces
 * apart), batching spans to `${endpoint}/v1/traces`. Without an endpoint nothing of the SDK is
 * loaded: the hooks find no tracer in the request's scope and make no span.
 *
 * The SDK's standard variables still apply where they make sense: OTEL_TRACES_SAMPLER(_ARG),
 * OTEL_BSP_* (batching), OTEL_EXPORTER_OTLP_HEADERS and OTEL_EXPORTER_OTLP_TIMEOUT.
 */
import type { Tracer } from "@opentelemetry/api";

/** What the gateway is told about tracing (config.tracing). */
export interface TracingConfig {
  /** OTLP/HTTP base URL (traces go to `${endpoint}/v1/traces`); undefined turns tracing off. */
  otlpEndpoint: string | undefined;
  /** service.name of the exported resource. */
  serviceName: string;
}

/** Tracing while it is on. */
export interface Tracing {
  readonly tracer: Tracer;
  /** Exports the spans still buffered. */
  flush(): Promise<void>;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** Instrumentation scope of the gateway's spans. */
export const TRACER_NAME = "mailgraph";

/** Starts tracing when an endpoint is configured; undefined (and nothing loaded) otherwise. */
export async function startTracing(config: TracingConfig): Promise<Tracing | undefined> {
  if (!config.otlpEndpoint) return undefined;
  const [{ BasicTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const exporter = new OTLPTraceExporter({ url: `${config.otlpEndpoint}/v1/traces` });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  return {
    tracer: provider.getTracer(TRACER_NAME),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
