/**
 * Environment → one typed, validated Config. Each variable has a zod schema; every problem is
 * collected and reported together, naming the variable and the rule. Secrets are never echoed back.
 */
import { z } from "zod";
import { HMAC_MIN_KEY_BYTES, hmacKeyLongEnough } from "./util/hmac-key.js";
import { LOG_LEVELS, type LogLevel } from "./logging/logger.js";
import type { TracingConfig } from "./tracing/setup.js";
import { parseDuration } from "./util/duration.js";
import { isClusterUrl, parseClusterUrl } from "./redis/url.js";

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

/** The knobs of one backend's policy (`<BACKEND>_RETRY_*`, `_BREAKER_*`, `_BULKHEAD_*`; src/backends/resilience.ts). */
export interface ResilienceSettings {
  /** Attempts after the first for a read; 0 turns retries off. */
  retryAttempts: number;
  /** First backoff ceiling; the n-th retry waits a random time in [0, min(max, base·2ⁿ⁻¹)). */
  retryBaseDelayMs: number;
  /** Ceiling of one backoff, and the longest Retry-After honoured (a longer one is not waited for). */
  retryMaxDelayMs: number;
  /** Consecutive backend failures that open the breaker. */
  breakerFailures: number;
  /** How long the breaker stays open before one probe call is let through. */
  breakerHalfOpenMs: number;
  /** Calls in flight to the backend at once. */
  bulkheadLimit: number;
  /** Calls waiting for a slot; beyond this a call fails at once. */
  bulkheadQueue: number;
}

/** The namespace the sandbox serves; a real deployment sets LEGACY_NAMESPACE. */
export const DEFAULT_LEGACY_NAMESPACE = "http://api.mailgraph.dev/api/";

/** The fixed path of the legacy service below LEGACY_URL (spec: Versioning 2). */
export const LEGACY_PATH = "/api/api.asmx";

/** The ways the legacy service is spoken to (LEGACY_TRANSPORT). */
export type LegacyTransport = "soap" | "get" | "post";
export const LEGACY_TRANSPORTS: readonly LegacyTransport[] = ["soap", "get", "post"];

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
  /** Retries of reads, circuit breaker and bulkhead of the backend (src/backends/resilience.ts). */
  resilience: ResilienceSettings;
}

/** Every OAuth scope the spec names (Authentication 2, Scopes), in its order. */
export const COMMERCE_SCOPES = [
  "read_webhook",
  "write_webhook",
  "read_newsletter_template",
  "read_newsletter_email",
  "read_async_job",
  "read_segments",
  "write_segments",
  "read_customers",
  "write_customers",
  "read_customer_list",
  "write_customer_list",
] as const;

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
  /** Scopes the configured access token was granted (COMMERCE_SCOPES, space-separated). */
  scopes: string[];
  /**
   * The `userId` the backend's webhooks name for the store of the configured credential
   * (COMMERCE_USER_ID): its callers receive only that store's events. Unset, every commerce event
   * reaching the gateway is taken as its store's (a single-store deployment).
   */
  userId: string | undefined;
  limits: HttpLimits;
  concurrency: number;
  /** Retries of reads, circuit breaker and bulkhead of the backend (src/backends/resilience.ts). */
  resilience: ResilienceSettings;
}

export interface SandboxConfig {
  /** Where the embedded sandboxes listen: loopback unless asked, since they accept demo keys. */
  host: string;
  legacyPort: number;
  commercePort: number;
  legacyApiKey: string;
  commerceApiKey: string;
  /** Segment-unsubscribe audiences above this become async jobs. */
  commerceSyncThreshold: number;
  /** Requests a second per credential before 429; 0 turns the limit off. */
  commerceRateLimit: number;
  /**
   * Whether the embedded sandboxes may stand in for a backend that has no URL, and which setting
   * said so: SANDBOX when set; else not under NODE_ENV=production (a deployment that lost its
   * backend URLs must not serve demo data with open access), yes otherwise. src/main.ts refuses
   * to start when a URL is missing and they may not.
   */
  standIn: { allowed: boolean; decidedBy: "SANDBOX" | "NODE_ENV" | "default" };
}

/** What one GraphQL request may ask for; checked before anything executes. */
export interface RequestLimits {
  /** Lexical tokens of a document (checked while parsing, so huge documents stop early). */
  maxTokens: number;
  /** Nesting of selections (introspection excluded). */
  maxDepth: number;
  /** Aliased fields in one operation. */
  maxAliases: number;
  /** Directives in one operation. */
  maxDirectives: number;
  /** Backend calls one operation can cause, lists counted by their expected size. */
  maxCost: number;
  /** Expected size of a list field that states none (and of a connection without `first`). */
  defaultListSize: number;
  /** Top-level fields of one mutation operation (each is a write). */
  maxMutationFields: number;
  /** Ids one `nodes` field takes. */
  maxNodeIds: number;
  /** Request body bytes. */
  maxBodyBytes: number;
  /** Total time of one request; backend calls still running then are aborted. */
  deadlineMs: number;
  /** Operations (subscriptions) one websocket connection may have running at once. */
  maxOperationsPerConnection: number;
  /**
   * Websocket connections and SSE streams one caller (its gateway token's subject, else its
   * address) may hold open at once on this instance (src/server/caller-streams.ts).
   */
  maxStreamsPerCaller: number;
}

/**
 * Each caller's budget of backend calls (src/budget): a bucket of `max` calls refilled at
 * `restorePerS` a second, in Redis with REDIS_URL (shared by every instance), else in memory.
 */
export interface BudgetConfig {
  /** BUDGET=on|off. */
  enabled: boolean;
  /** Calls a full bucket holds; at least MAX_COST, so every operation the limits let through can fit. */
  max: number;
  /** Calls restored a second. */
  restorePerS: number;
}

/** Who may talk to the gateway over HTTP. */
export interface HttpAccessConfig {
  /** Origins allowed to make cross-origin requests (CORS); none by default. */
  corsOrigins: string[];
  /** Host header values served besides the loopback names; empty accepts any (with a warning). */
  allowedHosts: string[];
}

/** Webhook ingress and the event log. */
export interface EventsConfig {
  /** Secret path segment of POST /webhooks/legacy/{token}; unset: the legacy path is not served. */
  ingressToken: string | undefined;
  /** HS256 secret of commerce webhook JWS (at least 32 bytes); unset: the commerce path is not served. */
  commerceWebhookSecret: string | undefined;
  /** Redis for the shared event log; unset: an in-memory log for one instance. */
  redisUrl: string | undefined;
  /** Largest webhook body. */
  maxBodyBytes: number;
  /** How long a webhook body may take to arrive once the ingress reads it (408 after). */
  bodyDeadlineMs: number;
  /** Events kept per source, and for how long. */
  logMaxLength: number;
  logRetentionMs: number;
  /** Prefix of every Redis key of the event log (streams and dedupe keys), so deployments can share a Redis. */
  logKeyPrefix: string;
}

/** How callers prove who they are (src/auth): the mode, the gateway token key, the OAuth login. */
export interface AuthConfig {
  /** `open`: the configured backend credentials serve every caller; `token`: every request needs a gateway token. */
  mode: "open" | "token";
  /** The secret gateway tokens and the login's cookies are keyed from (HKDF); undefined: no tokens, no login. */
  secret: string | undefined;
  /** Whether X-Legacy-Api-Key / X-Commerce-Api-Key are accepted in token mode. */
  allowCredentialHeaders: boolean;
  /** Origins a login may hand its result back to (`?return_to=`), as a one-time code. */
  returnOrigins: string[];
  /** Life of the gateway token a login gives (the session cookie lives as long), in seconds. */
  sessionTtlSeconds: number;
}

/** Persisted documents (src/persisted): the manifest, and whether only its documents run. */
export interface PersistedConfig {
  /** PERSISTED_ONLY: refuse every document not named by id; introspection and suggestions off. */
  only: boolean;
  /** The manifest file (`"sha256:<hex>"` → document); undefined: the one `npm run codegen` writes. */
  manifestPath: string | undefined;
}

