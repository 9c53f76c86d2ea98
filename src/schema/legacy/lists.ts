/**
 * Subscriber lists: the List node with its statistics, the `list` query, and the createList /
 * updateList mutations. Custom fields and subscribers of a list have their own files.
 */
import type { LegacyListStatistics, LegacyStatPeriod } from "../../backends/legacy/types.js";
import type { GraphContext } from "../../context.js";
import { MAX_LENGTH, MAX_COUNT } from "../../domain/input-limits.js";
import { CLIENT_ID_DESCRIPTION, LIST_ID_DESCRIPTION } from "../support/id-descriptions.js";
import { checkListOfClient } from "../../domain/legacy/ownership.js";
import { builder } from "../builder.js";
import { writeOutcomes } from "../support/errors.js";
import { compositeId, localIdOf, parseCompositeId } from "../support/global-id.js";
import { inputRules, type Checker } from "../support/input-rules.js";
import { findClient, findList } from "./lookups.js";
import { ClientRef, ListRef, type ListShape } from "./refs.js";
import { wireInt } from "./wire.js";

builder.node(ListRef, {
  description: "A subscriber list of a client.",
  id: { resolve: (list) => compositeId(list.clientId, list.listId) },
  loadWithoutCache: (id, ctx) => {
    const [clientId, listId] = parseCompositeId(id, 2);
    return findList(ctx, clientId, listId);
  },
  fields: (t) => ({
    listId: t.exposeString("listId", { description: "The service's ListID." }),
    name: t.exposeString("name"),
    client: t.field({
      type: ClientRef,
      nullable: true,
      resolve: (list, _args, ctx) => findClient(ctx, list.clientId),
    }),
    stats: t.field({
      type: ListStatisticsRef,
      nullable: true,
      description: "Totals and recent changes (List.GetStats).",
      resolve: (list, _args, ctx) => ctx.legacy.read("List.GetStats", { ListID: list.listId }),
    }),
  }),
});

interface PeriodShape {
  stats: LegacyListStatistics;
  prefix: "NewActiveSubscribers" | "Unsubscribes" | "Deleted" | "Bounced";
}

const period = (shape: PeriodShape, p: LegacyStatPeriod) =>
  wireInt(shape.stats[`${shape.prefix}${p}`], `${shape.prefix}${p}`);

const StatPeriodsRef = builder.objectRef<PeriodShape>("StatPeriods").implement({
  description: "Counts of one statistic per period, in the client's time zone.",
  fields: (t) => ({
    today: t.int({ resolve: (s) => period(s, "Today") }),
    yesterday: t.int({ resolve: (s) => period(s, "Yesterday") }),
    thisWeek: t.int({ resolve: (s) => period(s, "ThisWeek") }),
    thisMonth: t.int({ resolve: (s) => period(s, "ThisMonth") }),
    thisYear: t.int({ resolve: (s) => period(s, "ThisYear") }),
  }),
});

const ListStatisticsRef = builder.objectRef<LegacyListStatistics>("ListStatistics").implement({
  description: "Statistics of a list.",
  fields: (t) => ({
    totalActiveSubscribers: t.int({ resolve: (s) => wireInt(s.TotalActiveSubscribers, "TotalActiveSubscribers") }),
    newActiveSubscribers: t.field({ type: StatPeriodsRef, resolve: (stats) => ({ stats, prefix: "NewActiveSubscribers" as const }) }),
    totalUnsubscribes: t.int({ resolve: (s) => wireInt(s.TotalUnsubscribes, "TotalUnsubscribes") }),
    unsubscribes: t.field({ type: StatPeriodsRef, resolve: (stats) => ({ stats, prefix: "Unsubscribes" as const }) }),
    totalDeleted: t.int({ resolve: (s) => wireInt(s.TotalDeleted, "TotalDeleted") }),
    deleted: t.field({ type: StatPeriodsRef, resolve: (stats) => ({ stats, prefix: "Deleted" as const }) }),
    totalBounced: t.int({ resolve: (s) => wireInt(s.TotalBounced, "TotalBounced") }),
    bounced: t.field({ type: StatPeriodsRef, resolve: (stats) => ({ stats, prefix: "Bounced" as const }) }),
  }),
});

