/**
 * `npm start`: reads the configuration, starts the embedded sandbox of every backend that has no
 * URL configured (unless NODE_ENV=production or SANDBOX=false forbid it: then the start is
 * refused, naming what to set), then the gateway, and prints where everything listens and anything in the
 * configuration that is probably not meant. SIGINT/SIGTERM shut the gateway down gracefully
 * (gateway.shutdown(): readiness 503, in-flight requests finished, websockets closed with 1001),
 * then the sandboxes, exiting 0, or 1 when SHUTDOWN_DEADLINE_MS cut something off.
 *
 * The sandboxes are imported only when they are to run, so a gateway in front of real backends
 * never loads them, and they listen on loopback (SANDBOX_HOST) since they accept demo keys.
 */
import { HMAC_MIN_KEY_BYTES, hmacKeyLongEnough } from "./backends/commerce/auth.js";
import { ConfigError, configWarnings, loadConfig, type Config } from "./config.js";
import { randomBytes } from "node:crypto";
import { createGateway } from "./server.js";
import { describeDrain } from "./shutdown/drain.js";
import { flushLogs } from "./logging/logger.js";
import { CALLBACK_PATH } from "./auth/login.js";

/** A backend started in-process: the config that points at it, a banner line, and its stop. */
interface Embedded {
  config: Config;
  /** Which backend it stands in for. */
  backend: "legacy" | "commerce";
  /** Points the sandbox's webhooks at the gateway's ingress, once the gateway listens. */
  wire(gatewayUrl: string, events: Config["events"]): void;
  close(): Promise<void>;
}

/** Nothing when LEGACY_URL is set; otherwise starts the legacy sandbox and points the config at it. */
async function embedLegacySandbox(config: Config): Promise<Embedded | undefined> {
  if (config.legacy.url) return undefined;
  const { startLegacySandbox } = await import("./sandbox/legacy/index.js");
  const { LIST_EVENT_TYPES } = await import("./sandbox/legacy/list-events.js");
  const sandbox = await startLegacySandbox({
    port: config.sandbox.legacyPort,
    host: config.sandbox.host,
    apiKey: config.sandbox.legacyApiKey,
    namespace: config.legacy.namespace,
  });
  return {
    // LEGACY_API_KEY belongs to a LEGACY_URL; the embedded sandbox accepts only its own key.
    config: { ...config, legacy: { ...config.legacy, url: sandbox.url, apiKey: config.sandbox.legacyApiKey } },
    backend: "legacy",
    wire(gatewayUrl, events) {
      if (!events.ingressToken) return;
      const url = `${gatewayUrl}/webhooks/legacy/${events.ingressToken}`;
      // Every list, also those created later (through the graph): each gets its registration at its first event.
      sandbox.webhooks.addForEveryList({ url, format: "json", events: LIST_EVENT_TYPES });
    },
    close: () => sandbox.close(),
  };
}

/** Nothing when COMMERCE_URL is set; otherwise starts the commerce sandbox and points the config at it. */
async function embedCommerceSandbox(config: Config): Promise<Embedded | undefined> {
  if (config.commerce.url) return undefined;
  const { COMMERCE_DEMO, startCommerceSandbox } = await import("./sandbox/commerce/index.js");
  const { COMMERCE_TOPICS } = await import("./sandbox/commerce/webhooks.js");
  const { setRedirectUri } = await import("./sandbox/commerce/oauth/index.js");
  // The demo app's secret has the spec's 60 characters: enough for HS256 and HS384 only.
  const { popAlgorithm } = config.commerce;
  if (!hmacKeyLongEnough(COMMERCE_DEMO.app.clientSecret, popAlgorithm)) {
    throw new ConfigError([
      `COMMERCE_POP_ALG=${popAlgorithm} needs a client secret of at least ${HMAC_MIN_KEY_BYTES[popAlgorithm]} bytes; ` +
        "the embedded commerce sandbox's demo app has a 60-character one: use HS256 or HS384, or set COMMERCE_URL",
    ]);
  }
  const sandbox = await startCommerceSandbox({
    port: config.sandbox.commercePort,
    host: config.sandbox.host,
    apiKey: config.sandbox.commerceApiKey,
    syncThreshold: config.sandbox.commerceSyncThreshold,
    rateLimit: config.sandbox.commerceRateLimit,
    webhookSecret: config.events.commerceWebhookSecret,
  });
  const { app } = sandbox.demo;
  return {
    // Credentials meant for a COMMERCE_URL do not apply to the sandbox: use its demo app and key.
    config: {
      ...config,
      commerce: {
        ...config.commerce,
        url: sandbox.baseUrl,
        authUrl: sandbox.url,
        apiKey: config.sandbox.commerceApiKey,
        clientId: app.clientId,
        clientSecret: app.clientSecret,
        // The gateway's own callback on the port it ends up on (wire() registers it with the sandbox).
        redirectUri: undefined,
        accessToken: undefined,
      },
    },
    backend: "commerce",
    wire(gatewayUrl, events) {
      if (events.commerceWebhookSecret) sandbox.webhooks.add(`${gatewayUrl}/webhooks/commerce`, COMMERCE_TOPICS);
      setRedirectUri(sandbox.store, app.clientId, `${gatewayUrl}${CALLBACK_PATH}`);
    },
    close: () => sandbox.close(),
  };
}

