/**
 * The event log shared by every instance: a Redis Stream per source, appended to by one Lua
 * script. Each instance runs one blocking XREAD reader that fans events out to its subscribers; a
 * replay reads a page at a time at its reader's pace, then joins them. See docs/decisions.md,
 * "Replays: a page at a time, shared, no extra cap" and "Events the log no longer holds".
 * Every key of the log carries the hash tag `{events}`: the append script touches a stream and its
 * dedupe hashes, the reader's XREAD every stream, so on Redis Cluster they must share one slot.
 */
import type { RedisOptions } from "ioredis";
import { connectRedis, redisKey, type RedisConnection } from "../../redis/connect.js";
import { ReplayGate } from "./replay-gate.js";
import { ReplayPageCache } from "./replay-pages.js";
import {
  compareEventIds,
  DEFAULT_DEDUPE_TTL_MS,
  DEFAULT_MAX_LENGTH,
  DEFAULT_REPLAY_CONCURRENCY,
  DEFAULT_REPLAY_WAIT_MS,
  DEFAULT_RETENTION_MS,
  EVENT_SOURCES,
  EventLogError,
  EventLogTrimmedError,
  gapAfter,
  nextReplayTurn,
  isEventId,
  isPositionOnly,
  parseEventId,
  pastEnd,
  parseStoredEvent,
  REPLAY_PAGE,
  reportToConsole,
  serializeEntry,
  tellTrimmed,
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
  /** `redis://…` or `redis+cluster://…` (REDIS_URL). */
  readonly url: string;
  /** Prefix of every key (streams `<prefix>{events}:<source>`, dedupe hashes `<prefix>{events}:dedupe:…`). Default "mailgraph:". */
  readonly keyPrefix?: string;
  /** Extra ioredis options for both connections (e.g. TLS). */
  readonly redis?: RedisOptions;
  /** How long one XREAD blocks before it is issued again. Default 5 s. */
  readonly blockMs?: number;
}

