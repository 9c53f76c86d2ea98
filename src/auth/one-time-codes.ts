/**
 * One-time codes of logins that return to an app: each stands for one gateway token, works once,
 * briefly, and only for the origin the login returned to. With REDIS_URL they are held in Redis, so
 * any instance sharing it may take the exchange; without, in this process's memory, so the exchange
 * must reach the instance that made the code. See docs/decisions.md, "Login cookies, state and one-time login codes".
 */
import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { connectRedis } from "../redis/connect.js";

/** What POST /auth/token answers for a redeemed code. */
export interface RedeemedCode {
  token: string;
  /** Seconds the gateway token has left. */
  expiresIn: number;
}

/** Where the codes wait for POST /auth/token. */
export interface OneTimeCodeStore {
  /** A fresh code (43 url-safe characters) for `token`, redeemable from `origin`. */
  issue(token: string, origin: string, tokenTtlSeconds: number): Promise<string>;
  /**
   * The token of `code`, once: unknown, expired and used codes give undefined, and so does a code
   * presented by another origin than the one it was issued for (which does not use it up; an absent
   * Origin is a server-side app).
   */
  redeem(code: string, origin: string | undefined): Promise<RedeemedCode | undefined>;
  close(): Promise<void>;
}

interface Pending {
  token: string;
  origin: string;
  expiresAt: number;
  /** When the gateway token itself expires (Unix ms). */
  tokenExpiresAt: number;
}

/** The codes waiting for POST /auth/token, in this process's memory. */
export class OneTimeCodes implements OneTimeCodeStore {
  // Keyed by the code's SHA-256, so a heap dump shows no usable code.
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    /** Codes waiting at once; beyond it the oldest go (a login flood cannot grow memory without bound). */
    private readonly maxPending = 10_000,
  ) {}

  issue(token: string, origin: string, tokenTtlSeconds: number): Promise<string> {
    this.sweep();
    while (this.pending.size >= this.maxPending) {
      const oldest = this.pending.keys().next().value;
      if (oldest === undefined) break;
      this.pending.delete(oldest);
    }
    const code = randomBytes(32).toString("base64url");
    const at = this.now();
    this.pending.set(digest(code), {
      token,
      origin,
      expiresAt: at + this.ttlMs,
      tokenExpiresAt: at + tokenTtlSeconds * 1000,
    });
    return Promise.resolve(code);
  }

  redeem(code: string, origin: string | undefined): Promise<RedeemedCode | undefined> {
    this.sweep();
    const key = digest(code);
    const entry = this.pending.get(key);
    if (!entry) return Promise.resolve(undefined);
    if (origin !== undefined && origin !== entry.origin) return Promise.resolve(undefined);
    this.pending.delete(key);
    return Promise.resolve({ token: entry.token, expiresIn: secondsLeft(entry.tokenExpiresAt, this.now()) });
  }

  close(): Promise<void> {
    this.pending.clear();
    return Promise.resolve();
  }

  private sweep(): void {
    const at = this.now();
    for (const [key, entry] of this.pending) if (entry.expiresAt <= at) this.pending.delete(key);
  }
}

const digest = (code: string) => createHash("sha256").update(code, "utf8").digest("base64url");

const secondsLeft = (expiresAt: number, now: number) => Math.max(0, Math.floor((expiresAt - now) / 1000));

/**
 * Takes a code's entry once, atomically: nothing when it is unknown or expired, or when an origin
 * is given (ARGV[1], "o:<origin>"; empty for none) and is not the one the code was issued for (the
 * code then stays). An empty Origin header is an origin too, and matches none.
 */
const REDEEM_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
if ARGV[1] ~= '' then
  local ok, entry = pcall(cjson.decode, raw)
  if not ok or type(entry) ~= 'table' or 'o:' .. tostring(entry.origin) ~= ARGV[1] then return false end
end
redis.call('DEL', KEYS[1])
return raw
`;

interface StoredCode {
  token: string;
  origin: string;
  tokenExpiresAt: number;
}

/** Either connection (one server or a cluster) with the redeem script defined. */
type CodeRedis = Pick<Redis, "set" | "quit" | "disconnect" | "status" | "on"> & {
  mailgraphRedeemCode(key: string, origin: string): Promise<string | null>;
};

/**
 * The codes in Redis, shared by every instance with the same REDIS_URL and key prefix: each under
 * `<prefix>login-code:<SHA-256 of the code>` (Redis never holds a usable code), expiring with the
 * code. A code is taken by one atomic script, so two exchanges of it never both succeed. The script
 * touches only its code's key (declared in KEYS), so no hash tag is needed: on Redis Cluster the codes
 * spread over every node.
 */
export class RedisOneTimeCodes implements OneTimeCodeStore {
  readonly #redis: CodeRedis;
  readonly #prefix: string;

  constructor(
    options: { url: string; keyPrefix: string; onError: (error: Error) => void },
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {
    this.#prefix = `${options.keyPrefix}login-code:`;
    // Connected on the first login: a gateway nobody logs in to holds no connection for it.
    const redis = connectRedis(options.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectionName: "mailgraph-login-codes",
    });
    redis.defineCommand("mailgraphRedeemCode", { numberOfKeys: 1, lua: REDEEM_SCRIPT });
    this.#redis = redis as unknown as CodeRedis;
    // ioredis emits connection errors as events; without a listener it prints them itself.
    this.#redis.on("error", options.onError);
  }

  async issue(token: string, origin: string, tokenTtlSeconds: number): Promise<string> {
    const code = randomBytes(32).toString("base64url");
    const entry: StoredCode = { token, origin, tokenExpiresAt: this.now() + tokenTtlSeconds * 1000 };
    await this.#redis.set(this.#key(code), JSON.stringify(entry), "PX", this.ttlMs, "NX");
    return code;
  }

  async redeem(code: string, origin: string | undefined): Promise<RedeemedCode | undefined> {
    const raw = await this.#redis.mailgraphRedeemCode(this.#key(code), origin === undefined ? "" : `o:${origin}`);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as StoredCode;
    return { token: entry.token, expiresIn: secondsLeft(entry.tokenExpiresAt, this.now()) };
  }

  async close(): Promise<void> {
    if (this.#redis.status === "wait" || this.#redis.status === "end") {
      this.#redis.disconnect();
      return;
    }
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  #key(code: string): string {
    return `${this.#prefix}${digest(code)}`;
  }
}
