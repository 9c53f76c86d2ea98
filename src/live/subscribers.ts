/**
 * The two kinds of subscriber a shared execution hands its results to: one reading them through
 * its own bounded queue (the feed's stall rule, src/events/feed.ts), and one whose payloads are
 * written straight to its sink (a websocket). Either is ended alone when it reads too slowly.
 */
import type { ExecutionResult } from "graphql";
import type { FeedQueue } from "../events/feed.js";
import type { RawPayload } from "./raw-payload.js";
import type { CallerSignal } from "../util/call-abort.js";
import { followSignal } from "../util/request-signals.js";

/** What a subscriber's queue carries: a payload, or the failure that ended the shared execution. */
export type Delivery = { readonly payload: RawPayload } | { readonly error: unknown };

/**
 * Where a subscriber's payloads can be written directly (a websocket): the shared execution
 * writes each one as it comes, with no per-subscriber queue or iteration in between.
 */
export interface FanoutSink {
  /** Writes one payload (its JSON text) as the subscriber's next message. */
  send(raw: string): void;
  /** Bytes written that the network has not taken yet. */
  buffered(): number;
}

/** What every sink subscriber of a Fanout shares: its bounds and its last result. */
export interface SinkSettings {
  readonly maxBufferedBytes: number;
  readonly stallMs: number;
  readonly slowConsumerResult: (responseKey: string) => ExecutionResult;
}

/** A sink holding this many times `maxBufferedBytes` unsent is given up on at once, progress or not. */
export const HARD_BUFFER_FACTOR = 4;

const DONE = { value: undefined, done: true } as const;

/** What a shared execution hands each of its subscribers. */
export interface Subscriber {
  deliver(payload: RawPayload): void;
  /** The execution ended (with `error` when it failed). */
  end(error?: unknown): void;
}

/** The shared execution a subscriber reads, as far as the subscriber sees it. */
export interface Membership {
  /** A member leaves; the last one to leave ends the execution. */
  leave(member: Subscriber): void;
}

type Step = IteratorResult<ExecutionResult, undefined>;

/** A subscriber reading the shared results through its own bounded queue (the feed's stall rule). */
export class QueuedSubscriber implements Subscriber, AsyncIterableIterator<ExecutionResult, undefined> {
  readonly #queue: FeedQueue<Delivery>;
  readonly #slowConsumerResult: () => ExecutionResult;

  constructor(queue: FeedQueue<Delivery>, slowConsumerResult: () => ExecutionResult) {
    this.#queue = queue;
    this.#slowConsumerResult = slowConsumerResult;
  }

  deliver(payload: RawPayload): void {
    this.#queue.push({ payload });
  }

  end(error?: unknown): void {
    if (error !== undefined) this.#queue.push({ error });
    this.#queue.end();
  }