/**
 * Refuses to start when a backend has no URL and the sandboxes may not stand in for it
 * (NODE_ENV=production or SANDBOX=false): demo data with open access is never a silent fallback.
 */
function checkSandboxesWanted(config: Config): void {
  const unset = [config.legacy.url ? undefined : "LEGACY_URL", config.commerce.url ? undefined : "COMMERCE_URL"].filter(
    (name): name is string => name !== undefined,
  );
  const { allowed, decidedBy } = config.sandbox.standIn;
  if (unset.length === 0 || allowed) return;
  const which = unset.join(" and ");
  throw new ConfigError([
    `${which} ${unset.length === 1 ? "is" : "are"} unset with ${decidedBy === "SANDBOX" ? "SANDBOX=false" : "NODE_ENV=production"}: ` +
      `set ${unset.length === 1 ? "it to the backend's URL" : "them to the backends' URLs"}, or SANDBOX=true to run the embedded demo sandboxes instead (demo data and keys; open access unless AUTH_MODE=token)`,
  ]);
}

/** Each step may start one backend sandbox; the next one sees the config it produced. */
const EMBEDDED_BACKENDS: ReadonlyArray<(config: Config) => Promise<Embedded | undefined>> = [
  embedLegacySandbox,
  embedCommerceSandbox,
];

/**
 * With an embedded sandbox the gateway is its own webhook receiver: a token and a secret nobody
 * configured are made up for this run (never printed), so the sandboxes can post to the ingress.
 */
function withWebhookSecrets(config: Config): Config {
  if (config.legacy.url && config.commerce.url) return config;
  return {
    ...config,
    // The demo login (/auth/commerce/login) seals sessions with a key made up for this run.
    auth: { ...config.auth, secret: config.auth.secret ?? randomBytes(32).toString("base64url") },
    events: {
      ...config.events,
      ingressToken:
        config.events.ingressToken ?? (config.legacy.url ? undefined : randomBytes(24).toString("base64url")),
      commerceWebhookSecret:
        config.events.commerceWebhookSecret ??
        (config.commerce.url ? undefined : randomBytes(32).toString("base64url")),
    },
  };
}

async function main(): Promise<void> {
  let config = loadConfig();
  checkSandboxesWanted(config);
  config = withWebhookSecrets(config);
  const started: Embedded[] = [];
  const closeAll = () => Promise.allSettled(started.map((s) => s.close()));
  try {
    for (const embed of EMBEDDED_BACKENDS) {
      const embedded = await embed(config);
      if (embedded) {
        started.push(embedded);
        config = embedded.config;
      }
    }
    const gateway = await createGateway(config);
    for (const embedded of started) embedded.wire(gateway.url, config.events);
    console.log(`GraphiQL                     ${gateway.url}/graphql`);
    const embedded = (backend: Embedded["backend"]) => started.some((s) => s.backend === backend);
    const legacyTransport = config.legacy.transport.toUpperCase();
    console.log(
      embedded("legacy")
        ? `legacy list service sandbox  ${config.legacy.url}/api/api.asmx  (${legacyTransport})`
        : `legacy list service          ${config.legacy.url}/api/api.asmx  (${legacyTransport})`,
    );
    console.log(
      embedded("commerce")
        ? `commerce REST sandbox        ${config.commerce.url}`
        : `commerce REST interface      ${config.commerce.url}`,
    );
    for (const warning of configWarnings(config)) console.warn(`warning: ${warning}`);

    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      // The drain ends by SHUTDOWN_DEADLINE_MS; should anything hang past it, the process goes anyway.
      setTimeout(() => {
        console.error(`mailgraph did not stop within SHUTDOWN_DEADLINE_MS=${config.shutdown.deadlineMs}`);
        process.exit(1);
      }, config.shutdown.deadlineMs).unref();
      const report = await gateway.shutdown();
      await closeAll();
      console.log(`mailgraph stopped in ${report.ms} ms: ${describeDrain(report)}`);
      process.exit(report.inTime && report.cut === 0 ? 0 : 1);
    };
    const onSignal = () => {
      stop().catch((error: unknown) => {
        console.error(`mailgraph could not stop cleanly: ${String((error as Error)?.message ?? error)}`);
        process.exit(1);
      });
    };
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
  } catch (error) {
    await closeAll();
    throw error;
  }
}

// Log lines still on their way to stdout are written before the process ends (process.exit too).
process.once("exit", flushLogs);

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `mailgraph failed to start: ${String((error as Error)?.message ?? error)}`,
  );
  process.exit(1);
});
