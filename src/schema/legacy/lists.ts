/**
 * Subscriber lists: the List node with its statistics, the `list` query, and the createList /
 * updateList mutations. Custom fields and subscribers of a list have their own files.
 */
import type { GraphContext } from "../../context.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import type { LegacyList, LegacyListStats, LegacyStatPeriods } from "../../domain/legacy/models.js";
import { builder } from "../builder.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { CLIENT_ID_DESCRIPTION, LIST_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { id, inputRules, refuse, required, text, url, type RuleContext } from "../support/input-rules.js";
import { lookupKey, ownIdDescription } from "../support/lookup-args.js";
import { writeErrors } from "../support/payload-errors.js";
import { unreadableNull } from "../support/unreadable.js";
import { ClientRef, ListRef } from "./refs.js";
import { staleness } from "../support/staleness.js";

builder.node(ListRef, {
  description: "A subscriber list of a client.",
  id: { resolve: (list) => compositeId(list.clientId, list.listId) },
  loadWithoutCache: (id, ctx) => {
    const [clientId, listId] = parseCompositeId(id, 2);
    return ctx.legacy.list(clientId, listId);
  },
  fields: (t) => ({
    listId: t.exposeString("listId", { description: "The service's ListID." }),
    name: t.exposeString("name"),
    client: t.field({
      type: ClientRef,
      nullable: true,
      resolve: (list, _args, ctx) => ctx.legacy.client(list.clientId),
    }),
    stats: t.field({
      type: ListStatisticsRef,
      nullable: true,
      description:
        "Totals and recent changes." +
        staleness(
          "listStats",
          "changes made through this gateway and those the list's webhook reports (Subscribe, Update, Deactivate) are seen at once.",
        ),
      resolve: (list, _args, ctx) => ctx.legacy.listStats(list.listId),
    }),
  }),
});

const StatPeriodsRef = builder.objectRef<LegacyStatPeriods>("StatPeriods").implement({
  description: "Counts of one statistic per period, in the client's time zone.",
  fields: (t) => ({
    today: t.exposeInt("today", { nullable: true, description: unreadableNull() }),
    yesterday: t.exposeInt("yesterday", { nullable: true, description: unreadableNull() }),
    thisWeek: t.exposeInt("thisWeek", { nullable: true, description: unreadableNull() }),
    thisMonth: t.exposeInt("thisMonth", { nullable: true, description: unreadableNull() }),
    thisYear: t.exposeInt("thisYear", { nullable: true, description: unreadableNull() }),
  }),
});

const ListStatisticsRef = builder.objectRef<LegacyListStats>("ListStatistics").implement({
  description: "Statistics of a list.",
  fields: (t) => ({
    totalActiveSubscribers: t.exposeInt("totalActiveSubscribers", { nullable: true, description: unreadableNull() }),
    newActiveSubscribers: t.expose("newActiveSubscribers", { type: StatPeriodsRef }),
    totalUnsubscribes: t.exposeInt("totalUnsubscribes", { nullable: true, description: unreadableNull() }),
    unsubscribes: t.expose("unsubscribes", { type: StatPeriodsRef }),
    totalDeleted: t.exposeInt("totalDeleted", { nullable: true, description: unreadableNull() }),
    deleted: t.expose("deleted", { type: StatPeriodsRef }),
    totalBounced: t.exposeInt("totalBounced", { nullable: true, description: unreadableNull() }),
    bounced: t.expose("bounced", { type: StatPeriodsRef }),
  }),
});

builder.queryField("list", (t) =>
  t.field({
    type: ListRef,
    nullable: true,
    description:
      "One list by global id, or by the service's ListID with its client's ClientID (exactly one way: " +
      "BAD_USER_INPUT otherwise); null with a NOT_FOUND error when the client has no such list.",
    args: {
      id: t.arg.id({ description: "The list's global id." }),
      listId: t.arg.string({ description: ownIdDescription("ListID", "Needs clientId.") }),
      clientId: t.arg.string({
        description: ownIdDescription(
          "ClientID of the list's client",
          "Only with listId: a list is read from its client's lists.",
        ),
      }),
    },
    resolve: (_root, args, ctx) => {
      const key = lookupKey("list", args.id, { listId: args.listId, clientId: args.clientId });
      const [clientId, listId] = "own" in key ? [key.own.clientId, key.own.listId] : localIdOf(key.globalId, "List", 2);
      return ctx.legacy.list(clientId, listId);
    },
  }),
);

