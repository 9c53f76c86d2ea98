/**
 * The event log between the webhook ingress (which appends) and subscriptions (which read).
 * One log per source; an event's `id` is its position in that source's log ("<ms>-<seq>", the
 * Redis Stream id format, used by both implementations so ids mean the same everywhere).
 */

/** The backends whose webhooks feed the log. */
export const EVENT_SOURCES = ["legacy", "commerce"] as const;

/** A backend whose webhooks feed the log. */
export type EventSource = (typeof EVENT_SOURCES)[number];

/** An event as the ingress validated it: a JSON object (it is stored as JSON text). */
export type EventPayload = Readonly<Record<string, unknown>>;

/** One event to append, with the key that identifies a retry of the same delivery. */
export interface LogEntry {
  /** Same key within the dedupe window → the entry is appended once (e.g. a hash of the raw body). */
  readonly dedupeKey: string;
  readonly event: EventPayload;
}

/** What one append did. */
export interface AppendResult {
  /** Ids of the entries appended, in the order given (duplicates left out). */
  readonly appended: string[];
  /** How many entries were already in the log (or earlier in the same batch) and were skipped. */
  readonly duplicates: number;
}

/** An event read from the log. */
export interface LoggedEvent {
  /** Position in the source's log: pass it as `after` to resume right behind this event. */
  readonly id: string;
  readonly source: EventSource;
  /** The parsed JSON payload; shared between the subscribers of an instance, so treat it as read-only. */
  readonly event: Record<string, unknown>;
}

/** Where a subscription starts, and how its replay is paced. */
export interface SubscribeOptions {
  /**
   * Replay what came after this id (what is still retained), then go on live. Unset: live only.
   * Refused (subscribe rejects) when the replay would skip events: EventLogTrimmedError when entries
   * after it were trimmed, or when it is the id of an entry the log lost with its end (not so for
   * "0-0" and positionBefore's positions, which no entry has); EventLogBeyondEndError when it lies
   * past the log's end in the future, where the next events' ids would fall below it.
   */
  readonly after?: string | undefined;
  /**
   * The replay's pace: after each page of the replay (REPLAY_PAGE entries read), the log reads the
   * next one only once what this returns has settled (undefined: at once). A subscriber that says
   * "settled" only when its reader has taken what it was handed (src/events/feed.ts) holds one
   * page at a time, however far back `after` is and however slowly it reads.
   */
  readonly drained?: () => PromiseLike<void> | undefined;
  /**
   * Called when the log removed entries this subscription had not been handed yet: trimming
   * overtook its replay, or (Redis log) the instance's live reader fell behind and trimming removed
   * entries before it read them, or the stream lost its end (`error.lostEnd`). The subscription has
   * ended by then (nothing more is delivered); without this, the error goes to the log's `onError`.
   * A replay whose first page finds such a gap is refused instead (subscribe rejects with the same
   * error). Live subscriptions get it too: the same event is never handed out twice, and none is
   * skipped without this call.
   */
  readonly trimmed?: (error: EventLogTrimmedError) => void;
}

/** Stops a subscription; calling it twice is harmless. */
export type Unsubscribe = () => void;

/** Called with each event, in log order, once. A throw is reported to the log's `onError`, not to others. */
export type EventListener = (event: LoggedEvent) => void;

/** The log both the ingress and subscriptions use (memory for one instance, Redis Streams for many). */
export interface EventLog {
  /** Appends a batch all-or-nothing: every new entry is written, or none is (and the promise rejects). */
  append(source: EventSource, entries: readonly LogEntry[]): Promise<AppendResult>;
  /**
   * Delivers `source`'s events to `listener`: those after `options.after` first, then live ones,
   * with no gap and no repeat at the seam. Resolves once the subscription is in place: every event
   * appended after that is delivered.
   */
  subscribe(source: EventSource, options: SubscribeOptions, listener: EventListener): Promise<Unsubscribe>;
  /** Stops every subscription and releases connections. */
  close(): Promise<void>;
}

