/**
 * Budgets in Redis, shared by every instance on the same REDIS_URL: one hash per caller
 * (`<prefix>budget:{<caller digest>}`, the digest a hash tag so the gateway runs unchanged on Redis
 * Cluster), read, refilled, checked and written by one Lua script, so two instances taking from
 * one caller's bucket at once never both spend the same calls. The script reads Redis's own clock
 * (TIME): instances whose clocks disagree still refill one bucket at one rate.
 *
 * While Redis does not answer, this instance budgets in its own memory (memory-store.ts): a caller
 * is still bounded, per instance instead of across them, and nothing fails that did not need Redis.
 * Each fall-back is reported (`onUnavailable`, counted in /metrics); /readyz already reports that
 * Redis as down.
 */
import { createHash } from "node:crypto";
import { connectRedis, redisKey, type RedisConnection } from "../redis/connect.js";
import type { BucketShape, BudgetStore, Charge } from "./bucket.js";
import { MemoryBudgetStore } from "./memory-store.js";

/**
 * KEYS[1]: the caller's bucket. ARGV: max, restore per second, amount, mode ("take": take the
 * amount if the level covers it; "adjust": add it, negative charges; "peek": the level refilled to
 * now, nothing written), time to live (ms).
 * Answers { admitted (1|0), level as text } (Redis would cut a Lua number to an integer).
 */
const SCRIPT = `
local max = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local amount = tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local held = redis.call('HMGET', KEYS[1], 'level', 'at')
local level = tonumber(held[1])
local at = tonumber(held[2])
if level == nil or at == nil then
  level = max
  at = now
end
if now > at then
  level = math.min(max, level + (now - at) * rate / 1000)
  at = now
end
if ARGV[4] == 'peek' then
  return { 1, string.format('%.17g', level) }
end
local admitted = 1
if ARGV[4] == 'take' then
  if amount <= 0 or level >= amount then level = level - amount else admitted = 0 end
else
  level = math.max(-max, math.min(max, level + amount))
end
redis.call('HSET', KEYS[1], 'level', string.format('%.17g', level), 'at', at)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return { admitted, string.format('%.17g', level) }
`;

type ScriptReply = [number, string];

interface BudgetCommands {
  budgetBucket(
    key: string,
    max: number,
    rate: number,
    amount: number,
    mode: string,
    ttlMs: number,
  ): Promise<ScriptReply>;
}

/** Options of a RedisBudgetStore. */
export interface RedisBudgetOptions {
  url: string;
  /** Prefix of the gateway's keys (EVENT_LOG_KEY_PREFIX). */
  keyPrefix: string;
  /** How long one command may take before this instance budgets in memory instead (default 500 ms). */
  commandTimeoutMs?: number;
  /** Told each time Redis did not answer and the memory stand-in answered instead. */
  onUnavailable?: (error: unknown) => void;
}

/** Budgets shared through Redis (see the file's comment). */
export class RedisBudgetStore implements BudgetStore {
  readonly shape: BucketShape;
  readonly #redis: RedisConnection & BudgetCommands;
  readonly #fallback: MemoryBudgetStore;
  readonly #prefix: string;
  readonly #ttlMs: number;
  readonly #onUnavailable: (error: unknown) => void;
  /** Redis failed to answer and has not been ready since: commands go to memory without waiting. */
  #down = false;

  constructor(shape: BucketShape, options: RedisBudgetOptions) {
    this.shape = shape;
    this.#prefix = `${options.keyPrefix}budget:`;
    // A bucket left alone long enough is full again, the same as none: it expires then.
    this.#ttlMs = Math.ceil(((2 * shape.max) / shape.restorePerS) * 1000) + 1_000;
    this.#fallback = new MemoryBudgetStore(shape);
    this.#onUnavailable = options.onUnavailable ?? (() => undefined);
    const redis = connectRedis(options.url, {
      // A request waits for its budget: an unanswered Redis must cost it little, once per command.
      commandTimeout: options.commandTimeoutMs ?? 500,
      maxRetriesPerRequest: 0,
    });
    // ioredis emits connection errors as events; without a listener it prints them itself.
    redis.on("error", () => undefined);
    redis.on("ready", () => (this.#down = false));
    redis.defineCommand("budgetBucket", { numberOfKeys: 1, lua: SCRIPT });
    this.#redis = redis as RedisConnection & BudgetCommands;
  }

  /** The key of `caller`'s bucket: a digest, so no subject, address or credential hash is a key name. */
  keyOf(caller: string): string {
    return redisKey(this.#prefix, createHash("sha256").update(caller).digest("base64url").slice(0, 22));
  }

  async take(caller: string, cost: number): Promise<Charge> {
    try {
      const [admitted, level] = await this.#run(caller, cost, "take");
      return { admitted: admitted === 1, available: Number(level) };
    } catch (error) {
      this.#failed(error);
      return this.#fallback.take(caller, cost);
    }
  }

  async adjust(caller: string, amount: number): Promise<number> {
    try {
      const [, level] = await this.#run(caller, amount, "adjust");
      return Number(level);
    } catch (error) {
      this.#failed(error);
      return this.#fallback.adjust(caller, amount);
    }
  }

  async peek(caller: string): Promise<number> {
    try {
      const [, level] = await this.#run(caller, 0, "peek");
      return Number(level);
    } catch (error) {
      this.#failed(error);
      return this.#fallback.peek(caller);
    }
  }

  #failed(error: unknown): void {
    if (this.#redis.status !== "ready") this.#down = true;
    this.#onUnavailable(error);
  }

  async close(): Promise<void> {
    await this.#fallback.close();
    try {
      await this.#redis.quit();
    } catch {
      this.#redis.disconnect();
    }
  }

  #run(caller: string, amount: number, mode: "take" | "adjust" | "peek"): Promise<ScriptReply> {
    // Until the first connection is made commands wait for it (within the command timeout); once
    // Redis has failed, none waits for it to come back.
    if (this.#down && this.#redis.status !== "ready") return Promise.reject(new Error("Redis is not connected"));
    const { max, restorePerS } = this.shape;
    return this.#redis.budgetBucket(this.keyOf(caller), max, restorePerS, amount, mode, this.#ttlMs);
  }
}