  next(): Promise<Step> {
    return this.#queue.next().then((step) => {
      if (step.done) return step;
      const item = step.value;
      if (item.kind === "overflow") return { value: this.#slowConsumerResult(), done: false };
      if ("error" in item.value) throw item.value.error;
      return { value: item.value.payload.result, done: false };
    });
  }

  return(): Promise<Step> {
    return this.#queue.return().then(() => DONE);
  }

  throw(error?: unknown): Promise<Step> {
    return this.#queue.throw(error).then(() => DONE);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * A subscriber whose payloads are written straight to its sink. As an iterator it yields nothing
 * while the execution runs: it ends when the execution does (or throws its failure), and yields
 * the slow-consumer result first when it is given up on: more than `maxBufferedBytes` unsent and
 * nothing sent for `stallMs`.
 */
export class SinkSubscriber implements Subscriber, AsyncIterableIterator<ExecutionResult, undefined> {
  // Thousands of these sit idle: what is the same for all of them stays in the Fanout's settings
  // and the shared execution, and the subscriber itself is what its signal aborts (`abort`), so each one
  // holds no closures of its own.
  readonly #sink: FanoutSink;
  readonly #settings: SinkSettings;
  readonly #responseKey: string;
  readonly #group: Membership;
  /** Stops following the subscriber's signal; undefined without one. */
  #unfollow: (() => void) | undefined;
  /** Bytes handed to the sink so far. */
  #written = 0;
  #stallCheck: ReturnType<typeof setTimeout> | undefined;
  #ended = false;
  /** What the next `next()` gets once ended: the slow-consumer result, or the execution's failure. */
  #last: { readonly result: ExecutionResult } | { readonly error: unknown } | undefined;
  #waiter: ((step: IteratorResult<ExecutionResult, undefined>) => void) | undefined;
  #failer: ((error: unknown) => void) | undefined;

  constructor(
    sink: FanoutSink,
    settings: SinkSettings,
    responseKey: string,
    group: Membership,
    signal: CallerSignal | undefined,
  ) {
    this.#sink = sink;
    this.#settings = settings;
    this.#responseKey = responseKey;
    this.#group = group;
    this.#unfollow = signal ? followSignal(signal, this) : undefined;
  }

  /** The subscriber's signal aborted (its socket closed): it leaves. */
  abort(): void {
    void this.return();
  }

  #slowConsumerResult(): ExecutionResult {
    return this.#settings.slowConsumerResult(this.#responseKey);
  }

  deliver(payload: RawPayload): void {
    if (this.#ended) return;
    this.#sink.send(payload.raw);
    this.#written += payload.raw.length;
    const buffered = this.#sink.buffered();
    // A reader that drains, but slower than events arrive, always makes some progress: past
    // HARD_BUFFER_FACTOR times the bound it is given up on at once, so its buffer stays bounded.
    if (buffered > HARD_BUFFER_FACTOR * this.#settings.maxBufferedBytes) {
      this.#last = { result: this.#slowConsumerResult() };
      this.#finish();
      return;
    }
    if (this.#stallCheck === undefined && buffered > this.#settings.maxBufferedBytes) {
      this.#watchStall(this.#written - buffered);
    }
  }

  /** Gives up on the sink if it sends nothing for stallMs while over its bound. */
  #watchStall(sent: number): void {
    this.#stallCheck = setTimeout(() => {
      this.#stallCheck = undefined;
      if (this.#ended) return;
      const buffered = this.#sink.buffered();
      if (buffered <= this.#settings.maxBufferedBytes) return;
      // Bytes the network took since the last look (`#written` counts characters, at most the bytes).
      const now = this.#written - buffered;
      if (now > sent) {
        this.#watchStall(now);
        return;
      }
      this.#last = { result: this.#slowConsumerResult() };
      this.#finish();
    }, this.#settings.stallMs);
    this.#stallCheck.unref?.();
  }

  end(error?: unknown): void {
    if (error !== undefined && !this.#ended) this.#last = { error };
    this.#finish();
  }

  /** Leaves the execution; the reader gets what `#last` holds, then the end. */
  #finish(): void {
    if (!this.#ended) {
      this.#ended = true;
      clearTimeout(this.#stallCheck);
      this.#unfollow?.();
      this.#unfollow = undefined;
      this.#group.leave(this);
    }
    if (this.#waiter) this.#settle();
  }

  /** Answers the waiting `next()` from `#last` (or with the end). */
  #settle(): void {
    const waiter = this.#waiter;
    const failer = this.#failer;
    this.#waiter = undefined;
    this.#failer = undefined;
    const last = this.#last;
    this.#last = undefined;
    if (last && "error" in last) failer?.(last.error);
    else waiter?.(last ? { value: last.result, done: false } : DONE);
  }

  next(): Promise<IteratorResult<ExecutionResult, undefined>> {
    if (this.#ended) {
      const last = this.#last;
      this.#last = undefined;
      if (last && "error" in last)
        return Promise.reject(last.error instanceof Error ? last.error : new Error(String(last.error)));
      return Promise.resolve(last ? { value: last.result, done: false } : DONE);
    }
    this.#waiter?.(DONE);
    return new Promise((resolve, reject) => {
      this.#waiter = resolve;
      this.#failer = reject;
    });
  }

  return(): Promise<IteratorResult<ExecutionResult, undefined>> {
    this.#last = undefined;
    this.#finish();
    return Promise.resolve(DONE);
  }

  throw(): Promise<IteratorResult<ExecutionResult, undefined>> {
    return this.return();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
