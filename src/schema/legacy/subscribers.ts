/**
 * Subscribers: the Subscriber node (LegacyService batches the lookups: every subscriber asked for
 * on one list in a request comes from one read of the list), List.activeSubscribers and
 * List.subscriber, and the addSubscriber / unsubscribe mutations.
 */
import { emailKey } from "../../domain/email.js";
import { MAX_COUNT, MAX_LENGTH } from "../../domain/input-limits.js";
import { SUBSCRIBER_STATES, type LegacyFieldValue } from "../../domain/legacy/models.js";
import { builder } from "../builder.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { graphError } from "../support/graph-errors.js";
import { LIST_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { email, emailIssue, fields, id, inputRules, list, required, text } from "../support/input-rules.js";
import { pageByKey } from "../support/pagination.js";
import { writeErrors } from "../support/payload-errors.js";
import { legacyWallTime, LocalDateTime } from "../support/scalars.js";
import { unreadableNull } from "../support/unreadable.js";
import { payloadList, type ListPayload } from "./lists.js";
import { ListRef, SubscriberRef } from "./refs.js";

const constantCase = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();

export const SubscriberState = builder.enumType("SubscriberState", {
  description: "Where a subscriber stands on a list.",
  values: Object.fromEntries(SUBSCRIBER_STATES.map((value) => [constantCase(value), { value }])),
});

export const SubscriberCustomFieldRef = builder.objectRef<LegacyFieldValue>("SubscriberCustomFieldValue").implement({
  description: "A subscriber's value of one custom field; a multi-valued field has one entry per value.",
  fields: (t) => ({
    key: t.exposeString("key"),
    value: t.exposeString("value"),
  }),
});

builder.node(SubscriberRef, {
  description: "An active subscriber of a list (other states are not readable through the service).",
  id: { resolve: (s) => compositeId(s.clientId, s.listId, s.email) },
  // Found by id, a subscriber who is not active is NOT_FOUND, in node(id:) as in nodes(ids:).
  loadWithoutCache: (id, ctx) => {
    const [clientId, listId, email] = parseCompositeId(id, 3);
    return ctx.legacy.requireSubscriber(clientId, listId, email);
  },
  fields: (t) => ({
    email: t.exposeString("email"),
    name: t.exposeString("name"),
    date: t.field({
      type: LocalDateTime,
      nullable: true,
      description: "When the subscriber was added, in the client's time zone.",
      resolve: (s) => legacyWallTime(s.date, "subscriber date"),
    }),
    state: t.field({ type: SubscriberState, nullable: true, description: unreadableNull(), resolve: (s) => s.state }),
    customFields: t.field({ type: [SubscriberCustomFieldRef], resolve: (s) => s.customFields }),
    list: t.field({
      type: ListRef,
      nullable: true,
      resolve: (s, _args, ctx) => ctx.legacy.listOrNull(s.clientId, s.listId),
    }),
  }),
});

builder.objectFields(ListRef, (t) => ({
  activeSubscribers: t.connection(
    {
      type: SubscriberRef,
      nullable: true,
      description:
        "Active subscribers, ordered by email. With `since`, only those added after it " +
        "(a wall time of the client's zone).",
      args: { since: t.arg({ type: LocalDateTime }) },
      resolve: async (list, args, ctx) =>
        pageByKey(
          await ctx.legacy.activeSubscribers(list.clientId, list.listId, args.since),
          (s) => emailKey(s.email),
          args,
        ),
    },
    { name: "SubscriberConnection" },
    { name: "SubscriberEdge" },
  ),
  subscriber: t.field({
    type: SubscriberRef,
    nullable: true,
    description:
      "The active subscriber with this email (any case), or null when there is none (a blank email included). " +
      `Text that is not an email address (or longer than ${MAX_LENGTH.email} characters) is a BAD_USER_INPUT error.`,
    args: { email: t.arg.string({ required: true }) },
    resolve: (list, args, ctx) => {
      // No one subscribes with a blank address: null, like any address that is not active.
      const { email } = args;
      if (email.trim() === "") return null;
      const issue = emailIssue(email);
      if (issue) throw graphError("BAD_USER_INPUT", `email ${issue.message}.`, { field: "email", rule: issue.rule });
      return ctx.legacy.subscriber(list.clientId, list.listId, email);
    },
  }),
}));

// --- mutations --------------------------------------------------------------------------------

interface SubscriberPayload extends ListPayload {
  email: string;
  resubscribe: boolean;
}

const AddSubscriberSuccess = builder.objectRef<SubscriberPayload>("AddSubscriberSuccess").implement({
  description:
    "The address was added (or, with resubscribe, moved back to Active); an existing subscriber's name was replaced.",
  fields: (t) => ({
    email: t.exposeString("email"),
    resubscribe: t.exposeBoolean("resubscribe", {
      description: "Whether an inactive address was allowed back to Active (the input's resubscribe).",
    }),
    list: t.field({ type: ListRef, nullable: true, resolve: (payload, _args, ctx) => payloadList(payload, ctx) }),
    subscriber: t.field({
      type: SubscriberRef,
      nullable: true,
      description: "The subscriber as the list reports it now; null while a double opt-in list awaits confirmation.",
      resolve: (payload, _args, ctx) => ctx.legacy.subscriber(payload.clientId, payload.listId, payload.email),
    }),
  }),
});

const UnsubscribeSuccess = builder.objectRef<SubscriberPayload>("UnsubscribeSuccess").implement({
  description: "The subscriber was moved to Unsubscribed.",
  fields: (t) => ({
    email: t.exposeString("email"),
    list: t.field({ type: ListRef, nullable: true, resolve: (payload, _args, ctx) => payloadList(payload, ctx) }),
  }),
});

const CustomFieldValueInput = builder.inputType("CustomFieldValueInput", {
  description:
    "A value of one custom field of the list, checked against the list's fields before anything is sent " +
    "(InputError naming `customFields[i].key` or `customFields[i].value` otherwise): the key must be one of the " +
    "list's fields (CUSTOM_FIELD_KEY); a NUMBER field takes a plain decimal such as 42 or -3.5 (NUMBER); a DATE " +
    "field a real date YYYY-MM-DD (DATE); a MULTI_SELECT_ONE, COUNTRY or US_STATE field one of its options, spelt " +
    "as `CustomField.options` lists it (OPTION), in one entry (SINGLE_VALUE); a MULTI_SELECT_MANY field any of its " +
    "options, one entry per option (DUPLICATE for a repeat); a TEXT field any text, in one entry. An empty value " +
    "clears the field and must be its only entry. Fields not given keep their values; a field given replaces " +
    "all its previous values.",
  fields: (t) => ({
    key: t.string({
      required: true,
      description: `The field's key (CustomField.key; case and brackets optional). At most ${MAX_LENGTH.fieldKey} characters.`,
    }),
    value: t.string({ required: true, description: `At most ${MAX_LENGTH.fieldValue} characters.` }),
  }),
});

const AddSubscriberInput = builder.inputType("AddSubscriberInput", {
  fields: (t) => ({
    listId: t.id({ required: true, description: LIST_ID_DESCRIPTION }),
    email: t.string({ required: true, description: `At most ${MAX_LENGTH.email} characters.` }),
    name: t.string({
      description: `Sent blank when omitted; replaces the name of an address already on the list. At most ${MAX_LENGTH.name} characters.`,
    }),
    customFields: t.field({
      type: [CustomFieldValueInput],
      description: `At most ${MAX_COUNT.customFields} entries; see CustomFieldValueInput for the rules per data type.`,
    }),
    resubscribe: t.boolean({
      defaultValue: false,
      description:
        "An unsubscribed, deleted, bounced or unconfirmed address becomes Active again " +
        "instead of being refused (a suppressed address is still refused).",
    }),
  }),
});

const UnsubscribeInput = builder.inputType("UnsubscribeInput", {
  fields: (t) => ({
    listId: t.id({ required: true, description: LIST_ID_DESCRIPTION }),
    email: t.string({ required: true, description: `At most ${MAX_LENGTH.email} characters.` }),
  }),
});

builder.mutationFields((t) => ({
  addSubscriber: t.field({
    type: AddSubscriberSuccess,
    description:
      "Adds a subscriber to a list, with custom field values if given; with resubscribe, an inactive address " +
      "becomes Active again.",
    args: { input: t.arg({ type: AddSubscriberInput, required: true }) },
    validate: inputRules<typeof AddSubscriberInput.$inferInput>({
      listId: id("List", 2),
      email: text(MAX_LENGTH.email, required, email),
      name: text(MAX_LENGTH.name),
      customFields: list(
        MAX_COUNT.customFields,
        fields({ key: text(MAX_LENGTH.fieldKey, required), value: text(MAX_LENGTH.fieldValue) }),
      ),
    }),
    nullable: true,
    errors: { types: writeErrors("addSubscriber"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      const { email } = input;
      const resubscribe = input.resubscribe ?? false;
      await ctx.legacy.addSubscriber({ ...input, clientId, listId, email, resubscribe });
      return { clientId, listId, email, resubscribe };
    },
  }),
  unsubscribe: t.field({
    type: UnsubscribeSuccess,
    description: "Unsubscribes an active subscriber from a list.",
    args: { input: t.arg({ type: UnsubscribeInput, required: true }) },
    validate: inputRules<typeof UnsubscribeInput.$inferInput>({
      listId: id("List", 2),
      email: text(MAX_LENGTH.email, required, email),
    }),
    nullable: true,
    errors: { types: writeErrors("unsubscribe"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      const { email } = input;
      await ctx.legacy.unsubscribe({ clientId, listId, email });
      return { clientId, listId, email, resubscribe: false };
    },
  }),
}));
