/**
 * Environment → one typed, validated Config. Every problem is collected and reported together,
 * naming the variable and the rule; secrets are never echoed back.
 */
import { HMAC_MIN_KEY_BYTES } from "./backends/commerce/auth.js";
import { DEFAULT_LEGACY_NAMESPACE, type LegacyTransport } from "./backends/legacy/catalog.js";

/** Timeouts and size caps of one HTTP backend. */
export interface HttpLimits {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  maxResponseBytes: number;
  /** Keep-alive connections per origin. */
  connections: number;
  /** Total time one backend call may take, from connecting to the last byte of the reply. */
  deadlineMs: number;
}

export interface LegacyConfig {
  /** Base URL of the service; undefined means "start the embedded sandbox". */
  url: string | undefined;
  transport: LegacyTransport;
  /** The spec's {api_namespace}, ending in a slash. */
  namespace: string;
  /** Default API key when the caller sends none. */
  apiKey: string | undefined;
  limits: HttpLimits;
  /** Concurrent calls per request to this backend (loader cap). */
  concurrency: number;
}

export type PopAlgorithm = "HS256" | "HS384" | "HS512";

export interface CommerceConfig {
  /** {base_url}, ending in /api/v1; undefined means "start the embedded sandbox". */
  url: string | undefined;
  /** {auth_url}, the host root of /oauth/*; defaults to the origin of `url`. */
  authUrl: string | undefined;
  apiKey: string | undefined;
  /** Partner application credentials (OAuth, PoP and partner tokens). */
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string | undefined;
  /** An access token obtained through OAuth, to sign PoP requests with. */
  accessToken: string | undefined;
  popAlgorithm: PopAlgorithm;
  limits: HttpLimits;
  concurrency: number;
}

export interface SandboxConfig {
  legacyPort: number;
  commercePort: number;
  legacyApiKey: string;
  commerceApiKey: string;
  /** Segment-unsubscribe audiences above this become async jobs. */
  commerceSyncThreshold: number;
  /** Requests a second per credential before 429; 0 turns the limit off. */
  commerceRateLimit: number;
}

export interface Config {
  host: string;
  port: number;
  legacy: LegacyConfig;
  commerce: CommerceConfig;
  sandbox: SandboxConfig;
}

/** Thrown by loadConfig with every problem found, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
  }
}

type Env = Readonly<Record<string, string | undefined>>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  text(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  }

  url(name: string): string | undefined {
    const raw = this.text(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error("scheme");
      if (u.username || u.password) {
        this.problems.push(`${name} must not carry credentials in the URL`);
        return undefined;
      }
      return raw.replace(/\/+$/, "");
    } catch {
      this.problems.push(`${name} must be an absolute http(s) URL`);
      return undefined;
    }
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    const hit = values.find((v) => v.toLowerCase() === raw.toLowerCase());
    if (!hit) this.problems.push(`${name} must be one of ${values.join(", ")} (got "${raw}")`);
    return hit ?? fallback;
  }

  limits(prefix: string): HttpLimits {
    return {
      connectTimeoutMs: this.int(`${prefix}_CONNECT_TIMEOUT_MS`, 5_000, 1, 600_000),
      headersTimeoutMs: this.int(`${prefix}_HEADERS_TIMEOUT_MS`, 15_000, 1, 600_000),
      bodyTimeoutMs: this.int(`${prefix}_BODY_TIMEOUT_MS`, 15_000, 1, 600_000),
      maxResponseBytes: this.int(`${prefix}_MAX_RESPONSE_BYTES`, 8 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      connections: this.int(`${prefix}_CONNECTIONS`, 16, 1, 1024),
      deadlineMs: this.int(`${prefix}_CALL_DEADLINE_MS`, 20_000, 1, 600_000),
    };
  }
}

/** Reads and validates the whole configuration; throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): Config {
  const r = new Reader(env);

  const namespace = r.text("LEGACY_NAMESPACE") ?? DEFAULT_LEGACY_NAMESPACE;
  if (!namespace.endsWith("/")) r.problems.push("LEGACY_NAMESPACE must end in a slash");

  const commerceUrl = r.url("COMMERCE_URL");
  if (commerceUrl !== undefined && !/\/api\/v1$/.test(new URL(commerceUrl).pathname)) {
    r.problems.push("COMMERCE_URL must end in /api/v1 (the versioned root)");
  }

  const config: Config = {
    host: r.text("HOST") ?? "127.0.0.1",
    port: r.int("PORT", 4000, 0, 65535),
    legacy: {
      url: r.url("LEGACY_URL"),
      transport: r.oneOf<LegacyTransport>("LEGACY_TRANSPORT", ["soap", "get", "post"], "soap"),
      namespace,
      apiKey: r.text("LEGACY_API_KEY"),
      limits: r.limits("LEGACY"),
      concurrency: r.int("LEGACY_CONCURRENCY", 8, 1, 256),
    },
    commerce: {
      url: commerceUrl,
      authUrl: r.url("COMMERCE_AUTH_URL"),
      apiKey: r.text("COMMERCE_API_KEY"),
      clientId: r.text("COMMERCE_CLIENT_ID"),
      clientSecret: r.text("COMMERCE_CLIENT_SECRET"),
      redirectUri: r.url("COMMERCE_REDIRECT_URI"),
      accessToken: r.text("COMMERCE_ACCESS_TOKEN"),
      popAlgorithm: r.oneOf<PopAlgorithm>("COMMERCE_POP_ALG", ["HS256", "HS384", "HS512"], "HS256"),
      limits: r.limits("COMMERCE"),
      concurrency: r.int("COMMERCE_CONCURRENCY", 8, 1, 256),
    },
    sandbox: {
      legacyPort: r.int("SANDBOX_LEGACY_PORT", 4101, 0, 65535),
      commercePort: r.int("SANDBOX_COMMERCE_PORT", 4102, 0, 65535),
      legacyApiKey: r.text("SANDBOX_LEGACY_API_KEY") ?? "demo-legacy-key",
      commerceApiKey: r.text("SANDBOX_COMMERCE_API_KEY") ?? "demo-commerce-key",
      commerceSyncThreshold: r.int("SANDBOX_COMMERCE_SYNC_THRESHOLD", 50, 0, 1_000_000),
      commerceRateLimit: r.int("SANDBOX_COMMERCE_RATE_LIMIT", 50, 0, 1_000_000),
    },
  };

  // The PoP signer would refuse this secret on first use; refuse it at start-up instead
  // (docs/decisions.md, "HMAC key length and HS512"). Neither the secret nor its length is shown.
  const { clientSecret, popAlgorithm } = config.commerce;
  const minKeyBytes = HMAC_MIN_KEY_BYTES[popAlgorithm];
  if (clientSecret !== undefined && Buffer.byteLength(clientSecret, "utf8") < minKeyBytes) {
    r.problems.push(
      `COMMERCE_CLIENT_SECRET is too short for COMMERCE_POP_ALG=${popAlgorithm}: RFC 7518 §3.2 needs a key of at least ${minKeyBytes} bytes`,
    );
  }

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}