/** Knobs shared by both implementations. */
export interface EventLogLimits {
  /** Entries kept per source (Redis trims approximately, `MAXLEN ~`). Default 10 000. */
  readonly maxLength?: number;
  /**
   * Bytes of event JSON kept per source by the in-memory log (oldest out first, as for
   * `maxLength`): a few large events must not hold the process's memory until `maxLength` more
   * come. Default DEFAULT_MAX_BYTES. The Redis log keeps to `maxLength` (Redis's memory is bounded
   * by its own maxmemory).
   */
  readonly maxBytes?: number;
  /** Entries older than this are dropped (`MINID`). Default 24 h. */
  readonly retentionMs?: number;
  /** How long a dedupe key is remembered. Default 24 h. */
  readonly dedupeTtlMs?: number;
  /**
   * Dedupe keys the in-memory log remembers per source at most, the oldest forgotten first (a
   * retry of a delivery forgotten that way is appended again): without it the keys of a day of
   * large batches stay in memory long after their events were trimmed. Default
   * DEFAULT_MAX_DEDUPE_KEYS. Redis keeps one hash per delivery, expiring with the window.
   */
  readonly maxDedupeKeys?: number;
  /** Failures with nobody to throw to: a listener that threw, a lost connection, a malformed entry. */
  readonly onError?: (error: unknown) => void;
  /** Called once per event this instance's live reader takes from the log (metrics: event-log lag). */
  readonly onRead?: (source: EventSource, id: string) => void;
  /** Replay pages read from Redis at once, across the instance's subscriptions. Default 4. */
  readonly replayConcurrency?: number;
  /** How long a replay may wait for its first page before it is refused (EVENT_LOG_BUSY). Default 10 s. */
  readonly replayWaitMs?: number;
}

export const DEFAULT_MAX_LENGTH = 10_000;
/** 16 MiB of event JSON per source: thousands of ordinary events, two of the largest webhook bodies (8 MiB). */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
export const DEFAULT_RETENTION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;
/** 100,000 keys per source (about 15 MB): a hundred of the largest legacy batches, ten times DEFAULT_MAX_LENGTH. */
export const DEFAULT_MAX_DEDUPE_KEYS = 100_000;

/**
 * Entries a replay reads at a time: what one subscription holds at most of a replay (the parsed
 * page, and what its filter kept of it until its reader takes it), whatever `after` says.
 */
export const REPLAY_PAGE = 100;
export const DEFAULT_REPLAY_CONCURRENCY = 4;
export const DEFAULT_REPLAY_WAIT_MS = 10_000;

export type EventLogErrorCode =
  | "EVENT_LOG_BAD_ID" // `after` is not an event id
  | "EVENT_LOG_BAD_ENTRY" // an entry without a dedupe key, or an event that is not a JSON object
  | "EVENT_LOG_BUSY" // replays held every turn to read the log for longer than replayWaitMs
  | "EVENT_LOG_CLOSED" // the log was closed
  | "EVENT_LOG_TRIMMED" // entries after `after` were removed (maxLength, retentionMs), or lost with the log's end
  | "EVENT_LOG_BEYOND_END"; // `after` lies past the log's end, where the next events' ids do not reach yet

