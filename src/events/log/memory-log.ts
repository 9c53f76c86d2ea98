/**
 * The event log of a single instance (REDIS_URL unset): an array per source, bounded by count
 * (`maxLength`), by its events' JSON bytes (`maxBytes`) and by age, oldest out first. Same contract
 * and id format as the Redis log, so subscriptions cannot tell them apart.
 */
import {
  compareEventIds,
  DEFAULT_DEDUPE_TTL_MS,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEDUPE_KEYS,
  DEFAULT_MAX_LENGTH,
  DEFAULT_RETENTION_MS,
  EVENT_SOURCES,
  EventLogError,
  EventLogTrimmedError,
  gapAfter,
  nextReplayTurn,
  parseEventId,
  pastEnd,
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

interface MemorySubscriber {
  readonly listener: EventListener;
  lastId: string | undefined;
  /** Told when trimming overtakes the replay (SubscribeOptions.trimmed). */
  readonly trimmed: SubscribeOptions["trimmed"];
  /** Among the source's subscribers: the replay, if any, has caught up. */
  live: boolean;
  active: boolean;
}

interface SourceLog {
  readonly source: EventSource;
  readonly entries: LoggedEvent[];
  /** Bytes of each entry's JSON, in the entries' order, and their sum (`maxBytes`). */
  readonly sizes: number[];
  bytes: number;
  /**
   * dedupe key → expiry (ms). Insertion order is expiry order, as every key gets the same TTL; at
   * most `maxDedupeKeys` are kept, the oldest forgotten first.
   */
  readonly dedupe: Map<string, number>;
  readonly subscribers: Set<MemorySubscriber>;
  /** Appended, not yet delivered: a listener that appends does not overtake the event it is handling. */
  readonly undelivered: LoggedEvent[];
  delivering: boolean;
  lastMs: number;
  lastSeq: number;
  /** The newest entry trimming removed (by length or age), if any: a replay from before it would skip entries. */
  removedThrough: string | undefined;
}

/** Options of the in-memory log; `now` lets tests move time. */
export interface MemoryEventLogOptions extends EventLogLimits {
  readonly now?: () => number;
}

/** The event log for one instance. */
export class MemoryEventLog implements EventLog {
  readonly #maxLength: number;
  readonly #maxBytes: number;
  readonly #retentionMs: number;
  readonly #dedupeTtlMs: number;
  readonly #maxDedupeKeys: number;
  readonly #onError: (error: unknown) => void;
  readonly #onRead: ((source: EventSource, id: string) => void) | undefined;
  readonly #now: () => number;
  readonly #logs = new Map<EventSource, SourceLog>();
  #closed = false;

  constructor(options: MemoryEventLogOptions = {}) {
    this.#maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.#retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
    this.#dedupeTtlMs = options.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS;
    this.#maxDedupeKeys = options.maxDedupeKeys ?? DEFAULT_MAX_DEDUPE_KEYS;
    this.#onError = options.onError ?? reportToConsole;
    this.#onRead = options.onRead;
    this.#now = options.now ?? Date.now;
    for (const source of EVENT_SOURCES) {
      this.#logs.set(source, {
        source,
        entries: [],
        sizes: [],
        bytes: 0,
        dedupe: new Map(),
        subscribers: new Set(),
        undelivered: [],
        delivering: false,
        lastMs: 0,
        lastSeq: -1,
        removedThrough: undefined,
      });
    }
  }

  append(source: EventSource, entries: readonly LogEntry[]): Promise<AppendResult> {
    try {
      return Promise.resolve(this.#append(source, entries));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #append(source: EventSource, entries: readonly LogEntry[]): AppendResult {
    this.#assertOpen();
    const log = this.#log(source);
    // Serialize everything first: a bad entry refuses the whole batch before anything is written.
    const texts = entries.map((entry) => serializeEntry(entry));
    const now = this.#now();
    while (true) {
      const first = log.dedupe.entries().next();
      if (first.done === true || first.value[1] > now) break;
      log.dedupe.delete(first.value[0]);
    }
    const added: LoggedEvent[] = [];
    let duplicates = 0;
    entries.forEach((entry, index) => {
      if (log.dedupe.has(entry.dedupeKey)) {
        duplicates += 1;
        return;
      }
      log.dedupe.set(entry.dedupeKey, now + this.#dedupeTtlMs);
      // A JSON round trip, as Redis does: subscribers never share the caller's object.
      const text = texts[index] ?? "{}";
      const event = JSON.parse(text) as Record<string, unknown>;
      added.push({ id: this.#nextId(log, now), source, event });
      const size = Buffer.byteLength(text);
      log.sizes.push(size);
      log.bytes += size;
    });
    log.entries.push(...added);
    // Bounded by count as well as by time: the oldest keys go first.
    for (const key of log.dedupe.keys()) {
      if (log.dedupe.size <= this.#maxDedupeKeys) break;
      log.dedupe.delete(key);
    }
    this.#trim(log, now);
    log.undelivered.push(...added);
    this.#drain(log);
    return { appended: added.map((event) => event.id), duplicates };
  }

  subscribe(source: EventSource, options: SubscribeOptions, listener: EventListener): Promise<Unsubscribe> {
    try {
      return Promise.resolve(this.#subscribe(source, options, listener));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #subscribe(source: EventSource, options: SubscribeOptions, listener: EventListener): Unsubscribe {
    this.#assertOpen();
    const log = this.#log(source);
    const { after } = options;
    if (after !== undefined) {
      parseEventId(after);
      // Refused before anything is delivered: entries after `after` are gone.
      if (log.removedThrough !== undefined && compareEventIds(after, log.removedThrough) < 0) {
        throw new EventLogTrimmedError(source, after, log.removedThrough);
      }
      const refusal = this.#startRefusal(log, after);
      if (refusal) throw refusal;
    }
    const subscriber: MemorySubscriber = {
      listener,
      lastId: after ?? log.entries.at(-1)?.id,
      trimmed: options.trimmed,
      live: after === undefined,
      active: true,
    };
    if (subscriber.live) log.subscribers.add(subscriber);
    else {
      // The first page before resolving, the rest at the subscriber's pace.
      this.#replayPage(log, subscriber);
      if (subscriber.active && !subscriber.live) void this.#replayRest(log, subscriber, options.drained);
    }
    return () => {
      subscriber.active = false;
      log.subscribers.delete(subscriber);
    };
  }

  /**
   * The Redis log's checks of where a replay starts, on this log's entries: the entry before the
   * first one after `after` plays the part of its `p` (the last entry trimmed, or "0-0", for the
   * oldest kept), and the last id this log gave is its end. An entry's id that falls between two
   * entries, or before the first one this log ever held, was handed out by a log this one does not
   * continue (the gateway restarted, and the log with it): refused as a lost end (gapAfter). One
   * past the end is refused as lost, or as in the future (pastEnd).
   */
  #startRefusal(log: SourceLog, after: string): EventLogError | undefined {
    const at = this.#indexAfter(log, after);
    if (at < log.entries.length) {
      const previous = at > 0 ? log.entries[at - 1]?.id : (log.removedThrough ?? "0-0");
      return gapAfter(log.source, after, previous);
    }
    const end = log.lastSeq < 0 ? "0-0" : `${log.lastMs}-${log.lastSeq}`;
    return pastEnd(log.source, after, end, this.#now());
  }

  /**
   * Delivers up to REPLAY_PAGE entries after the subscriber's last; joins the live ones at the end.
   * Ends the subscription (telling it) when appends between pages trimmed entries it had not
   * reached: the replay does not skip over them. A page is delivered in one synchronous run from
   * entries kept parsed, so pages of concurrent replays never overlap and need no ReplayGate.
   */
  #replayPage(log: SourceLog, subscriber: MemorySubscriber): void {
    // Found again after each delivery: a listener may append (or trim) while the replay runs.
    for (let delivered = 0; delivered < REPLAY_PAGE; delivered += 1) {
      if (this.#overtaken(log, subscriber)) return;
      const next = this.#firstAfter(log, subscriber.lastId);
      if (!next) break;
      this.#deliver(subscriber, next);
      if (!subscriber.active) return;
    }
    // Caught up: joined in the same synchronous run, so no append comes between.
    if (!this.#firstAfter(log, subscriber.lastId)) {
      subscriber.live = true;
      log.subscribers.add(subscriber);
    }
  }

  /** Ends a replay that trimming overtook (entries after its last were removed); true if it did. */
  #overtaken(log: SourceLog, subscriber: MemorySubscriber): boolean {
    const { lastId } = subscriber;
    const removed = log.removedThrough;
    if (lastId === undefined || removed === undefined || compareEventIds(lastId, removed) >= 0) return false;
    subscriber.active = false;
    tellTrimmed(subscriber.trimmed, new EventLogTrimmedError(log.source, lastId, removed), this.#onError);
    return true;
  }

  /** The pages after the first, each once the subscriber has handed on the one before. */
  async #replayRest(log: SourceLog, subscriber: MemorySubscriber, drained: SubscribeOptions["drained"]): Promise<void> {
    while (subscriber.active && !subscriber.live && !this.#closed) {
      await nextReplayTurn(drained, this.#onError);
      if (!subscriber.active || this.#closed) return;
      this.#replayPage(log, subscriber);
    }
  }

  close(): Promise<void> {
    this.#closed = true;
    for (const log of this.#logs.values()) {
      for (const subscriber of log.subscribers) subscriber.active = false;
      log.subscribers.clear();
    }
    return Promise.resolve();
  }

  #deliver(subscriber: MemorySubscriber, event: LoggedEvent): void {
    if (!subscriber.active) return;
    if (subscriber.lastId !== undefined && compareEventIds(event.id, subscriber.lastId) <= 0) return;
    subscriber.lastId = event.id;
    try {
      subscriber.listener(event);
    } catch (error) {
      this.#onError(error);
    }
  }

  // An append hands its events to every live subscriber before it returns, so live delivery never
  // falls behind trimming here; only replays, which read `entries`, can be overtaken (#overtaken).
  #drain(log: SourceLog): void {
    if (log.delivering) return;
    log.delivering = true;
    try {
      for (let event = log.undelivered.shift(); event; event = log.undelivered.shift()) {
        this.#onRead?.(event.source, event.id);
        for (const subscriber of log.subscribers) this.#deliver(subscriber, event);
      }
    } finally {
      log.delivering = false;
    }
  }

  /** The first retained entry after `id`. */
  #firstAfter(log: SourceLog, id: string | undefined): LoggedEvent | undefined {
    return id === undefined ? undefined : log.entries[this.#indexAfter(log, id)];
  }

  /** The index of the first retained entry after `id`, the entries' count when none is (binary search: ids ascend). */
  #indexAfter(log: SourceLog, id: string): number {
    let low = 0;
    let high = log.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const entry = log.entries[middle];
      if (entry !== undefined && compareEventIds(entry.id, id) <= 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #nextId(log: SourceLog, now: number): string {
    if (now > log.lastMs) {
      log.lastMs = now;
      log.lastSeq = 0;
    } else {
      log.lastSeq += 1;
    }
    return `${log.lastMs}-${log.lastSeq}`;
  }

  /** Drops the oldest entries past `maxLength`, past `maxBytes`, and older than `retentionMs`. */
  #trim(log: SourceLog, now: number): void {
    const minMs = BigInt(now - this.#retentionMs);
    let drop = Math.max(0, log.entries.length - this.#maxLength);
    let bytes = log.bytes;
    for (let at = 0; at < drop; at += 1) bytes -= log.sizes[at] ?? 0;
    while (drop < log.entries.length) {
      const entry = log.entries[drop];
      if (entry === undefined) break;
      if (bytes <= this.#maxBytes && parseEventId(entry.id)[0] >= minMs) break;
      bytes -= log.sizes[drop] ?? 0;
      drop += 1;
    }
    if (drop === 0) return;
    log.sizes.splice(0, drop);
    log.bytes = bytes;
    log.removedThrough = log.entries.splice(0, drop).at(-1)?.id ?? log.removedThrough;
  }

  #log(source: EventSource): SourceLog {
    const log = this.#logs.get(source);
    if (!log) throw new EventLogError("EVENT_LOG_BAD_ENTRY", "unknown event source");
    return log;
  }

  #assertOpen(): void {
    if (this.#closed) throw new EventLogError("EVENT_LOG_CLOSED", "the event log is closed");
  }
}
