/**
 * Custom fields of a list: the CustomField type and its data-type enum, List.customFields, and
 * the createCustomField / deleteCustomField mutations.
 */
import { MAX_COUNT, MAX_LENGTH } from "../../domain/input-limits.js";
import type { CustomFieldDataType as DataType, LegacyCustomField } from "../../domain/legacy/models.js";
import { builder } from "../builder.js";
import { localIdOf } from "../support/global-id.js";
import { LIST_ID_DESCRIPTION } from "../support/id-descriptions.js";
import {
  checkWith,
  id,
  inputRules,
  list,
  noPipeEdges,
  noSeparator,
  refuse,
  required,
  text,
} from "../support/input-rules.js";
import { writeErrors } from "../support/payload-errors.js";
import { unreadableNull } from "../support/unreadable.js";
import { payloadList, type ListPayload } from "./lists.js";
import { ListRef } from "./refs.js";

// Data types whose options the service refuses (code 256) or requires (257). Date is in neither
// list of the spec and the service ignores options given for it, so they are refused here.
const NO_OPTIONS: readonly DataType[] = ["Text", "Number", "Country", "USState", "Date"];
const NEEDS_OPTIONS: readonly DataType[] = ["MultiSelectOne", "MultiSelectMany"];

const OPTION_LIST = list(MAX_COUNT.options);
const OPTION = text(MAX_LENGTH.option, required, noSeparator, noPipeEdges);

export const CustomFieldDataType = builder.enumType("CustomFieldDataType", {
  description: "What a custom field holds.",
  values: {
    TEXT: { value: "Text", description: "A text value." },
    NUMBER: { value: "Number", description: "A number value." },
    MULTI_SELECT_ONE: { value: "MultiSelectOne", description: "One of several options per subscriber." },
    MULTI_SELECT_MANY: { value: "MultiSelectMany", description: "Any of several options per subscriber." },
    COUNTRY: { value: "Country", description: "A country; options are generated (read back as MultiSelectOne)." },
    US_STATE: { value: "USState", description: "A US state; options are generated (read back as MultiSelectOne)." },
    DATE: { value: "Date", description: "A date (creation only; how the service reads it back is not documented)." },
  } as const,
});

const CustomFieldRef = builder.objectRef<LegacyCustomField>("CustomField").implement({
  description: "A custom field of a list.",
  fields: (t) => ({
    key: t.exposeString("key", { description: "Generated from the field name; subscribers' values use it." }),
    fieldName: t.exposeString("fieldName"),
    dataType: t.field({
      type: CustomFieldDataType,
      nullable: true,
      description: unreadableNull(),
      resolve: (field) => field.dataType,
    }),
    options: t.exposeStringList("options", { description: "Options of multi-valued fields." }),
  }),
});

builder.objectField(ListRef, "customFields", (t) =>
  t.field({
    type: [CustomFieldRef],
    nullable: true,
    description: "The list's custom fields.",
    resolve: (list, _args, ctx) => ctx.legacy.customFields(list.listId),
  }),
);

// --- mutations --------------------------------------------------------------------------------

interface CustomFieldPayload extends ListPayload {
  fieldName: string;
}

const CreateCustomFieldSuccess = builder.objectRef<CustomFieldPayload>("CreateCustomFieldSuccess").implement({
  description: "The custom field was created.",
  fields: (t) => ({
    list: t.field({ type: ListRef, nullable: true, resolve: (payload, _args, ctx) => payloadList(payload, ctx) }),
    customField: t.field({
      type: CustomFieldRef,
      nullable: true,
      description: "The new field as the list reports it now.",
      resolve: (payload, _args, ctx) => ctx.legacy.customFieldNamed(payload.listId, payload.fieldName),
    }),
  }),
});

interface DeletedFieldPayload extends ListPayload {
  key: string;
}

const DeleteCustomFieldSuccess = builder.objectRef<DeletedFieldPayload>("DeleteCustomFieldSuccess").implement({
  description: "The custom field was deleted.",
  fields: (t) => ({
    key: t.exposeString("key"),
    list: t.field({ type: ListRef, nullable: true, resolve: (payload, _args, ctx) => payloadList(payload, ctx) }),
  }),
});

