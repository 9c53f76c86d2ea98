/**
 * Two more subscriptions fed by the event log: `asyncJob`, one commerce job's state until it ends,
 * and `contactEvents`, one person's events from both backends under one composite cursor. A caller
 * without a legacy key (a gateway token that carries none) whose commerce side can answer gets the
 * commerce side, after one result reporting the legacy side left out (`LEGACY_LEFT_OUT`).
 */
import type { GraphQLError } from "graphql";
import { emailKey } from "../../domain/email.js";
import { CredentialsError } from "../../domain/errors.js";
import type { GraphContext } from "../../context.js";
import type { CommerceAsyncJob } from "../../domain/commerce/index.js";
import { grantsScope, receivesStoreEvent } from "../../domain/commerce/index.js";
import { openMergedFeed, type LogFeedItem } from "../../events/feed.js";
import type { CommerceEvent, ListEvent } from "../../events/ingress/event-types.js";
import {
  EventLogError,
  EventLogTrimmedError,
  parseEventId,
  positionBefore,
  type EventSource,
} from "../../events/log/index.js";
import { builder } from "../builder.js";
import { commerceAccess, scopesNote } from "../commerce/access.js";
import { AsyncJobRef } from "../commerce/refs.js";
import { BackendEnum } from "../people/backend.js";
import { localIdOf } from "../support/global-id.js";
import { fieldError, graphError } from "../support/graph-errors.js";
import { emailIssue } from "../support/input-rules.js";
import { LIVE_FIELD } from "./live-fields.js";
import {
  CommerceTopicEventRef,
  DeactivateEventRef,
  NewsletterTemplateSentEventRef,
  SubscribeEventRef,
  UpdateEventRef,
  eventLogOf,
  eventsTrimmedError,
  feedOf,
  feedOpenError,
  itemOf,
  proveCommerceCredential,
  storeOf,
  type CommerceEventRecord,
  type ListEventRecord,
} from "./subscriptions.js";
import { RecentSet } from "../../util/recent-set.js";

// --- asyncJob ------------------------------------------------------------------------------------

const TERMINAL_JOB_STATUSES: ReadonlySet<string> = new Set(["COMPLETED", "FAILED"]);

/** What the job watch yields: the job read now, or the error that ends the subscription. */
type JobStep = { readonly job: CommerceAsyncJob } | { readonly error: unknown };

const DONE = { value: undefined, done: true } as const;

/**
 * The job's current state, then the job read again on each async-job/completed event naming it,
 * ending after a terminal state. `return()` ends the feed at once, even while a read waits.
 */
class JobWatch implements AsyncIterableIterator<JobStep, undefined> {
  readonly #feed: AsyncIterableIterator<LogFeedItem<true>, undefined>;
  readonly #reload: () => Promise<CommerceAsyncJob>;
  #first: CommerceAsyncJob | undefined;
  #done = false;

  constructor(
    feed: AsyncIterableIterator<LogFeedItem<true>, undefined>,
    first: CommerceAsyncJob,
    reload: () => Promise<CommerceAsyncJob>,
  ) {
    this.#feed = feed;
    this.#first = first;
    this.#reload = reload;
  }

