/**
 * A subscription's view of the event log as an async iterator: one source's events that `select`
 * keeps (and maps), replayed after `after` and then live, or several sources merged
 * (`openMergedFeed`). A reader that stalls with more than `maxBuffer` unread gets an `overflow`
 * marker and the end; events the log lost before they reached the feed end it with `trimmed`.
 */
import { GraphQLError } from "graphql";
import {
  EventLogError,
  EventLogTrimmedError,
  type EventLog,
  type EventSource,
  type LoggedEvent,
  type Unsubscribe,
} from "./log/index.js";
import type { CallerSignal } from "../util/call-abort.js";
import { followSignal } from "../util/request-signals.js";

/** What a feed yields: a selected item, or the marker that it fell too far behind and ends. */
export type FeedItem<T> = { readonly kind: "event"; readonly value: T } | { readonly kind: "overflow" };

/**
 * What a feed on the log yields: a FeedItem, or the marker that the log removed events before they
 * reached it, in a replay or live (the last item: the events after `error.after` up to
 * `error.resumeAfter` are gone).
 */
export type LogFeedItem<T> = FeedItem<T> | { readonly kind: "trimmed"; readonly error: EventLogTrimmedError };

/** Items a feed holds for a reader that has stopped reading; default of `maxBuffer`. */
export const DEFAULT_FEED_BUFFER = 1_000;

/** How long a reader may take no item while more than `maxBuffer` wait; default of `stallMs`. */
export const DEFAULT_FEED_STALL_MS = 10;

/** Options of `openFeed`. */
export interface FeedOptions<T> {
  readonly source: EventSource;
  /** Replay what came after this event id, then go on live; unset: live only. */
  readonly after?: string | undefined;
  /** The item for an event, or undefined to leave it out. */
  readonly select: (event: LoggedEvent) => T | undefined;
  /** Unread items past which a reader that stalls is given up on (default DEFAULT_FEED_BUFFER). */
  readonly maxBuffer?: number;
  /** How long such a reader may take nothing before it is given up on (default DEFAULT_FEED_STALL_MS). */
  readonly stallMs?: number;
  /** Ends the feed (the reader sees it done). */
  readonly signal?: CallerSignal | undefined;
}

type Waiter<T> = (result: IteratorResult<LogFeedItem<T>, undefined>) => void;

class Feed<T> implements AsyncIterableIterator<LogFeedItem<T>, undefined> {
  readonly #queue: LogFeedItem<T>[] = [];
  readonly #maxBuffer: number;
  readonly #stallMs: number;
  /** Items the reader has taken so far; the stall check compares it with its last look. */
  #taken = 0;
  #stallCheck: ReturnType<typeof setTimeout> | undefined;
  #waiter: Waiter<T> | undefined;
  #unsubscribe: Unsubscribe | undefined;
  /** No more items will be added (overflow or closed); what is queued is still handed out. */
  #ended = false;
  /** Stops following the signal; undefined without one. */
  #unfollow: (() => void) | undefined;
  /** Settles `drained()`'s promise: the queue emptied or the feed stopped. */
  #onDrained: (() => void) | undefined;
  #drained: Promise<void> | undefined;

  constructor(maxBuffer: number, stallMs: number, signal: CallerSignal | undefined) {
    this.#maxBuffer = maxBuffer;
    this.#stallMs = stallMs;
    if (signal?.aborted) this.#ended = true;
    else if (signal) this.#unfollow = followSignal(signal, { abort: () => this.#close() });
  }