/** What SIGTERM does (src/shutdown): the wait before the listener closes, and the deadline. */
export interface ShutdownConfig {
  /** Time readiness answers 503 while requests are still accepted, for load balancers to notice. */
  delayMs: number;
  /** Time from SIGTERM to exit: whatever still runs then is cut off. */
  deadlineMs: number;
}

/** The shared cache of backend reads (src/cache): where it lives, how long each kind of read is kept, its bounds. */
/**
 * Each kind of cached read: its setting and how long it is kept by default (the schema's
 * descriptions quote both).
 */
export const CACHE_TTL_DEFAULTS = {
  listStats: { setting: "CACHE_TTL_LIST_STATS_S", seconds: 30 },
  campaignSummary: { setting: "CACHE_TTL_CAMPAIGN_SUMMARY_S", seconds: 300 },
  reference: { setting: "CACHE_TTL_REFERENCE_S", seconds: 86_400 },
  job: { setting: "CACHE_TTL_JOB_S", seconds: 5 },
  other: { setting: "CACHE_TTL_OTHER_S", seconds: 60 },
} as const;

export interface CacheConfig {
  /** CACHE=off turns it off. */
  enabled: boolean;
  /** Key material of the credential hashes entries are filed under (CACHE_SECRET); GATEWAY_SECRET wins when set. */
  secret: string | undefined;
  /** Seconds each kind of read is kept (src/cache/kinds.ts). */
  ttlSeconds: { listStats: number; campaignSummary: number; reference: number; job: number; other: number };
  /** Bounds of the in-memory store (one instance, no REDIS_URL). */
  maxEntries: number;
  maxBytes: number;
  /** A read whose answer is larger is not kept (either store). */
  maxEntryBytes: number;
}

/** GET /metrics (src/metrics). */
export interface MetricsConfig {
  /** Bearer token /metrics requires from every caller; unset: served to loopback callers only. */
  token: string | undefined;
  /** Distinct operation names given their own label; later names are counted as "other". */
  maxOperationNames: number;
}

export interface Config {
  host: string;
  port: number;
  legacy: LegacyConfig;
  commerce: CommerceConfig;
  sandbox: SandboxConfig;
  limits: RequestLimits;
  http: HttpAccessConfig;
  events: EventsConfig;
  metrics: MetricsConfig;
  /** Log lines (src/logging): the least severe level written. */
  logging: { level: LogLevel };
  /** Traces (src/tracing): exported over OTLP/HTTP when an endpoint is set. */
  tracing: TracingConfig;
  persisted: PersistedConfig;
  budget: BudgetConfig;
  shutdown: ShutdownConfig;
  auth: AuthConfig;
  cache: CacheConfig;
}

/** Thrown by loadConfig with every problem found, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ConfigError";
  }
}

type Env = Readonly<Record<string, string | undefined>>;

// --- one schema per kind of variable; messages name the rule, never a value ---------------------
// An operator may paste a secret into the wrong variable, so a refused value is described by its
// kind ("a number above 10", "13 characters of text"), never repeated.

/** What kind of value `raw` is, without its content. */
function kindOf(raw: string): string {
  const length = [...raw].length;
  return `${length} character${length === 1 ? "" : "s"} of text`;
}

/** Why `raw` is not a whole number from `min` to `max`, without repeating it. */
function notWholeNumberIn(raw: string, min: number, max: number): string {
  if (/^\d+$/.test(raw)) return Number(raw) < min ? `a number below ${min}` : `a number above ${max}`;
  const n = Number(raw);
  if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(raw) && Number.isFinite(n)) {
    return n < 0 ? "a negative number" : Number.isInteger(n) ? "a number not in plain digits" : "a fraction";
  }
  return kindOf(raw);
}

const intIn = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (raw === undefined) return;
      if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
        ctx.addIssue({
          code: "custom",
          message: `must be a whole number from ${min} to ${max} (got ${notWholeNumberIn(raw, min, max)})`,
        });
      }
    })
    .transform((raw) => (raw === undefined ? fallback : Number(raw)));

/** Loopback hosts, where plain http never leaves the machine: 127.0.0.0/8, ::1, localhost. */
const LOOPBACK_RULE = "unless its host is loopback (127.0.0.0/8, ::1, localhost)";

/**
 * An absolute http(s) URL without credentials (the error never shows the URL: it may carry
 * user:password@). `path`: a rule the path must follow. `httpsBecause`: https is required unless
 * the host is loopback, for the reason given.
 */
const httpUrlOf = (options: { path?: { pattern: RegExp; rule: string }; httpsBecause?: string } = {}) =>
  z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (raw === undefined) return;
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        ctx.addIssue({ code: "custom", message: "must be an absolute http(s) URL" });
        return;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        ctx.addIssue({ code: "custom", message: "must be an absolute http(s) URL" });
        return;
      }
      if (url.username || url.password) {
        ctx.addIssue({ code: "custom", message: "must not carry credentials in the URL" });
      }
      if (options.path && !options.path.pattern.test(url.pathname)) {
        ctx.addIssue({ code: "custom", message: options.path.rule });
      }
      if (options.httpsBecause && url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
        ctx.addIssue({ code: "custom", message: `must use https: ${LOOPBACK_RULE}: ${options.httpsBecause}` });
      }
    })
    .transform((raw) => raw?.replace(/\/+$/, ""));

const httpUrl = httpUrlOf();

/**
 * LEGACY_URL: the base URL the client appends the service path to. The spec fixes that path
 * (`/api/api.asmx`), so a URL ending in it (the endpoint address the service's WSDL and help page
 * give, which is what gets copied) can only mean its base: it is taken as that, not doubled. A
 * query (`?WSDL`) or fragment would be dropped from every call, so it is refused.
 */
const legacyUrl = httpUrl
  .superRefine((url, ctx) => {
    if (url !== undefined && URL.canParse(url) && (new URL(url).search || new URL(url).hash)) {
      ctx.addIssue({ code: "custom", message: "must be the service's base URL, without a query (?WSDL) or fragment" });
    }
  })
  .transform((url) => {
    if (url === undefined) return undefined;
    const parsed = new URL(url);
    if (!parsed.pathname.toLowerCase().endsWith(LEGACY_PATH)) return url;
    return `${parsed.origin}${parsed.pathname.slice(0, -LEGACY_PATH.length)}`.replace(/\/+$/, "");
  });

/** Why the token exchange needs https (commerce spec, POST {auth_url}/oauth/access-token). */
const TOKEN_EXCHANGE_HTTPS =
  "the token exchange POST {auth_url}/oauth/access-token is HTTPS only and carries COMMERCE_CLIENT_SECRET";

// An enumeration's error lists what it accepts; what was given is not repeated.
const oneOf = <T extends string>(values: readonly T[], fallback: T) =>
  z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (raw !== undefined && !values.some((v) => v.toLowerCase() === raw.toLowerCase())) {
        ctx.addIssue({ code: "custom", message: `must be one of ${values.join(", ")}` });
      }
    })
    .transform((raw) => values.find((v) => v.toLowerCase() === raw?.toLowerCase()) ?? fallback);

const text = z.string().optional();

/** "item 2 of 3", "items 1 and 3 of 3": which entries of a list break a rule, not what they hold. */
function itemsOf(positions: number[], count: number): string {
  const list =
    positions.length === 1 ? String(positions[0]) : `${positions.slice(0, -1).join(", ")} and ${positions.at(-1)}`;
  return `item${positions.length === 1 ? "" : "s"} ${list} of ${count}`;
}