builder.queryField("list", (t) =>
  t.field({
    type: ListRef,
    nullable: true,
    description: "One list by global id; null with a NOT_FOUND error when its client has no such list.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const [clientId, listId] = localIdOf(String(args.id), "List", 2);
      return findList(ctx, clientId, listId);
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
export function payloadList(payload: ListPayload, ctx: GraphContext): Promise<ListShape> {
  return findList(ctx, payload.clientId, payload.listId);
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
    title: t.string({ required: true, description: `Unique among the client's lists. At most ${MAX_LENGTH.name} characters.` }),
    unsubscribePage: t.string({
      description: `URL shown after unsubscribing; blank gives a generic page. At most ${MAX_LENGTH.url} characters.`,
    }),
    confirmOptIn: t.boolean({ required: true, description: "Double opt-in: new subscribers confirm by email first." }),
    confirmationSuccessPage: t.string({
      description: `URL shown after confirming; blank gives a generic page. Only with confirmOptIn. At most ${MAX_LENGTH.url} characters.`,
    }),
  }),
});

const UpdateListInput = builder.inputType("UpdateListInput", {
  description: "All settings of a list. The service replaces every one: an omitted page is sent blank (generic page).",
  fields: (t) => ({
    listId: t.id({ required: true, description: LIST_ID_DESCRIPTION }),
    title: t.string({ required: true, description: `Unique among the client's lists. At most ${MAX_LENGTH.name} characters.` }),
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

function checkSettings(input: ListSettings, v: Checker): void {
  v.text("title", input.title, MAX_LENGTH.name).required();
  v.text("unsubscribePage", input.unsubscribePage, MAX_LENGTH.url).url();
  const page = v.text("confirmationSuccessPage", input.confirmationSuccessPage, MAX_LENGTH.url).url();
  if (!input.confirmOptIn && page.value.trim() !== "") {
    v.fail("confirmationSuccessPage", "NOT_ALLOWED", "confirmationSuccessPage is not used without confirmOptIn.");
  }
}

function settingsParams(input: ListSettings) {
  return {
    Title: input.title.trim(),
    UnsubscribePage: input.unsubscribePage?.trim() ?? "",
    ConfirmOptIn: input.confirmOptIn,
    ConfirmationSuccessPage: input.confirmationSuccessPage?.trim() ?? "",
  };
}

const createOutcomes = writeOutcomes(["List.Create"]);
const updateOutcomes = writeOutcomes(["List.Update"], [], { checksOwnership: true });

builder.mutationFields((t) => ({
  createList: t.field({
    type: CreateListSuccess,
    description: "Creates a list for a client (List.Create).",
    args: { input: t.arg({ type: CreateListInput, required: true }) },
    validate: inputRules<{ input: typeof CreateListInput.$inferInput }>(({ input }, v) => {
      v.text("clientId", String(input.clientId), MAX_LENGTH.globalId).required().globalId("Client", 1);
      checkSettings(input, v);
    }),
    nullable: true,
    errors: { types: createOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId] = localIdOf(String(input.clientId), "Client", 1);
      const listId = (await createOutcomes.write(ctx, "List.Create", { ClientID: clientId, ...settingsParams(input) })).trim();
      ctx.legacy.invalidate("Client.GetLists", { ClientID: clientId });
      return { clientId, listId };
    },
  }),
  updateList: t.field({
    type: UpdateListSuccess,
    description: "Replaces a list's title and settings (List.Update).",
    args: { input: t.arg({ type: UpdateListInput, required: true }) },
    validate: inputRules<{ input: typeof UpdateListInput.$inferInput }>(({ input }, v) => {
      v.text("listId", String(input.listId), MAX_LENGTH.globalId).required().globalId("List", 2);
      checkSettings(input, v);
    }),
    nullable: true,
    errors: { types: updateOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      await checkListOfClient(ctx.legacy, clientId, listId).catch((error: unknown) => { throw updateOutcomes.fromRead(error); });
      await updateOutcomes.write(ctx, "List.Update", { ListID: listId, ...settingsParams(input) });
      ctx.legacy.invalidate("Client.GetLists", { ClientID: clientId });
      ctx.legacy.invalidate("Client.GetSegments", { ClientID: clientId });
      return { clientId, listId };
    },
  }),
}));
