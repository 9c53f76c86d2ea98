/**
 * A live subscription as a shared execution (src/live/fanout.ts) runs it: the root field's source
 * stream, and how each of its events becomes a result.
 *
 * graphql's own `subscribe` maps the source through several iterator layers: its per-event mapping,
 * then one per plugin that handles each result or the stream's end (error masking, metrics), each
 * with its closures and, while the stream waits, a pending promise of its own. An idle subscription
 * keeps every layer for as long as it runs. A shared execution reads the source directly and turns
 * each event into a result once, so what an idle one keeps is its source and one pending read.
 *
 * A LiveStream is deliberately not an AsyncIterable: envelop wraps async iterables in those layers,
 * and leaves anything else as it is. Only a shared execution reads it (`read`).
 */
import type { ExecutionResult } from "graphql";

/** How a live stream's events and failures become what its reader gets. */
export interface LiveEventMapping {
  /** The result of one event: the operation executed with the event as its root value, errors masked. */
  result(event: unknown): ExecutionResult | PromiseLike<ExecutionResult>;
  /** What a failure ends the stream with (a masked graph error). */
  error(error: unknown): unknown;
}

/** What reads a LiveStream: each event's result in order, then the end. */
export interface LiveReader {
  onResult(result: ExecutionResult): void;
  /** The stream ended: drained (no error), or failed with the mapped error. Not told after `return()`. */
  onEnd(error?: unknown): void;
}

/** Whether `value` is a promise or another thenable (graphql-tools' executor may answer either). */
export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/** A subscription's source stream mapped event by event, without graphql's iterator layers. */
export class LiveStream {
  #source: AsyncIterator<unknown> | undefined;
  readonly #mapping: LiveEventMapping;
  #reader: LiveReader | undefined;
  #read = false;
  /** Told once when the stream ends (metrics); undefined once ended. */
  #ended: (() => void)[] | undefined = [];

  constructor(source: AsyncIterator<unknown>, mapping: LiveEventMapping) {
    this.#source = source;
    this.#mapping = mapping;
  }

  /** Runs `callback` once when the stream ends (drained, failed or returned); at once if it has. */
  whenEnded(callback: () => void): void {
    if (this.#ended) this.#ended.push(callback);
    else callback();
  }

  /**
   * Reads the stream into `reader`: one event at a time, its result handed over (awaited when
   * execution is asynchronous) before the next event is read; then the end. Read once.
   */
  read(reader: LiveReader): void {
    if (this.#read) throw new Error("a live stream is read once");
    this.#read = true;
    this.#reader = reader;
    this.#next();
  }

  /** Ends the stream and its source; the reader is not told. */
  async return(): Promise<void> {
    const source = this.#source;
    this.#finish();
    await source?.return?.();
  }

  #next(): void {
    const source = this.#source;
    if (!source) return;
    let next: Promise<IteratorResult<unknown>>;
    try {
      next = source.next();
    } catch (error) {
      this.#failed(error);
      return;
    }
    // The same two callbacks for every read: an idle stream keeps one pending read and nothing else.
    next.then(this.#step, this.#failed);
  }

  readonly #step = (step: IteratorResult<unknown>): void => {
    if (!this.#source) return;
    if (step.done) {
      const reader = this.#reader;
      this.#finish();
      reader?.onEnd();
      return;
    }
    let result: ExecutionResult | PromiseLike<ExecutionResult>;
    try {
      result = this.#mapping.result(step.value);
    } catch (error) {
      this.#abandon(error);
      return;
    }
    if (isPromiseLike(result)) Promise.resolve(result).then(this.#deliver, this.#abandon);
    else this.#deliver(result);
  };

  readonly #deliver = (result: ExecutionResult): void => {
    const reader = this.#reader;
    if (!this.#source || !reader) return;
    try {
      reader.onResult(result);
    } catch (error) {
      this.#abandon(error);
      return;
    }
    this.#next();
  };

  /** The source failed: the stream ends with the mapped error. */
  readonly #failed = (error: unknown): void => {
    const reader = this.#reader;
    if (!this.#source) return;
    this.#finish();
    reader?.onEnd(this.#mapping.error(error));
  };

  /** Mapping or handing over a result failed: the source is closed, the stream ends with the mapped error. */
  readonly #abandon = (error: unknown): void => {
    const source = this.#source;
    if (!source) return;
    this.#failed(error);
    void source.return?.()?.catch(() => undefined);
  };

  #finish(): void {
    this.#source = undefined;
    this.#reader = undefined;
    const callbacks = this.#ended;
    this.#ended = undefined;
    for (const callback of callbacks ?? []) callback();
  }
}

/** Whether `value` is a LiveStream. */
export function isLiveStream(value: unknown): value is LiveStream {
  return value instanceof LiveStream;
}
