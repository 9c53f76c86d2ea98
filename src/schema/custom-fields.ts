/**
 * Custom fields of a list: the CustomField type and its data-type enum, List.customFields, and
 * the createCustomField / deleteCustomField mutations.
 */
import type { LegacyListCustomField } from "../backends/legacy/types.js";
import { builder } from "./builder.js";
import { writeOutcomes } from "./errors.js";
import { localIdOf } from "./global-id.js";
import { inputRules } from "./input-rules.js";
import { payloadList, type ListPayload } from "./lists.js";
import { ListRef } from "./refs.js";
import { badValue, wireEnum } from "./wire.js";

const DATA_TYPES = {
  TEXT: "Text",
  NUMBER: "Number",
  MULTI_SELECT_ONE: "MultiSelectOne",
  MULTI_SELECT_MANY: "MultiSelectMany",
  COUNTRY: "Country",
  US_STATE: "USState",
  DATE: "Date",
} as const;

type DataType = (typeof DATA_TYPES)[keyof typeof DATA_TYPES];

/** The separator of the Options parameter of List.CreateCustomField. */
const OPTION_SEPARATOR = "||";

// Data types whose options the service refuses (code 256) or requires (257). Date is in neither
// list of the spec, so its options are left for the service to judge.
const NO_OPTIONS: readonly DataType[] = ["Text", "Number", "Country", "USState"];
const NEEDS_OPTIONS: readonly DataType[] = ["MultiSelectOne", "MultiSelectMany"];

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

const CustomFieldRef = builder.objectRef<LegacyListCustomField>("CustomField").implement({
  description: "A custom field of a list.",
  fields: (t) => ({
    key: t.exposeString("Key", { description: "Generated from the field name; subscribers' values use it." }),
    fieldName: t.exposeString("FieldName"),
    dataType: t.field({
      type: CustomFieldDataType,
      resolve: (field) => {
        const type = wireEnum<DataType>(DATA_TYPES, field.DataType, "custom field data type");
        if (type === null) throw badValue("custom field data type");
        return type;
      },
    }),
    options: t.stringList({ description: "Options of multi-valued fields.", resolve: (field) => field.FieldOptions }),
  }),
});

builder.objectField(ListRef, "customFields", (t) =>
  t.field({
    type: [CustomFieldRef],
    nullable: true,
    description: "The list's custom fields (List.GetCustomFields).",
    resolve: (list, _args, ctx) => ctx.legacy.read("List.GetCustomFields", { ListID: list.listId }),
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
      resolve: async (payload, _args, ctx) => {
        const fields = await ctx.legacy.read("List.GetCustomFields", { ListID: payload.listId });
        return fields.find((f) => f.FieldName.trim().toLowerCase() === payload.fieldName.trim().toLowerCase()) ?? null;
      },
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
    listId: t.id({ required: true, description: "Global id of the List." }),
    fieldName: t.string({ required: true, description: "The key is generated from it." }),
    dataType: t.field({ type: CustomFieldDataType, required: true }),
    options: t.stringList({
      description: "Required for MULTI_SELECT_ONE and MULTI_SELECT_MANY; not allowed for TEXT, NUMBER, COUNTRY, US_STATE.",
    }),
  }),
});

const DeleteCustomFieldInput = builder.inputType("DeleteCustomFieldInput", {
  fields: (t) => ({
    listId: t.id({ required: true, description: "Global id of the List." }),
    key: t.string({ required: true, description: "The field's key, e.g. as CustomField.key gives it." }),
  }),
});

const createOutcomes = writeOutcomes(["List.CreateCustomField"]);
const deleteOutcomes = writeOutcomes(["List.DeleteCustomField"]);

builder.mutationFields((t) => ({
  createCustomField: t.field({
    type: CreateCustomFieldSuccess,
    description: "Adds a custom field to a list (List.CreateCustomField).",
    args: { input: t.arg({ type: CreateCustomFieldInput, required: true }) },
    validate: inputRules<{ input: typeof CreateCustomFieldInput.$inferInput }>(({ input }, v) => {
      v.text("listId", String(input.listId)).required().globalId("List", 2);
      v.text("fieldName", input.fieldName).required();
      const options = input.options ?? [];
      if (NO_OPTIONS.includes(input.dataType) && options.length > 0) {
        v.fail("options", "NOT_ALLOWED", `options are not allowed for ${input.dataType} fields.`);
      } else if (NEEDS_OPTIONS.includes(input.dataType) && options.length === 0) {
        v.fail("options", "REQUIRED", `options are required for ${input.dataType} fields.`);
      } else {
        options.forEach((option, i) => v.text(["options", i], option).required().noSeparator());
      }
    }),
    nullable: true,
    errors: { types: createOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      const options = (input.options ?? []).map((o) => o.trim());
      await createOutcomes.write(ctx, "List.CreateCustomField", {
        ListID: listId,
        FieldName: input.fieldName.trim(),
        DataType: input.dataType,
        Options: options.length > 0 ? options.join(OPTION_SEPARATOR) : undefined,
      });
      ctx.legacy.invalidate("List.GetCustomFields", { ListID: listId });
      return { clientId, listId, fieldName: input.fieldName };
    },
  }),
  deleteCustomField: t.field({
    type: DeleteCustomFieldSuccess,
    description: "Deletes a custom field of a list (List.DeleteCustomField).",
    args: { input: t.arg({ type: DeleteCustomFieldInput, required: true }) },
    validate: inputRules<{ input: typeof DeleteCustomFieldInput.$inferInput }>(({ input }, v) => {
      v.text("listId", String(input.listId)).required().globalId("List", 2);
      v.text("key", input.key).required();
    }),
    nullable: true,
    errors: { types: deleteOutcomes.types, directResult: true },
    resolve: async (_root, { input }, ctx) => {
      const [clientId, listId] = localIdOf(String(input.listId), "List", 2);
      await deleteOutcomes.write(ctx, "List.DeleteCustomField", { ListID: listId, Key: input.key });
      ctx.legacy.invalidate("List.GetCustomFields", { ListID: listId });
      return { clientId, listId, key: input.key };
    },
  }),
}));