/** Why one entry of an origin list is not an origin (`scheme://host[:port]`), without repeating it. */
function notAnOrigin(item: string): string | undefined {
  let url: URL;
  try {
    url = new URL(item);
  } catch {
    return "not a URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "not http(s)";
  if (url.username || url.password) return "carries credentials";
  if (url.origin !== item.replace(/\/$/, "")) return "more than an origin";
  return undefined;
}

/** A comma-separated list of origins (`scheme://host[:port]`); `*` for any only when `anyAllowed`. */
const origins = (anyAllowed: boolean) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const items = (raw ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const out: string[] = [];
      const bad = new Map<string, number[]>();
      items.forEach((item, index) => {
        if (item === "*" && anyAllowed) {
          out.push(item);
          return;
        }
        const why = item === "*" ? "*" : notAnOrigin(item);
        if (why === undefined) out.push(new URL(item).origin);
        else bad.set(why, [...(bad.get(why) ?? []), index + 1]);
      });
      for (const [why, positions] of bad) {
        ctx.addIssue({
          code: "custom",
          message:
            why === "*"
              ? "must name origins one by one, not *"
              : `must list origins such as https://app.example.com, comma-separated (${itemsOf(positions, items.length)}: ${why})`,
        });
      }
      return out;
    });

/** A comma-separated list of host names (with or without a port), lower-cased. */
const hosts = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/** Sections of docs/configuration.md, in the page's order. */
export const ENV_SECTIONS = [
  "Listening and HTTP access",
  "Legacy list service",
  "Commerce REST interface",
  "Gateway auth and login",
  "Request limits",
  "Persisted documents",
  "Webhooks and the event log",
  "Cache",
  "Shutdown",
  "Logs, traces and metrics",
  "Embedded sandboxes",
] as const;
export type EnvSection = (typeof ENV_SECTIONS)[number];

/**
 * What docs/configuration.md says of a variable, kept on its schema as zod metadata
 * (scripts/config-doc.ts prints the page; a test keeps page and schema in step): its section, its
 * meaning, and its default where parsing an unset value does not show it (a default computed later,
 * or one better said in words).
 */
export type EnvDoc = { section: EnvSection; description: string; default?: string };

const about = (section: EnvSection, description: string, shownDefault?: string): EnvDoc =>
  shownDefault === undefined ? { section, description } : { section, description, default: shownDefault };

/** `about` for a variable of one backend's family: `<PREFIX>` in the text names that backend's variables. */
const backendAbout = (prefix: string, description: string, shownDefault?: string): EnvDoc =>
  about(
    prefix === "LEGACY" ? "Legacy list service" : "Commerce REST interface",
    description.replaceAll("<PREFIX>", prefix),
    shownDefault?.replaceAll("<PREFIX>", prefix),
  );

// Connections default to twice the per-request concurrency: one request alone gets every call it
// may run at once, and a second one as wide still finds a connection (docs/decisions.md).
const limitsOf = (prefix: string, connections: number) => ({
  [`${prefix}_CONNECT_TIMEOUT_MS`]: intIn(5_000, 1, 600_000).meta(
    backendAbout(prefix, "time to open a connection to the backend (undici `connectTimeout`)"),
  ),
  [`${prefix}_HEADERS_TIMEOUT_MS`]: intIn(15_000, 1, 600_000).meta(
    backendAbout(prefix, "time from sending a request to the reply's headers (undici `headersTimeout`)"),
  ),
  [`${prefix}_BODY_TIMEOUT_MS`]: intIn(15_000, 1, 600_000).meta(
    backendAbout(prefix, "longest pause between two chunks of the reply's body (undici `bodyTimeout`)"),
  ),
  [`${prefix}_MAX_RESPONSE_BYTES`]: intIn(8 * 1024 * 1024, 1024, 1024 * 1024 * 1024).meta(
    backendAbout(prefix, "largest reply read; a longer one fails the call (`UPSTREAM_BAD_RESPONSE`)"),
  ),
  [`${prefix}_CONNECTIONS`]: intIn(connections, 1, 1024).meta(
    backendAbout(
      prefix,
      "keep-alive pool size, shared by all requests; at least `<PREFIX>_CONCURRENCY` (start-up refuses a pool that would cap one request)",
    ),
  ),
  [`${prefix}_CALL_DEADLINE_MS`]: intIn(20_000, 1, 600_000).meta(
    backendAbout(prefix, "total time one backend call may take, first byte sent to last byte read"),
  ),
});

/** Retries, breaker and bulkhead of one backend (docs/configuration.md; docs/decisions.md: Upstream resilience). */
const resilienceOf = (prefix: string) => ({
  /** Attempts after the first for a read (0: no retries); writes are never retried. */
  [`${prefix}_RETRY_ATTEMPTS`]: intIn(2, 0, 10).meta(
    backendAbout(
      prefix,
      "times a failed read (a reset, a timeout, 429 or 5xx) is sent again (0: never); writes never are",
    ),
  ),
  /** Ceiling of the first retry's full-jitter delay; doubles with each retry. */
  [`${prefix}_RETRY_BASE_DELAY_MS`]: intIn(100, 1, 60_000).meta(
    backendAbout(
      prefix,
      "the n-th retry waits a random time below min(`<PREFIX>_RETRY_MAX_DELAY_MS`, base·2ⁿ⁻¹), or the reply's `Retry-After` when longer",
    ),
  ),
  /** Ceiling of any one retry delay, and the longest Retry-After the gateway waits for. */
  [`${prefix}_RETRY_MAX_DELAY_MS`]: intIn(2_000, 1, 600_000).meta(
    backendAbout(prefix, "ceiling of any one retry delay; a `Retry-After` above it is not waited for"),
  ),
  /** Consecutive failures of the backend that open its circuit breaker. */
  [`${prefix}_BREAKER_FAILURES`]: intIn(5, 1, 10_000).meta(
    backendAbout(
      prefix,
      "failures of the backend in a row that open its circuit breaker (its fields then fail at once with `UPSTREAM_CIRCUIT_OPEN`)",
    ),
  ),
  /** Time the breaker stays open before one probe call is let through. */
  [`${prefix}_BREAKER_HALF_OPEN_MS`]: intIn(10_000, 10, 3_600_000).meta(
    backendAbout(prefix, "how long the breaker stays open before one probe call"),
  ),
  /** Calls in flight to the backend at once (default: the connection pool size). */
  [`${prefix}_BULKHEAD_LIMIT`]: intIn(0, 1, 4_096).meta(
    backendAbout(prefix, "calls to the backend in flight at once, across requests", "`<PREFIX>_CONNECTIONS`"),
  ),
  /** Calls waiting for a slot; past it a call fails at once (UPSTREAM_BULKHEAD_FULL). */
  [`${prefix}_BULKHEAD_QUEUE`]: intIn(512, 0, 1_000_000).meta(
    backendAbout(prefix, "calls waiting for a slot; past both a call fails at once (`UPSTREAM_BULKHEAD_FULL`)"),
  ),
});

