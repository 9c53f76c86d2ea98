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
 * - The shared execution does not belong to the subscriber that started it: it runs under its own
 *   signal, a subscriber leaving does not end it, the last one leaving does.
 * - The shared execution never waits for a subscriber: a slow one fills only its own buffer (its
 *   socket's, or its queue with the feed's stall rule, src/events/feed.ts) and is ended alone with
 *   the SLOW_CONSUMER error.
 * - Only live streams are shared: the root fields in LIVE_FIELDS without `after` (a replay
 *   starts where its subscriber says, and asyncJob opens with the job's state at that moment).
 *
 * A result that reports a part of the stream left out (`isStandingNotice`: no data, every error
 * `partial: true`, as contactEvents opens without a legacy key) stays true for as long as the
 * execution runs: it is kept and handed to each subscriber that joins later, first.
 *
 * Each result is serialized once (`RawPayload`). A subscriber with a sink (a websocket) has that
 * text written to it directly, wrapped in its own message, in the same loop for every subscriber,
 * with no per-subscriber iteration in between; its bound is the sink's unsent bytes
 * (`maxBufferedBytes`, `sinkStallMs`). A subscriber without one reads the shared result objects
 * through a bounded queue (the feed's rule) and serializes them itself.
 */
import { createHash } from "node:crypto";
import {
  getOperationAST,
  Kind,
  OperationTypeNode,
  type DocumentNode,
  type ExecutionResult,
  type ValueNode,
} from "graphql";
import { createFeedQueue, DEFAULT_FEED_BUFFER, DEFAULT_FEED_STALL_MS, type FeedQueue } from "./feed.js";
import { isLiveStream, type LiveReader, type LiveStream } from "./live-stream.js";
import { CallAbort, type CallerSignal } from "../util/call-abort.js";
import { followSignal } from "../util/request-signals.js";

/** What running an operation gives: one result, or a stream of them. */
export type OperationResult = ExecutionResult | AsyncIterable<ExecutionResult>;

/** What a shared execution's own run gives: also a LiveStream (src/events/live-stream.ts), read only here. */
export type SharedRunResult = OperationResult | LiveStream;

/** Root subscription fields whose stream, without `after`, is the same whenever one joins it. */
export const LIVE_FIELDS: ReadonlySet<string> = new Set(["listEvents", "commerceEvents", "contactEvents"]);

// --- which operations share, and under which key ---------------------------------------------------

function isNullValue(
  value: ValueNode | undefined,
  variables: Record<string, unknown>,
  defaults: Map<string, ValueNode>,
) {
  if (value === undefined || value.kind === Kind.NULL) return true;
  if (value.kind !== Kind.VARIABLE) return false;
  const name = value.name.value;
  if (name in variables) return variables[name] === null || variables[name] === undefined;
  const fallback = defaults.get(name);
  return fallback === undefined || fallback.kind === Kind.NULL;
}

/**
 * The response key (alias or name) of the operation's one root field when the operation is a live
 * subscription that may be shared: one root field out of LIVE_FIELDS, no directives on it, and no
 * `after`. Undefined otherwise (the operation then runs on its own).
 */
export function shareableField(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
): string | undefined {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== OperationTypeNode.SUBSCRIPTION) return undefined;
  const [field, ...rest] = operation.selectionSet.selections;
  if (!field || rest.length > 0 || field.kind !== Kind.FIELD) return undefined;
  if (!LIVE_FIELDS.has(field.name.value) || (field.directives?.length ?? 0) > 0) return undefined;
  const defaults = new Map<string, ValueNode>();
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue) defaults.set(definition.variable.name.value, definition.defaultValue);
  }
  const after = field.arguments?.find((argument) => argument.name.value === "after")?.value;
  if (!isNullValue(after, variables ?? {}, defaults)) return undefined;
  if (nestsDeeperThan(variables, MAX_SHARED_VARIABLES_DEPTH)) return undefined;
  return field.alias?.value ?? field.name.value;
}

