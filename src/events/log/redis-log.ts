/**
 * The event log shared by every instance: a Redis Stream per source. Appends go through one Lua
 * script (dedupe, XADD, trimming) so a batch is written whole or not at all. Each instance runs ONE
 * blocking XREAD reader over the streams and fans events out to its local subscribers; the reader
 * resumes from the last id it delivered, so a lost connection or a restarted Redis loses nothing
 * Redis still holds.
 */
import { Redis, type RedisOptions } from "ioredis";
import {
  compareEventIds,
  DEFAULT_DEDUPE_TTL_MS,
  DEFAULT_MAX_LENGTH,
  DEFAULT_RETENTION_MS,
  EVENT_SOURCES,
  EventLogError,
  parseEventId,
  parseStoredEvent,
  reportToConsole,
  serializeEntry,
  type AppendResult,
  type EventListener,
  type EventLog,
  type EventLogLimits,
  type EventSource,
  type LogEntry,
  type LoggedEvent,
  type SubscribeOptions,
  type Unsubscribe,
} from "./types.js";

/** Options of the Redis log. */
export interface RedisEventLogOptions extends EventLogLimits {
  /** `redis://…` (REDIS_URL). */
  readonly url: string;
  /** Prefix of every key (streams `<prefix>events:<source>`, dedupe keys `<prefix>dedupe:…`). Default "mailgraph:". */
  readonly keyPrefix?: string;
  /** Extra ioredis options for both connections (e.g. TLS). */
  readonly redis?: RedisOptions;
  /** How long one XREAD blocks before it is issued again. Default 5 s. */
  readonly blockMs?: number;
}

// KEYS[1]: the stream. ARGV: maxLength, retentionMs, dedupeTtlMs, the dedupe hashes' key prefix, n,
// then n dedupe groups, n members, n JSON payloads. A dedupe key "<group>:<member>" is a field of the
// hash <prefix><group> (expiring dedupeTtlMs after its last write): a batch whose keys share a group
// (a webhook body's) costs one HMGET and one HSET instead of a lookup and a key with its own expiry
// per entry. Returns the new ids, "" for a duplicate. Every check is made before the first write, and
// nothing after it can fail on valid input, so the batch is all or nothing. Streams are trimmed once
// per batch (approximately: to maxLength, and to the retention window).
const APPEND_SCRIPT = `
local maxLength = ARGV[1]
local retentionMs = tonumber(ARGV[2])
local ttl = ARGV[3]
local prefix = ARGV[4]
local n = tonumber(ARGV[5])
local CHUNK = 1000
local groups = {}
local order = {}
for i = 1, n do
  local g = ARGV[5 + i]
  local list = groups[g]
  if not list then
    list = {}
    groups[g] = list
    order[#order + 1] = g
  end
  list[#list + 1] = i
end
local result = {}
local fresh = {}
for _, g in ipairs(order) do
  local list = groups[g]
  local seen = fresh[g]
  if not seen then
    seen = {}
    fresh[g] = seen
  end
  for from = 1, #list, CHUNK do
    local members = {}
    local upto = math.min(from + CHUNK - 1, #list)
    for j = from, upto do members[#members + 1] = ARGV[5 + n + list[j]] end
    local found = redis.call('HMGET', prefix .. g, unpack(members))
    for j = from, upto do
      local member = members[j - from + 1]
      if found[j - from + 1] or seen[member] then
        result[list[j]] = ''
      else
        seen[member] = true
        result[list[j]] = false
      end
    end
  end
end
local last = nil
local writes = {}
for i = 1, n do
  if result[i] == false then
    last = redis.call('XADD', KEYS[1], '*', 'e', ARGV[5 + 2 * n + i])
    result[i] = last
    local g = ARGV[5 + i]
    local w = writes[g]
    if not w then
      w = {}
      writes[g] = w
    end
    w[#w + 1] = ARGV[5 + n + i]
    w[#w + 1] = last
  end
end
for _, g in ipairs(order) do
  local w = writes[g]
  if w then
    for from = 1, #w, 2 * CHUNK do
      redis.call('HSET', prefix .. g, unpack(w, from, math.min(from + 2 * CHUNK - 1, #w)))
    end
    redis.call('PEXPIRE', prefix .. g, ttl)
  end
end
if last then
  redis.call('XTRIM', KEYS[1], 'MAXLEN', '~', maxLength)
  local ms = tonumber(string.match(last, '^(%d+)-'))
  if ms - retentionMs > 0 then
    redis.call('XTRIM', KEYS[1], 'MINID', '~', string.format('%d', ms - retentionMs))
  end
end
return result
`;

/** A dedupe key as [group, member]: split at its last ":" (a key without one is a group of its own). */
function dedupeParts(key: string): [string, string] {
  const cut = key.lastIndexOf(":");
  return cut < 0 ? [key, ""] : [key.slice(0, cut), key.slice(cut + 1)];
}

