/**
 * Subscriber custom-field values checked against the list's fields before they are sent. The
 * service drops an unknown key, a non-number for a Number field or a value outside a field's
 * options without a word, and keeps one value of a single-valued field; each of those is refused
 * here instead, naming the entry and the rule.
 */
import type { LegacyListCustomField, LegacySubscriberCustomField } from "../../backends/legacy/types.js";
import { InputError, SURROUNDING_SPACE, hasSurroundingSpace, type InputIssue, type InputRule } from "../input-error.js";

/** A value as the caller gives it. */
export interface CustomFieldValue {
  key: string;
  value: string;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** How keys compare: the service ignores case and accepts a key without its brackets. */
const foldKey = (key: string): string =>
  key
    .trim()
    .replace(/^\[(.*)\]$/s, "$1")
    .toLowerCase();

function isRealDate(text: string): boolean {
  const [, year, month, day] = DATE.exec(text) ?? [];
  if (year === undefined || month === undefined || day === undefined) return false;
  const [y, mo, d] = [Number(year), Number(month), Number(day)];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The rule a non-blank value breaks for a field of `dataType`, if any. A number or a date is sent
 * as given, so one with surrounding spaces is refused under its rule rather than trimmed.
 */
function valueRule(field: LegacyListCustomField, value: string): { rule: InputRule; text: string } | undefined {
  switch (field.DataType.trim().toLowerCase()) {
    case "number":
      if (hasSurroundingSpace(value)) return { rule: "NUMBER", text: SURROUNDING_SPACE };
      return NUMBER.test(value)
        ? undefined
        : { rule: "NUMBER", text: "must be a plain decimal number such as 42 or -3.5" };
    case "date":
      if (hasSurroundingSpace(value)) return { rule: "DATE", text: SURROUNDING_SPACE };
      return isRealDate(value) ? undefined : { rule: "DATE", text: "must be a real date written YYYY-MM-DD" };
    case "multiselectone":
    case "multiselectmany":
    case "country":
    case "usstate":
      return field.FieldOptions.includes(value)
        ? undefined
        : {
            rule: "OPTION",
            text: `must be one of the options of ${field.Key}, spelt as CustomField.options lists them`,
          };
    default:
      // Text, and any type the service may add later: any text within the length limit.
      return undefined;
  }
}

const multiValued = (field: LegacyListCustomField) => field.DataType.trim().toLowerCase() === "multiselectmany";

/**
 * The wire values for `given`, each keyed with the field's own key; throws InputError naming
 * `customFields[i].key` / `customFields[i].value` for every entry that breaks a rule.
 * Rules: the key is one of the list's fields; Number a plain decimal; Date YYYY-MM-DD;
 * MultiSelectOne (and Country, USState) one option and one entry; MultiSelectMany options, each
 * once; Text any text, one entry. A blank value (empty or spaces only, which the service reads as
 * empty) clears the field and must be its only entry. Every value is sent exactly as given.
 */
export function customFieldWireValues(
  fields: readonly LegacyListCustomField[],
  given: readonly CustomFieldValue[],
): LegacySubscriberCustomField[] {
  const issues: InputIssue[] = [];
  const fail = (i: number, part: "key" | "value", rule: InputRule, text: string) =>
    issues.push({ field: `customFields[${i}].${part}`, rule, message: `customFields[${i}].${part} ${text}.` });
  const byKey = new Map(fields.map((f) => [foldKey(f.Key), f]));
  /** The values given so far for each field. */
  const entries = new Map<LegacyListCustomField, string[]>();
  const wire: LegacySubscriberCustomField[] = [];

  given.forEach(({ key, value }, i) => {
    const field = byKey.get(foldKey(key));
    if (!field) {
      fail(i, "key", "CUSTOM_FIELD_KEY", "is not the key of a custom field of this list");
      return;
    }
    const earlier = entries.get(field) ?? [];
    entries.set(field, [...earlier, value]);
    const blank = value.trim() === "";
    if (earlier.length > 0) {
      const clears = blank || earlier.some((v) => v.trim() === "");
      if (clears || !multiValued(field)) {
        fail(
          i,
          "value",
          "SINGLE_VALUE",
          `repeats ${field.Key}, which takes one entry${clears ? " when one of them is empty" : ""}`,
        );
        return;
      }
      if (earlier.some((v) => v === value)) {
        fail(i, "value", "DUPLICATE", `repeats an earlier value of ${field.Key}`);
        return;
      }
    }
    const broken = blank ? undefined : valueRule(field, value);
    if (broken) fail(i, "value", broken.rule, broken.text);
    else wire.push({ Key: field.Key, Value: value });
  });

  if (issues.length > 0) throw new InputError(issues);
  return wire;
}
