/**
 * The logger's redaction on its own: pino's paths censor credential fields wherever a logged
 * object holds them, and the text scrub catches configured secrets, credentials and addresses in
 * any text (messages, error messages, values of fields nobody thought of); paths, request ids,
 * and the LOG_LEVEL and OTEL_* settings.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { configSecrets, gatewayLogger, yogaLogging } from "../../src/logging/gateway.js";
import { createLogger } from "../../src/logging/logger.js";
import { loggablePath, textScrubber } from "../../src/logging/redaction.js";
import { acceptRequestId } from "../../src/logging/request-id.js";

function capture(secrets: string[] = [], level: "info" | "debug" = "info") {
  const lines: string[] = [];
  const logger = createLogger({ level, sink: (line) => lines.push(line), secrets });
  return { logger, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe("the logger", () => {
  it("writes one JSON object per line with an ISO time and the level's name", () => {
    const { logger, lines, parsed } = capture([], "info");
    logger.info({ requestId: "r-1" }, "request");
    logger.debug("not written at info");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith("\n")).toBe(true);
    expect(parsed()[0]).toMatchObject({ level: "info", msg: "request", requestId: "r-1" });
    expect(new Date(parsed()[0]!.time as string).toISOString()).toBe(parsed()[0]!.time);
  });

  it("censors credential fields of logged objects: headers, keys, tokens, secrets, cookies, addresses", () => {
    const { logger, parsed } = capture(["configured-key-value"]);
    logger.info(
      {
        req: {
          headers: { authorization: "Basic dXNlcjpwYXNz", cookie: "sid=1", "x-legacy-api-key": "k1", accept: "*/*" },
        },
        headers: { "x-apikey": "k2", "set-cookie": "sid=2" },
        apiKey: "k3",
        clientSecret: "k4",
        accessToken: "k5",
        email: "someone",
        password: "p",
        token: "t",
        // Deeper down, what the text scrub knows is still caught.
        backend: { settings: { apiKey: "configured-key-value" } },
      },
      "dump",
    );
    const line = parsed()[0]!;
    expect(line).toMatchObject({
      req: {
        headers: { authorization: "[redacted]", cookie: "[redacted]", "x-legacy-api-key": "[redacted]", accept: "*/*" },
      },
      headers: { "x-apikey": "[redacted]", "set-cookie": "[redacted]" },
      apiKey: "[redacted]",
      clientSecret: "[redacted]",
      accessToken: "[redacted]",
      email: "[redacted]",
      password: "[redacted]",
      token: "[redacted]",
      backend: { settings: { apiKey: "[redacted]" } },
    });
  });

  it("scrubs configured secrets, credentials and addresses from any text, encoded or not", () => {
    const secret = 'sec"ret/with+chars and spaces';
    const { logger, lines } = capture([secret, "short"]);
    logger.warn(`upstream said: key=${encodeURIComponent(secret)} for ada.lovelace@example.com`);
    logger.error({ err: new Error(`refused ${secret} (jose.muller%40example.com)`) }, "call failed");
    logger.info({ note: "Authorization: Bearer abcdefghijklmnop, PoP eyJhbGciOiJIUzI1NiJ9.eyJhIjoxfQ.sig" }, "echo");
    // A gateway token: JWE compact, dir (no encrypted key), IV, ciphertext, tag.
    logger.info("token eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..aXZpdml2aXZpdg.Y2lwaGVydGV4dA.dGFndGFndGFn seen");
    const text = lines.join("");
    expect(text).not.toContain("sec");
    expect(text).not.toContain(encodeURIComponent(secret));
    expect(text).not.toContain("lovelace");
    expect(text).not.toContain("muller");
    expect(text).not.toContain("abcdefghijklmnop");
    expect(text).not.toContain("eyJ");
    expect(text).not.toMatch(/aXZpdml2|Y2lwaGVydGV4dA|dGFndGFn/);
    // Every line is still JSON, and the scrubbed places say so.
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(text).toContain("[email]");
    expect(text).toContain("Bearer [redacted]");
    // Secrets too short to scrub as text are left alone rather than garbling every line.
    expect(textScrubber(["short"])("a short line")).toBe("a short line");
  });

  it("logs errors by type, code and message only", () => {
    const { logger, parsed } = capture();
    const error = Object.assign(new TypeError("boom"), { code: "E_BOOM", detail: "internal" });
    logger.error({ err: error }, "failed");
    expect(parsed()[0]!.err).toEqual({ type: "TypeError", code: "E_BOOM", message: "boom" });
  });
});