  async next(): Promise<IteratorResult<JobStep, undefined>> {
    if (this.#done) return DONE;
    let job = this.#first;
    this.#first = undefined;
    if (job === undefined) {
      const item = await this.#feed.next();
      if (item.done || this.#done) return this.#end();
      try {
        itemOf(item.value);
        job = await this.#reload();
      } catch (error) {
        await this.#end();
        return { value: { error: fieldError(error) }, done: false };
      }
    }
    if (TERMINAL_JOB_STATUSES.has(job.status)) await this.#end();
    return { value: { job }, done: false };
  }

  return(): Promise<IteratorResult<JobStep, undefined>> {
    return this.#end();
  }

  async throw(error?: unknown): Promise<IteratorResult<JobStep, undefined>> {
    await this.#end();
    throw error instanceof Error ? error : new Error("job watch closed");
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async #end(): Promise<IteratorResult<JobStep, undefined>> {
    this.#done = true;
    await this.#feed.return?.();
    return DONE;
  }
}

/** The job id an async-job/completed event names, if any. */
function jobIdOf(event: Record<string, unknown>): string | undefined {
  if (event.topic !== "async-job/completed") return undefined;
  const data = event.data as { id?: unknown } | null;
  return typeof data?.id === "string" ? data.id : undefined;
}

// --- contactEvents -------------------------------------------------------------------------------

/** One event of a person's stream, with the cursor to resume right behind it. */
interface ContactItem {
  readonly cursor: string;
  readonly backend: EventSource;
  readonly event: ListEventRecord | CommerceEventRecord;
  /** A list the caller's key could not read when the stream started: checked before the item goes out. */
  readonly verifyList?: string;
  /** Re-reads of the caller's lists started before this item arrived (see `verify`). */
  readonly readsBefore?: number;
}

/**
 * What the contact feed yields first when its legacy side is left out: the error that says so, a
 * result of its own (the field is non-null: the stream's first result is that error, its events follow).
 */
interface LeftOut {
  readonly leftOut: GraphQLError;
}

/**
 * Whether `error` is the legacy backend's refusal of a request that has no key for it: the side
 * that cannot answer at all for want of a credential (a key the backend refused is another matter).
 */
function isMissingLegacyKey(error: unknown): error is CredentialsError {
  return error instanceof CredentialsError && error.backend === "legacy" && error.problem === "missing";
}

/**
 * The result that reports a contactEvents stream's legacy side left out: UNAUTHENTICATED on the
 * field with `backend: "legacy"` and `partial: true` (the stream goes on with commerce events;
 * src/live/group.ts hands such a result to every subscriber of a shared stream, also later
 * ones). The message is the loaders' own, which says how a caller of this gateway brings a key.
 */
function legacyLeftOut(error: CredentialsError): GraphQLError {
  return graphError(
    "UNAUTHENTICATED",
    `contactEvents streams only commerce events: legacy list events are left out. ${error.message}`,
    { backend: "legacy", operation: error.operation, partial: true, reason: "LEGACY_LEFT_OUT" },
  );
}

/**
 * The contact feed with the events of lists it did not know checked first: `verify` says whether
 * the caller may read the list (reading the lists again); an item of a list it may not read is
 * left out. A failed check ends the stream with its error (resume with `after`), and so does the
 * marker that trimming overtook a replay (`overtaken` gives the error, with the composite cursor).
 */
class VerifiedContactFeed implements AsyncIterableIterator<LogFeedItem<ContactItem | LeftOut>, undefined> {
  readonly #feed: AsyncIterableIterator<LogFeedItem<ContactItem>, undefined>;
  readonly #verify: (listId: string, readsBefore: number) => Promise<boolean>;
  readonly #overtaken: (error: EventLogTrimmedError) => Error;
  /** Yielded first, then forgotten: the side of the stream left out. */
  #leftOut: LeftOut | undefined;

  constructor(
    feed: AsyncIterableIterator<LogFeedItem<ContactItem>, undefined>,
    verify: (listId: string, readsBefore: number) => Promise<boolean>,
    overtaken: (error: EventLogTrimmedError) => Error,
    leftOut?: LeftOut,
  ) {
    this.#feed = feed;
    this.#verify = verify;
    this.#overtaken = overtaken;
    this.#leftOut = leftOut;
  }

  async next(): Promise<IteratorResult<LogFeedItem<ContactItem | LeftOut>, undefined>> {
    const leftOut = this.#leftOut;
    if (leftOut) {
      this.#leftOut = undefined;
      return { value: { kind: "event", value: leftOut }, done: false };
    }
    for (;;) {
      const step = await this.#feed.next();
      if (!step.done && step.value.kind === "trimmed") {
        await this.return();
        throw this.#overtaken(step.value.error);
      }
      if (step.done || step.value.kind !== "event" || step.value.value.verifyList === undefined) return step;
      let readable: boolean;
      try {
        readable = await this.#verify(step.value.value.verifyList, step.value.value.readsBefore ?? 0);
      } catch (error) {
        await this.return();
        throw fieldError(error);
      }
      if (readable) return step;
    }
  }

  async return(): Promise<IteratorResult<LogFeedItem<ContactItem | LeftOut>, undefined>> {
    this.#leftOut = undefined;
    await this.#feed.return?.();
    return DONE;
  }

  async throw(): Promise<IteratorResult<LogFeedItem<ContactItem | LeftOut>, undefined>> {
    return this.return();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/**
 * `after` of contactEvents: "<legacy event id>|<commerce event id>" (each side the position in
 * that backend's log the stream had passed), or BAD_USER_INPUT.
 */
function parseContactCursor(after: string): Record<EventSource, string> {
  const parts = after.split("|");
  const [legacy, commerce] = parts;
  try {
    if (parts.length !== 2 || legacy === undefined || commerce === undefined) throw new Error();
    parseEventId(legacy);
    parseEventId(commerce);
  } catch (error) {
    const reason = error instanceof EventLogError ? `; ${error.message}` : "";
    throw graphError(
      "BAD_USER_INPUT",
      `after: a contactEvents cursor is "<legacy event id>|<commerce event id>", as ContactEvent.cursor gives it${reason}.`,
      { field: "after" },
    );
  }
  return { legacy, commerce };
}

/** The sides of a contactEvents feed refused because their events after `after` were trimmed. */
function trimmedSides(error: unknown): EventLogTrimmedError[] {
  if (error instanceof EventLogTrimmedError) return [error];
  if (error instanceof AggregateError) {
    return (error.errors as unknown[]).filter((e): e is EventLogTrimmedError => e instanceof EventLogTrimmedError);
  }
  return [];
}

/** Lists the caller's key cannot read that one contactEvents stream remembers at most. */
const MAX_UNREADABLE_LISTS = 1000;

/** Whether a legacy event is about the address (Update: its address before or after the change). */
function listEventNames(event: ListEvent, email: string): boolean {
  if (emailKey(event.email) === email) return true;
  return event.type === "Update" && emailKey(event.oldEmail) === email;
}

/** Whether a commerce event's data names the address (topics whose data has an `email` field). */
function commerceEventNames(event: CommerceEvent, email: string): boolean {
  const data = event.data as { email?: unknown } | null;
  return typeof data === "object" && data !== null && typeof data.email === "string" && emailKey(data.email) === email;
}

/** The ids of every list the caller's legacy key can read (read once per subscription). */
async function readableLists(ctx: GraphContext): Promise<ReadonlySet<string>> {
  const clients = await ctx.legacy.clients();
  const lists = await Promise.all(clients.map((client) => ctx.legacy.listsOfClient(client.clientId)));
  return new Set(lists.flat().map((list) => list.listId));
}

const ContactEventPayload = builder.unionType("ContactEventPayload", {
  description: "A legacy list event or a commerce topic event.",
  types: [SubscribeEventRef, UpdateEventRef, DeactivateEventRef, NewsletterTemplateSentEventRef, CommerceTopicEventRef],
  resolveType: (event) => {
    if ("topic" in event) {
      return event.topic === "newsletter-template/sent" ? "NewsletterTemplateSentEvent" : "CommerceTopicEvent";
    }
    return `${event.type}Event`;
  },
});

const ContactEventRef = builder.objectRef<ContactItem>("ContactEvent").implement({
  description: "One event of a person's stream (contactEvents), from either backend.",
  fields: (t) => ({
    cursor: t.exposeID("cursor", {
      description:
        'Opaque ("<legacy event id>|<commerce event id>"): pass it as contactEvents `after` to resume ' +
        "right behind this event on both backends.",
    }),
    backend: t.field({ type: BackendEnum, description: "The backend it came from.", resolve: (item) => item.backend }),
    event: t.field({
      type: ContactEventPayload,
      description: "The event; its own `id` is its position in its backend's log.",
      resolve: (item) => item.event,
    }),
  }),
});

// --- the fields ----------------------------------------------------------------------------------

builder.subscriptionFields((t) => ({
  asyncJob: t.field({
    type: AsyncJobRef,
    description:
      "One async job: its state now, then again each time the backend reports it finished " +
      "(async-job/completed); the stream completes after COMPLETED or FAILED." +
      scopesNote("asyncJob"),
    args: { id: t.arg.id({ required: true, description: "The AsyncJob's global id (AsyncJob.id)." }) },
    ...commerceAccess("asyncJob"),
    subscribe: async (_root, args, ctx) => {
      const [jobId] = localIdOf(String(args.id), "AsyncJob", 1);
      // The feed first, then the read: a completion in between is seen by one or the other.
      const feed = await feedOf<true>(ctx, "commerce", undefined, ({ event }) =>
        jobIdOf(event) === jobId ? true : undefined,
      );
      let first: CommerceAsyncJob;
      try {
        first = await ctx.commerce.asyncJob(jobId);
      } catch (error) {
        await feed[Symbol.asyncIterator]().return?.();
        throw fieldError(error);
      }
      const iterator = feed[Symbol.asyncIterator]() as AsyncIterableIterator<LogFeedItem<true>, undefined>;
      return new JobWatch(iterator, first, () => ctx.commerce.reloadAsyncJob(jobId));
    },
    resolve: (step) => {
      if ("error" in step) throw step.error;
      return step.job;
    },
  }),
  contactEvents: t.field({
    type: ContactEventRef,
    extensions: LIVE_FIELD,
    description:
      "One person's events from both backends: legacy list events of the address (Subscribe, Update " +
      "with the address before or after, Deactivate) on lists the caller's legacy key can read, and " +
      "commerce topic events whose data names it (newsletter-email/sent, abandoned-cart-email/sent; " +
      "only with the commerce scope read_customers and a credential bound to a store, and only that store's: " +
      "see commerceEvents). Addresses match case-insensitively.",
    args: {
      email: t.arg.string({ required: true, description: "The person's address." }),
      after: t.arg.id({
        description: "A ContactEvent.cursor: replay what came after it on both backends, then go on live.",
      }),
    },
    subscribe: async (_root, args, ctx) => {
      // The rules of every other email argument; events then match it in any case.
      const issue = args.email.trim() === "" ? { rule: "REQUIRED", message: "is required" } : emailIssue(args.email);
      if (issue) throw graphError("BAD_USER_INPUT", `email ${issue.message}.`, { field: "email", rule: issue.rule });
      const email = emailKey(args.email);
      const after = args.after === null || args.after === undefined ? undefined : parseContactCursor(args.after);
      // Commerce events come only to a credential holding read_customers and bound to a store, and
      // only that store's; the backend accepts the credential first (beside the legacy read).
      const storeEvents = ctx.commerceStoreEvents;
      const withCommerce =
        ctx.commerceScopes !== undefined &&
        grantsScope(ctx.commerceScopes, "read_customers") &&
        storeEvents !== undefined;
      // Both sides settle before either decides: a caller with no legacy key still gets the
      // commerce side when its credential holds, told first that the legacy side is left out.
      const [legacyRead, commerceProof] = await Promise.allSettled([
        readableLists(ctx),
        withCommerce ? proveCommerceCredential(ctx) : undefined,
      ]);
      if (commerceProof.status === "rejected") throw fieldError(commerceProof.reason);
      let lists: ReadonlySet<string> = new Set();
      let leftOut: LeftOut | undefined;
      if (legacyRead.status === "fulfilled") lists = legacyRead.value;
      else if (withCommerce && isMissingLegacyKey(legacyRead.reason)) {
        leftOut = { leftOut: legacyLeftOut(legacyRead.reason) };
      } else throw fieldError(legacyRead.reason);
      /**
       * Lists met in events that the caller's key cannot read (checked once each), the most recent
       * MAX_UNREADABLE_LISTS of them: a stream that lives for weeks beside an account's other
       * clients keeps a bounded amount, and a list forgotten is only checked again (one re-read).
       */
      const unreadable = new RecentSet(MAX_UNREADABLE_LISTS);
      /** Re-reads of the caller's lists started, and the number of the last one finished. */
      let readsStarted = 0;
      let readsDone = 0;
      const log = eventLogOf(ctx);
      // Where the stream is on each log: every event passed moves it, delivered or not.
      // (A position no entry has: a replay from it is not taken for one whose entry the log lost.)
      const start = positionBefore(Date.now());
      const position: Record<EventSource, string> = {
        legacy: after?.legacy ?? start,
        commerce: after?.commerce ?? start,
      };
      const cursor = () => `${position.legacy}|${position.commerce}`;
      // Without a legacy key the legacy side is not read: its position stays where `after` put it.
      const sources = [
        ...(leftOut
          ? []
          : [
              {
                source: "legacy" as const,
                after: after?.legacy,
                select: ({ id, event }: { id: string; event: Record<string, unknown> }): ContactItem | undefined => {
                  position.legacy = id;
                  const e = event as unknown as ListEvent;
                  if (unreadable.has(e.listId) || !listEventNames(e, email)) return undefined;
                  const item = { cursor: cursor(), backend: "legacy" as const, event: { ...e, id } };
                  // A list created since the stream started (or one the key cannot read): checked on the way out.
                  return lists.has(e.listId) ? item : { ...item, verifyList: e.listId, readsBefore: readsStarted };
                },
              },
            ]),
        ...(withCommerce
          ? [
              {
                source: "commerce" as const,
                after: after?.commerce,
                select: ({ id, event }: { id: string; event: Record<string, unknown> }) => {
                  position.commerce = id;
                  const e = event as unknown as CommerceEvent;
                  if (!receivesStoreEvent(storeEvents, storeOf(e)) || !commerceEventNames(e, email)) return undefined;
                  return { cursor: cursor(), backend: "commerce" as const, event: { ...e, id } };
                },
              },
            ]
          : []),
      ];
      let feed: AsyncIterableIterator<LogFeedItem<ContactItem>, undefined>;
      try {
        feed = await openMergedFeed<ContactItem>(log, sources);
      } catch (error) {
        // Every side checked: the cursor given back moves each side whose events were trimmed,
        // and keeps the other as it was.
        const trimmed = trimmedSides(error);
        if (trimmed.length === 0) throw feedOpenError(error);
        // (From `after`, not `position`: a side opened first may have passed events of its first
        // page into the feed now dropped.)
        const moved = { legacy: after?.legacy ?? start, commerce: after?.commerce ?? start };
        for (const side of trimmed) moved[side.source] = side.resumeAfter;
        throw eventsTrimmedError(trimmed, `${moved.legacy}|${moved.commerce}`);
      }
      let reading: Promise<void> | undefined;
      const reread = (): Promise<void> => {
        reading ??= (async () => {
          const number = ++readsStarted;
          try {
            ctx.legacy.forgetClientsAndLists();
            lists = await readableLists(ctx);
            readsDone = number;
          } finally {
            reading = undefined;
          }
        })();
        return reading;
      };
      /**
       * Whether the caller may read `listId`, met in an event that arrived after `readsBefore`
       * re-reads had started. A re-read started after the event arrived settles it (the list existed
       * when the event was logged). One re-read runs at a time and serves every event that arrived
       * before it started, so a burst of events on lists the key cannot read costs about one re-read
       * per delivery of the burst, one after another, not one per list.
       */
      const verify = async (listId: string, readsBefore: number): Promise<boolean> => {
        while (!lists.has(listId)) {
          if (unreadable.has(listId)) return false;
          if (readsDone > readsBefore) {
            unreadable.add(listId);
            return false;
          }
          await reread();
        }
        return true;
      };
      // Trimming overtook one side's replay: that side goes on after what was removed, the other
      // from where the stream is (the log subscriptions have stopped, so `position` no longer moves).
      const overtaken = (error: EventLogTrimmedError): Error => {
        const moved = { ...position, [error.source]: error.resumeAfter };
        return eventsTrimmedError([error], `${moved.legacy}|${moved.commerce}`, true);
      };
      return new VerifiedContactFeed(feed, verify, overtaken, leftOut);
    },
    resolve: (item) => {
      const value = itemOf(item);
      if ("leftOut" in value) throw value.leftOut;
      return value;
    },
  }),
}));
