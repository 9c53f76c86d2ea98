/**
 * Turns a caller's parameters into the wire values of one operation, checked against the
 * catalog before anything is sent: names come only from the catalog, in its order, ApiKey
 * first; unknown names, missing required values and characters XML 1.0 forbids are refused.
 */
import type { OperationSpec, ParamSpec } from "./catalog.js";
import { LegacyInputError } from "./errors.js";
import type { LegacyParams, LegacyParamValue, LegacySubscriberCustomField } from "./types.js";
import { findForbiddenXmlChar } from "./xml.js";

/** A parameter value ready for the wire: text, or the Key/Value pairs of a list parameter. */
export type WireValue = string | readonly LegacySubscriberCustomField[];

/** One parameter as sent: its catalog name and value. */
export interface WireParam {
  readonly name: string;
  readonly value: WireValue;
}

const API_KEY = "ApiKey";

/** Checks and orders the parameters of one call; throws LegacyInputError naming the field. */
export function prepareParams(op: OperationSpec, apiKey: string | undefined, params: LegacyParams): WireParam[] {
  const known = new Set(op.params.map((p) => p.name));
  for (const name of Object.keys(params)) {
    if (name === API_KEY) throw new LegacyInputError(op.name, name, "is given through the apiKey option, not params");
    if (!known.has(name)) throw new LegacyInputError(op.name, name, `is not a parameter of ${op.name}`);
  }
  if (apiKey === undefined || apiKey === "") throw new LegacyInputError(op.name, API_KEY, "is required");
  const wire: WireParam[] = [{ name: API_KEY, value: checkedText(op, API_KEY, apiKey) }];
  for (const spec of op.params) {
    wire.push({ name: spec.name, value: wireValue(op, spec, params[spec.name]) });
  }
  return wire;
}

function wireValue(op: OperationSpec, spec: ParamSpec, value: LegacyParamValue): WireValue {
  if (value === undefined || value === null) {
    if (spec.optional) return spec.array ? [] : "";
    throw new LegacyInputError(op.name, spec.name, "is required");
  }
  if (spec.array) {
    if (!Array.isArray(value)) throw new LegacyInputError(op.name, spec.name, "must be a list of Key/Value pairs");
    return value.map((entry, index) => customField(op, spec.name, entry, index));
  }
  if (Array.isArray(value)) throw new LegacyInputError(op.name, spec.name, "must be a single value, not a list");
  return checkedText(op, spec.name, scalarText(op, spec.name, value));
}

function scalarText(op: OperationSpec, field: string, value: string | number | boolean): string {
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  if (!Number.isFinite(value)) throw new LegacyInputError(op.name, field, "must be a finite number");
  return decimalText(value);
}

/** Plain decimal notation: String() would write 1e21 or 1e-7, which the service does not read. */
function decimalText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  // Shift the decimal point of the shortest round-trip digits, so no precision is added or lost.
  const [, sign, lead, fraction = "", exponentText] = match;
  const digits = lead + fraction;
  const point = 1 + Number(exponentText);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  return `${sign}${digits.padEnd(point, "0")}`;
}

function customField(op: OperationSpec, field: string, entry: unknown, index: number): LegacySubscriberCustomField {
  const pair = entry as Partial<Record<"Key" | "Value", unknown>> | null;
  if (typeof pair !== "object" || pair === null || typeof pair.Key !== "string" || typeof pair.Value !== "string") {
    throw new LegacyInputError(op.name, field, `item ${index} must have a text Key and a text Value`);
  }
  for (const part of ["Key", "Value"] as const) {
    if (findForbiddenXmlChar(pair[part] as string) !== -1) {
      throw new LegacyInputError(op.name, field, `item ${index} ${part} contains a character XML 1.0 forbids`);
    }
  }
  return { Key: pair.Key, Value: pair.Value };
}

function checkedText(op: OperationSpec, field: string, text: string): string {
  const at = findForbiddenXmlChar(text);
  // The position, never the value: the field may be the API key.
  if (at !== -1) throw new LegacyInputError(op.name, field, `contains a character XML 1.0 forbids (at index ${at})`);
  return text;
}
