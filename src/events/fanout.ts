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
 * - Each subscriber reads the shared results through its own bounded queue with the feed's stall
 *   rule (src/events/feed.ts): a slow socket fills only its own queue and is ended alone with the
 *   SLOW_CONSUMER error; the shared execution never waits for a subscriber.
 * - Only live streams are shared: the root fields in LIVE_FIELDS without `after` (a replay
 *   starts where its subscriber says, and asyncJob opens with the job's state at that moment).
 *
 * The payload is a `RawPayload`: its JSON text made once. A transport that writes JSON itself
 * (graphql-ws builds `{"id":…,"type":"next","payload":…}` per subscriber) splices that text in with
 * `spliceRawPayload` instead of serializing the result again for every subscriber.
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

/** What running an operation gives: one result, or a stream of them. */
export type OperationResult = ExecutionResult | AsyncIterable<ExecutionResult>;

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
  /** Everything that decides what the caller may see (its keys, tokens, connection params). */
  readonly scope: unknown;
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

let pending: { readonly tail: string; readonly raw: string } | undefined;
let serial = 0;

/**
 * A result whose JSON text was made once. `JSON.stringify` of a message holding it writes a
 * placeholder (and remembers the text); `spliceRawPayload`, given that message's text right after,
 * puts the real payload in the placeholder's place.
 */
export class RawPayload {
  constructor(
    /** The result's JSON text. */
    readonly raw: string,
    /** The result itself, for transports that serialize on their own. */
    readonly result: ExecutionResult,
  ) {}

  toJSON(): string {
    const placeholder = `\u0000raw-payload:${(serial = (serial + 1) % Number.MAX_SAFE_INTEGER)}`;
    pending = { tail: `${JSON.stringify(placeholder)}}`, raw: this.raw };
    return placeholder;
  }
}

/**
 * `data` with the payload of the RawPayload serialized last (as the message's final member)
 * spliced in; `data` unchanged when the last serialization wrote none.
 */
export function spliceRawPayload(data: string): string {
  const last = pending;
  if (last === undefined) return data;
  pending = undefined;
  if (!data.endsWith(last.tail)) return data;
  return `${data.slice(0, data.length - last.tail.length)}${last.raw}}`;
}

// --- the shared executions ---------------------------------------------------------------------------

/** What a subscriber's queue carries: a payload, or the failure that ended the shared execution. */
type Delivery = { readonly payload: RawPayload } | { readonly error: unknown };

/** Options of a Fanout. */
export interface FanoutOptions {
  /** The last result of a subscriber given up on for reading too slowly (its root field's response key). */
  readonly slowConsumerResult: (responseKey: string) => ExecutionResult;
  /** Unread results past which a subscriber that stalls is given up on (default DEFAULT_FEED_BUFFER). */
  readonly maxBuffer?: number;
  /** How long such a subscriber may take nothing before it is given up on (default DEFAULT_FEED_STALL_MS). */
  readonly stallMs?: number;
}

/** Counters of a Fanout. */
export interface FanoutStats {
  /** Shared executions running now. */
  readonly executions: number;
  /** Subscribers reading a shared execution now. */
  readonly subscribers: number;
  /** Shared executions started so far. */
  readonly started: number;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<ExecutionResult> {
  return typeof (value as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] === "function";
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

/** One subscriber's view of a shared execution. */
class Member implements AsyncIterableIterator<ExecutionResult | RawPayload, undefined> {
  readonly #queue: FeedQueue<Delivery>;
  readonly #slowConsumerResult: () => ExecutionResult;

  constructor(queue: FeedQueue<Delivery>, slowConsumerResult: () => ExecutionResult) {
    this.#queue = queue;
    this.#slowConsumerResult = slowConsumerResult;
  }

  next(): Promise<IteratorResult<ExecutionResult | RawPayload, undefined>> {
    return this.#queue.next().then((step) => {
      if (step.done) return step;
      const item = step.value;
      if (item.kind === "overflow") return { value: this.#slowConsumerResult(), done: false };
      if ("error" in item.value) throw item.value.error;
      return { value: item.value.payload, done: false };
    });
  }

  return(): Promise<IteratorResult<ExecutionResult | RawPayload, undefined>> {
    return this.#queue.return().then(() => DONE);
  }

  throw(error?: unknown): Promise<IteratorResult<ExecutionResult | RawPayload, undefined>> {
    return this.#queue.throw(error).then(() => DONE);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** One shared execution and the subscribers reading it. */
class Group {
  readonly #members = new Set<FeedQueue<Delivery>>();
  readonly #controller = new AbortController();
  readonly #onEnd: (group: Group) => void;
  #iterator: AsyncIterator<ExecutionResult> | undefined;
  /** Settles true once the execution runs, false if it never does. */
  readonly ready: Promise<boolean>;
  #settle: (live: boolean) => void = () => undefined;
  #live = false;
  #ended = false;

  constructor(onEnd: (group: Group) => void) {
    this.#onEnd = onEnd;
    this.ready = new Promise((resolve) => (this.#settle = resolve));
  }

  /** Aborts when the shared execution ends: what it runs under instead of a subscriber's socket. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get live(): boolean {
    return this.#live && !this.#ended;
  }

  get size(): number {
    return this.#members.size;
  }

  /** Starts pumping `stream` to the members. */
  start(stream: AsyncIterable<ExecutionResult>): void {
    this.#iterator = stream[Symbol.asyncIterator]();
    this.#live = true;
    this.#settle(true);
    void this.#pump(this.#iterator);
  }

  /** The execution never started (its subscribe failed or answered one result). */
  fail(): void {
    this.#ended = true;
    this.#settle(false);
    this.#onEnd(this);
  }

  join(
    options: Pick<FanoutOptions, "maxBuffer" | "stallMs">,
    signal: AbortSignal | undefined,
    last: () => ExecutionResult,
  ) {
    const queue: FeedQueue<Delivery> = createFeedQueue<Delivery>({
      maxBuffer: options.maxBuffer ?? DEFAULT_FEED_BUFFER,
      stallMs: options.stallMs ?? DEFAULT_FEED_STALL_MS,
      signal,
      onStop: () => this.#leave(queue),
    });
    this.#members.add(queue);
    return new Member(queue, last);
  }

  #leave(queue: FeedQueue<Delivery>): void {
    this.#members.delete(queue);
    if (this.#members.size === 0) this.#end(undefined, false);
  }

  async #pump(iterator: AsyncIterator<ExecutionResult>): Promise<void> {
    try {
      for (;;) {
        const step = await iterator.next();
        if (step.done || this.#ended) break;
        const payload = new RawPayload(serializeResult(step.value), step.value);
        for (const member of this.#members) member.push({ payload });
      }
      this.#end(undefined, true);
    } catch (error) {
      this.#end(error, true);
    }
  }

  /** Ends the execution; `drained`: the stream itself ended (else the last member left). */
  #end(error: unknown, drained: boolean): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#onEnd(this);
    this.#controller.abort(new DOMException("The shared subscription ended.", "AbortError"));
    if (!drained) void this.#iterator?.return?.().catch(() => undefined);
    for (const member of [...this.#members]) {
      if (error !== undefined) member.push({ error });
      member.end();
    }
    this.#members.clear();
  }
}

/** The shared executions of one gateway instance. */
export class Fanout {
  readonly #groups = new Map<string, Group>();
  readonly #options: FanoutOptions;
  #started = 0;

  constructor(options: FanoutOptions) {
    this.#options = options;
  }

  get stats(): FanoutStats {
    let subscribers = 0;
    for (const group of this.#groups.values()) subscribers += group.size;
    return { executions: this.#groups.size, subscribers, started: this.#started };
  }

  /**
   * Runs a subscriber's operation. With no `share` it runs on its own (`execute(signal)`).
   * With one, `execute` runs once with the subscriber's own `signal` as its access check; the
   * first subscriber of a key starts the shared execution with `execute(sharedSignal)`, the
   * others join it. A check that answers one result (an error) is that subscriber's answer.
   */
  async run(
    share: { readonly key: string; readonly responseKey: string } | undefined,
    execute: (signal: AbortSignal | undefined) => Promise<OperationResult>,
    signal?: AbortSignal,
  ): Promise<OperationResult | AsyncIterableIterator<ExecutionResult | RawPayload, undefined>> {
    if (share === undefined) return execute(signal);
    const last = () => this.#options.slowConsumerResult(share.responseKey);
    const existing = this.#groups.get(share.key);
    if (existing) {
      await existing.ready;
      const checked = await execute(signal);
      if (!isAsyncIterable(checked)) return checked;
      if (!existing.live) return checked;
      // Joined before the check's own stream closes, so nothing appended in between is missed.
      const member = existing.join(this.#options, signal, last);
      void closeStream(checked);
      return member;
    }
    const group = new Group((ended) => {
      if (this.#groups.get(share.key) === ended) this.#groups.delete(share.key);
    });
    this.#groups.set(share.key, group);
    let result: OperationResult;
    try {
      result = await execute(group.signal);
    } catch (error) {
      group.fail();
      throw error;
    }
    if (!isAsyncIterable(result)) {
      group.fail();
      return result;
    }
    this.#started++;
    group.start(result);
    return group.join(this.#options, signal, last);
  }
}