describe("paths and request ids", () => {
  it("drops the query string and censors the legacy webhook token", () => {
    expect(loggablePath("/graphql?query=x&email=a@b.c")).toBe("/graphql");
    expect(loggablePath("/webhooks/legacy/abcDEF0123456789?x=1")).toBe("/webhooks/legacy/[redacted]");
    expect(loggablePath("/webhooks/commerce")).toBe("/webhooks/commerce");
    expect(loggablePath(undefined)).toBe("/");
  });

  it("accepts sane incoming ids and replaces anything else", () => {
    for (const sane of [
      "abc",
      "01HZX3Y7",
      "Root=1-5759e988-bd862e3fe1be46a994272793",
      "a".repeat(128),
      "k8s/pod:1+x=",
    ]) {
      expect(acceptRequestId(sane)).toBe(sane);
    }
    for (const insane of ["", "a b", "a@b.c", "x".repeat(129), "<script>", "a\nb", ["a", "b"], undefined]) {
      expect(acceptRequestId(insane)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("LOG_LEVEL and the OTEL_* settings", () => {
  it("reads LOG_LEVEL (default info, any case) and refuses unknown levels", () => {
    expect(loadConfig({}).logging).toEqual({ level: "info" });
    expect(loadConfig({ LOG_LEVEL: "DEBUG" }).logging).toEqual({ level: "debug" });
    expect(loadConfig({ LOG_LEVEL: "silent" }).logging).toEqual({ level: "silent" });
    expect(() => loadConfig({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be one of trace, debug, info/);
  });

  it("traces only with an http(s) OTLP endpoint, without credentials in it", () => {
    expect(loadConfig({}).tracing).toEqual({ otlpEndpoint: undefined, serviceName: "mailgraph" });
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/", OTEL_SERVICE_NAME: "edge-gw" }).tracing,
    ).toEqual({ otlpEndpoint: "http://collector:4318", serviceName: "edge-gw" });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "https://user:pw@collector" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT must not carry credentials/,
    );
  });
});

describe("the gateway's secrets", () => {
  it("are every configured key, secret, token and the Redis password", () => {
    const config = loadConfig({
      AUTH_MODE: "open",
      LEGACY_API_KEY: "legacy-key-1",
      COMMERCE_API_KEY: "commerce-key-1",
      COMMERCE_CLIENT_ID: "app",
      COMMERCE_CLIENT_SECRET: "client-secret-1-".padEnd(40, "x"),
      COMMERCE_ACCESS_TOKEN: "access-token-1",
      INGRESS_TOKEN: "ingress-token-0123456789",
      COMMERCE_WEBHOOK_SECRET: "webhook-secret-".padEnd(40, "y"),
      GATEWAY_SECRET: "gateway-secret-".padEnd(40, "z"),
      REDIS_URL: "redis://:p%40ss-word-9@redis.internal:6379/3",
    });
    expect(configSecrets(config)).toEqual(
      expect.arrayContaining([
        "legacy-key-1",
        "commerce-key-1",
        "client-secret-1-".padEnd(40, "x"),
        "access-token-1",
        "ingress-token-0123456789",
        "webhook-secret-".padEnd(40, "y"),
        "gateway-secret-".padEnd(40, "z"),
        "p@ss-word-9",
        "demo-legacy-key",
        "demo-commerce-key",
      ]),
    );
    const lines: string[] = [];
    const logger = gatewayLogger(config, (line) => lines.push(line));
    logger.error({ err: new Error("NOAUTH p@ss-word-9 refused; token ingress-token-0123456789") }, "event log failure");
    expect(lines.join("")).not.toMatch(/ss-word-9|ingress-token-0123456789/);
  });
});

describe("yoga's messages", () => {
  it("go into the gateway's log at their level, errors by type and message, scrubbed", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "debug", sink: (line) => lines.push(line) });
    const yoga = yogaLogging(logger);
    yoga.error(new TypeError("resolver failed for ada.lovelace@example.com"));
    yoga.warn("deprecated option", 42);
    yoga.debug("parsing");
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed).toEqual([
      expect.objectContaining({
        level: "error",
        component: "yoga",
        msg: "resolver failed for [email]",
        err: { type: "TypeError", message: "resolver failed for [email]" },
      }),
      expect.objectContaining({ level: "warn", component: "yoga", msg: "deprecated option" }),
      expect.objectContaining({ level: "debug", component: "yoga", msg: "parsing" }),
    ]);
  });

  it("below the log level are not looked at (yoga writes debug lines on every request)", () => {
    const lines: string[] = [];
    const yoga = yogaLogging(createLogger({ level: "info", sink: (line) => lines.push(line) }));
    let looked = false;
    const probe = new Proxy(
      {},
      {
        getPrototypeOf() {
          looked = true;
          return Object.prototype;
        },
      },
    );
    yoga.debug("Processing GraphQL Parameters", probe);
    expect(looked).toBe(false);
    yoga.info("shown", probe);
    expect(looked).toBe(true);
    expect(lines).toHaveLength(1);
  });
});
