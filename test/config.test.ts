/** The legacy part of loadConfig: defaults, LEGACY_* and SANDBOX_LEGACY_* rules, and errors that never echo a secret. */
import { describe, expect, it } from "vitest";
import { DEFAULT_LEGACY_NAMESPACE } from "../src/backends/legacy/catalog.js";
import { ConfigError, configWarnings, loadConfig } from "../src/config.js";
import { problemsOf } from "./support/config-problems.js";

describe("legacy configuration", () => {
  it("defaults to the embedded sandbox over SOAP in the sandbox's namespace", () => {
    const config = loadConfig({});
    expect(config.legacy).toEqual({
      url: undefined,
      transport: "soap",
      namespace: DEFAULT_LEGACY_NAMESPACE,
      apiKey: undefined,
      limits: {
        connectTimeoutMs: 5_000,
        headersTimeoutMs: 15_000,
        bodyTimeoutMs: 15_000,
        maxResponseBytes: 8 * 1024 * 1024,
        connections: 64,
        deadlineMs: 20_000,
      },
      concurrency: 32,
      resilience: {
        retryAttempts: 2,
        retryBaseDelayMs: 100,
        retryMaxDelayMs: 2_000,
        breakerFailures: 5,
        breakerHalfOpenMs: 10_000,
        // As many calls in flight as the pool has connections.
        bulkheadLimit: 64,
        bulkheadQueue: 512,
      },
    });
    expect(config.sandbox).toMatchObject({ legacyPort: 4101, legacyApiKey: "demo-legacy-key" });
  });

  it("reads every LEGACY_* variable", () => {
    const config = loadConfig({
      AUTH_MODE: "open",
      LEGACY_URL: "https://lists.example.com/prefix/",
      LEGACY_TRANSPORT: "GET",
      LEGACY_NAMESPACE: "urn:example:lists/",
      LEGACY_API_KEY: " key-1 ",
      LEGACY_CONNECT_TIMEOUT_MS: "1000",
      LEGACY_HEADERS_TIMEOUT_MS: "2000",
      LEGACY_BODY_TIMEOUT_MS: "3000",
      LEGACY_MAX_RESPONSE_BYTES: "65536",
      LEGACY_CONNECTIONS: "3",
      LEGACY_CONCURRENCY: "2",
      LEGACY_RETRY_ATTEMPTS: "0",
      LEGACY_RETRY_BASE_DELAY_MS: "50",
      LEGACY_RETRY_MAX_DELAY_MS: "500",
      LEGACY_BREAKER_FAILURES: "3",
      LEGACY_BREAKER_HALF_OPEN_MS: "1000",
      LEGACY_BULKHEAD_LIMIT: "2",
      LEGACY_BULKHEAD_QUEUE: "0",
      SANDBOX_LEGACY_PORT: "0",
      SANDBOX_LEGACY_API_KEY: "my-sandbox-key",
    });
    expect(config.legacy).toEqual({
      url: "https://lists.example.com/prefix",
      transport: "get",
      namespace: "urn:example:lists/",
      apiKey: "key-1",
      limits: {
        connectTimeoutMs: 1000,
        headersTimeoutMs: 2000,
        bodyTimeoutMs: 3000,
        maxResponseBytes: 65536,
        connections: 3,
        deadlineMs: 20_000,
      },
      concurrency: 2,
      resilience: {
        retryAttempts: 0,
        retryBaseDelayMs: 50,
        retryMaxDelayMs: 500,
        breakerFailures: 3,
        breakerHalfOpenMs: 1000,
        bulkheadLimit: 2,
        bulkheadQueue: 0,
      },
    });
    expect(config.sandbox).toMatchObject({ legacyPort: 0, legacyApiKey: "my-sandbox-key" });
    expect(loadConfig({ LEGACY_TRANSPORT: "post" }).legacy.transport).toBe("post");
  });

  it("refuses a keep-alive pool smaller than the per-request concurrency of either backend", () => {
    expect(problemsOf({ LEGACY_CONCURRENCY: "32", LEGACY_CONNECTIONS: "16" })).toEqual([
      "LEGACY_CONNECTIONS (16) must be at least LEGACY_CONCURRENCY (32): a smaller keep-alive pool would silently cap the calls one request runs at once",
    ]);
    expect(problemsOf({ COMMERCE_CONCURRENCY: "20" })[0]).toMatch(/^COMMERCE_CONNECTIONS \(16\) must be at least/);
    expect(loadConfig({ LEGACY_CONCURRENCY: "64", LEGACY_CONNECTIONS: "64" }).legacy.concurrency).toBe(64);
  });

  it("reports every problem at once, naming the variable", () => {
    const problems = problemsOf({
      LEGACY_TRANSPORT: "rest",
      LEGACY_NAMESPACE: "http://api.example.com/api",
      LEGACY_URL: "ftp://lists.example.com",
      LEGACY_CONNECTIONS: "0",
      SANDBOX_LEGACY_PORT: "70000",
    });
    // LEGACY_URL is set, so AUTH_MODE defaults to token: its missing GATEWAY_SECRET is in the same list.
    expect(problems).toHaveLength(6);
    expect(problems).toContain("LEGACY_TRANSPORT must be one of soap, get, post");
    expect(problems.at(-1)).toMatch(/^GATEWAY_SECRET is required with AUTH_MODE=token/);
    expect(problems).toContain("LEGACY_NAMESPACE must end in a slash");
    expect(problems).toContain("LEGACY_URL must be an absolute http(s) URL");
    expect(problems.some((p) => p.startsWith("LEGACY_CONNECTIONS must be a whole number"))).toBe(true);
    expect(problems.some((p) => p.startsWith("SANDBOX_LEGACY_PORT must be a whole number"))).toBe(true);
  });

  it("refuses credentials in LEGACY_URL without repeating them", () => {
    const problems = problemsOf({
      AUTH_MODE: "open",
      LEGACY_URL: "https://user:hunter2-secret@lists.example.com",
      LEGACY_API_KEY: "key-secret-9",
    });
    expect(problems).toEqual(["LEGACY_URL must not carry credentials in the URL"]);
    const text = new ConfigError(problems).message;
    expect(text).not.toContain("hunter2-secret");
    expect(text).not.toContain("key-secret-9");
  });

  it("takes a LEGACY_URL ending in the service path as its base, so the path is not doubled", () => {
    const url = (LEGACY_URL: string) => loadConfig({ AUTH_MODE: "open", LEGACY_URL }).legacy.url;
    expect(url("http://127.0.0.1:4101/api/api.asmx")).toBe("http://127.0.0.1:4101");
    expect(url("https://lists.example.com/prefix/API/Api.asmx/")).toBe("https://lists.example.com/prefix");
    expect(url("https://lists.example.com/prefix/")).toBe("https://lists.example.com/prefix");
  });

  it("refuses a LEGACY_URL with a query or fragment, which no call would carry", () => {
    expect(problemsOf({ AUTH_MODE: "open", LEGACY_URL: "https://lists.example.com/api/api.asmx?WSDL" })).toEqual([
      "LEGACY_URL must be the service's base URL, without a query (?WSDL) or fragment",
    ]);
  });
});

