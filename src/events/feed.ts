/**
 * A subscription's view of the event log as an async iterator: the events of one source that a
 * `select` function keeps (and maps), in log order, replayed after `after` and then live. The
 * buffer between the log and a slow reader is bounded: past `maxBuffer` waiting items the feed
 * drops what it holds, yields one `overflow` marker and ends, instead of growing. The log
 * subscription ends when the reader returns (or throws), when `signal` aborts, and at overflow.
 */
import type { EventLog, EventSource, LoggedEvent, Unsubscribe } from "./log/index.js";

/** What a feed yields: a selected item, or the marker that it fell too far behind and ends. */
export type FeedItem<T> = { readonly kind: "event"; readonly value: T } | { readonly kind: "overflow" };

/** Items a feed holds for a reader that has not caught up; default of `maxBuffer`. */
export const DEFAULT_FEED_BUFFER = 1_000;

/** Options of `openFeed`. */
export interface FeedOptions<T> {
  readonly source: EventSource;
  /** Replay what came after this event id, then go on live; unset: live only. */
  readonly after?: string | undefined;
  /** The item for an event, or undefined to leave it out. */
  readonly select: (event: LoggedEvent) => T | undefined;
  /** Items held for a slow reader before the feed gives up on it (default DEFAULT_FEED_BUFFER). */
  readonly maxBuffer?: number;
  /** Ends the feed (the reader sees it done). */
  readonly signal?: AbortSignal | undefined;
}

type Waiter<T> = (result: IteratorResult<FeedItem<T>, undefined>) => void;

class Feed<T> implements AsyncIterableIterator<FeedItem<T>, undefined> {
  readonly #queue: FeedItem<T>[] = [];
  readonly #maxBuffer: number;
  #waiter: Waiter<T> | undefined;
  #unsubscribe: Unsubscribe | undefined;
  /** No more items will be added (overflow or closed); what is queued is still handed out. */
  #ended = false;
  readonly #signal: AbortSignal | undefined;
  readonly #onAbort = () => this.#close();

  constructor(maxBuffer: number, signal: AbortSignal | undefined) {
    this.#maxBuffer = maxBuffer;
    this.#signal = signal;
    if (signal?.aborted) this.#ended = true;
    signal?.addEventListener("abort", this.#onAbort, { once: true });
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
    if (this.#queue.length >= this.#maxBuffer) {
      // The reader is too far behind: it gets the overflow marker next, then the end.
      this.#queue.length = 0;
      this.#queue.push({ kind: "overflow" });
      this.#stop();
      return;
    }
    this.#queue.push({ kind: "event", value });
  }

  next(): Promise<IteratorResult<FeedItem<T>, undefined>> {
    const item = this.#queue.shift();
    if (item) return Promise.resolve({ value: item, done: false });
    if (this.#ended) return Promise.resolve({ value: undefined, done: true });
    // One pending next at a time (graphql's iteration awaits each); a second one ends the first.
    this.#waiter?.({ value: undefined, done: true });
    return new Promise((resolve) => (this.#waiter = resolve));
  }

  return(): Promise<IteratorResult<FeedItem<T>, undefined>> {
    this.#close();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<FeedItem<T>, undefined>> {
    this.#close();
    return Promise.reject(error instanceof Error ? error : new Error("feed closed"));
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Ends the log subscription; queued items stay readable. */
  #stop(): void {
    this.#ended = true;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    this.#signal?.removeEventListener("abort", this.#onAbort);
  }

  #close(): void {
    this.#stop();
    this.#queue.length = 0;
    const waiter = this.#waiter;
    this.#waiter = undefined;
    waiter?.({ value: undefined, done: true });
  }
}

/**
 * Opens a feed on `log`; resolves once the log subscription is in place (every event appended
 * after that is delivered). Rejects as the log's subscribe does (a malformed `after`, a closed log).
 */
export async function openFeed<T>(
  log: EventLog,
  options: FeedOptions<T>,
): Promise<AsyncIterableIterator<FeedItem<T>, undefined>> {
  const feed = new Feed<T>(options.maxBuffer ?? DEFAULT_FEED_BUFFER, options.signal);
  const unsubscribe = await log.subscribe(options.source, { after: options.after }, (event) => {
    const value = options.select(event);
    if (value !== undefined) feed.push(value);
  });
  feed.attach(unsubscribe);
  return feed;
}