/** Every variable the gateway reads, with its rule and default. */
export const ENV = z.object({
  HOST: text.meta(
    about(
      "Listening and HTTP access",
      "address the gateway listens on; `0.0.0.0` (the image sets it) serves other machines",
      "`127.0.0.1`",
    ),
  ),
  PORT: intIn(4000, 0, 65535).meta(
    about("Listening and HTTP access", "port the gateway listens on (0: any free port)"),
  ),

  LEGACY_URL: legacyUrl.meta(
    about(
      "Legacy list service",
      "base URL of the legacy service; `/api/api.asmx` is appended (a URL already ending in it is taken as its base)",
      "(unset: the embedded sandbox)",
    ),
  ),
  LEGACY_TRANSPORT: oneOf<LegacyTransport>(["soap", "get", "post"], "soap").meta(
    about("Legacy list service", "`soap`, `get` or `post`"),
  ),
  LEGACY_NAMESPACE: z
    .string()
    .optional()
    .refine((ns) => ns === undefined || ns.endsWith("/"), { error: "must end in a slash" })
    .meta(
      about("Legacy list service", "the service's XML namespace, ending in a slash", `\`${DEFAULT_LEGACY_NAMESPACE}\``),
    ),
  LEGACY_API_KEY: text.meta(
    about("Legacy list service", "key used when a caller sends no `X-Legacy-Api-Key` header (`AUTH_MODE=open` only)"),
  ),
  /**
   * Legacy calls one GraphQL request runs at once. 32 lets the widest level of a dashboard query
   * (the Overview's 28 detail calls) run in one wave, so a query takes its critical path; the cap
   * still bounds what one request can ask of the service at a time (docs/decisions.md).
   */
  LEGACY_CONCURRENCY: intIn(32, 1, 256).meta(
    about(
      "Legacy list service",
      "concurrent backend calls per GraphQL request (32: the widest level of the Overview, 28 calls, runs in one wave)",
    ),
  ),
  ...limitsOf("LEGACY", 64),
  ...resilienceOf("LEGACY"),

  COMMERCE_URL: httpUrlOf({
    path: { pattern: /\/api\/v1\/*$/, rule: "must end in /api/v1 (the versioned root)" },
  }).meta(
    about(
      "Commerce REST interface",
      "`{base_url}` of the commerce interface, ending in `/api/v1`",
      "(unset: the embedded sandbox)",
    ),
  ),
  /** {auth_url}: the token exchange sends the client secret there, so https unless loopback (commerce spec). */
  COMMERCE_AUTH_URL: httpUrlOf({ httpsBecause: TOKEN_EXCHANGE_HTTPS }).meta(
    about(
      "Commerce REST interface",
      "`{auth_url}`, the host root of `/oauth/*`; `https:` unless the host is loopback (127.0.0.0/8, `::1`, `localhost`): the token exchange carries the client secret. With it unset and `COMMERCE_CLIENT_ID`/`COMMERCE_CLIENT_SECRET` set, the rule applies to `COMMERCE_URL`",
      "origin of `COMMERCE_URL`",
    ),
  ),
  COMMERCE_API_KEY: text.meta(
    about(
      "Commerce REST interface",
      "store-owner API key (`X-ApiKey`), used when a caller sends no `X-Commerce-Api-Key` header (`AUTH_MODE=open` only)",
    ),
  ),
  COMMERCE_CLIENT_ID: text.meta(
    about("Commerce REST interface", "partner application id (`client_id`): the login, PoP signing and partner tokens"),
  ),
  COMMERCE_CLIENT_SECRET: text.meta(
    about(
      "Commerce REST interface",
      "partner application client secret; at least 32, 48 or 64 bytes for `COMMERCE_POP_ALG` `HS256`, `HS384` or `HS512` (RFC 7518 §3.2)",
    ),
  ),
  COMMERCE_REDIRECT_URI: httpUrl.meta(
    about(
      "Commerce REST interface",
      "the login's redirect URI: the one registered for the partner application",
      "the gateway's own `/auth/commerce/callback`",
    ),
  ),
  COMMERCE_ACCESS_TOKEN: text.meta(
    about(
      "Commerce REST interface",
      "OAuth access token to sign PoP requests with when a caller brings no commerce credential (`AUTH_MODE=open` only)",
    ),
  ),
  COMMERCE_POP_ALG: oneOf<PopAlgorithm>(["HS256", "HS384", "HS512"], "HS256").meta(
    about(
      "Commerce REST interface",
      "algorithm of PoP signatures: `HS256`, `HS384` or `HS512`; the client secret must have at least 32, 48 or 64 bytes for it, so the spec's 60-character secrets allow `HS256` and `HS384`",
    ),
  ),
  COMMERCE_SCOPES: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      const given = (raw ?? "").split(/\s+/).filter(Boolean);
      const unknown = given.flatMap((scope, i) =>
        (COMMERCE_SCOPES as readonly string[]).includes(scope) ? [] : [i + 1],
      );
      if (unknown.length > 0) {
        ctx.addIssue({
          code: "custom",
          message: `must list scopes among ${COMMERCE_SCOPES.join(" ")}, space-separated (${itemsOf(unknown, given.length)}: not among them)`,
        });
      }
    })
    .transform((raw) => (raw === undefined ? [...COMMERCE_SCOPES] : raw.split(/\s+/).filter(Boolean)))
    .meta(
      about(
        "Commerce REST interface",
        "the scopes `COMMERCE_ACCESS_TOKEN` was granted, and the scopes the login asks users for, space-separated",
        "every scope",
      ),
    ),
  COMMERCE_USER_ID: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^[\x21-\x7e]{1,200}$/.test(raw), {
      error: "must be the store's userId as its webhooks name it: 1 to 200 visible ASCII characters",
    })
    .meta(
      about(
        "Commerce REST interface",
        "the `userId` the commerce webhooks name for the configured credential's store: its callers receive only that store's events (unset: every commerce event reaching the gateway; docs/decisions.md, \"Whose commerce events a caller receives\")",
      ),
    ),
  /** Commerce calls one GraphQL request runs at once (its sandbox rate-limits per credential). */
  COMMERCE_CONCURRENCY: intIn(8, 1, 256).meta(
    about(
      "Commerce REST interface",
      "concurrent commerce calls per GraphQL request (the commerce service rate-limits per credential)",
    ),
  ),
  ...limitsOf("COMMERCE", 16),
  ...resilienceOf("COMMERCE"),

  SANDBOX_HOST: text.meta(
    about(
      "Embedded sandboxes",
      "where the embedded sandboxes listen (they accept demo keys: loopback unless you ask)",
      "`127.0.0.1`",
    ),
  ),
  SANDBOX_LEGACY_PORT: intIn(4101, 0, 65535).meta(
    about("Embedded sandboxes", "port of the legacy sandbox (`npm start` without `LEGACY_URL`, `npm run sandbox`)"),
  ),
  SANDBOX_COMMERCE_PORT: intIn(4102, 0, 65535).meta(
    about("Embedded sandboxes", "port of the commerce sandbox (`npm start` without `COMMERCE_URL`, `npm run sandbox`)"),
  ),
  SANDBOX_LEGACY_API_KEY: text.meta(
    about("Embedded sandboxes", "the one key the legacy sandbox accepts", "`demo-legacy-key`"),
  ),
  SANDBOX_COMMERCE_API_KEY: text.meta(
    about("Embedded sandboxes", "the one API key the commerce sandbox accepts", "`demo-commerce-key`"),
  ),
  SANDBOX_COMMERCE_SYNC_THRESHOLD: intIn(50, 0, 1_000_000).meta(
    about("Embedded sandboxes", "segment-unsubscribe audiences above this many become async jobs (202)"),
  ),
  SANDBOX_COMMERCE_RATE_LIMIT: intIn(50, 0, 1_000_000).meta(
    about("Embedded sandboxes", "requests a second per credential before the commerce sandbox answers 429 (0: off)"),
  ),
  SANDBOX: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^(true|false|1|0)$/i.test(raw), { error: "must be true or false" })
    .transform((raw) => (raw === undefined ? undefined : /^(true|1)$/i.test(raw)))
    .meta(
      about(
        "Embedded sandboxes",
        "`true`: the embedded sandboxes (demo data, demo keys) stand in for an unset `LEGACY_URL` / `COMMERCE_URL`, also under `NODE_ENV=production`; `false`: never, a missing URL stops the start",
        "yes, except with `NODE_ENV=production`",
      ),
    ),
  NODE_ENV: text.meta(
    about(
      "Embedded sandboxes",
      "`production` (the image sets it): a missing `LEGACY_URL` / `COMMERCE_URL` stops the start unless `SANDBOX=true`",
    ),
  ),

  MAX_TOKENS: intIn(2_000, 100, 100_000).meta(
    about("Request limits", "lexical tokens of a GraphQL document (`MAX_TOKENS_EXCEEDED`)"),
  ),
  MAX_DEPTH: intIn(10, 2, 100).meta(
    about("Request limits", "nesting of selections, introspection excluded (`MAX_DEPTH_EXCEEDED`)"),
  ),
  MAX_ALIASES: intIn(15, 0, 10_000).meta(
    about("Request limits", "aliased fields in one operation (`MAX_ALIASES_EXCEEDED`)"),
  ),
  MAX_DIRECTIVES: intIn(20, 0, 10_000).meta(
    about("Request limits", "directives in one operation (`MAX_DIRECTIVES_EXCEEDED`)"),
  ),
  MAX_COST: intIn(1_000, 1, 10_000_000).meta(
    about(
      "Request limits",
      "backend calls one operation can cause, a list counted by `first`/`last`, its `ids`, or `COST_DEFAULT_LIST_SIZE`; also enforced on the calls made (past it, fields fail with `MAX_COST_EXCEEDED`)",
    ),
  ),
  COST_DEFAULT_LIST_SIZE: intIn(10, 1, 10_000).meta(
    about("Request limits", "size the cost assumes for a list that states none (and a connection without `first`)"),
  ),
  MAX_MUTATION_FIELDS: intIn(5, 1, 1_000).meta(
    about("Request limits", "writes (top-level fields) of one mutation operation"),
  ),
  MAX_NODE_IDS: intIn(100, 1, 10_000).meta(about("Request limits", "ids one `nodes` field takes")),
  MAX_BODY_BYTES: intIn(1024 * 1024, 1024, 100 * 1024 * 1024).meta(
    about("Request limits", "request body size; bodies must declare their length (`Content-Length`)"),
  ),
  REQUEST_DEADLINE_MS: intIn(30_000, 100, 600_000).meta(
    about(
      "Request limits",
      "total time of one request; backend calls still running then end, the rest of the response arrives",
    ),
  ),
  MAX_OPERATIONS_PER_CONNECTION: intIn(50, 1, 10_000).meta(
    about(
      "Request limits",
      "subscriptions one websocket connection may run at once (`MAX_OPERATIONS_PER_CONNECTION_EXCEEDED` past it)",
    ),
  ),
  /** Websocket connections plus SSE streams per caller and instance; default 32 (docs/decisions.md). */
  MAX_STREAMS_PER_CALLER: intIn(32, 1, 100_000).meta(
    about(
      "Request limits",
      "websocket connections and SSE streams one caller (its gateway token's subject, else its address) may hold at once on an instance (`MAX_STREAMS_PER_CALLER_EXCEEDED`: 429, or websocket close 1013)",
    ),
  ),
  /** Per-caller budgets of backend calls (src/budget), on by default. */
  BUDGET: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^(on|off)$/i.test(raw), { error: "must be on or off" })
    .transform((raw) => raw === undefined || raw.toLowerCase() === "on")
    .meta(
      about(
        "Request limits",
        "`on`: each caller (its gateway token's subject; else a keyed hash of the backend keys it sends; else its address) has a budget of backend calls, shared by every instance through `REDIS_URL`; an operation it cannot cover is refused (`THROTTLED`, 429 with `Retry-After`); `off`: no budgets",
        "`on`",
      ),
    ),
  BUDGET_MAX: intIn(5_000, 1, 100_000_000).meta(
    about(
      "Request limits",
      "backend calls a caller's full budget holds (an operation's requested cost is its `MAX_COST` figure); at least `MAX_COST`",
    ),
  ),
  BUDGET_RESTORE_PER_S: intIn(250, 1, 10_000_000).meta(
    about("Request limits", "backend calls restored to a caller's budget a second"),
  ),

  INGRESS_TOKEN: z
    .string()
    .optional()
    .refine((t) => t === undefined || /^[A-Za-z0-9_-]{16,256}$/.test(t), {
      error: "must be 16 to 256 letters, digits, - or _ (it is a URL path segment)",
    })
    .meta(
      about(
        "Webhooks and the event log",
        "secret path segment of `POST /webhooks/legacy/{INGRESS_TOKEN}`, 16 to 256 letters, digits, `-` or `_`; unset: that path is not served",
        "(made up per run with embedded sandboxes)",
      ),
    ),
  COMMERCE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .refine((t) => t === undefined || Buffer.byteLength(t, "utf8") >= 32, {
      error: "must have at least 32 bytes (an HS256 key, RFC 7518 §3.2)",
    })
    .meta(
      about(
        "Webhooks and the event log",
        "HS256 key (at least 32 bytes) of the JWS commerce webhooks carry; unset: `/webhooks/commerce` is not served",
        "(made up per run with embedded sandboxes)",
      ),
    ),
  REDIS_URL: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (raw === undefined) return;
      if (isClusterUrl(raw)) {
        const cluster = parseClusterUrl(raw);
        if (typeof cluster === "string") ctx.addIssue({ code: "custom", message: cluster });
      } else if (!/^rediss?:\/\/[^\s]+$/.test(raw)) {
        ctx.addIssue({ code: "custom", message: "must be a redis://, rediss:// or redis+cluster:// URL" });
      }
    })
    .meta(
      about(
        "Webhooks and the event log",
        "`redis://` or `rediss://` URL of the Redis holding the event log shared by every instance (one stream per backend) and the one-time codes of logins that return to an app, so any instance can exchange them; `redis+cluster://host:port,host:port/` (or `rediss+cluster://`) names seed nodes of a Redis Cluster instead",
        "(unset: in memory, one instance)",
      ),
    ),
  WEBHOOK_MAX_BODY_BYTES: intIn(8 * 1024 * 1024, 1024, 100 * 1024 * 1024).meta(
    about("Webhooks and the event log", "largest webhook body (413 `payload_too_large` past it)"),
  ),
  // Past node:http's requestTimeout (300 s) the server would cut the request first.
  WEBHOOK_BODY_DEADLINE_MS: intIn(10_000, 100, 300_000).meta(
    about(
      "Webhooks and the event log",
      "how long a webhook body may take to arrive once the ingress starts reading it (408 `body_timeout` after)",
    ),
  ),
  EVENT_LOG_MAX_LENGTH: intIn(10_000, 100, 10_000_000).meta(
    about("Webhooks and the event log", "events kept per backend"),
  ),
  EVENT_LOG_RETENTION_MS: intIn(24 * 3600 * 1000, 60_000, 30 * 24 * 3600 * 1000).meta(
    about("Webhooks and the event log", "how long events are kept"),
  ),
  /** Prefix of the event log's Redis keys (`<prefix>events:<source>`, `<prefix>dedupe:…`): one per deployment sharing a Redis. */
  EVENT_LOG_KEY_PREFIX: z
    .string()
    .default("mailgraph:")
    .refine((prefix) => /^[A-Za-z0-9_.:{}-]{1,64}$/.test(prefix), {
      error: "must be 1 to 64 letters, digits or _ . : { } -",
    })
    .meta(
      about(
        "Webhooks and the event log",
        "prefix of the event log's Redis keys (`<prefix>events:<backend>`, `<prefix>dedupe:…`) and of the login codes': give each deployment sharing a Redis its own",
      ),
    ),

  CORS_ORIGINS: origins(true).meta(
    about(
      "Listening and HTTP access",
      "origins allowed to call from a browser on another site, comma-separated (`https://app.example.com`); `*` allows any, without credentials",
    ),
  ),
  ALLOWED_HOSTS: hosts.meta(
    about(
      "Listening and HTTP access",
      "`Host` names served besides `localhost`/`127.0.0.1`/`[::1]`, comma-separated; unset with a non-loopback `HOST` serves any (a start-up warning says so)",
      "(loopback names only)",
    ),
  ),

  /** Bearer token GET /metrics requires (16+ characters); unset: only loopback callers, without a proxy header, get metrics. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .refine((t) => t === undefined || /^[\x21-\x7e]{16,256}$/.test(t), {
      error: "must be 16 to 256 printable characters without spaces",
    })
    .meta(
      about(
        "Logs, traces and metrics",
        "bearer token `GET /metrics` requires from every caller, 16 to 256 printable characters",
        "(unset: loopback callers only)",
      ),
    ),
  /** Operation names with a label of their own in the metrics (admitted by use per window); default 100. */
  METRICS_MAX_OPERATION_NAMES: intIn(100, 1, 10_000).meta(
    about(
      "Logs, traces and metrics",
      "operation names of documents sent as text with a metrics label of their own, ranked by use per 10-minute window (the rest `other`); names of persisted documents always have one and are not counted here",
    ),
  ),

  /** Least severe level logged: trace, debug, info (default), warn, error, fatal or silent. */
  LOG_LEVEL: oneOf<LogLevel>(LOG_LEVELS, "info").meta(
    about(
      "Logs, traces and metrics",
      "least severe level logged: `trace`, `debug`, `info`, `warn`, `error`, `fatal` or `silent` (probes `/health`, `/livez`, `/readyz` log at `debug`)",
    ),
  ),
  /** OTLP/HTTP collector base URL (spans go to {url}/v1/traces); unset: no tracing, no SDK loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.meta(
    about(
      "Logs, traces and metrics",
      "OTLP/HTTP collector base URL, e.g. `http://otel-collector:4318`; spans are posted as JSON to `{url}/v1/traces`. The SDK's `OTEL_TRACES_SAMPLER`, `OTEL_BSP_*` and `OTEL_EXPORTER_OTLP_HEADERS` apply",
      "(unset: no tracing)",
    ),
  ),
  /** service.name on exported spans (default mailgraph). */
  OTEL_SERVICE_NAME: text.meta(
    about("Logs, traces and metrics", "`service.name` of the exported spans", "`mailgraph`"),
  ),

  /** Run persisted documents only (true|false, default false); introspection and suggestions go off. */
  PERSISTED_ONLY: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^(true|false|1|0)$/i.test(raw), { error: "must be true or false" })
    .transform((raw) => raw !== undefined && /^(true|1)$/i.test(raw))
    .meta(
      about(
        "Persisted documents",
        '`true`: only documents of the manifest run, named by id (`documentId`, or `extensions.persistedQuery.sha256Hash`) on every transport; a document text is refused (`PERSISTED_ONLY`), introspection, "Did you mean" suggestions and GraphiQL are off',
      ),
    ),
  CACHE: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^(on|off)$/i.test(raw), { error: "must be on or off" })
    .transform((raw) => raw !== undefined && raw.toLowerCase() === "on")
    .meta(
      about(
        "Cache",
        "`on`: backend reads are kept per credential and shared by requests (in Redis with `REDIS_URL`, shared by every instance; else in memory), dropped by the gateway's writes and the backends' webhooks; what the backends do not report is seen within the times to live below. `off`: every read goes to the backend",
        "`off`",
      ),
    ),
  CACHE_SECRET: z
    .string()
    .optional()
    .refine((t) => t === undefined || Buffer.byteLength(t, "utf8") >= 32, { error: "must have at least 32 bytes" })
    .meta(
      about(
        "Cache",
        "at least 32 bytes, the same on every instance: entries are filed under a keyed hash of the caller's credential made with it (`GATEWAY_SECRET` is used instead when set). With `REDIS_URL` and neither, the cache is off (a start-up warning says so)",
        "(one instance without `REDIS_URL`: made up per run)",
      ),
    ),
  CACHE_TTL_LIST_STATS_S: intIn(CACHE_TTL_DEFAULTS.listStats.seconds, 1, 86_400).meta(
    about("Cache", "seconds a list's statistics and members are kept (they change with every subscriber)"),
  ),
  CACHE_TTL_CAMPAIGN_SUMMARY_S: intIn(CACHE_TTL_DEFAULTS.campaignSummary.seconds, 1, 86_400).meta(
    about("Cache", "seconds a campaign's summary and reports (bounces, opens, unsubscribes) are kept"),
  ),
  CACHE_TTL_REFERENCE_S: intIn(CACHE_TTL_DEFAULTS.reference.seconds, 1, 604_800).meta(
    about("Cache", "seconds rarely changing reads are kept (templates, custom field definitions)"),
  ),
  CACHE_TTL_JOB_S: intIn(CACHE_TTL_DEFAULTS.job.seconds, 1, 3_600).meta(
    about("Cache", "seconds a commerce export job's state is kept"),
  ),
  CACHE_TTL_OTHER_S: intIn(CACHE_TTL_DEFAULTS.other.seconds, 1, 86_400).meta(
    about("Cache", "seconds every other read is kept (clients, lists, segments, campaigns, coupons)"),
  ),
  CACHE_MAX_ENTRIES: intIn(10_000, 1, 10_000_000).meta(
    about("Cache", "entries the in-memory cache holds at most (least recently used out first)"),
  ),
  CACHE_MAX_BYTES: intIn(64 * 1024 * 1024, 1024, 16 * 1024 * 1024 * 1024).meta(
    about("Cache", "bytes of answers the in-memory cache holds at most (least recently used out first)"),
  ),
  CACHE_MAX_ENTRY_BYTES: intIn(1024 * 1024, 64, 512 * 1024 * 1024).meta(
    about("Cache", "a read whose answer is larger is not kept (in memory or Redis)"),
  ),
  /** Path of the persisted documents manifest; default documents/gql/persisted-documents.json. */
  PERSISTED_DOCUMENTS: text.meta(
    about(
      "Persisted documents",
      'the persisted documents manifest (`"sha256:<hex>"` → document, as `npm run codegen` writes it); every entry is checked against the schema at start-up',
      "`documents/gql/persisted-documents.json`",
    ),
  ),
  /** After SIGTERM, how long readiness answers 503 before the listener closes (default 0). */
  SHUTDOWN_DELAY_MS: intIn(0, 0, 300_000).meta(
    about(
      "Shutdown",
      "on SIGTERM, how long `/readyz` answers 503 while requests are still accepted (for a load balancer to notice); shorter than `SHUTDOWN_DEADLINE_MS`",
    ),
  ),
  /** After SIGTERM, when the process exits whatever still runs (default 25 s, within Kubernetes' 30 s). */
  SHUTDOWN_DEADLINE_MS: intIn(25_000, 100, 600_000).meta(
    about("Shutdown", "on SIGTERM, when the process exits whatever still runs (exit code 1 if that cut a request)"),
  ),

  /** open | token; default token when LEGACY_URL or COMMERCE_URL is set, else open (embedded sandboxes). */
  AUTH_MODE: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^(open|token)$/i.test(raw), { error: "must be open or token" })
    .transform((raw) => raw?.toLowerCase() as "open" | "token" | undefined)
    .meta(
      about(
        "Gateway auth and login",
        "`token`: every request needs a gateway token; `open`: callers without one use the configured backend keys",
        "`token` with `LEGACY_URL` or `COMMERCE_URL`, else `open`",
      ),
    ),
  /** Key material of gateway tokens and login cookies: at least 32 bytes; required in token mode. */
  GATEWAY_SECRET: z
    .string()
    .optional()
    .refine((t) => t === undefined || Buffer.byteLength(t, "utf8") >= 32, {
      error: "must have at least 32 bytes (it keys A256GCM through HKDF)",
    })
    .meta(
      about(
        "Gateway auth and login",
        "at least 32 bytes; gateway tokens and login cookies are keyed from it (HKDF). Required in `token` mode; the same on every instance",
        "(made up per run with embedded sandboxes)",
      ),
    ),
  /** Accept raw backend keys in X-Legacy-Api-Key / X-Commerce-Api-Key in token mode (true|false, default false). */
  ALLOW_CREDENTIAL_HEADERS: z
    .string()
    .optional()
    .refine((raw) => raw === undefined || /^(true|false|1|0)$/i.test(raw), { error: "must be true or false" })
    .transform((raw) => raw !== undefined && /^(true|1)$/i.test(raw))
    .meta(
      about(
        "Gateway auth and login",
        "in `token` mode, also accept raw backend keys in `X-Legacy-Api-Key` / `X-Commerce-Api-Key`",
      ),
    ),
  /** Origins a login started with ?return_to= may return to (comma-separated); none by default. */
  AUTH_RETURN_ORIGINS: origins(false).meta(
    about(
      "Gateway auth and login",
      "origins of apps a login may return to (`/auth/commerce/login?return_to=`), comma-separated; such apps also need `CORS_ORIGINS` to call `/graphql`",
    ),
  ),
  /** Life of the gateway token a login gives ("8h", "30m", seconds); 5 minutes to 30 days, default 8h. */
  AUTH_SESSION_TTL: z
    .string()
    .optional()
    .superRefine((raw, ctx) => {
      if (raw === undefined) return;
      const seconds = parseDuration(raw);
      if (seconds === undefined || seconds < 300 || seconds > 30 * 86_400) {
        const got = seconds === undefined ? kindOf(raw) : seconds < 300 ? "a duration under 5m" : "a duration over 30d";
        ctx.addIssue({ code: "custom", message: `must be a duration from 5m to 30d such as 8h (got ${got})` });
      }
    })
    .transform((raw) => (raw === undefined ? 8 * 3600 : (parseDuration(raw) ?? 8 * 3600)))
    .meta(
      about(
        "Gateway auth and login",
        "life of the gateway token (and session cookie) a login gives, `5m` to `30d` (`30m`, `8h`, or seconds)",
        "`8h`",
      ),
    ),
});

