/**
 * Subscriptions fed by the event log (webhooks of both backends, see src/events): `listEvents`,
 * the Subscribe / Update / Deactivate events of one legacy list, and `commerceEvents`, commerce
 * topic webhooks. An event's `id` is its position in its source's log; `after: <id>` replays what
 * came after it and then goes on live. A reader that falls too far behind gets one error and the
 * subscription ends (src/events/feed.ts).
 */
import { GraphQLError, type ExecutionResult } from "graphql";
import type { GraphContext } from "../../context.js";
import { openFeed, type LogFeedItem } from "../../events/feed.js";
import {
  COMMERCE_TOPIC_NAMES,
  LIST_EVENT_TYPE_NAMES,
  type CommerceEvent,
  type CommerceTopic,
  type ListEvent,
  type ListEventType,
  type NewsletterTemplateSent,
} from "../../events/ingress/event-types.js";
import {
  EventLogBeyondEndError,
  EventLogError,
  EventLogTrimmedError,
  parseEventId,
  type EventSource,
  type LoggedEvent,
} from "../../events/log/index.js";
import { grantsScope, receivesStoreEvent } from "../../domain/commerce/scopes.js";
import { builder } from "../builder.js";
import { SubscriberCustomFieldRef } from "../legacy/subscribers.js";
import { localIdOf } from "../support/global-id.js";
import { LIVE_FIELD } from "./live-fields.js";
import { fieldError, graphError } from "../support/graph-errors.js";
import { JSONObject } from "../support/json-object.js";
import { legacyWallTime } from "../support/scalars.js";

/** A list event with its position in the log. */
export type ListEventRecord = ListEvent & { readonly id: string };
/** A commerce event with its position in the log. */
export type CommerceEventRecord = CommerceEvent & { readonly id: string };

// --- list events ---------------------------------------------------------------------------------

const ListEventTypeEnum = builder.enumType("ListEventType", {
  description: "The kinds of legacy list events.",
  values: Object.fromEntries(LIST_EVENT_TYPE_NAMES.map((value) => [value.toUpperCase(), { value }])) as Record<
    Uppercase<ListEventType>,
    { value: ListEventType }
  >,
});

export const ListEventRef = builder.interfaceRef<ListEventRecord>("ListEvent").implement({
  description: "An event of a legacy subscriber list, from the list's webhook.",
  resolveType: (event) => `${event.type}Event`,
  fields: (t) => ({
    id: t.exposeID("id", {
      description: "The event's position in the event log: pass it as `after` to resume right behind it.",
    }),
    listId: t.exposeString("listId", { description: "The service's ListID of the list (as List.listId)." }),
    emailAddress: t.string({ resolve: (event) => event.email }),
    name: t.exposeString("name"),
    occurredAt: t.field({
      type: "LocalDateTime",
      description: "When it happened, in the list owner's wall time (the event's Date).",
      // Checked when the webhook was received; checked again so a damaged log entry fails typed.
      resolve: (event) => legacyWallTime(event.date, "event date"),
    }),
    receivedAt: t.field({
      type: "DateTime",
      description: "When the gateway received the webhook.",
      resolve: (event) => new Date(event.receivedAt),
    }),
    customFields: t.field({
      type: [SubscriberCustomFieldRef],
      description: "The subscriber's custom field values, as Subscriber.customFields.",
      resolve: (event) => event.customFields,
    }),
  }),
});

type Of<T extends ListEventType> = ListEventRecord & { type: T };

export const SubscribeEventRef = builder.objectRef<Of<"Subscribe">>("SubscribeEvent").implement({
  description: "A subscriber entered the list (added, imported, reactivated or confirmed).",
  interfaces: [ListEventRef],
  fields: (t) => ({ signupIpAddress: t.exposeString("signupIpAddress") }),
});
export const UpdateEventRef = builder.objectRef<Of<"Update">>("UpdateEvent").implement({
  description: "A subscriber's details changed.",
  interfaces: [ListEventRef],
  fields: (t) => ({
    oldEmailAddress: t.string({ description: "The address before the change.", resolve: (e) => e.oldEmail }),
    state: t.exposeString("state", { description: "The subscriber's state, e.g. Active." }),
  }),
});
export const DeactivateEventRef = builder.objectRef<Of<"Deactivate">>("DeactivateEvent").implement({
  description: "A subscriber left the active state.",
  interfaces: [ListEventRef],
  fields: (t) => ({ state: t.exposeString("state", { description: "The new state, e.g. Unsubscribed." }) }),
});