describe("embedded sandboxes standing in for unset backend URLs", () => {
  const standIn = (env: Record<string, string>) => loadConfig(env).sandbox.standIn;

  it("are allowed by default, not under NODE_ENV=production, and as SANDBOX says when it is set", () => {
    expect(standIn({})).toEqual({ allowed: true, decidedBy: "default" });
    expect(standIn({ NODE_ENV: "production" })).toEqual({ allowed: false, decidedBy: "NODE_ENV" });
    expect(standIn({ NODE_ENV: "production", SANDBOX: "true" })).toEqual({ allowed: true, decidedBy: "SANDBOX" });
    expect(standIn({ SANDBOX: "false" })).toEqual({ allowed: false, decidedBy: "SANDBOX" });
    expect(standIn({ NODE_ENV: "development", SANDBOX: "1" })).toEqual({ allowed: true, decidedBy: "SANDBOX" });
  });

  it("refuses a SANDBOX that is not a boolean", () => {
    expect(problemsOf({ SANDBOX: "yes" })).toEqual(["SANDBOX must be true or false"]);
  });
});

describe("backend resilience settings", () => {
  it("warns when a bulkhead lets more calls through than the connection pool has", () => {
    const over = configWarnings(loadConfig({ COMMERCE_BULKHEAD_LIMIT: "32", COMMERCE_CONNECTIONS: "16" }));
    expect(over).toContain(
      "COMMERCE_BULKHEAD_LIMIT (32) is above COMMERCE_CONNECTIONS (16): calls beyond the pool wait in its own queue, which COMMERCE_BULKHEAD_QUEUE does not bound",
    );
    expect(configWarnings(loadConfig({})).filter((w) => w.includes("BULKHEAD"))).toEqual([]);
  });

  it("refuses values out of range, naming the variable", () => {
    expect(() =>
      loadConfig({ LEGACY_BREAKER_FAILURES: "0", COMMERCE_RETRY_ATTEMPTS: "11", METRICS_TOKEN: "short" }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ LEGACY_BREAKER_FAILURES: "0", COMMERCE_RETRY_ATTEMPTS: "11", METRICS_TOKEN: "short" });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        "LEGACY_BREAKER_FAILURES must be a whole number from 1 to 10000 (got a number below 1)",
        "COMMERCE_RETRY_ATTEMPTS must be a whole number from 0 to 10 (got a number above 10)",
        "METRICS_TOKEN must be 16 to 256 printable characters without spaces",
      ]);
    }
  });
});

describe("COMMERCE_USER_ID", () => {
  it("names the store of the configured commerce credential, and must look like a webhook's userId", () => {
    expect(loadConfig({}).commerce.userId).toBeUndefined();
    expect(loadConfig({ COMMERCE_USER_ID: "usr_demo" }).commerce.userId).toBe("usr_demo");
    expect(problemsOf({ COMMERCE_USER_ID: "two words" })).toEqual([
      "COMMERCE_USER_ID must be the store's userId as its webhooks name it: 1 to 200 visible ASCII characters",
    ]);
  });
});