type ParsedEnv = z.infer<typeof ENV>;

function resilienceSettings(env: ParsedEnv, prefix: "LEGACY" | "COMMERCE"): ResilienceSettings {
  const get = (name: string) => (env as Record<string, unknown>)[`${prefix}_${name}`] as number;
  return {
    retryAttempts: get("RETRY_ATTEMPTS"),
    retryBaseDelayMs: get("RETRY_BASE_DELAY_MS"),
    retryMaxDelayMs: get("RETRY_MAX_DELAY_MS"),
    breakerFailures: get("BREAKER_FAILURES"),
    breakerHalfOpenMs: get("BREAKER_HALF_OPEN_MS"),
    // 0 is the "unset" marker: as many calls as the pool has connections.
    bulkheadLimit: get("BULKHEAD_LIMIT") || get("CONNECTIONS"),
    bulkheadQueue: get("BULKHEAD_QUEUE"),
  };
}

function httpLimits(env: ParsedEnv, prefix: "LEGACY" | "COMMERCE"): HttpLimits {
  const get = (name: string) => (env as Record<string, unknown>)[`${prefix}_${name}`] as number;
  return {
    connectTimeoutMs: get("CONNECT_TIMEOUT_MS"),
    headersTimeoutMs: get("HEADERS_TIMEOUT_MS"),
    bodyTimeoutMs: get("BODY_TIMEOUT_MS"),
    maxResponseBytes: get("MAX_RESPONSE_BYTES"),
    connections: get("CONNECTIONS"),
    deadlineMs: get("CALL_DEADLINE_MS"),
  };
}