// --- commerce events -----------------------------------------------------------------------------

export const CommerceEventRef = builder.interfaceRef<CommerceEventRecord>("CommerceEvent").implement({
  description: "A commerce topic webhook.",
  resolveType: (event) =>
    event.topic === "newsletter-template/sent" ? "NewsletterTemplateSentEvent" : "CommerceTopicEvent",
  fields: (t) => ({
    id: t.exposeID("id", {
      description: "The event's position in the event log: pass it as `after` to resume right behind it.",
    }),
    topic: t.exposeString("topic", { description: "The webhook topic, e.g. async-job/completed." }),
    ts: t.exposeFloat("ts", {
      description: "meta.ts: when the backend first sent it, in milliseconds since the epoch.",
    }),
    receivedAt: t.field({
      type: "DateTime",
      description: "When the gateway received the webhook.",
      resolve: (event) => new Date(event.receivedAt),
    }),
  }),
});

type TemplateSent = CommerceEventRecord & { data: NewsletterTemplateSent };

export const NewsletterTemplateSentEventRef = builder.objectRef<TemplateSent>("NewsletterTemplateSentEvent").implement({
  description: "newsletter-template/sent: a newsletter template was sent.",
  interfaces: [CommerceEventRef],
  fields: (t) => ({
    templateId: t.string({ resolve: (e) => e.data.templateId }),
    userId: t.string({ resolve: (e) => e.data.userId }),
    status: t.string({ resolve: (e) => e.data.status }),
    title: t.string({ resolve: (e) => e.data.title }),
    liveAt: t.string({ description: "ISO 8601, as the backend sent it.", resolve: (e) => e.data.liveAt }),
    sentAt: t.string({ description: "ISO 8601, as the backend sent it.", resolve: (e) => e.data.sentAt }),
  }),
});

export const CommerceTopicEventRef = builder.objectRef<CommerceEventRecord>("CommerceTopicEvent").implement({
  description: "A topic whose data the backend's contract does not fix: the data as JSON.",
  interfaces: [CommerceEventRef],
  fields: (t) => ({
    data: t.field({
      type: JSONObject,
      nullable: true,
      description: "The webhook's data object (null when the data is not an object).",
      resolve: (e) =>
        typeof e.data === "object" && e.data !== null && !Array.isArray(e.data)
          ? (e.data as Record<string, unknown>)
          : null,
    }),
  }),
});

// --- the subscription fields ---------------------------------------------------------------------

const OVERFLOW_MESSAGE =
  "The subscription fell too far behind the event log and was ended; resubscribe with `after` set to the last id received.";

/**
 * The last result a subscriber of a shared execution gets when it falls too far behind (the
 * same error an unshared subscription ends with), at the root field `responseKey`.
 */
export function slowConsumerResult(responseKey: string): ExecutionResult {
  return {
    data: null,
    errors: [
      new GraphQLError(OVERFLOW_MESSAGE, {
        path: [responseKey],
        extensions: { code: "UPSTREAM_UNAVAILABLE", reason: "SLOW_CONSUMER" },
      }),
    ],
  };
}

/** The log of the context, or the error that there is none. */
export function eventLogOf(ctx: GraphContext) {
  if (!ctx.events) throw graphError("UPSTREAM_UNAVAILABLE", "This server has no event log; subscriptions are off.");
  return ctx.events;
}

/** `after` checked as an event id (BAD_USER_INPUT otherwise). */
export function checkedAfter(after: string | null | undefined): string | undefined {
  if (after === null || after === undefined) return undefined;
  try {
    parseEventId(after);
  } catch (error) {
    if (error instanceof EventLogError) {
      throw graphError("BAD_USER_INPUT", `after: ${error.message}.`, { field: "after" });
    }
    throw error;
  }
  return after;
}

/**
 * The refusal of a replay that would skip events the log trimmed (`trimmed`, one per backend whose
 * side is affected), or the end of one that trimming overtook (`overtaken`): BAD_USER_INPUT with
 * `reason: "EVENTS_TRIMMED"` and `resumeAfter`, the `after` from which a client that accepts the
 * loss goes on with what the log keeps.
 */
