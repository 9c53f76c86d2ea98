/**
 * One shared execution and the subscribers reading it. It runs under its own signal, not the
 * socket of the subscriber that started it: a subscriber leaving does not end it, the last one
 * leaving does. It never waits for a subscriber; each result is serialized once (RawPayload) and
 * handed to every member in the same loop. Standing notices are kept for members joining later.
 */
import type { ExecutionResult } from "graphql";
import { createFeedQueue, DEFAULT_FEED_BUFFER, DEFAULT_FEED_STALL_MS, type FeedQueue } from "../events/feed.js";
import { isLiveStream, type LiveReader, type LiveStream } from "./live-stream.js";
import { isStandingNotice, RawPayload, serializeResult } from "./raw-payload.js";
import {
  QueuedSubscriber,
  SinkSubscriber,
  type Delivery,
  type FanoutSink,
  type Membership,
  type SinkSettings,
  type Subscriber,
} from "./subscribers.js";
import { CallAbort, type CallerSignal } from "../util/call-abort.js";

/** The bounds of a subscriber reading through a queue (the feed's rule; defaults the feed's). */
export interface QueueBounds {
  readonly maxBuffer?: number;
  readonly stallMs?: number;
}

/** Standing notices one shared execution keeps for subscribers joining later (a stream has one or two). */
const MAX_STANDING_NOTICES = 4;

/** One shared execution and the subscribers reading it (a LiveStream's reader, when it runs one). */
export class Group implements LiveReader, Membership {
  readonly #members = new Set<Subscriber>();
  /**
   * Aborted when the execution ends. A CallAbort, not an AbortController: only the gateway's own
   * services follow it (the context of the execution's backend calls), and an idle execution would
   * otherwise keep an EventTarget for as long as it runs.
   */
  readonly #abort = new CallAbort();
  readonly #onEnd: (group: Group) => void;
  /** What `#end` closes when the last member leaves. */
  #stream: { return?(): Promise<unknown> } | undefined;
  /** Whether the execution ran (true) or never did (false), once that is known. */
  #started: boolean | undefined;
  /** What subscribers joining before that wait on; made only when one does. */
  #waiting: { readonly promise: Promise<boolean>; readonly settle: (started: boolean) => void } | undefined;
  #ended = false;
  /** Standing notices delivered so far (isStandingNotice): a subscriber joining later gets them first. */
  #notices: RawPayload[] | undefined;

  constructor(onEnd: (group: Group) => void) {
    this.#onEnd = onEnd;
  }

  /** Settles true once the execution runs, false if it never does. */
  get ready(): Promise<boolean> {
    if (this.#started !== undefined) return Promise.resolve(this.#started);
    if (!this.#waiting) {
      let settle: (started: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((resolve) => (settle = resolve));
      this.#waiting = { promise, settle };
    }
    return this.#waiting.promise;
  }

  #settle(started: boolean): void {
    this.#started = started;
    this.#waiting?.settle(started);
    this.#waiting = undefined;
  }

  /** Aborts when the shared execution ends: what it runs under instead of a subscriber's socket. */
  get signal(): CallAbort {
    return this.#abort;
  }

  get live(): boolean {
    return this.#started === true && !this.#ended;
  }

  get size(): number {
    return this.#members.size;
  }

  /** Starts handing `stream`'s results to the members. */
  start(stream: AsyncIterable<ExecutionResult> | LiveStream): void {
    this.#settle(true);
    if (isLiveStream(stream)) {
      this.#stream = stream;
      stream.read(this);
      return;
    }
    const iterator = stream[Symbol.asyncIterator]();
    this.#stream = iterator;
    this.#pump(iterator);
  }

  /** A LiveStream's result (LiveReader). */
  onResult(result: ExecutionResult): void {
    if (!this.#ended) this.#deliver(result);
  }

  /** A LiveStream's end (LiveReader). */
  onEnd(error?: unknown): void {
    this.#end(error, true);
  }

  /** The execution never started (its subscribe failed or answered one result). */
  fail(): void {
    this.#ended = true;
    this.#settle(false);
    this.#onEnd(this);
  }

  /** A subscriber reading through a queue. */
  joinQueued(options: QueueBounds, signal: CallerSignal | undefined, last: () => ExecutionResult) {
    const queue: FeedQueue<Delivery> = createFeedQueue<Delivery>({
      maxBuffer: options.maxBuffer ?? DEFAULT_FEED_BUFFER,
      stallMs: options.stallMs ?? DEFAULT_FEED_STALL_MS,
      signal,
      onStop: () => this.leave(member),
    });
    const member = new QueuedSubscriber(queue, last);
    this.#members.add(member);
    this.#tellNotices(member);
    return member;
  }

  /** A subscriber written to through `sink`. */
  joinSink(settings: SinkSettings, sink: FanoutSink, responseKey: string, signal: CallerSignal | undefined) {
    const member = new SinkSubscriber(sink, settings, responseKey, this, signal);
    this.#members.add(member);
    this.#tellNotices(member);
    return member;
  }

  #tellNotices(member: Subscriber): void {
    for (const notice of this.#notices ?? []) member.deliver(notice);
  }

  /** A member leaves; the last one to leave ends the execution. */
  leave(member: Subscriber): void {
    if (!this.#members.delete(member)) return;
    if (this.#members.size === 0) this.#end(undefined, false);
  }

  /**
   * Reads the stream and hands each result to the members, until it ends or fails. Promise
   * callbacks rather than an async loop: a suspended async function keeps its last values (the
   * last result and its text) for as long as it waits, and an idle execution waits all the time.
   */
  #pump(iterator: AsyncIterator<ExecutionResult>): void {
    let next: Promise<IteratorResult<ExecutionResult>>;
    try {
      next = iterator.next();
    } catch (error) {
      this.#end(error, true);
      return;
    }
    next.then(
      (step) => {
        try {
          if (step.done || this.#ended) {
            this.#end(undefined, true);
            return;
          }
          this.#deliver(step.value);
        } catch (error) {
          this.#end(error, true);
          return;
        }
        this.#pump(iterator);
      },
      (error: unknown) => this.#end(error, true),
    );
  }

  #deliver(result: ExecutionResult): void {
    const payload = new RawPayload(serializeResult(result), result);
    if (isStandingNotice(result) && (this.#notices?.length ?? 0) < MAX_STANDING_NOTICES) {
      (this.#notices ??= []).push(payload);
    }
    for (const member of this.#members) member.deliver(payload);
  }

  /** Ends the execution; `drained`: the stream itself ended (else the last member left). */
  #end(error: unknown, drained: boolean): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#onEnd(this);
    this.#abort.abort(new DOMException("The shared subscription ended.", "AbortError"));
    if (!drained) void this.#stream?.return?.().catch(() => undefined);
    const members = [...this.#members];
    this.#members.clear();
    for (const member of members) member.end(error);
  }
}