// --- mutations --------------------------------------------------------------------------------

/** A success payload naming the list a mutation wrote. */
export interface ListPayload {
  clientId: string;
  listId: string;
}

/** The `list` field of a payload: the list as its client lists it now. */
export function payloadList(payload: ListPayload, ctx: GraphContext): Promise<LegacyList> {
  return ctx.legacy.list(payload.clientId, payload.listId);
}

const listPayload = (name: string, description: string) =>
  builder.objectRef<ListPayload>(name).implement({
    description,
    fields: (t) => ({
      listId: t.exposeString("listId", { description: "The service's ListID." }),
      list: t.field({ type: ListRef, nullable: true, resolve: (payload, _args, ctx) => payloadList(payload, ctx) }),
    }),
  });

const CreateListSuccess = listPayload("CreateListSuccess", "The list was created.");
const UpdateListSuccess = listPayload("UpdateListSuccess", "The list settings were replaced.");

const CreateListInput = builder.inputType("CreateListInput", {
  fields: (t) => ({
    clientId: t.id({ required: true, description: CLIENT_ID_DESCRIPTION }),
    title: t.string({
      required: true,
      description: `Unique among the client's lists. At most ${MAX_LENGTH.name} characters.`,
    }),
    unsubscribePage: t.string({
      description: `URL shown after unsubscribing; left out or empty gives a generic page. At most ${MAX_LENGTH.url} characters.`,
    }),
    confirmOptIn: t.boolean({ required: true, description: "Double opt-in: new subscribers confirm by email first." }),
    confirmationSuccessPage: t.string({
      description: `URL shown after confirming; left out or empty gives a generic page. Only with confirmOptIn. At most ${MAX_LENGTH.url} characters.`,
    }),
  }),
});

const UpdateListInput = builder.inputType("UpdateListInput", {
  description: "All settings of a list. The service replaces every one: an omitted page is sent blank (generic page).",
  fields: (t) => ({
    listId: t.id({ required: true, description: LIST_ID_DESCRIPTION }),
    title: t.string({
      required: true,
      description: `Unique among the client's lists. At most ${MAX_LENGTH.name} characters.`,
    }),
    unsubscribePage: t.string({ description: `At most ${MAX_LENGTH.url} characters.` }),
    confirmOptIn: t.boolean({ required: true }),
    confirmationSuccessPage: t.string({ description: `Only with confirmOptIn. At most ${MAX_LENGTH.url} characters.` }),
  }),
});

interface ListSettings {
  title: string;
  unsubscribePage?: string | null;
  confirmOptIn: boolean;
  confirmationSuccessPage?: string | null;
}

const settingsRules = {
  title: text(MAX_LENGTH.name, required),
  unsubscribePage: text(MAX_LENGTH.url, url),
  confirmationSuccessPage: text(MAX_LENGTH.url, url),
};

function checkSettings(input: ListSettings, ctx: RuleContext): void {
  // Any text but "" is a page given (spaces only too, which its URL rule also refuses).
  if (!input.confirmOptIn && (input.confirmationSuccessPage ?? "") !== "") {
    refuse(ctx, "confirmationSuccessPage", "NOT_ALLOWED", "confirmationSuccessPage is not used without confirmOptIn.");
  }
}

builder.mutationFields((t) => ({
  createList: t.field({
    type: CreateListSuccess,
    description: "Creates a list for a client.",
    args: { input: t.arg({ type: CreateListInput, required: true }) },
    validate: inputRules<typeof CreateListInput.$inferInput>(
      { clientId: id("Client", 1), ...settingsRules },
      checkSettings,
    ),
    nullable: true,
    errors: { types: writeErrors("createList"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId] = localIdOf(String(input.clientId), "Client", 1);
      return { clientId, listId: await ctx.legacy.createList({ ...input, clientId }) };
    },
  }),
  updateList: t.field({
    type: UpdateListSuccess,
    description: "Replaces a list's title and settings.",
    args: { input: t.arg({ type: UpdateListInput, required: true }) },
    validate: inputRules<typeof UpdateListInput.$inferInput>(
      { listId: id("List", 2), ...settingsRules },
      checkSettings,
    ),
    nullable: true,
    errors: { types: writeErrors("updateList"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      await ctx.legacy.updateList({ ...input, clientId, listId });
      return { clientId, listId };
    },
  }),
}));