export function eventsTrimmedError(
  trimmed: readonly EventLogTrimmedError[],
  resumeAfter: string,
  overtaken = false,
): GraphQLError {
  const gone = trimmed
    .map((e) =>
      e.lostEnd
        ? `the ${e.source} event log no longer holds its events up to ${e.after}: it lost its end ` +
          "(Redis restarted without it, or the stream was deleted, or the gateway's in-memory log started again)"
        : `the ${e.source} events after ${e.after} up to ${e.resumeAfter} were removed from the event log`,
    )
    .join(" and ");
  return graphError(
    "BAD_USER_INPUT",
    // Overtaken: a replay or a live stream that trimming passed before it delivered them.
    `after: ${gone}${overtaken ? ", before this subscription received them" : ""}. The event log keeps ` +
      "EVENT_LOG_MAX_LENGTH events per backend for EVENT_LOG_RETENTION_MS. " +
      `To go on without them, subscribe again with after: "${resumeAfter}".`,
    { field: "after", reason: "EVENTS_TRIMMED", resumeAfter },
  );
}

/**
 * The refusal of an `after` past the end of the event log, in the future: the events appended
 * until the clock passes it would get lower ids and be skipped, so it is refused up front with
 * BAD_USER_INPUT and `reason: "AFTER_BEYOND_END"`.
 */
function afterBeyondEndError(error: EventLogBeyondEndError): GraphQLError {
  return graphError(
    "BAD_USER_INPUT",
    `after: ${error.after} lies beyond the end of the ${error.source} event log (its newest event is ` +
      `${error.end}), in the future: the events until the clock passes it would be skipped. Pass the id ` +
      "of the last event received, or leave `after` out to receive only new events.",
    { field: "after", reason: "AFTER_BEYOND_END" },
  );
}

/** The feed's opening errors as graph errors. */
export function feedOpenError(error: unknown): unknown {
  if (error instanceof EventLogError && error.code === "EVENT_LOG_BAD_ID") {
    return graphError("BAD_USER_INPUT", `after: ${error.message}.`, { field: "after" });
  }
  if (error instanceof EventLogTrimmedError) return eventsTrimmedError([error], error.resumeAfter);
  if (error instanceof EventLogBeyondEndError) return afterBeyondEndError(error);
  return error instanceof GraphQLError ? error : graphError("UPSTREAM_UNAVAILABLE", "The event log is unavailable.");
}

/**
 * The refusal of a commerce event stream to a credential bound to no store: the backend's API shows
 * no way to learn which store a key or token belongs to, and its webhooks carry every store's
 * events (docs/decisions.md, "Whose commerce events a caller receives").
 */
export function unboundStoreError(field: string): GraphQLError {
  return graphError(
    "FORBIDDEN",
    `${field} needs a commerce credential bound to its store, so that only that store's events reach it: ` +
      "the gateway's own credential, or a gateway token issued with --commerce-user-id. " +
      "A commerce key sent in a header, or a login's token, names no store.",
    { backend: "commerce", reason: "NO_STORE" },
  );
}

/** The store a commerce event's data names (`userId`), if any. */
export function storeOf(event: CommerceEvent): unknown {
  const data = event.data as unknown;
  return typeof data === "object" && data !== null ? (data as Record<string, unknown>).userId : undefined;
}

/**
 * Has the backend accept the request's commerce credential before a stream of commerce events
 * opens: no call of a stream does, so a made-up key would otherwise stream. One call, the first
 * coupon, which every authenticated store caller may read (docs/decisions.md, "Commerce endpoints as
 * one table; scopes the spec does not give"); a refusal is the stream's error (UNAUTHENTICATED for a key the backend does not know).
 */
export async function proveCommerceCredential(ctx: GraphContext): Promise<void> {
  try {
    await ctx.commerce.coupons({ first: 1 });
  } catch (error) {
    throw fieldError(error);
  }
}

/** A feed of `source` as a subscription's event stream, its errors as graph errors. */
export async function feedOf<T>(
  ctx: GraphContext,
  source: EventSource,
  after: string | undefined,
  select: (event: LoggedEvent) => T | undefined,
): Promise<AsyncIterable<LogFeedItem<T>>> {
  try {
    return await openFeed(eventLogOf(ctx), { source, after, select });
  } catch (error) {
    throw feedOpenError(error);
  }
}

/** The item's event; the overflow and trimmed markers become the subscription's last (error) result. */
export function itemOf<T>(item: LogFeedItem<T>): T {
  if (item.kind === "overflow") throw graphError("UPSTREAM_UNAVAILABLE", OVERFLOW_MESSAGE, { reason: "SLOW_CONSUMER" });
  if (item.kind === "trimmed") throw eventsTrimmedError([item.error], item.error.resumeAfter, true);
  return item.value;
}