const CreateCustomFieldInput = builder.inputType("CreateCustomFieldInput", {
  fields: (t) => ({
    listId: t.id({ required: true, description: LIST_ID_DESCRIPTION }),
    fieldName: t.string({
      required: true,
      description: `The key is generated from its letters and digits, in brackets. At most ${MAX_LENGTH.fieldName} characters.`,
    }),
    dataType: t.field({ type: CustomFieldDataType, required: true }),
    options: t.stringList({
      description:
        `Required for MULTI_SELECT_ONE and MULTI_SELECT_MANY; not allowed for TEXT, NUMBER, COUNTRY, US_STATE, DATE. ` +
        `At most ${MAX_COUNT.options} options of at most ${MAX_LENGTH.option} characters each, sent as given ` +
        "(the service trims each). Refused: a blank option, one holding `||` or starting or ending with `|` (the " +
        "service joins options with `||`), and one repeating another (compared trimmed and without regard to case).",
    }),
  }),
});

const DeleteCustomFieldInput = builder.inputType("DeleteCustomFieldInput", {
  fields: (t) => ({
    listId: t.id({ required: true, description: LIST_ID_DESCRIPTION }),
    key: t.string({
      required: true,
      description: `The field's key, e.g. as CustomField.key gives it. At most ${MAX_LENGTH.fieldKey} characters.`,
    }),
  }),
});

builder.mutationFields((t) => ({
  createCustomField: t.field({
    type: CreateCustomFieldSuccess,
    description: "Adds a custom field to a list.",
    args: { input: t.arg({ type: CreateCustomFieldInput, required: true }) },
    validate: inputRules<typeof CreateCustomFieldInput.$inferInput>(
      { listId: id("List", 2), fieldName: text(MAX_LENGTH.fieldName, required) },
      (input, ctx) => {
        const options = input.options ?? [];
        if (NO_OPTIONS.includes(input.dataType) && options.length > 0) {
          refuse(ctx, "options", "NOT_ALLOWED", `options are not allowed for ${input.dataType} fields.`);
        } else if (NEEDS_OPTIONS.includes(input.dataType) && options.length === 0) {
          refuse(ctx, "options", "REQUIRED", `options are required for ${input.dataType} fields.`);
        } else if (checkWith(ctx, "options", OPTION_LIST, options)) {
          // The service splits on "||", trims, and drops empties and repeats: each of those would
          // store something other than what was given, so they are refused instead (compared
          // trimmed, as the service compares them; the options are sent as given). A repeat is
          // reported right after the option's own issues, which an element schema cannot do: it
          // does not see the earlier options.
          const seen = new Set<string>();
          options.forEach((option, i) => {
            checkWith(ctx, ["options", i], OPTION, option);
            const folded = option.trim().toLowerCase();
            if (folded !== "" && seen.has(folded))
              refuse(ctx, ["options", i], "DUPLICATE", `options[${i}] repeats an earlier option.`);
            seen.add(folded);
          });
        }
      },
    ),
    nullable: true,
    errors: { types: writeErrors("createCustomField"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      await ctx.legacy.createCustomField({ ...input, clientId, listId });
      return { clientId, listId, fieldName: input.fieldName };
    },
  }),
  deleteCustomField: t.field({
    type: DeleteCustomFieldSuccess,
    description: "Deletes a custom field of a list.",
    args: { input: t.arg({ type: DeleteCustomFieldInput, required: true }) },
    validate: inputRules<typeof DeleteCustomFieldInput.$inferInput>({
      listId: id("List", 2),
      key: text(MAX_LENGTH.fieldKey, required),
    }),
    nullable: true,
    errors: { types: writeErrors("deleteCustomField"), directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      await ctx.legacy.deleteCustomField({ ...input, clientId, listId });
      return { clientId, listId, key: input.key };
    },
  }),
}));