  /** Connects the feed to the log's subscription (or closes it at once if it already ended). */
  attach(unsubscribe: Unsubscribe): void {
    if (this.#ended) unsubscribe();
    else this.#unsubscribe = unsubscribe;
  }

  push(value: T): void {
    if (this.#ended) return;
    const waiter = this.#waiter;
    if (waiter) {
      this.#waiter = undefined;
      waiter({ value: { kind: "event", value }, done: false });
      return;
    }
    this.#queue.push({ kind: "event", value });
    if (this.#queue.length > this.#maxBuffer) this.#watchStall(this.#taken);
  }

  /**
   * Gives up on the reader if it takes nothing for stallMs while more than maxBuffer items wait: a
   * burst past the bound (a 1,000-event webhook batch) is fine while the reader keeps taking items.
   */
  #watchStall(taken: number): void {
    if (this.#stallCheck !== undefined) return;
    this.#stallCheck = setTimeout(() => {
      this.#stallCheck = undefined;
      if (this.#ended || this.#queue.length <= this.#maxBuffer) return;
      if (this.#taken !== taken) {
        this.#watchStall(this.#taken);
        return;
      }
      // The reader stopped reading: it gets the overflow marker next, then the end.
      this.#queue.length = 0;
      this.#queue.push({ kind: "overflow" });
      this.#stop();
    }, this.#stallMs);
    this.#stallCheck.unref?.();
  }

  /**
   * Undefined when the reader has taken every item (or the feed stopped), else a promise that
   * settles when it has: the pace of the log's replay into this feed.
   */
  drained(): Promise<void> | undefined {
    if (this.#ended || this.#queue.length === 0) return undefined;
    return (this.#drained ??= new Promise((resolve) => (this.#onDrained = resolve)));
  }

  #settleDrained(): void {
    const settle = this.#onDrained;
    this.#onDrained = undefined;
    this.#drained = undefined;
    settle?.();
  }

  /** Trimming overtook a replay: the reader gets what is queued, then the marker, then the end. */
  trimmed(error: EventLogTrimmedError): void {
    if (this.#ended) return;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    if (waiter) waiter({ value: { kind: "trimmed", error }, done: false });
    else this.#queue.push({ kind: "trimmed", error });
    this.#stop();
  }

  next(): Promise<IteratorResult<LogFeedItem<T>, undefined>> {
    const item = this.#queue.shift();
    if (item) {
      this.#taken++;
      if (this.#queue.length === 0) this.#settleDrained();
      return Promise.resolve({ value: item, done: false });
    }
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    // One pending next at a time (graphql's iteration awaits each); a second one ends the first.
    this.#waiter?.({ value: undefined, done: true });
    return new Promise((resolve) => (this.#waiter = resolve));
  }

  return(): Promise<IteratorResult<LogFeedItem<T>, undefined>> {
    this.#close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<LogFeedItem<T>, undefined>> {
    this.#close();
    return Promise.reject(error instanceof Error ? error : new Error("feed closed"));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** No more items: what is queued is still handed out, then the reader sees the end. */
  end(): void {
    this.#stop();
    if (this.#queue.length > 0) return;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.({ value: undefined, done: true });
  }

  /** Ends the log subscription; queued items stay readable. */
  #stop(): void {
    this.#ended = true;
    this.#settleDrained();
    clearTimeout(this.#stallCheck);
    this.#stallCheck = undefined;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#unfollow?.();
    this.#unfollow = undefined;
  }

  #close(): void {
    this.#stop();
    this.#queue.length = 0;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.({ value: undefined, done: true });
  }
}

/** A feed filled by its owner rather than by the log: `push` items, `end` it. */
export interface FeedQueue<T> extends AsyncIterableIterator<FeedItem<T>, undefined> {
  /** Queues an item for the reader (dropped once the queue ended). */
  push(value: T): void;
  /** No more items: the reader gets what is queued, then the end. */
  end(): void;
  /** The reader is done: drops what is queued. */
  return(): Promise<IteratorResult<FeedItem<T>, undefined>>;
  throw(error?: unknown): Promise<IteratorResult<FeedItem<T>, undefined>>;
}

/**
 * A feed with the same bounded buffer and stall rule as `openFeed`'s, filled by the caller (the
 * shared executions of src/live/fanout.ts push one result to each subscriber's queue).
 * `onStop` runs once, when the queue stops taking items: the reader returned, `signal` aborted,
 * it overflowed, or `end()` was called.
 */
export function createFeedQueue<T>(
  options: Pick<FeedOptions<T>, "maxBuffer" | "stallMs" | "signal"> & { readonly onStop?: () => void } = {},
): FeedQueue<T> {
  const feed = new Feed<T>(
    options.maxBuffer ?? DEFAULT_FEED_BUFFER,
    options.stallMs ?? DEFAULT_FEED_STALL_MS,
    options.signal,
  );
  feed.attach(options.onStop ?? (() => undefined));
  // Never on the log, so never a `trimmed` marker: only FeedItems come out of it.
  return feed as unknown as FeedQueue<T>;
}

/**
 * Opens a feed on `log`; resolves once the log subscription is in place (every event appended
 * after that is delivered). Rejects as the log's subscribe does (a malformed `after`, a closed log).
 */
export async function openFeed<T>(
  log: EventLog,
  options: FeedOptions<T>,
): Promise<AsyncIterableIterator<LogFeedItem<T>, undefined>> {
  return openMergedFeed(log, [options], options);
}

/** One source of a merged feed: where it starts and what it keeps. */
export type FeedSourceOptions<T> = Pick<FeedOptions<T>, "source" | "after" | "select">;

/**
 * Opens one feed on several sources (each with its own `after` and `select`), their items merged
 * in the order the log delivers them; resolves once every log subscription is in place. A source
 * that fails to subscribe closes the ones already open. A source refused because its replay would
 * skip trimmed events does not stop the others from being checked: the feed is then refused with
 * an AggregateError of every source's EventLogTrimmedError (one source's alone when only one is),
 * so a composite cursor can be given back with every side that needs it moved.
 */
export async function openMergedFeed<T>(
  log: EventLog,
  sources: readonly FeedSourceOptions<T>[],
  options: Pick<FeedOptions<T>, "maxBuffer" | "stallMs" | "signal"> = {},
): Promise<AsyncIterableIterator<LogFeedItem<T>, undefined>> {
  const feed = new Feed<T>(
    options.maxBuffer ?? DEFAULT_FEED_BUFFER,
    options.stallMs ?? DEFAULT_FEED_STALL_MS,
    options.signal,
  );
  const [only] = sources;
  if (only && sources.length === 1) {
    // One source (every feed but a merged one): its own unsubscribe, without a list and a closure over it.
    feed.attach(await subscribeSource(log, only, feed));
    return feed;
  }
  const unsubscribes: Unsubscribe[] = [];
  const unsubscribeAll = () => unsubscribes.forEach((unsubscribe) => unsubscribe());
  const trimmed: EventLogTrimmedError[] = [];
  try {
    for (const source of sources) {
      try {
        unsubscribes.push(await subscribeSource(log, source, feed));
      } catch (error) {
        if (!(error instanceof EventLogTrimmedError)) throw error;
        trimmed.push(error);
      }
    }
  } catch (error) {
    unsubscribeAll();
    throw error;
  }
  const [first] = trimmed;
  if (first) {
    unsubscribeAll();
    throw trimmed.length === 1 ? first : new AggregateError(trimmed, trimmed.map((e) => e.message).join("; "));
  }
  feed.attach(unsubscribeAll);
  return feed;
}

/**
 * Subscribes `feed` to one source (a function of its own: its listener holds only the source and
 * the feed). The replay, if any, is paced by the feed's reader, and `select` runs as each event is
 * delivered, so a feed holds at most one replay page and nothing `select` leaves out.
 */
async function subscribeSource<T>(log: EventLog, source: FeedSourceOptions<T>, feed: Feed<T>): Promise<Unsubscribe> {
  try {
    return await log.subscribe(
      source.source,
      {
        after: source.after,
        drained: source.after === undefined ? undefined : () => feed.drained(),
        trimmed: (error) => feed.trimmed(error),
      },
      (event) => {
        const value = source.select(event);
        if (value !== undefined) feed.push(value);
      },
    );
  } catch (error) {
    throw replayBusy(error);
  }
}

/**
 * EVENT_LOG_BUSY as the subscription's error: the log is up, its replay turns were taken for
 * longer than the wait, and the same `after` works once they free up.
 */
function replayBusy(error: unknown): unknown {
  if (!(error instanceof EventLogError) || error.code !== "EVENT_LOG_BUSY") return error;
  return new GraphQLError(
    "The event log is replaying for too many subscriptions to start this replay now; subscribe again with the same `after` shortly.",
    { extensions: { code: "UPSTREAM_UNAVAILABLE", reason: "REPLAY_BUSY" } },
  );
}