builder.subscriptionType({
  description: "Events of the backends as they arrive through their webhooks.",
  fields: (t) => ({
    listEvents: t.field({
      type: ListEventRef,
      extensions: LIVE_FIELD,
      description:
        "Subscribe, Update and Deactivate events of one legacy list. The list is checked with the caller's " +
        "legacy key before anything streams (NOT_FOUND when it cannot see it).",
      args: {
        listId: t.arg.id({ required: true, description: "The List's global id." }),
        types: t.arg({ type: [ListEventTypeEnum], description: "Only these kinds (default: all)." }),
        after: t.arg.id({ description: "Replay the events after this event id, then go on live." }),
      },
      subscribe: async (_root, args, ctx) => {
        const after = checkedAfter(args.after);
        const [clientId, listId] = localIdOf(String(args.listId), "List", 2);
        try {
          await ctx.legacy.list(clientId, listId);
        } catch (error) {
          throw fieldError(error);
        }
        // Nothing of this stream reads the legacy service again: the lists read for the check
        // would otherwise stay cached for as long as it runs.
        ctx.legacy.forgetClientsAndLists();
        const types = args.types ? new Set<string>(args.types) : undefined;
        return feedOf<ListEventRecord>(ctx, "legacy", after, ({ id, event }) => {
          const e = event as unknown as ListEvent;
          if (e.listId !== listId || (types && !types.has(e.type))) return undefined;
          return { ...e, id };
        });
      },
      resolve: (item) => itemOf(item),
    }),
    commerceEvents: t.field({
      type: CommerceEventRef,
      extensions: LIVE_FIELD,
      description:
        `Commerce topic webhooks of the given topics (${COMMERCE_TOPIC_NAMES.join(", ")}), of the store the ` +
        "caller's commerce credential is bound to (the gateway's own, or a gateway token's commerce user id; " +
        "FORBIDDEN for a credential bound to none). OAuth scope read_customers (an API key holds every scope). " +
        "The backend accepts the credential before anything streams (one call).",
      authScopes: { read_customers: true },
      unauthorizedError: () =>
        graphError("FORBIDDEN", "commerceEvents needs the commerce scope read_customers.", {
          backend: "commerce",
          missingScopes: ["read_customers"],
        }),
      args: {
        topics: t.arg.stringList({ required: true, description: "Topics to receive; at least one." }),
        after: t.arg.id({ description: "Replay the events after this event id, then go on live." }),
      },
      subscribe: async (_root, args, ctx) => {
        // Scope checks of a subscription field run per event, on resolve; a caller without a
        // commerce credential, without read_customers or bound to no store is refused here, before
        // anything streams.
        if (ctx.commerceScopes === undefined) {
          throw graphError(
            "UNAUTHENTICATED",
            "commerceEvents needs a commerce credential (an API key or an OAuth token).",
            {
              backend: "commerce",
            },
          );
        }
        if (!grantsScope(ctx.commerceScopes, "read_customers")) {
          throw graphError("FORBIDDEN", "commerceEvents needs the commerce scope read_customers.", {
            backend: "commerce",
            missingScopes: ["read_customers"],
          });
        }
        const storeEvents = ctx.commerceStoreEvents;
        if (storeEvents === undefined) throw unboundStoreError("commerceEvents");
        const after = checkedAfter(args.after);
        const known: readonly string[] = COMMERCE_TOPIC_NAMES;
        const unknown = args.topics.filter((topic) => !known.includes(topic));
        if (args.topics.length === 0 || unknown.length > 0) {
          throw graphError(
            "BAD_USER_INPUT",
            `topics: name at least one of ${COMMERCE_TOPIC_NAMES.join(", ")}` +
              (unknown.length > 0 ? ` (unknown: ${unknown.join(", ")}).` : "."),
            { field: "topics" },
          );
        }
        const topics = new Set<string>(args.topics as CommerceTopic[]);
        await proveCommerceCredential(ctx);
        return feedOf<CommerceEventRecord>(ctx, "commerce", after, ({ id, event }) => {
          const e = event as unknown as CommerceEvent;
          return topics.has(e.topic) && receivesStoreEvent(storeEvents, storeOf(e)) ? { ...e, id } : undefined;
        });
      },
      resolve: (item) => itemOf(item),
    }),
  }),
});