/** An error of the event log, with a stable `code`. */
export class EventLogError extends Error {
  readonly code: EventLogErrorCode;
  constructor(code: EventLogErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * A subscription that would skip events: entries after `after` (the position the subscriber has
 * passed) were removed from the log by trimming, by length or by age, before it was handed them (a
 * replay from before what the log keeps, or a live reader that fell behind). What the log keeps
 * continues right after `resumeAfter` (the last entry removed): a subscriber that accepts the loss
 * subscribes again with `after: resumeAfter`.
 *
 * With `lostEnd`, the log lost the end of its stream instead (Redis restarted from an older state or
 * empty, the stream deleted, an in-memory log that started again empty): `resumeAfter` comes before
 * `after`, what the log holds after it is newer than anything the subscriber was handed, and
 * whether entries after `after` were lost with the end cannot be known.
 */
export class EventLogTrimmedError extends EventLogError {
  readonly source: EventSource;
  readonly after: string;
  readonly resumeAfter: string;
  readonly lostEnd: boolean;
  constructor(source: EventSource, after: string, resumeAfter: string, lostEnd = false) {
    super(
      "EVENT_LOG_TRIMMED",
      lostEnd
        ? `the ${source} event log no longer holds what it held up to ${after} (it lost its end); ` +
            `it goes on with new events after ${resumeAfter}, and events appended after ${after} may be lost`
        : `the ${source} events after ${after} up to ${resumeAfter} were removed from the event log ` +
            "(it keeps EVENT_LOG_MAX_LENGTH events per backend, in memory also at most a bound of bytes, for EVENT_LOG_RETENTION_MS)",
    );
    this.source = source;
    this.after = after;
    this.resumeAfter = resumeAfter;
    this.lostEnd = lostEnd;
  }
}

/**
 * A subscription whose `after` lies past the end of the log, beyond the id the next event will
 * get (a cursor made up, or one from a clock ahead of the log's): the events appended until the
 * clock passes it would get lower ids and be skipped as already seen. Refused up front. `end` is
 * the newest id the log holds ("0-0" when it holds none).
 */
export class EventLogBeyondEndError extends EventLogError {
  readonly source: EventSource;
  readonly after: string;
  readonly end: string;
  constructor(source: EventSource, after: string, end: string) {
    super(
      "EVENT_LOG_BEYOND_END",
      `${after} lies beyond the end of the ${source} event log (its newest event is ${end}), in the future: ` +
        "the events appended until the clock passes it would be skipped",
    );
    this.source = source;
    this.after = after;
    this.end = end;
  }
}

const ID_PATTERN = /^(\d{1,16})-(\d{1,20})$/;

/** The largest sequence number of an event id (Redis Streams' is 64-bit): no entry ever gets it. */
export const MAX_SEQ = "18446744073709551615";

/** A position just before every event appended from `ms` on (no entry has it: see isPositionOnly). */
export function positionBefore(ms: number): string {
  return `${ms - 1}-${MAX_SEQ}`;
}

/**
 * Whether `id` is a position no entry of a log has: "0-0" (before everything) or one made by
 * positionBefore (contactEvents' start). A replay from such a position may find that the first
 * entry after it was appended after one before it; from any other id (an entry's, as the log handed
 * it out) that means the entry `after` names, and what followed it, are no longer in the log.
 */
export function isPositionOnly(id: string): boolean {
  return id === "0-0" || id.endsWith(`-${MAX_SEQ}`);
}

/**
 * What a replay from `from` makes of the first entry after it, which was appended right after
 * `previous` (its `p`; undefined when it names none, as entries written before `p` existed):
 * later than `from`, the entries after `from` up to `previous` were trimmed; earlier, the log lost
 * its end since it handed out `from` (a stream deleted or a Redis restarted without it, then
 * written again), unless `from` is only a position (isPositionOnly), which may lie anywhere between
 * two entries. The error to refuse or end the replay with, or undefined when nothing was skipped.
 */
export function gapAfter(
  source: EventSource,
  from: string,
  previous: string | undefined,
): EventLogTrimmedError | undefined {
  if (!isEventId(previous)) return undefined;
  const order = compareEventIds(previous, from);
  if (order > 0) return new EventLogTrimmedError(source, from, previous);
  if (order < 0 && !isPositionOnly(from)) return new EventLogTrimmedError(source, from, previous, true);
  return undefined;
}

/**
 * What a replay from `from` makes of a log that holds nothing after it, whose newest entry is `end`
 * ("0-0" for none), at `nowMs` on the clock its ids come from. Up to `end`: nothing (the replay is
 * caught up). Past `end` and at or past `nowMs`: the next ids would not reach past `from`, so the
 * events appended meanwhile would be skipped (EventLogBeyondEndError). Past `end` before `nowMs`:
 * an entry's id the log no longer holds, its end lost (EventLogTrimmedError, `lostEnd`, resuming
 * after `end`), unless `from` is only a position.
 */
export function pastEnd(
  source: EventSource,
  from: string,
  end: string,
  nowMs: number,
): EventLogTrimmedError | EventLogBeyondEndError | undefined {
  if (compareEventIds(from, end) <= 0) return undefined;
  if (compareEventIds(from, `${Math.max(0, Math.floor(nowMs))}-0`) >= 0) {
    return new EventLogBeyondEndError(source, from, end);
  }
  return isPositionOnly(from) ? undefined : new EventLogTrimmedError(source, from, end, true);
}

/**
 * The wait before a replay's next page, the same in every log: until its reader has taken what the
 * feed holds (a failing `drained` is reported, not fatal), then one turn of the event loop, so
 * requests and other replays go on between pages.
 */
export async function nextReplayTurn(
  drained: SubscribeOptions["drained"],
  onError: (error: unknown) => void,
): Promise<void> {
  try {
    await drained?.();
  } catch (error) {
    onError(error);
  }
  await new Promise((resolve) => setImmediate(resolve));
}

/** Tells a replay's subscriber that trimming overtook it (onError when it has no `trimmed`); a listener that throws is reported. */
export function tellTrimmed(
  trimmed: SubscribeOptions["trimmed"],
  error: EventLogTrimmedError,
  onError: (error: unknown) => void,
): void {
  try {
    if (trimmed) trimmed(error);
    else onError(error);
  } catch (thrown) {
    onError(thrown);
  }
}

/** Whether `id` is an event id ("<ms>-<seq>"). */
export function isEventId(id: unknown): id is string {
  return typeof id === "string" && ID_PATTERN.test(id);
}

/** The id as [ms, seq]; throws EVENT_LOG_BAD_ID when it is not "<ms>-<seq>". */
export function parseEventId(id: string): [bigint, bigint] {
  const match = ID_PATTERN.exec(id);
  if (!match) throw new EventLogError("EVENT_LOG_BAD_ID", "an event id looks like <ms>-<seq>, e.g. 1700000000000-0");
  const [, ms = "0", seq = "0"] = match;
  return [BigInt(ms), BigInt(seq)];
}

/**
 * Negative, zero or positive as `a` comes before, is, or comes after `b` in the log; throws
 * EVENT_LOG_BAD_ID for either that is not an id. Compared digit by digit, without parsing: it runs
 * for every event each subscriber is handed (live and replayed), and made garbage there.
 */
export function compareEventIds(a: string, b: string): number {
  if (!ID_PATTERN.test(a)) parseEventId(a);
  if (!ID_PATTERN.test(b)) parseEventId(b);
  const aDash = a.indexOf("-");
  const bDash = b.indexOf("-");
  return compareDigits(a, 0, aDash, b, 0, bDash) || compareDigits(a, aDash + 1, a.length, b, bDash + 1, b.length);
}

/** Compares the numbers written by the digits a[aFrom, aTo) and b[bFrom, bTo) (leading zeros allowed). */
function compareDigits(a: string, aFrom: number, aTo: number, b: string, bFrom: number, bTo: number): number {
  while (aFrom < aTo - 1 && a.charCodeAt(aFrom) === 0x30) aFrom += 1;
  while (bFrom < bTo - 1 && b.charCodeAt(bFrom) === 0x30) bFrom += 1;
  const length = aTo - aFrom - (bTo - bFrom);
  if (length !== 0) return length < 0 ? -1 : 1;
  for (; aFrom < aTo; aFrom += 1, bFrom += 1) {
    const diff = a.charCodeAt(aFrom) - b.charCodeAt(bFrom);
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

/** The entry's event as JSON text; throws EVENT_LOG_BAD_ENTRY for anything the log cannot carry. */
export function serializeEntry(entry: LogEntry): string {
  if (typeof entry.dedupeKey !== "string" || entry.dedupeKey.length === 0) {
    throw new EventLogError("EVENT_LOG_BAD_ENTRY", "every entry needs a non-empty dedupeKey");
  }
  const { event } = entry;
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    throw new EventLogError("EVENT_LOG_BAD_ENTRY", "an event is a JSON object");
  }
  return JSON.stringify(event);
}

/** Parses a stored event; undefined when it is not a JSON object (reported, then skipped). */
export function parseStoredEvent(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: reported by the caller
  }
  return undefined;
}

/** Default for `onError`: keep going, but say so. */
export function reportToConsole(error: unknown): void {
  console.error("[events/log]", error);
}