/** Blank values count as unset; surrounding white space is not part of a value. */
function trimmed(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(ENV.shape)) {
    const value = env[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/**
 * Every variable checked on its own: the valid ones parsed, one line per problem of the others.
 * Each variable is parsed apart so that one bad value neither hides nor delays another's problem.
 */
function parseEach(raw: Record<string, string>): { valid: Partial<ParsedEnv>; problems: string[] } {
  const valid: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, schema] of Object.entries(ENV.shape)) {
    const result = schema.safeParse(raw[key]);
    if (result.success) {
      valid[key] = result.data;
    } else {
      // Messages come from the schemas above: they name the rule and never repeat the value.
      for (const issue of result.error.issues) problems.push(`${[key, ...issue.path].join(".")} ${issue.message}`);
    }
  }
  return { valid, problems };
}

/**
 * Rules between variables, checked in the same pass as each variable's own rules so that one start
 * lists every problem. A rule is checked whenever the variables it relates are valid (or unset); a
 * variable that is itself invalid has its own line, and a relation to a value that was refused
 * says nothing more.
 */
function crossProblems(e: Partial<ParsedEnv>, raw: Record<string, string>): string[] {
  const ok = (key: keyof ParsedEnv) => key in e;
  const problems: string[] = [];

  // The PoP signer would refuse this secret on first use; refuse it at start-up instead
  // (docs/decisions.md, "Partner secret: HTTPS, key length and token claims"). Neither the secret nor its length is shown.
  const clientSecret = e.COMMERCE_CLIENT_SECRET;
  if (clientSecret !== undefined) {
    if (e.COMMERCE_POP_ALG !== undefined) {
      const alg = e.COMMERCE_POP_ALG;
      if (!hmacKeyLongEnough(clientSecret, alg)) {
        problems.push(
          `COMMERCE_CLIENT_SECRET is too short for COMMERCE_POP_ALG=${alg}: RFC 7518 §3.2 needs a key of at least ${HMAC_MIN_KEY_BYTES[alg]} bytes`,
        );
      }
    } else if (!hmacKeyLongEnough(clientSecret, "HS256")) {
      // COMMERCE_POP_ALG is refused on its own line; this secret is too short for any of the three.
      problems.push(
        `COMMERCE_CLIENT_SECRET is too short for any COMMERCE_POP_ALG: RFC 7518 §3.2 needs a key of at least ${HMAC_MIN_KEY_BYTES.HS256} bytes (HS256)`,
      );
    }
  }

  // Unset, AUTH_MODE is token once a backend URL is set, even one refused on its own line.
  if (ok("AUTH_MODE") && ok("GATEWAY_SECRET")) {
    const mode = e.AUTH_MODE ?? (raw.LEGACY_URL || raw.COMMERCE_URL ? "token" : "open");
    if (mode === "token" && !e.GATEWAY_SECRET) {
      problems.push(
        `GATEWAY_SECRET is required with AUTH_MODE=token${e.AUTH_MODE ? "" : " (the default when LEGACY_URL or COMMERCE_URL is set)"}: set a secret of at least 32 bytes, or AUTH_MODE=open`,
      );
    }
  }

  // Unset, {auth_url} is the origin of COMMERCE_URL: the client secret goes there in the token
  // exchange, which the spec allows over HTTPS only (a partner app is configured: id and secret).
  if (
    raw.COMMERCE_AUTH_URL === undefined &&
    e.COMMERCE_URL !== undefined &&
    e.COMMERCE_CLIENT_ID !== undefined &&
    e.COMMERCE_CLIENT_SECRET !== undefined
  ) {
    const base = new URL(e.COMMERCE_URL);
    if (base.protocol === "http:" && !isLoopbackHost(base.hostname)) {
      problems.push(
        `COMMERCE_AUTH_URL, unset, is the origin of COMMERCE_URL, which must then use https: ${LOOPBACK_RULE}: ${TOKEN_EXCHANGE_HTTPS} (set COMMERCE_AUTH_URL to an https: URL, or COMMERCE_URL)`,
      );
    }
  }

  // A budget smaller than MAX_COST would refuse forever what the limits let through.
  if (e.BUDGET !== false && e.BUDGET_MAX !== undefined && e.MAX_COST !== undefined && e.BUDGET_MAX < e.MAX_COST) {
    problems.push(
      `BUDGET_MAX (${e.BUDGET_MAX}) must be at least MAX_COST (${e.MAX_COST}): an operation costing more than a full budget could never run`,
    );
  }

  if (
    e.SHUTDOWN_DELAY_MS !== undefined &&
    e.SHUTDOWN_DEADLINE_MS !== undefined &&
    e.SHUTDOWN_DELAY_MS >= e.SHUTDOWN_DEADLINE_MS
  ) {
    problems.push("SHUTDOWN_DELAY_MS must be shorter than SHUTDOWN_DEADLINE_MS (the delay is part of the deadline)");
  }

  // A pool smaller than the per-request cap would silently hold a request below its concurrency.
  // Both numbers passed their own range rules, so they are shown.
  for (const prefix of ["LEGACY", "COMMERCE"] as const) {
    const connections = (e as Record<string, unknown>)[`${prefix}_CONNECTIONS`] as number | undefined;
    const concurrency = e[`${prefix}_CONCURRENCY`];
    if (connections !== undefined && concurrency !== undefined && connections < concurrency) {
      problems.push(
        `${prefix}_CONNECTIONS (${connections}) must be at least ${prefix}_CONCURRENCY (${concurrency}): a smaller keep-alive pool would silently cap the calls one request runs at once`,
      );
    }
  }
  return problems;
}