/** The append script as a command ioredis sends by its SHA (EVALSHA), loading it when Redis lacks it. */
interface AppendCommand {
  mailgraphAppend(stream: string, ...args: (string | number)[]): Promise<unknown>;
}

interface RedisSubscriber {
  readonly source: EventSource;
  readonly listener: EventListener;
  lastId: string;
  /** Live events held back while the replay runs; null once live. */
  buffer: LoggedEvent[] | null;
  active: boolean;
}

const REPLAY_PAGE = 500;
const READ_COUNT = 500;

/** The event log for several instances sharing a Redis. */
export class RedisEventLog implements EventLog {
  readonly #prefix: string;
  readonly #maxLength: number;
  readonly #retentionMs: number;
  readonly #dedupeTtlMs: number;
  readonly #blockMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #onRead: ((source: EventSource, id: string) => void) | undefined;
  /** Appends, replays and the reader's starting points. Fails fast while Redis is away. */
  readonly #commands: Redis;
  /** The one blocking reader. Waits out outages: its XREAD is sent again once Redis is back. */
  readonly #reader: Redis;
  readonly #subscribers = new Set<RedisSubscriber>();
  /** The last id the reader handed out, per source. */
  readonly #position = new Map<EventSource, string>();
  #started: Promise<void> | undefined;
  #loop: Promise<void> | undefined;
  #closed = false;
  /** Settles on close(): ioredis leaves a command pending forever when disconnected mid-reconnect. */
  readonly #closing: Promise<void>;
  #signalClosed: () => void = () => undefined;

