/**
 * Traces over OTLP/HTTP (JSON) to `${OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`, from a tracer
 * provider of the gateway's own (not registered globally, so gateways in one process keep their
 * traces apart). Without an endpoint nothing of the SDK is loaded and no span is made. The SDK's
 * OTEL_TRACES_SAMPLER(_ARG), OTEL_BSP_*, OTEL_EXPORTER_OTLP_HEADERS and _TIMEOUT still apply.
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

/**
 * How long closing waits for the last export: a collector that does not answer must not hold up
 * the gateway's shutdown for the exporter's own 10 s timeout.
 */
export const EXPORT_ON_CLOSE_MS = 3_000;

/** Starts tracing when an endpoint is configured; undefined (and nothing loaded) otherwise. */
export async function startTracing(
  config: TracingConfig,
  closeWithinMs: number = EXPORT_ON_CLOSE_MS,
): Promise<Tracing | undefined> {
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
    shutdown: () => within(provider.shutdown(), closeWithinMs),
  };
}

/** `work`, or nothing once `ms` have passed (whichever comes first); a failure is dropped too. */
function within(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  return Promise.race([work.catch(() => {}), late]).finally(() => clearTimeout(timer));
}