/** Reads and validates the whole configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env): Config {
  const raw = trimmed(env);
  const { valid, problems } = parseEach(raw);
  problems.push(...crossProblems(valid, raw));
  if (problems.length > 0) throw new ConfigError(problems);
  const e = valid as ParsedEnv;

  const config: Config = {
    host: e.HOST ?? "127.0.0.1",
    port: e.PORT,
    legacy: {
      url: e.LEGACY_URL,
      transport: e.LEGACY_TRANSPORT,
      namespace: e.LEGACY_NAMESPACE ?? DEFAULT_LEGACY_NAMESPACE,
      apiKey: e.LEGACY_API_KEY,
      limits: httpLimits(e, "LEGACY"),
      concurrency: e.LEGACY_CONCURRENCY,
      resilience: resilienceSettings(e, "LEGACY"),
    },
    commerce: {
      url: e.COMMERCE_URL,
      authUrl: e.COMMERCE_AUTH_URL,
      apiKey: e.COMMERCE_API_KEY,
      clientId: e.COMMERCE_CLIENT_ID,
      clientSecret: e.COMMERCE_CLIENT_SECRET,
      redirectUri: e.COMMERCE_REDIRECT_URI,
      accessToken: e.COMMERCE_ACCESS_TOKEN,
      popAlgorithm: e.COMMERCE_POP_ALG,
      scopes: e.COMMERCE_SCOPES,
      userId: e.COMMERCE_USER_ID,
      limits: httpLimits(e, "COMMERCE"),
      concurrency: e.COMMERCE_CONCURRENCY,
      resilience: resilienceSettings(e, "COMMERCE"),
    },
    sandbox: {
      host: e.SANDBOX_HOST ?? "127.0.0.1",
      legacyPort: e.SANDBOX_LEGACY_PORT,
      commercePort: e.SANDBOX_COMMERCE_PORT,
      legacyApiKey: e.SANDBOX_LEGACY_API_KEY ?? "demo-legacy-key",
      commerceApiKey: e.SANDBOX_COMMERCE_API_KEY ?? "demo-commerce-key",
      commerceSyncThreshold: e.SANDBOX_COMMERCE_SYNC_THRESHOLD,
      commerceRateLimit: e.SANDBOX_COMMERCE_RATE_LIMIT,
      standIn:
        e.SANDBOX !== undefined
          ? { allowed: e.SANDBOX, decidedBy: "SANDBOX" }
          : e.NODE_ENV === "production"
            ? { allowed: false, decidedBy: "NODE_ENV" }
            : { allowed: true, decidedBy: "default" },
    },
    limits: {
      maxTokens: e.MAX_TOKENS,
      maxDepth: e.MAX_DEPTH,
      maxAliases: e.MAX_ALIASES,
      maxDirectives: e.MAX_DIRECTIVES,
      maxCost: e.MAX_COST,
      defaultListSize: e.COST_DEFAULT_LIST_SIZE,
      maxMutationFields: e.MAX_MUTATION_FIELDS,
      maxNodeIds: e.MAX_NODE_IDS,
      maxBodyBytes: e.MAX_BODY_BYTES,
      deadlineMs: e.REQUEST_DEADLINE_MS,
      maxOperationsPerConnection: e.MAX_OPERATIONS_PER_CONNECTION,
      maxStreamsPerCaller: e.MAX_STREAMS_PER_CALLER,
    },
    http: { corsOrigins: e.CORS_ORIGINS, allowedHosts: e.ALLOWED_HOSTS },
    metrics: { token: e.METRICS_TOKEN, maxOperationNames: e.METRICS_MAX_OPERATION_NAMES },
    logging: { level: e.LOG_LEVEL },
    tracing: { otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME ?? "mailgraph" },
    persisted: { only: e.PERSISTED_ONLY, manifestPath: e.PERSISTED_DOCUMENTS },
    budget: { enabled: e.BUDGET, max: e.BUDGET_MAX, restorePerS: e.BUDGET_RESTORE_PER_S },
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, deadlineMs: e.SHUTDOWN_DEADLINE_MS },
    auth: {
      mode: e.AUTH_MODE ?? (e.LEGACY_URL || e.COMMERCE_URL ? "token" : "open"),
      secret: e.GATEWAY_SECRET,
      allowCredentialHeaders: e.ALLOW_CREDENTIAL_HEADERS,
      returnOrigins: e.AUTH_RETURN_ORIGINS,
      sessionTtlSeconds: e.AUTH_SESSION_TTL,
    },
    events: {
      ingressToken: e.INGRESS_TOKEN,
      commerceWebhookSecret: e.COMMERCE_WEBHOOK_SECRET,
      redisUrl: e.REDIS_URL,
      maxBodyBytes: e.WEBHOOK_MAX_BODY_BYTES,
      bodyDeadlineMs: e.WEBHOOK_BODY_DEADLINE_MS,
      logMaxLength: e.EVENT_LOG_MAX_LENGTH,
      logRetentionMs: e.EVENT_LOG_RETENTION_MS,
      logKeyPrefix: e.EVENT_LOG_KEY_PREFIX,
    },
    cache: {
      enabled: e.CACHE,
      secret: e.CACHE_SECRET,
      ttlSeconds: {
        listStats: e.CACHE_TTL_LIST_STATS_S,
        campaignSummary: e.CACHE_TTL_CAMPAIGN_SUMMARY_S,
        reference: e.CACHE_TTL_REFERENCE_S,
        job: e.CACHE_TTL_JOB_S,
        other: e.CACHE_TTL_OTHER_S,
      },
      maxEntries: e.CACHE_MAX_ENTRIES,
      maxBytes: e.CACHE_MAX_BYTES,
      maxEntryBytes: e.CACHE_MAX_ENTRY_BYTES,
    },
  };

  return config;
}

/**
 * Things that are allowed but probably not meant, for the start-up banner: each line says what
 * will happen. Never includes a secret.
 */