  constructor(options: RedisEventLogOptions) {
    this.#prefix = options.keyPrefix ?? "mailgraph:";
    this.#maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
    this.#retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.#dedupeTtlMs = options.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS;
    this.#blockMs = options.blockMs ?? 5000;
    this.#onError = options.onError ?? reportToConsole;
    this.#onRead = options.onRead;
    this.#closing = new Promise((resolve) => {
      this.#signalClosed = resolve;
    });
    // An append during an outage fails soon, so the ingress can answer 503 and the backend retries.
    this.#commands = new Redis(options.url, { maxRetriesPerRequest: 1, ...options.redis });
    this.#commands.defineCommand("mailgraphAppend", { numberOfKeys: 1, lua: APPEND_SCRIPT });
    this.#reader = new Redis(options.url, {
      ...options.redis,
      maxRetriesPerRequest: null,
      autoResendUnfulfilledCommands: true,
      connectionName: "mailgraph-events-reader",
    });
    // ioredis emits connection errors as events; without a listener it prints them itself.
    this.#commands.on("error", (error) => this.#onError(error));
    this.#reader.on("error", (error) => this.#onError(error));
  }

  /** Resolves when Redis answers a PING within `timeoutMs` (readiness); rejects otherwise. */
  async ping(timeoutMs = 1_000): Promise<void> {
    this.#assertOpen();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([this.#commands.ping(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The stream key of a source. */
  streamKey(source: EventSource): string {
    return `${this.#prefix}events:${source}`;
  }

  async append(source: EventSource, entries: readonly LogEntry[]): Promise<AppendResult> {
    this.#assertOpen();
    const texts = entries.map((entry) => serializeEntry(entry));
    if (entries.length === 0) return { appended: [], duplicates: 0 };
    const groups: string[] = [];
    const members: string[] = [];
    for (const entry of entries) {
      const [group, member] = dedupeParts(entry.dedupeKey);
      groups.push(group);
      members.push(member);
    }
    const reply = await (this.#commands as unknown as AppendCommand).mailgraphAppend(
      this.streamKey(source),
      String(this.#maxLength),
      String(this.#retentionMs),
      String(this.#dedupeTtlMs),
      `${this.#prefix}dedupe:${source}:`,
      entries.length,
      ...groups,
      ...members,
      ...texts,
    );
    if (!Array.isArray(reply)) throw new Error("the append script answered with something other than a list");
    const appended: string[] = [];
    let duplicates = 0;
    for (const id of reply) {
      if (id === "") duplicates += 1;
      else if (typeof id === "string") appended.push(id);
    }
    return { appended, duplicates };
  }

  async subscribe(source: EventSource, options: SubscribeOptions, listener: EventListener): Promise<Unsubscribe> {
    this.#assertOpen();
    const { after } = options;
    if (after !== undefined) parseEventId(after);
    await this.#start();
    this.#assertOpen();
    const subscriber: RedisSubscriber = {
      source,
      listener,
      lastId: after ?? this.#position.get(source) ?? "0-0",
      buffer: after === undefined ? null : [],
      active: true,
    };
    // Registered before the replay reads: whatever the reader delivers meanwhile is buffered, and the
    // replay reaches at least as far as the reader had, so the two overlap and ids drop the repeats.
    this.#subscribers.add(subscriber);
    const unsubscribe = (): void => {
      subscriber.active = false;
      this.#subscribers.delete(subscriber);
    };
    if (after !== undefined) {
      try {
        await this.#replay(subscriber, after);
      } catch (error) {
        unsubscribe();
        throw error;
      }
      const buffered = subscriber.buffer ?? [];
      subscriber.buffer = null;
      for (const event of buffered) this.#deliver(subscriber, event);
    }
    return unsubscribe;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const subscriber of this.#subscribers) subscriber.active = false;
    this.#subscribers.clear();
    this.#signalClosed();
    // disconnect, not quit: quit would wait for a blocked XREAD, or for a Redis that is away.
    this.#reader.disconnect();
    this.#commands.disconnect();
    await this.#loop;
  }

  async #replay(subscriber: RedisSubscriber, after: string): Promise<void> {
    const key = this.streamKey(subscriber.source);
    let cursor = after;
    while (subscriber.active) {
      const page = await this.#commands.xrange(key, `(${cursor}`, "+", "COUNT", REPLAY_PAGE);
      for (const [id, fields] of page) {
        cursor = id;
        const event = this.#toEvent(subscriber.source, id, fields);
        if (event) this.#deliver(subscriber, event);
      }
      if (page.length < REPLAY_PAGE) return;
    }
  }

  /** Starts the reader once: from the streams' current ends, so it hands out only what comes next. */
  #start(): Promise<void> {
    this.#started ??= (async () => {
      for (const source of EVENT_SOURCES) {
        const last = await this.#commands.xrevrange(this.streamKey(source), "+", "-", "COUNT", 1);
        this.#position.set(source, last[0]?.[0] ?? "0-0");
      }
      this.#loop = this.#read();
    })().catch((error: unknown) => {
      this.#started = undefined;
      throw error;
    });
    return this.#started;
  }

  async #read(): Promise<void> {
    const keys = EVENT_SOURCES.map((source) => this.streamKey(source));
    while (!this.#closed) {
      try {
        const ids = EVENT_SOURCES.map((source) => this.#position.get(source) ?? "0-0");
        const read = this.#reader.call(
          "XREAD",
          "COUNT",
          READ_COUNT,
          "BLOCK",
          this.#blockMs,
          "STREAMS",
          ...keys,
          ...ids,
        );
        read.catch(() => undefined); // after close() nobody waits for it
        const reply = await Promise.race([read, this.#closing]);
        if (this.#closed) return;
        this.#fanOut(reply);
      } catch (error) {
        if (this.#closed) return;
        this.#onError(error);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** Hands one XREAD reply to the local subscribers, advancing the reader's position as it goes. */
  #fanOut(reply: unknown): void {
    if (!Array.isArray(reply)) return; // null: the block timed out
    for (const stream of reply as unknown[]) {
      if (!Array.isArray(stream)) continue;
      const [key, entries] = stream as unknown[];
      const source = EVENT_SOURCES.find((candidate) => this.streamKey(candidate) === key);
      if (source === undefined || !Array.isArray(entries)) continue;
      for (const entry of entries as unknown[]) {
        if (!Array.isArray(entry)) continue;
        const [id, fields] = entry as unknown[];
        if (typeof id !== "string" || !Array.isArray(fields)) continue;
        this.#position.set(source, id);
        this.#onRead?.(source, id);
        const event = this.#toEvent(source, id, fields as unknown[]);
        if (!event) continue;
        for (const subscriber of this.#subscribers) {
          if (subscriber.source !== source) continue;
          if (subscriber.buffer) subscriber.buffer.push(event);
          else this.#deliver(subscriber, event);
        }
      }
    }
  }

  #toEvent(source: EventSource, id: string, fields: readonly unknown[]): LoggedEvent | undefined {
    const at = fields.indexOf("e");
    const text = at >= 0 ? fields[at + 1] : undefined;
    const event = typeof text === "string" ? parseStoredEvent(text) : undefined;
    if (!event) {
      this.#onError(new Error(`stream entry ${id} of ${source} holds no JSON object event; skipped`));
      return undefined;
    }
    return { id, source, event };
  }

  #deliver(subscriber: RedisSubscriber, event: LoggedEvent): void {
    if (!subscriber.active || compareEventIds(event.id, subscriber.lastId) <= 0) return;
    subscriber.lastId = event.id;
    try {
      subscriber.listener(event);
    } catch (error) {
      this.#onError(error);
    }
  }

  #assertOpen(): void {
    if (this.#closed) throw new EventLogError("EVENT_LOG_CLOSED", "the event log is closed");
  }
}
