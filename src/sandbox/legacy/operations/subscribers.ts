/**
 * Subscriber.Add and its variants, Subscriber.Unsubscribe and Subscribers.GetActive: the
 * subscriber rows of "States and transitions", and the AddAndResubscribe rule of
 * docs/decisions.md.
 */
import { clientTime, parseClientTime } from "../client-time.js";
import { isValidEmail } from "../email.js";
import type { ListRecord, SubscriberRecord, SubscriberState } from "../records.js";
import type { LegacyStore } from "../store.js";
import { wholeSeconds } from "../dates.js";
import { API_SIGNUP_MARKER, listEvent } from "../list-events.js";
import { applyValues, subscriberValues } from "./custom-fields.js";
import { param, result, SUCCESS, value, type Handler, type OperationContext, type Reply } from "./types.js";

/** The error an Add meets for an address held in an inactive collection. */
const REFUSED_BY_STATE: Readonly<Record<Exclude<SubscriberState, "Active">, number>> = {
  Deleted: 205,
  Unsubscribed: 206,
  Bounced: 207,
  Unconfirmed: 208,
};

function add({ store, args }: OperationContext, resubscribe: boolean): Reply {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  const email = param(args, "Email").trim();
  if (!isValidEmail(email)) return result(1);
  const owner = store.owner(list);
  if (owner.suppression.has(email.toLowerCase())) return result(204);

  const now = wholeSeconds(store.now());
  const existing = list.subscribers.get(email.toLowerCase());
  const wasActive = existing?.state === "Active";
  if (existing && existing.state !== "Active") {
    if (!resubscribe) return result(REFUSED_BY_STATE[existing.state]);
    existing.state = "Active";
    existing.date = now;
    existing.stateDate = now;
  }
  let record = existing;
  if (!record) {
    record = store.putSubscriber(list.id, {
      email,
      // A double opt-in list holds a new address as Unconfirmed until the verification link is used.
      state: list.confirmOptIn ? "Unconfirmed" : "Active",
      date: now,
    });
    // Only a new subscriber gets the follow-up email (States and transitions).
    store.sendEmail({ kind: list.confirmOptIn ? "verification" : "list-confirmation", to: email, listId: list.id });
  }
  record.name = param(args, "Name");
  applyValues(list, record, args.customFields);
  // New or reactivated subscribers are a Subscribe, an Active one re-added an Update; an address
  // waiting for verification on a double opt-in list subscribes only when it is verified.
  if (record.state === "Active") {
    const detail = wasActive
      ? ({ type: "Update", oldEmailAddress: record.email } as const)
      : ({ type: "Subscribe", signupIpAddress: API_SIGNUP_MARKER } as const);
    store.emitListEvent(list.id, listEvent(store, list, record, detail));
  }
  return SUCCESS;
}

/** The most recent campaign sent to this address on this list, to which its unsubscribe counts. */
function attributeUnsubscribe(store: LegacyStore, list: ListRecord, subscriber: SubscriberRecord): void {
  const address = subscriber.email.toLowerCase();
  const now = store.now().getTime();
  const latest = store
    .campaigns(list.clientId)
    .filter((c) => c.sentDate !== undefined && c.sentDate.getTime() <= now)
    .filter((c) => c.recipients.some((r) => r.listId === list.id && r.email.toLowerCase() === address))
    .sort((a, b) => (b.sentDate?.getTime() ?? 0) - (a.sentDate?.getTime() ?? 0))[0];
  latest?.unsubscribes.push({ email: subscriber.email, listId: list.id });
}

const unsubscribe: Handler = ({ store, args }) => {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  const email = param(args, "Email").trim();
  if (!isValidEmail(email)) return result(1);
  const subscriber = list.subscribers.get(email.toLowerCase());
  if (!subscriber || subscriber.state !== "Active") return result(202);
  subscriber.state = "Unsubscribed";
  subscriber.stateDate = wholeSeconds(store.now());
  if (list.suppressUnsubscribes) store.suppress(list.clientId, subscriber.email);
  attributeUnsubscribe(store, list, subscriber);
  store.emitListEvent(list.id, listEvent(store, list, subscriber, { type: "Deactivate" }));
  return SUCCESS;
};

const getActive: Handler = ({ store, args }) => {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  const owner = store.owner(list);
  const since = parseClientTime(owner, param(args, "Date"));
  if (!since) return result(5);
  const active = [...list.subscribers.values()]
    .filter((s) => s.state === "Active" && s.date.getTime() > since.getTime())
    .sort((a, b) => a.date.getTime() - b.date.getTime());
  return value(
    active.map((s) => ({
      EmailAddress: s.email,
      Name: s.name,
      Date: clientTime(owner, s.date),
      State: s.state,
      CustomFields: subscriberValues(list, s),
    })),
  );
};

const addOnly: Handler = (context) => add(context, false);
const addAndResubscribe: Handler = (context) => add(context, true);

/** Handlers of the subscriber operations. */
export const SUBSCRIBER_HANDLERS = {
  "Subscriber.Add": addOnly,
  "Subscriber.AddWithCustomFields": addOnly,
  "Subscriber.AddWithCustomFieldsWSDL": addOnly,
  "Subscriber.AddAndResubscribe": addAndResubscribe,
  "Subscriber.AddAndResubscribeWithCustomFields": addAndResubscribe,
  "Subscriber.AddAndResubscribeWithCustomFieldsWSDL": addAndResubscribe,
  "Subscriber.Unsubscribe": unsubscribe,
  "Subscribers.GetActive": getActive,
} as const satisfies Record<string, Handler>;