// KEYS[1]: the stream; KEYS[2…]: the batch's dedupe hashes, one per group. ARGV: maxLength,
// retentionMs, dedupeTtlMs, n, then n indexes into KEYS (each entry's dedupe hash), n members, n JSON
// payloads. Every key is declared (Redis Cluster routes and checks a script by its KEYS). A dedupe
// key "<group>:<member>" is a field of its group's hash (expiring dedupeTtlMs after its last write): a batch whose keys share a group
// (a webhook body's) costs one HMGET and one HSET instead of a lookup and a key with its own expiry
// per entry. Returns the new ids, "" for a duplicate. Every check is made before the first write, and
// nothing after it can fail on valid input, so the batch is all or nothing. Streams are trimmed once
// per batch (approximately: to maxLength, and to the retention window). Each entry carries the id of
// the entry appended before it (field p): once that one is trimmed, the oldest entry kept says
// exactly what was removed, which XTRIM records nowhere (Redis updates XINFO's max-deleted-entry-id
// on XDEL only). A stream trimmed empty still knows the last id it gave (last-generated-id), and its
// next entry names that one; a new stream's first entry (none, or deleted: what a Redis restarted
// empty holds) names "0-0".
const APPEND_SCRIPT = `
local maxLength = ARGV[1]
local retentionMs = tonumber(ARGV[2])
local ttl = ARGV[3]
local n = tonumber(ARGV[4])
local CHUNK = 1000
local groups = {}
local order = {}
for i = 1, n do
  local g = tonumber(ARGV[4 + i])
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
    for j = from, upto do members[#members + 1] = ARGV[4 + n + list[j]] end
    local found = redis.call('HMGET', KEYS[g], unpack(members))
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
    if not last then
      local tail = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
      last = tail[1] and tail[1][1] or '0-0'
      if not tail[1] and redis.call('EXISTS', KEYS[1]) == 1 then
        local info = redis.call('XINFO', 'STREAM', KEYS[1])
        for at = 1, #info - 1, 2 do
          if info[at] == 'last-generated-id' then last = info[at + 1] end
        end
      end
    end
    last = redis.call('XADD', KEYS[1], '*', 'e', ARGV[4 + 2 * n + i], 'p', last)
    result[i] = last
    local g = tonumber(ARGV[4 + i])
    local w = writes[g]
    if not w then
      w = {}
      writes[g] = w
    end
    w[#w + 1] = ARGV[4 + n + i]
    w[#w + 1] = last
  end
end
for _, g in ipairs(order) do
  local w = writes[g]
  if w then
    for from = 1, #w, 2 * CHUNK do
      redis.call('HSET', KEYS[g], unpack(w, from, math.min(from + 2 * CHUNK - 1, #w)))
    end
    redis.call('PEXPIRE', KEYS[g], ttl)
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

/**
 * The append script as a command ioredis sends by its SHA (EVALSHA), loading it when Redis lacks it:
 * the number of keys first (the stream and the batch's dedupe hashes), then the keys, then ARGV.
 */
interface AppendCommand {
  mailgraphAppend(numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** The value of a stream entry's field `name` (fields come as name, value, name, value…), if a string. */
function fieldOf(fields: readonly unknown[], name: string): string | undefined {
  for (let at = 0; at + 1 < fields.length; at += 2) {
    if (fields[at] === name) {
      const value = fields[at + 1];
      return typeof value === "string" ? value : undefined;
    }
  }
  return undefined;
}

/** The event text of a stream entry's fields (`e`), if it has one. */
function textOf(fields: readonly unknown[]): string | undefined {
  return fieldOf(fields, "e");
}

interface RedisSubscriber {
  readonly source: EventSource;
  readonly listener: EventListener;
  /** The last event delivered (events up to it are not delivered again). */
  lastId: string;
  /** How far the replay has read (past entries that could not be parsed, too). */
  cursor: string;
  /** Told when trimming overtakes the replay (SubscribeOptions.trimmed). */
  readonly trimmed: SubscribeOptions["trimmed"];
  /** Among the reader's subscribers: the replay, if any, has caught up. */
  live: boolean;
  active: boolean;
}

const READ_COUNT = 500;
/**
 * The replay pages an instance keeps for its replays to share (ReplayPageCache): their events'
 * JSON text (parsed, they take about two to three times as much), and how long an unused one stays.
 */
const REPLAY_PAGES_BYTES = 4 * 1024 * 1024;
const REPLAY_PAGES_IDLE_MS = 10_000;

/** The event log for several instances sharing a Redis. */
export class RedisEventLog implements EventLog {
  readonly #prefix: string;
  readonly #maxLength: number;
  readonly #retentionMs: number;
  readonly #dedupeTtlMs: number;
  readonly #blockMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #onRead: ((source: EventSource, id: string) => void) | undefined;
  readonly #replayGate: ReplayGate;
  readonly #replayWaitMs: number;
  readonly #replayPages = new ReplayPageCache(REPLAY_PAGES_BYTES, REPLAY_PAGES_IDLE_MS);
  /** Replay pages being read from Redis, by source and cursor: a replay at the same cursor waits for it. */
  readonly #reading = new Map<string, Promise<void>>();
  /** Appends, replays and the reader's starting points. Fails fast while Redis is away. */
  readonly #commands: RedisConnection;
  /** The one blocking reader. Waits out outages: its XREAD is sent again once Redis is back. */
  readonly #reader: RedisConnection;
  /** The live subscribers (a replaying one joins once it has caught up with the reader). */
  readonly #subscribers = new Set<RedisSubscriber>();
  /** The subscribers still replaying. */
  readonly #replaying = new Set<RedisSubscriber>();
  /** The last id the reader handed out, per source. */
  readonly #position = new Map<EventSource, string>();
  /** Times the reader's connection became ready: from the second on, it came back after a loss. */
  #readerReadies = 0;
  /** The reader reconnected: before its next XREAD it checks the streams did not lose their end. */
  #checkEnds = false;
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
    this.#replayGate = new ReplayGate(options.replayConcurrency ?? DEFAULT_REPLAY_CONCURRENCY);
    this.#replayWaitMs = options.replayWaitMs ?? DEFAULT_REPLAY_WAIT_MS;
    this.#closing = new Promise((resolve) => {
      this.#signalClosed = resolve;
    });
    // An append during an outage fails soon, so the ingress can answer 503 and the backend retries.
    this.#commands = connectRedis(options.url, { maxRetriesPerRequest: 1, ...options.redis });
    this.#commands.defineCommand("mailgraphAppend", { lua: APPEND_SCRIPT });
    this.#reader = connectRedis(options.url, {
      ...options.redis,
      maxRetriesPerRequest: null,
      autoResendUnfulfilledCommands: true,
      connectionName: "mailgraph-events-reader",
    });
    // ioredis emits connection errors as events; without a listener it prints them itself.
    this.#commands.on("error", (error) => this.#onError(error));
    this.#reader.on("error", (error) => this.#onError(error));
    this.#reader.on("ready", () => {
      this.#readerReadies += 1;
      if (this.#readerReadies > 1) this.#checkEnds = true;
    });
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
    return redisKey(this.#prefix, "events", source);
  }

  /** The key of a dedupe group's hash (its members are the fields). */
  dedupeKey(source: EventSource, group: string): string {
    return redisKey(this.#prefix, "events", "dedupe", source, group);
  }

  async append(source: EventSource, entries: readonly LogEntry[]): Promise<AppendResult> {
    this.#assertOpen();
    const texts = entries.map((entry) => serializeEntry(entry));
    if (entries.length === 0) return { appended: [], duplicates: 0 };
    // KEYS: the stream, then each group's hash once; an entry names its hash by its KEYS index.
    const keys = [this.streamKey(source)];
    const keyAt = new Map<string, number>();
    const indexes: number[] = [];
    const members: string[] = [];
    for (const entry of entries) {
      const [group, member] = dedupeParts(entry.dedupeKey);
      let at = keyAt.get(group);
      if (at === undefined) {
        at = keys.push(this.dedupeKey(source, group));
        keyAt.set(group, at);
      }
      indexes.push(at);
      members.push(member);
    }
    const reply = await (this.#commands as unknown as AppendCommand).mailgraphAppend(
      keys.length,
      ...keys,
      String(this.#maxLength),
      String(this.#retentionMs),
      String(this.#dedupeTtlMs),
      entries.length,
      ...indexes,
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
    const start = after ?? this.#position.get(source) ?? "0-0";
    const subscriber: RedisSubscriber = {
      source,
      listener,
      lastId: start,
      cursor: start,
      trimmed: options.trimmed,
      live: after === undefined,
      active: true,
    };
    const unsubscribe = (): void => {
      subscriber.active = false;
      this.#subscribers.delete(subscriber);
      this.#replaying.delete(subscriber);
    };
    if (after === undefined) {
      this.#subscribers.add(subscriber);
      return unsubscribe;
    }
    this.#replaying.add(subscriber);
    // The first page before resolving: a log that cannot be read, turns that do not come within
    // replayWaitMs, or entries after `after` trimmed away (found in the same XRANGE reply, so a
    // trim just before it cannot slip by) refuse the subscription; the rest follows at the
    // subscriber's pace.
    try {
      await this.#replayPage(subscriber, this.#replayWaitMs, true);
    } catch (error) {
      unsubscribe();
      throw error;
    }
    if (subscriber.active && !subscriber.live) void this.#replayRest(subscriber, options.drained);
    return unsubscribe;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const subscriber of [...this.#subscribers, ...this.#replaying]) subscriber.active = false;
    this.#subscribers.clear();
    this.#replaying.clear();
    this.#replayGate.close();
    this.#replayPages.clear();
    this.#signalClosed();
    // disconnect, not quit: quit would wait for a blocked XREAD, or for a Redis that is away.
    this.#reader.disconnect();
    this.#commands.disconnect();
    await this.#loop;
  }

  /**
   * Delivers one page of the replay: from the pages this instance keeps when one covers the
   * cursor; after the read of another replay at the same cursor, when one is under way; else read
   * from Redis holding a replay turn (waiting at most `waitMs` for it). Joins the live subscribers
   * when a page read shows the replay has reached the reader. The `first` page read from Redis also
   * checks a replay that finds nothing after its cursor against the stream's end (#readPage).
   */
  async #replayPage(subscriber: RedisSubscriber, waitMs: number | undefined, first = false): Promise<void> {
    for (;;) {
      if (!subscriber.active || this.#replayKept(subscriber)) return;
      const key = `${subscriber.source} ${subscriber.cursor}`;
      const reading = this.#reading.get(key);
      if (reading) {
        await reading;
        continue;
      }
      await this.#replayGate.turn(waitMs);
      try {
        // Another replay may have read, or be reading, this very page since.
        if (!subscriber.active || this.#replayKept(subscriber)) return;
        if (this.#reading.has(key)) continue;
        await this.#readPage(subscriber, key, first);
        return;
      } finally {
        this.#replayGate.done();
      }
    }
  }

  /**
   * Reads the replay's next page from Redis, keeps it when full, and delivers it (holding a turn).
   * The first entry after the cursor names the one appended before it (`p`): later than the
   * cursor, the entries up to it were trimmed; earlier, the stream lost its end since it held the
   * cursor's entry (gapAfter). Either refuses the replay (or ends it, on a later page). The `first`
   * page, when nothing follows the cursor, also compares it with the stream's newest entry and
   * Redis's clock, which gives the next entries their ids (pastEnd): a cursor in the future is
   * refused, and so is an entry's id the stream no longer holds (it lost its end, and nothing was
   * appended since).
   */
  async #readPage(subscriber: RedisSubscriber, key: string, first: boolean): Promise<void> {
    let settle = (): void => undefined;
    this.#reading.set(key, new Promise<void>((resolve) => (settle = resolve)));
    try {
      const { source } = subscriber;
      const from = subscriber.cursor;
      const stream = this.streamKey(source);
      // Entries up to `known` were in the stream before this XRANGE was sent.
      const known = this.#position.get(source) ?? "0-0";
      let entries = await this.#commands.xrange(stream, `(${from}`, "+", "COUNT", REPLAY_PAGE);
      let clock: number | undefined;
      let newest = "0-0";
      if (first && entries.length === 0) {
        // Read again with Redis's clock and the stream's newest entry, in one MULTI on the stream's
        // node (a lone TIME goes to any node of a cluster): every entry appended after this clock
        // reading gets an id from it on, and any appended before is in the page.
        ({ clock, entries, newest } = await this.#timedRange(stream, from));
      }
      const gap = entries[0] === undefined ? undefined : gapAfter(source, from, fieldOf(entries[0][1], "p"));
      if (gap) throw gap;
      if (clock !== undefined && entries.length === 0) {
        const beyond = pastEnd(source, from, newest, clock);
        if (beyond) throw beyond;
      }
      const events: LoggedEvent[] = [];
      let bytes = 0;
      for (const [id, fields] of entries) {
        const text = textOf(fields);
        bytes += text?.length ?? 0;
        const event = this.#toEvent(source, id, text);
        if (event) events.push(event);
      }
      const to = entries.at(-1)?.[0];
      // Kept for the other replays running; a replay on its own would only pay for keeping it.
      if (to !== undefined && entries.length === REPLAY_PAGE && this.#replaying.size > 1) {
        this.#replayPages.add({ source, from, to, events, bytes });
      }
      for (const event of events) {
        if (!subscriber.active) return;
        this.#deliver(subscriber, event);
      }
      if (to !== undefined) subscriber.cursor = to;
      if (!subscriber.active || entries.length === REPLAY_PAGE) return;
      // A short page read to the stream's end: every entry up to `known` that Redis still holds was
      // in it. If the reader has handed out nothing beyond that since, the replay joins it now (in
      // the same turn of the event loop, so nothing the reader hands out later is missed);
      // otherwise the next page reads what the reader handed out meanwhile.
      const reached = compareEventIds(subscriber.cursor, known) >= 0 ? subscriber.cursor : known;
      if (compareEventIds(reached, this.#position.get(source) ?? "0-0") >= 0) {
        subscriber.live = true;
        this.#replaying.delete(subscriber);
        this.#subscribers.add(subscriber);
      }
    } finally {
      this.#reading.delete(key);
      settle();
    }
  }

  /**
   * Delivers the rest of a kept page covering the replay's cursor; false when none does. A cursor
   * inside the page that is neither where the page was read from, nor one of its events, nor only
   * a position, is read from Redis instead: an entry's id the page does not hold may be one of a
   * stream that lost its end, which only the entries' `p` tells (#readPage).
   */
  #replayKept(subscriber: RedisSubscriber): boolean {
    const { cursor } = subscriber;
    const page = this.#replayPages.covering(subscriber.source, cursor);
    if (!page) return false;
    const { events } = page;
    let next = 0;
    if (page.from !== cursor) {
      while (next < events.length && compareEventIds(events[next]!.id, cursor) <= 0) next += 1;
      if (events[next - 1]?.id !== cursor && !isPositionOnly(cursor)) return false;
    }
    for (; next < events.length; next += 1) {
      if (!subscriber.active) return true;
      this.#deliver(subscriber, events[next]!);
    }
    subscriber.cursor = page.to;
    return true;
  }

  /**
   * The pages after the first, each once the subscriber has handed on the one before. A failed
   * read is tried again while the subscriber stays (as the reader waits out an outage), backing
   * off; the first failure of a run is reported, not each retry of every replay.
   */
  async #replayRest(subscriber: RedisSubscriber, drained: SubscribeOptions["drained"]): Promise<void> {
    let failures = 0;
    while (subscriber.active && !subscriber.live && !this.#closed) {
      // A kept page is delivered without waiting on Redis: the turn is what lets other work go on.
      await nextReplayTurn(drained, this.#onError);
      if (!subscriber.active || this.#closed) return;
      try {
        await this.#replayPage(subscriber, undefined);
        failures = 0;
      } catch (error) {
        if (this.#closed || !subscriber.active) return;
        if (error instanceof EventLogTrimmedError) {
          this.#endTrimmed(subscriber, error);
          return;
        }
        if (failures === 0) this.#onError(error);
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** failures)));
      }
    }
  }

  /** Ends a replay that trimming overtook, and tells its subscriber (or onError). */
  #endTrimmed(subscriber: RedisSubscriber, error: EventLogTrimmedError): void {
    subscriber.active = false;
    this.#replaying.delete(subscriber);
    this.#subscribers.delete(subscriber);
    tellTrimmed(subscriber.trimmed, error, this.#onError);
  }

  /**
   * Redis's clock (ms), the page after `from` and the stream's newest entry id ("0-0": none), read
   * in one MULTI, which ioredis sends to the stream's node.
   */
  async #timedRange(
    stream: string,
    from: string,
  ): Promise<{ clock: number; entries: [id: string, fields: string[]][]; newest: string }> {
    const replies = await this.#commands
      .multi()
      .time()
      .xrange(stream, `(${from}`, "+", "COUNT", REPLAY_PAGE)
      .xrevrange(stream, "+", "-", "COUNT", 1)
      .exec();
    if (!replies) throw new Error("the replay's first read was discarded");
    for (const [error] of replies) if (error) throw error;
    const [[, [seconds, micros]], [, entries], [, last]] = replies as [
      [null, [string, string]],
      [null, [string, string[]][]],
      [null, [string, string[]][]],
    ];
    return {
      clock: Number(seconds) * 1000 + Math.floor(Number(micros) / 1000),
      entries,
      newest: last[0]?.[0] ?? "0-0",
    };
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

  /**
   * The reader: each XREAD resumes from the last id handed out, so a lost connection or a restarted
   * Redis loses nothing Redis still holds; what it no longer holds ends the subscribers that missed
   * it (#discontinuity), and the reader goes on for the others.
   */
  async #read(): Promise<void> {
    const keys = EVENT_SOURCES.map((source) => this.streamKey(source));
    while (!this.#closed) {
      try {
        if (this.#checkEnds) {
          this.#checkEnds = false;
          try {
            await this.#checkStreamEnds();
          } catch (error) {
            this.#checkEnds = true; // checked again on the next turn
            throw error;
          }
          if (this.#closed) return;
        }
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

  /**
   * After the reader reconnected: a stream whose newest entry is now older than what the reader
   * handed out lost its end (a Redis restarted from an older state or empty, a failover to a replica
   * behind, a deleted stream). XREAD from the reader's position would never return entries appended
   * since with lower ids, and the subscribers would drop them as already seen; so the subscribers
   * past that end are ended (`resumeAfter`: the stream's end) and the reader reads on from there.
   * A stream that only lost its end while the clock moved on is also caught by `p` (#fanOut).
   */
  async #checkStreamEnds(): Promise<void> {
    for (const source of EVENT_SOURCES) {
      const read = this.#reader.xrevrange(this.streamKey(source), "+", "-", "COUNT", 1);
      read.catch(() => undefined); // after close() nobody waits for it
      const last = await Promise.race([read, this.#closing]);
      if (this.#closed || !Array.isArray(last)) return;
      const end = last[0]?.[0] ?? "0-0";
      const position = this.#position.get(source) ?? "0-0";
      if (compareEventIds(end, position) < 0) {
        this.#discontinuity(source, position, end);
        this.#position.set(source, end);
      }
    }
  }

  /**
   * The entry the reader is about to hand out names a predecessor (`previous`) that is not the
   * last entry it handed out (`position`). Later than it: the entries after `position` up to
   * `previous` were trimmed before the reader read them. Earlier than it: the stream lost its end
   * since the reader read it, and what it holds after `previous` is new. Either way every live
   * subscriber of the source that has not seen exactly up to `previous` ends with the
   * EventLogTrimmedError (`resumeAfter`: `previous`, where what the log holds goes on), and the
   * reader carries on for new subscribers. A subscriber already at `previous` (a replay that read
   * past the reader) lost nothing and stays.
   */
  #discontinuity(source: EventSource, position: string, previous: string): void {
    const behind = compareEventIds(previous, position) > 0;
    let ended = 0;
    for (const subscriber of [...this.#subscribers, ...this.#replaying]) {
      if (subscriber.source !== source || !subscriber.active) continue;
      const order = compareEventIds(subscriber.lastId, previous);
      // Trimmed: the subscribers short of `previous` missed entries. Lost end: those beyond it
      // saw a history the log no longer holds, and would take newer entries for ones already seen.
      if (behind ? order >= 0 : order <= 0) continue;
      // A replay behind the trimmed stretch finds the gap in its own next page (#readPage).
      if (behind && !subscriber.live) continue;
      ended += 1;
      this.#endTrimmed(subscriber, new EventLogTrimmedError(source, subscriber.lastId, previous, !behind));
    }
    this.#onError(
      new EventLogError(
        "EVENT_LOG_TRIMMED",
        behind
          ? `this instance's reader of the ${source} events fell behind: the events after ${position} up to ` +
              `${previous} were trimmed before it read them (EVENT_LOG_MAX_LENGTH, EVENT_LOG_RETENTION_MS); ` +
              `${ended} live subscriptions ended with EVENTS_TRIMMED`
          : `the ${source} event stream lost its end: it goes on after ${previous}, before ${position}, the last ` +
              `entry this instance's reader had read (Redis restarted without it, or the stream was deleted); ` +
              `${ended} subscriptions ended with EVENTS_TRIMMED`,
      ),
    );
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
        const position = this.#position.get(source) ?? "0-0";
        // Handed out already (a reply sent again after a reconnect): once per subscriber, and not a gap.
        if (!isEventId(id) || compareEventIds(id, position) <= 0) continue;
        // Entries written before `p` existed name no predecessor: nothing to check them by.
        const previous = fieldOf(fields as unknown[], "p");
        if (isEventId(previous) && compareEventIds(previous, position) !== 0) {
          this.#discontinuity(source, position, previous);
        }
        this.#position.set(source, id);
        this.#onRead?.(source, id);
        const event = this.#toEvent(source, id, textOf(fields as unknown[]));
        if (!event) continue;
        for (const subscriber of this.#subscribers) {
          if (subscriber.source === source) this.#deliver(subscriber, event);
        }
      }
    }
  }

  #toEvent(source: EventSource, id: string, text: string | undefined): LoggedEvent | undefined {
    const event = text === undefined ? undefined : parseStoredEvent(text);
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
