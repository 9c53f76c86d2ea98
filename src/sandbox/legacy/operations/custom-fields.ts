/**
 * Custom fields: creating and deleting them on a list, how the read operation shows them, and
 * how subscriber values given with Subscriber.Add…WithCustomFields are kept.
 */
import { COUNTRIES, US_STATES } from "../../../backends/legacy/reference.js";
import type { CustomFieldRecord, CustomFieldType, ListRecord, SubscriberRecord } from "../records.js";
import type { WireRecord } from "../wire-xml.js";
import type { CustomFieldValue } from "./types.js";

const DATA_TYPES: readonly CustomFieldType[] = [
  "Text",
  "Number",
  "MultiSelectOne",
  "MultiSelectMany",
  "Country",
  "USState",
  "Date",
];
const NO_OPTIONS: ReadonlySet<CustomFieldType> = new Set(["Text", "Number", "Country", "USState"]);
const NEEDS_OPTIONS: ReadonlySet<CustomFieldType> = new Set(["MultiSelectOne", "MultiSelectMany"]);
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** The key generated from a field name: its letters and digits in brackets ("Favourite colour" → "[Favouritecolour]"). */
export function fieldKey(fieldName: string): string {
  return `[${fieldName.replace(/[^\p{L}\p{N}]/gu, "")}]`;
}

/** A key as callers may write it, with or without brackets, in the stored form. */
function normalKey(key: string): string {
  const trimmed = key.trim();
  return trimmed.startsWith("[") && trimmed.endsWith("]") ? trimmed : `[${trimmed}]`;
}

/** The list's field with that key (keys compare without regard to case). */
export function findField(list: ListRecord, key: string): CustomFieldRecord | undefined {
  const wanted = normalKey(key).toLowerCase();
  return list.customFields.find((f) => f.key.toLowerCase() === wanted);
}

/** List.CreateCustomField: 0 after adding the field, or the first failing code. */
export function createCustomField(list: ListRecord, fieldName: string, dataType: string, optionsText: string): number {
  const key = fieldKey(fieldName);
  if (fieldName.trim() === "" || key === "[]") return 254;
  const type = DATA_TYPES.find((t) => t === dataType);
  if (type === undefined) return 259;
  const options = [
    ...new Set(
      optionsText
        .split("||")
        .map((o) => o.trim())
        .filter((o) => o !== ""),
    ),
  ];
  if (NO_OPTIONS.has(type) && options.length > 0) return 256;
  if (NEEDS_OPTIONS.has(type) && options.length === 0) return 257;
  if (findField(list, key)) return 255;
  const generated = type === "Country" ? COUNTRIES : type === "USState" ? US_STATES : [];
  list.customFields.push({
    fieldName: fieldName.trim(),
    key,
    dataType: type,
    // Date takes no options; any given are ignored (the spec only forbids them for the other four).
    options: NEEDS_OPTIONS.has(type) ? options : [...generated],
  });
  return 0;
}

/** List.DeleteCustomField: 0 after removing the field and its values, or 253. */
export function deleteCustomField(list: ListRecord, key: string): number {
  const field = findField(list, key);
  if (!field) return 253;
  list.customFields = list.customFields.filter((f) => f !== field);
  for (const subscriber of list.subscribers.values()) subscriber.customFields.delete(field.key);
  return 0;
}

/**
 * A field as List.GetCustomFields shows it. The read operation only knows four data types:
 * Country and USState read as MultiSelectOne with their generated options, Date as Text.
 */
export function fieldEntry(field: CustomFieldRecord): WireRecord {
  const dataType =
    field.dataType === "Country" || field.dataType === "USState"
      ? "MultiSelectOne"
      : field.dataType === "Date"
        ? "Text"
        : field.dataType;
  return { FieldName: field.fieldName, Key: field.key, DataType: dataType, FieldOptions: field.options };
}

/** A subscriber's values as SubscriberCustomField entries, in the list's field order. */
export function subscriberValues(list: ListRecord, subscriber: SubscriberRecord): WireRecord[] {
  return list.customFields.flatMap((field) =>
    (subscriber.customFields.get(field.key) ?? []).map((v) => ({ Key: field.key, Value: v })),
  );
}

/**
 * Keeps the values given for the list's fields, replacing each given field's previous values.
 * Unknown keys, non-numbers for Number fields and values outside a field's options are ignored;
 * an empty value clears the field.
 */
export function applyValues(list: ListRecord, subscriber: SubscriberRecord, given: readonly CustomFieldValue[]): void {
  const byField = new Map<CustomFieldRecord, string[]>();
  for (const { Key, Value } of given) {
    const field = findField(list, Key);
    if (!field) continue;
    byField.set(field, [...(byField.get(field) ?? []), Value]);
  }
  for (const [field, values] of byField) {
    if (values.some((v) => v.trim() === "")) {
      subscriber.customFields.delete(field.key);
      continue;
    }
    const kept = acceptedValues(field, values);
    if (kept.length > 0) subscriber.customFields.set(field.key, kept);
  }
}

function acceptedValues(field: CustomFieldRecord, values: string[]): string[] {
  switch (field.dataType) {
    case "Text":
    case "Date":
      return values.slice(-1);
    case "Number":
      return values
        .filter((v) => NUMBER.test(v.trim()))
        .map((v) => v.trim())
        .slice(-1);
    case "MultiSelectMany":
      return [...new Set(values.map((v) => option(field, v)).filter((v) => v !== undefined))];
    default:
      return values
        .map((v) => option(field, v))
        .filter((v) => v !== undefined)
        .slice(-1);
  }
}

/** The field's option matching `value` (without regard to case), in the option's own spelling. */
function option(field: CustomFieldRecord, value: string): string | undefined {
  const wanted = value.trim().toLowerCase();
  return field.options.find((o) => o.toLowerCase() === wanted);
}
