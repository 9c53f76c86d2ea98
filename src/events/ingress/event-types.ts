/**
 * The event-type catalog: one table per source. A legacy row names the wire fields of one list
 * event type and the camelCase model field each becomes; a commerce row names a topic and, where
 * the spec shows it, the fields of its data. The parsers, validators and model types all derive
 * from these tables, so adding an event type or topic is one row.
 */
import type { LegacyFieldValue } from "../../domain/legacy/models.js";

/** How a field's value is checked and what it becomes in the model. */
export type FieldKind = "text" | "email" | "legacyDate" | "isoDateTime" | "customFields";

/** The model type of each field kind. */
export interface FieldKindValue {
  text: string;
  email: string;
  /** Wall time as the legacy service writes it, `YYYY-MM-DD HH:MM:SS`, kept as given. */
  legacyDate: string;
  /** An ISO 8601 date-time, kept as given. */
  isoDateTime: string;
  customFields: LegacyFieldValue[];
}

/** One field of an event: its name on the wire, in the model, and its kind. */
export interface EventField {
  readonly wire: string;
  readonly model: string;
  readonly kind: FieldKind;
}

const field = <W extends string, M extends string, K extends FieldKind>(wire: W, model: M, kind: K) =>
  ({ wire, model, kind }) as const;

const date = field("Date", "date", "legacyDate");
const email = field("EmailAddress", "email", "email");
const name = field("Name", "name", "text");
const state = field("State", "state", "text");
const customFields = field("CustomFields", "customFields", "customFields");

/**
 * Legacy list event types by their `Type` value, each with the fields the spec lists (Type itself
 * aside). Every field is required; CustomFields may be an empty list.
 */
export const LIST_EVENT_TYPES = {
  Subscribe: [date, email, name, field("SignupIPAddress", "signupIpAddress", "text"), customFields],
  Update: [date, field("OldEmailAddress", "oldEmail", "email"), email, name, state, customFields],
  Deactivate: [date, email, name, state, customFields],
} as const satisfies Record<string, readonly EventField[]>;

/** A legacy list event's `Type` value. */
export type ListEventType = keyof typeof LIST_EVENT_TYPES;

/** Every ListEventType, in table order. */
export const LIST_EVENT_TYPE_NAMES = Object.keys(LIST_EVENT_TYPES) as ListEventType[];

/** Wire names a list event may carry beside its type's fields. */
export const LIST_EVENT_COMMON_WIRE = { type: "Type", listId: "ListID" } as const;

type Flatten<T> = { [K in keyof T]: T[K] };

type FieldsModel<Fields extends readonly EventField[]> = {
  -readonly [F in Fields[number] as F["model"]]: FieldKindValue[F["kind"]];
};

/** The model of one list event type: its fields, plus the list and the time the gateway took it in. */
export type ListEventOf<T extends ListEventType> = Flatten<
  {
    type: T;
    /** The batch's ListID, carried on each event. */
    listId: string;
    /** When the gateway accepted the request, ISO 8601 UTC. */
    receivedAt: string;
  } & FieldsModel<(typeof LIST_EVENT_TYPES)[T]>
>;

/** A subscriber entered, imported, reactivated, confirmed or added through the API. */
export type SubscribeEvent = ListEventOf<"Subscribe">;
/** A subscriber's details changed (`oldEmail` is the address before the change). */
export type UpdateEvent = ListEventOf<"Update">;
/** A subscriber moved to an inactive state (`state`, for example Unsubscribed). */
export type DeactivateEvent = ListEventOf<"Deactivate">;
/** One list event from a legacy list webhook. */
export type ListEvent = SubscribeEvent | UpdateEvent | DeactivateEvent;

/**
 * Commerce webhook topics; `data` lists the fields of the topic's data object where the spec
 * shows them, and is null where it does not (the data is then kept as JSON).
 */
export const COMMERCE_TOPICS = {
  "newsletter-template/sent": {
    data: [
      field("templateId", "templateId", "text"),
      field("userId", "userId", "text"),
      field("status", "status", "text"),
      field("title", "title", "text"),
      field("liveAt", "liveAt", "isoDateTime"),
      field("sentAt", "sentAt", "isoDateTime"),
    ],
  },
  "newsletter-email/sent": { data: null },
  "async-job/completed": { data: null },
  "abandoned-cart-email/sent": { data: null },
} as const satisfies Record<string, { data: readonly EventField[] | null }>;

/** A commerce webhook topic. */
export type CommerceTopic = keyof typeof COMMERCE_TOPICS;

/** Every CommerceTopic, in table order. */
export const COMMERCE_TOPIC_NAMES = Object.keys(COMMERCE_TOPICS) as CommerceTopic[];

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

type TopicData<T extends CommerceTopic> = (typeof COMMERCE_TOPICS)[T]["data"] extends infer D
  ? D extends readonly EventField[]
    ? Flatten<FieldsModel<D>>
    : JsonValue
  : never;

/** The model of one commerce webhook of a topic. */
export type CommerceEventOf<T extends CommerceTopic> = {
  topic: T;
  /** `meta.ts`: millisecond-scale time of first send, identical on retries. */
  ts: number;
  /** When the gateway accepted the request, ISO 8601 UTC. */
  receivedAt: string;
  data: TopicData<T>;
};

/** One commerce webhook: typed data for topics the spec shows, JSON for the rest. */
export type CommerceEvent = { [T in CommerceTopic]: CommerceEventOf<T> }[CommerceTopic];

/** The data of newsletter-template/sent. */
export type NewsletterTemplateSent = TopicData<"newsletter-template/sent">;

/** Which backend a webhook came from. */
export type EventSource = "legacy" | "commerce";
