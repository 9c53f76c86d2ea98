/**
 * Subscribers: the Subscriber node (loaded in batches: every subscriber asked for on one list in
 * a request comes from one Subscribers.GetActive), List.activeSubscribers and List.subscriber,
 * and the addSubscriber / unsubscribe mutations.
 */
import type { LegacySubscriberCustomField } from "../../backends/legacy/types.js";
import type { GraphContext } from "../../context.js";
import { EARLIEST_DATE } from "../../domain/legacy/loaders.js";
import { MAX_LENGTH, MAX_COUNT } from "../../domain/input-limits.js";
import { LIST_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { checkListOfClient } from "../../domain/legacy/ownership.js";
import { customFieldWireValues } from "../../domain/legacy/custom-field-values.js";
import { builder } from "../builder.js";
import { writeOutcomes } from "../support/errors.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { inputRules, isEmailShape } from "../support/input-rules.js";
import { GraphQLError } from "graphql";
import { payloadList, type ListPayload } from "./lists.js";
import { listOrNull } from "./lookups.js";
import { pageByKey } from "../support/pagination.js";
import { ListRef, type SubscriberShape } from "./refs.js";
import { LocalDateTime } from "../support/scalars.js";
import { badValue } from "./wire.js";

const STATES = {
  ACTIVE: "Active",
  UNSUBSCRIBED: "Unsubscribed",
  DELETED: "Deleted",
  BOUNCED: "Bounced",
  UNCONFIRMED: "Unconfirmed",
} as const;

export const SubscriberState = builder.enumType("SubscriberState", {
  description: "Where a subscriber stands on a list.",
  values: Object.fromEntries(Object.entries(STATES).map(([name, value]) => [name, { value }])),
});

/** Subscribers of a request, keyed by their local id `[clientId, listId, email]`. */
export const SubscriberRef = builder.loadableNodeRef("Subscriber", {
  id: { resolve: (s: SubscriberShape) => compositeId(s.clientId, s.listId, s.record.EmailAddress) },
  load: async (ids: string[], ctx: GraphContext): Promise<(SubscriberShape | null | Error)[]> => {
    const keys = ids.map((id) => {
      try {
        return parseCompositeId(id, 3);
      } catch (error) {
        return error as Error;
      }
    });
    const valid = keys.filter((k): k is string[] => Array.isArray(k));
    const records = await ctx.legacy.activeSubscribers(valid.map(([, listId, email]) => ({ listId, email })));
    let next = 0;
    return keys.map((key) => {
      if (!Array.isArray(key)) return key;
      const record = records[next++];
      return record ? { clientId: key[0], listId: key[1], record } : null;
    });
  },
});

const SubscriberCustomFieldRef = builder.objectRef<LegacySubscriberCustomField>("SubscriberCustomFieldValue").implement({
  description: "A subscriber's value of one custom field; a multi-valued field has one entry per value.",
  fields: (t) => ({
    key: t.exposeString("Key"),
    value: t.exposeString("Value"),
  }),
});

SubscriberRef.implement({
  description: "An active subscriber of a list (other states are not readable through the service).",
  fields: (t) => ({
    email: t.string({ resolve: (s) => s.record.EmailAddress }),
    name: t.string({ resolve: (s) => s.record.Name }),
    date: t.field({
      type: LocalDateTime,
      nullable: true,
      description: "When the subscriber was added, in the client's time zone.",
      resolve: (s) => (s.record.Date.trim() === "" ? null : s.record.Date),
    }),
    state: t.field({
      type: SubscriberState,
      resolve: (s) => {
        const state = Object.values(STATES).find((v) => v.toLowerCase() === s.record.State.trim().toLowerCase());
        if (!state) throw badValue("subscriber state");
        return state;
      },
    }),
    customFields: t.field({ type: [SubscriberCustomFieldRef], resolve: (s) => s.record.CustomFields }),
    list: t.field({
      type: ListRef,
      nullable: true,
      resolve: (s, _args, ctx) => listOrNull(ctx, s.clientId, s.listId),
    }),
  }),
});

builder.objectFields(ListRef, (t) => ({
  activeSubscribers: t.connection({
    type: SubscriberRef,
    nullable: true,
    description:
      "Active subscribers, ordered by email (Subscribers.GetActive). With `since`, only those added after it " +
      "(a wall time of the client's zone).",
    args: { since: t.arg({ type: LocalDateTime }) },
    resolve: async (list, args, ctx) => {
      const records = await ctx.legacy.read("Subscribers.GetActive", {
        ListID: list.listId,
        Date: args.since ?? EARLIEST_DATE,
      });
      const rows = records.map((record) => ({ clientId: list.clientId, listId: list.listId, record }));
      return pageByKey(rows, (row) => row.record.EmailAddress.trim().toLowerCase(), args);
    },
  }, { name: "SubscriberConnection" }, { name: "SubscriberEdge" }),
  subscriber: t.field({
    type: SubscriberRef,
    nullable: true,
    description:
      "The active subscriber with this email (any case), or null when there is none (a blank email included). " +
      `Text that is not an email address (or longer than ${MAX_LENGTH.email} characters) is a BAD_USER_INPUT error.`,
    args: { email: t.arg.string({ required: true }) },
    resolve: (list, args) => {
      // No one subscribes with a blank address: null, like any address that is not active.
      const email = args.email.trim();
      if (email === "") return null;
      if (!isEmailShape(email)) {
        throw new GraphQLError("email must be an email address: local part, @, and a domain with a dot.", {
          extensions: { code: "BAD_USER_INPUT", field: "email" },
        });
      }
      return compositeId(list.clientId, list.listId, email);
    },
  }),
}));

// --- mutations --------------------------------------------------------------------------------

interface SubscriberPayload extends ListPayload {
  email: string;
  resubscribe: boolean;
}

const AddSubscriberSuccess = builder.objectRef<SubscriberPayload>("AddSubscriberSuccess").implement({
  description: "The address was added (or, with resubscribe, moved back to Active); an existing subscriber's name was replaced.",
  fields: (t) => ({
    email: t.exposeString("email"),
    resubscribe: t.exposeBoolean("resubscribe", { description: "Whether the AddAndResubscribe operation was used." }),
    list: t.field({ type: ListRef, nullable: true, resolve: (payload, _args, ctx) => payloadList(payload, ctx) }),
    subscriber: t.field({
      type: SubscriberRef,
      nullable: true,
      description: "The subscriber as the list reports it now; null while a double opt-in list awaits confirmation.",
      resolve: (payload) => compositeId(payload.clientId, payload.listId, payload.email),
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
        "Use AddAndResubscribe: an unsubscribed, deleted, bounced or unconfirmed address becomes Active again " +
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

const addOutcomes = writeOutcomes([
  "Subscriber.Add",
  "Subscriber.AddWithCustomFields",
  "Subscriber.AddAndResubscribe",
  "Subscriber.AddAndResubscribeWithCustomFields",
], [], { checksOwnership: true });
const unsubscribeOutcomes = writeOutcomes(["Subscriber.Unsubscribe"], [], { checksOwnership: true });

/** Forgets what a subscriber write changed on a list. */
function invalidateSubscribers(ctx: GraphContext, listId: string): void {
  // Every GetActive of the list (whatever its date) and every batched lookup may now differ.
  ctx.legacy.invalidate("Subscribers.GetActive");
  ctx.legacy.invalidate("List.GetStats", { ListID: listId });
  SubscriberRef.getDataloader(ctx).clearAll();
}

builder.mutationFields((t) => ({
  addSubscriber: t.field({
    type: AddSubscriberSuccess,
    description:
      "Adds a subscriber to a list, with custom field values if given (Subscriber.Add, …WithCustomFields; " +
      "with resubscribe the AddAndResubscribe variants).",
    args: { input: t.arg({ type: AddSubscriberInput, required: true }) },
    validate: inputRules<{ input: typeof AddSubscriberInput.$inferInput }>(({ input }, v) => {
      v.text("listId", String(input.listId), MAX_LENGTH.globalId).required().globalId("List", 2);
      v.text("email", input.email, MAX_LENGTH.email).required().email();
      v.text("name", input.name, MAX_LENGTH.name);
      if (v.count("customFields", input.customFields, MAX_COUNT.customFields)) (input.customFields ?? []).forEach((field, i) => {
        v.text(["customFields", i, "key"], field.key, MAX_LENGTH.fieldKey).required();
        v.text(["customFields", i, "value"], field.value, MAX_LENGTH.fieldValue);
      });
    }),
    nullable: true,
    errors: { types: addOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      const email = input.email.trim();
      await checkListOfClient(ctx.legacy, clientId, listId).catch((error: unknown) => { throw addOutcomes.fromRead(error); });
      const given = input.customFields ?? [];
      const fields =
        given.length === 0 ? [] : customFieldWireValues(await ctx.legacy.read("List.GetCustomFields", { ListID: listId }), given);
      const resubscribe = input.resubscribe ?? false;
      const base = { ListID: listId, Email: email, Name: input.name ?? "" };
      if (fields.length === 0) {
        await addOutcomes.write(ctx, resubscribe ? "Subscriber.AddAndResubscribe" : "Subscriber.Add", base);
      } else {
        const op = resubscribe ? "Subscriber.AddAndResubscribeWithCustomFields" : "Subscriber.AddWithCustomFields";
        await addOutcomes.write(ctx, op, { ...base, CustomFields: fields });
      }
      invalidateSubscribers(ctx, listId);
      return { clientId, listId, email, resubscribe };
    },
  }),
  unsubscribe: t.field({
    type: UnsubscribeSuccess,
    description: "Unsubscribes an active subscriber from a list (Subscriber.Unsubscribe).",
    args: { input: t.arg({ type: UnsubscribeInput, required: true }) },
    validate: inputRules<{ input: typeof UnsubscribeInput.$inferInput }>(({ input }, v) => {
      v.text("listId", String(input.listId), MAX_LENGTH.globalId).required().globalId("List", 2);
      v.text("email", input.email, MAX_LENGTH.email).required().email();
    }),
    nullable: true,
    errors: { types: unsubscribeOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      const email = input.email.trim();
      await checkListOfClient(ctx.legacy, clientId, listId).catch((error: unknown) => { throw unsubscribeOutcomes.fromRead(error); });
      await unsubscribeOutcomes.write(ctx, "Subscriber.Unsubscribe", { ListID: listId, Email: email });
      invalidateSubscribers(ctx, listId);
      return { clientId, listId, email, resubscribe: false };
    },
  }),
}));