export function configWarnings(config: Config): string[] {
  const warnings: string[] = [];
  for (const [name, backend] of [
    ["LEGACY", config.legacy],
    ["COMMERCE", config.commerce],
  ] as const) {
    if (backend.resilience.bulkheadLimit > backend.limits.connections) {
      warnings.push(
        `${name}_BULKHEAD_LIMIT (${backend.resilience.bulkheadLimit}) is above ${name}_CONNECTIONS (${backend.limits.connections}): calls beyond the pool wait in its own queue, which ${name}_BULKHEAD_QUEUE does not bound`,
      );
    }
  }
  const open = config.auth.mode === "open";
  if (!open && (config.legacy.apiKey || config.commerce.apiKey || config.commerce.accessToken)) {
    warnings.push(
      "AUTH_MODE=token: the configured LEGACY_API_KEY / COMMERCE_API_KEY / COMMERCE_ACCESS_TOKEN serve no caller; each caller's gateway token carries its credentials",
    );
  }
  if (open && config.legacy.url && !config.legacy.apiKey) {
    warnings.push(
      "LEGACY_URL is set without LEGACY_API_KEY: every legacy field fails as UNAUTHENTICATED unless the caller sends X-Legacy-Api-Key",
    );
  }
  if (open && config.commerce.url && !config.commerce.apiKey && !config.commerce.accessToken) {
    warnings.push(
      "COMMERCE_URL is set without COMMERCE_API_KEY or COMMERCE_ACCESS_TOKEN: commerce calls have no credential",
    );
  }
  if (config.http.allowedHosts.length === 0 && !isLoopbackHost(config.host)) {
    warnings.push(
      "HOST is not a loopback address and ALLOWED_HOSTS is unset: requests for any Host name are served (set ALLOWED_HOSTS)",
    );
  }
  if (config.cache.enabled && config.events.redisUrl && !config.auth.secret && !config.cache.secret) {
    warnings.push(
      "REDIS_URL is set without GATEWAY_SECRET or CACHE_SECRET: the shared cache is off (its entries are filed under a keyed hash that must be the same on every instance); set CACHE_SECRET to turn it on",
    );
  }
  return warnings;
}

/** Whether a bind address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}
