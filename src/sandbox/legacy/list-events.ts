/**
 * The list events of the spec's "Event types" table, built from a subscriber record as it is
 * after the change, with the Date in the owning client's zone like every other date of the sandbox.
 */
import { clientTime } from "./client-time.js";
import type { ClientRecord, ListRecord, SubscriberRecord } from "./records.js";

/** The Type values (and registered event names) of list webhooks. */
export const LIST_EVENT_TYPES = ["Subscribe", "Update", "Deactivate"] as const;

/** One of LIST_EVENT_TYPES. */
export type ListEventType = (typeof LIST_EVENT_TYPES)[number];

/** SignupIPAddress of subscribers added through the API (the spec's "marker text"). */
export const API_SIGNUP_MARKER = "API";
/** SignupIPAddress of subscribers added by the sandbox's import endpoint. */
export const IMPORT_SIGNUP_MARKER = "Import";

/** One event object of a webhook request, fields in the order of the spec's table. */
export interface ListEvent {
  readonly Type: ListEventType;
  readonly Date: string;
  readonly OldEmailAddress?: string;
  readonly EmailAddress: string;
  readonly Name: string;
  readonly SignupIPAddress?: string;
  readonly State?: string;
  readonly CustomFields: readonly { readonly Key: string; readonly Value: string }[];
}

/** What differs between the event types. */
export type ListEventDetail =
  { type: "Subscribe"; signupIpAddress: string } | { type: "Update"; oldEmailAddress: string } | { type: "Deactivate" };

/** What an event is dated by: the list's owning client (its zone) and the store's clock. */
export interface EventClock {
  owner(list: ListRecord): ClientRecord;
  now(): Date;
}

/** The event a change to `subscriber` on `list` produces, dated now. */
export function listEvent(
  store: EventClock,
  list: ListRecord,
  subscriber: SubscriberRecord,
  detail: ListEventDetail,
): ListEvent {
  const base = {
    Date: clientTime(store.owner(list), store.now()),
    EmailAddress: subscriber.email,
    Name: subscriber.name,
  };
  // The same values, in the same order, as Subscribers.GetActive reports.
  const CustomFields = list.customFields.flatMap((field) =>
    (subscriber.customFields.get(field.key) ?? []).map((v) => ({ Key: field.key, Value: v })),
  );
  switch (detail.type) {
    case "Subscribe":
      return { Type: "Subscribe", ...base, SignupIPAddress: detail.signupIpAddress, CustomFields };
    case "Update":
      return {
        Type: "Update",
        Date: base.Date,
        OldEmailAddress: detail.oldEmailAddress,
        EmailAddress: base.EmailAddress,
        Name: base.Name,
        State: subscriber.state,
        CustomFields,
      };
    case "Deactivate":
      return { Type: "Deactivate", ...base, State: subscriber.state, CustomFields };
  }
}
