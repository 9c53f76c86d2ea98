/**
 * Shared executions of live subscriptions. Subscribers of the same subscription document,
 * variables and caller scope (a hash of the credentials that decide what they may see) share ONE
 * execution of the subscription and ONE serialized payload per event, instead of one of each per
 * subscriber.
 *
 * - Every subscriber still runs the subscription's own `subscribe` with its own context before it
 *   joins, so the access checks (the list read with the caller's legacy key, the commerce scope)
 *   run per subscriber; the stream that check opened is closed again and the subscriber gets the
 *   shared one instead.
 * - Which operations share, and under which key: share-key.ts. The execution and its members:
 *   group.ts, subscribers.ts. A slow subscriber is ended alone with the SLOW_CONSUMER result.
 */
import type { ExecutionResult } from "graphql";
import { Group } from "./group.js";
import { isLiveStream, type LiveStream } from "./live-stream.js";
import { scopeHash } from "./share-key.js";
import type { FanoutSink, SinkSettings } from "./subscribers.js";
import type { CallerSignal } from "../util/call-abort.js";

/** What running an operation gives: one result, or a stream of them. */
export type OperationResult = ExecutionResult | AsyncIterable<ExecutionResult>;

/** What a shared execution's own run gives: also a LiveStream (live-stream.ts), read only here. */
export type SharedRunResult = OperationResult | LiveStream;

/** Bytes a sink may hold unsent before its stall is watched; default of `maxBufferedBytes`. */
export const DEFAULT_SINK_BUFFER_BYTES = 1024 * 1024;

/** How long a sink over its bound may send nothing before it is given up on; default of `sinkStallMs`. */
export const DEFAULT_SINK_STALL_MS = 1_000;

/** Options of a Fanout. */
export interface FanoutOptions {
  /** The last result of a subscriber given up on for reading too slowly (its root field's response key). */
  readonly slowConsumerResult: (responseKey: string) => ExecutionResult;
  /** Unread results past which a queued subscriber that stalls is given up on (default DEFAULT_FEED_BUFFER). */
  readonly maxBuffer?: number;
  /** How long such a subscriber may take nothing before it is given up on (default DEFAULT_FEED_STALL_MS). */
  readonly stallMs?: number;
  /** Unsent bytes past which a sink's stall is watched (default DEFAULT_SINK_BUFFER_BYTES). */
  readonly maxBufferedBytes?: number;
  /** How long a sink past that may send nothing before it is given up on (default DEFAULT_SINK_STALL_MS). */
  readonly sinkStallMs?: number;
}

/** Counters of a Fanout. */
export interface FanoutStats {
  /** Shared executions running now. */
  readonly executions: number;
  /** Subscribers reading a shared execution now. */
  readonly subscribers: number;
  /** Shared executions started so far. */
  readonly started: number;
  /** Caller scopes hashed so far (`scopeKey`: once per websocket connection that subscribes). */
  readonly scopes: number;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === "function";
}

function isStream(value: SharedRunResult): value is AsyncIterable<ExecutionResult> | LiveStream {
  return isLiveStream(value) || isAsyncIterable(value);
}

/** A run that does not share cannot read a LiveStream: only a shared execution's own run makes one. */
function asOperationResult(result: SharedRunResult): OperationResult {
  if (isLiveStream(result)) {
    void result.return();
    throw new Error("a live stream was made for an operation that does not share");
  }
  return result;
}

/** Ends a stream nobody will read (the check run of a subscriber that joins a shared execution). */
async function closeStream(stream: AsyncIterable<ExecutionResult>): Promise<void> {
  try {
    await stream[Symbol.asyncIterator]().return?.();
  } catch {
    // It was only a check; its end does not matter.
  }
}

/** How a subscriber takes part in a shared execution. */
export interface ShareRequest {
  /** The shared execution's key (`shareKey`). */
  readonly key: string;
  /** The root field's response key (for the slow-consumer result's path). */
  readonly responseKey: string;
  /** Write payloads here directly; without one, the subscriber reads them as RawPayloads. */
  readonly sink?: FanoutSink | undefined;
}

/** The shared executions of one gateway instance. */
export class Fanout {
  readonly #groups = new Map<string, Group>();
  readonly #options: FanoutOptions;
  readonly #sinkSettings: SinkSettings;
  #started = 0;
  #scopes = 0;

  constructor(options: FanoutOptions) {
    this.#options = options;
    this.#sinkSettings = {
      maxBufferedBytes: options.maxBufferedBytes ?? DEFAULT_SINK_BUFFER_BYTES,
      stallMs: options.sinkStallMs ?? DEFAULT_SINK_STALL_MS,
      slowConsumerResult: options.slowConsumerResult,
    };
  }

  get stats(): FanoutStats {
    let subscribers = 0;
    for (const group of this.#groups.values()) subscribers += group.size;
    return { executions: this.#groups.size, subscribers, started: this.#started, scopes: this.#scopes };
  }

  /**
   * A caller scope (ShareKeyParts.scope) as the short text its share keys are made with: a hash, so
   * credentials are never kept in clear. Made once per connection, whose scope never changes.
   */
  scopeKey(scope: unknown): string {
    this.#scopes++;
    return scopeHash(scope);
  }

  /**
   * Runs a subscriber's operation. With no `share` it runs on its own (`execute(signal)`).
   * With one, `execute` runs once with the subscriber's own `signal` as its access check; the
   * first subscriber of a key starts the shared execution with `execute(sharedSignal)` (a stream,
   * or a LiveStream), the others join it. A check that answers one result (an error) is that
   * subscriber's answer.
   */
  async run(
    share: ShareRequest | undefined,
    execute: (signal: CallerSignal | undefined) => Promise<SharedRunResult>,
    signal?: CallerSignal,
  ): Promise<OperationResult> {
    if (share === undefined) return asOperationResult(await execute(signal));
    const existing = this.#groups.get(share.key);
    if (existing) {
      await existing.ready;
      const checked = asOperationResult(await execute(signal));
      if (!isAsyncIterable(checked)) return checked;
      if (!existing.live) return checked;
      // Joined before the check's own stream closes, so nothing appended in between is missed.
      const member = this.#join(existing, share, signal);
      void closeStream(checked);
      return member;
    }
    const group = new Group((ended) => {
      if (this.#groups.get(share.key) === ended) this.#groups.delete(share.key);
    });
    this.#groups.set(share.key, group);
    let result: SharedRunResult;
    try {
      result = await execute(group.signal);
    } catch (error) {
      group.fail();
      throw error;
    }
    if (!isStream(result)) {
      group.fail();
      return result;
    }
    this.#started++;
    group.start(result);
    return this.#join(group, share, signal);
  }

  #join(group: Group, share: ShareRequest, signal: CallerSignal | undefined) {
    const { responseKey } = share;
    // A caller gone while its access check ran would never hear its signal fire: it joins without
    // it and leaves at once (the last one to leave ends the execution).
    const gone = signal?.aborted === true;
    const live = gone ? undefined : signal;
    const member = share.sink
      ? group.joinSink(this.#sinkSettings, share.sink, responseKey, live)
      : group.joinQueued(this.#options, live, () => this.#options.slowConsumerResult(responseKey));
    if (gone) void member.return();
    return member;
  }
}