/** JSON with object keys sorted, so equal values give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What decides whether two subscribers may share an execution. */
export interface ShareKeyParts {
  readonly query: string;
  readonly operationName?: string | null | undefined;
  readonly variables?: Record<string, unknown> | null | undefined;
  /**
   * Everything that decides what the caller may see (its keys, tokens, connection params), or the
   * `Fanout.scopeKey` made of it once per connection: a connection's scope does not change, and
   * hashing its params again on every subscribe would cost each message their whole size.
   */
  readonly scope: unknown;
}

/**
 * Nesting past which a subscription's variables are not shared: the share key is built by
 * recursion, and variables nested this deep fit no live field's arguments (their own run refuses
 * them with the usual variable errors).
 */
export const MAX_SHARED_VARIABLES_DEPTH = 16;

/** Whether `value` nests deeper than `max` objects or arrays (walked without recursion, stopping there). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * The key of a shared execution: a SHA-256 over the document, the operation name, the variables
 * and the caller's scope. Credentials enter only through the hash, so the key may be logged or
 * compared without exposing them; different credentials give different keys.
 */
export function shareKey(parts: ShareKeyParts): string {
  return createHash("sha256")
    .update(canonicalJson([parts.query, parts.operationName ?? null, parts.variables ?? {}, parts.scope]))
    .digest("base64url");
}

// --- a payload serialized once ---------------------------------------------------------------------

/** The JSON text of a result as graphql-ws would write it (errors in their JSON form). */
export function serializeResult(result: ExecutionResult): string {
  const { errors, ...rest } = result;
  return JSON.stringify(errors ? { ...rest, errors: errors.map((error) => error.toJSON()) } : rest);
}

/** A result and its JSON text, made once for every subscriber of a shared execution. */
export class RawPayload {
  constructor(
    /** The result's JSON text. */
    readonly raw: string,
    /** The result itself, for subscribers that serialize on their own. */
    readonly result: ExecutionResult,
  ) {}
}

// --- the shared executions ---------------------------------------------------------------------------

/** Standing notices one shared execution keeps for subscribers joining later (a stream has one or two). */
const MAX_STANDING_NOTICES = 4;

/**
 * Whether a result reports a lasting condition of the stream rather than an event: no data, and
 * every error marked `partial: true` (a side of the stream left out, the rest streaming on).
 */
export function isStandingNotice(result: ExecutionResult): boolean {
  const { errors } = result;
  return (
    (result.data === null || result.data === undefined) &&
    errors !== undefined &&
    errors.length > 0 &&
    errors.every((error) => error.extensions?.partial === true)
  );
}

/** What a subscriber's queue carries: a payload, or the failure that ended the shared execution. */
type Delivery = { readonly payload: RawPayload } | { readonly error: unknown };

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
interface SinkSettings {
  readonly maxBufferedBytes: number;
  readonly stallMs: number;
  readonly slowConsumerResult: (responseKey: string) => ExecutionResult;
}

/** A sink holding this many times `maxBufferedBytes` unsent is given up on at once, progress or not. */
export const HARD_BUFFER_FACTOR = 4;

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

const DONE = { value: undefined, done: true } as const;

/** What a shared execution hands each of its subscribers. */
interface Subscriber {
  deliver(payload: RawPayload): void;
  /** The execution ended (with `error` when it failed). */
  end(error?: unknown): void;
}

type Step = IteratorResult<ExecutionResult, undefined>;

/** A subscriber reading the shared results through its own bounded queue (the feed's stall rule). */
class QueuedSubscriber implements Subscriber, AsyncIterableIterator<ExecutionResult, undefined> {
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
class SinkSubscriber implements Subscriber, AsyncIterableIterator<ExecutionResult, undefined> {
  // Thousands of these sit idle: what is the same for all of them stays in the Fanout's settings
  // and the Group, and the subscriber itself is what its signal aborts (`abort`), so each one
  // holds no closures of its own.
  readonly #sink: FanoutSink;
  readonly #settings: SinkSettings;
  readonly #responseKey: string;
  readonly #group: Group;
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
    group: Group,
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

/** One shared execution and the subscribers reading it (a LiveStream's reader, when it runs one). */
class Group implements LiveReader {
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
  joinQueued(options: FanoutOptions, signal: CallerSignal | undefined, last: () => ExecutionResult) {
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
    return createHash("sha256").update(canonicalJson(scope)).digest("base64url");
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
