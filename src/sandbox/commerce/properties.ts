/**
 * The spec's property rules (Resources, Property rules 1–4): key shape, at most 20 distinct keys
 * per account, and type inference on a key's first tracked value.
 *
 * A later value must fit the inferred type (see `fits`); one that does not is refused with 422
 * rather than coerced, so a property never silently changes meaning. Values are stored as sent.
 */
import type { ErrorDetail } from "./api-error.js";
import { isIso8601 } from "./iso-date.js";
import type { PropertyType, ScalarPropertyType } from "./model.js";

export const MAX_PROPERTY_KEY_LENGTH = 100;
export const MAX_DISTINCT_PROPERTIES = 20;
const KEY_PATTERN = /^[a-zA-Z0-9-_]+$/;
const DATE_KEY_SUFFIX = /(_at|At)$/;

/** A finite number, or a string that casts to one; otherwise undefined. */
function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

function inferScalar(key: string, value: unknown): ScalarPropertyType | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return "boolean";
  const n = asNumber(value);
  if (n !== undefined) return Number.isInteger(n) && DATE_KEY_SUFFIX.test(key) ? "date" : "number";
  if (typeof value === "string" && isIso8601(value)) return "date";
  return "string";
}

/** Infers the type of a key from a value; null infers nothing; an array infers from its first element. */
export function inferType(key: string, value: unknown): PropertyType | null {
  if (!Array.isArray(value)) return inferScalar(key, value);
  const element = value.length > 0 ? inferScalar(key, value[0]) : null;
  return element ? `array<${element}>` : "array";
}

function fitsScalar(type: ScalarPropertyType, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  switch (type) {
    case "string":
      // "Anything else infers string": every non-array value reads as one.
      return !Array.isArray(value);
    case "number":
      return asNumber(value) !== undefined;
    case "boolean":
      return typeof value === "boolean";
    case "date": {
      const n = asNumber(value);
      return n !== undefined ? Number.isInteger(n) : typeof value === "string" && isIso8601(value);
    }
  }
}

/** Does a value fit a property type? null always fits (it clears the value). */
export function fits(type: PropertyType, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (type === "array") return Array.isArray(value);
  if (type.startsWith("array<")) {
    const element = type.slice("array<".length, -1) as ScalarPropertyType;
    return Array.isArray(value) && value.every((v) => !Array.isArray(v) && fitsScalar(element, v));
  }
  return !Array.isArray(value) && fitsScalar(type as ScalarPropertyType, value);
}

/** The outcome of checking a request's properties against the account's known types. */
export interface PropertyCheck {
  details: ErrorDetail[];
  /** Types to record when the request is accepted: new keys, and keys typed for the first time. */
  typeUpdates: Map<string, PropertyType | null>;
}

const describe = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;

/** Checks every property rule; nothing is recorded here, so a refused request writes nothing. */
export function checkProperties(
  properties: Record<string, unknown>,
  known: ReadonlyMap<string, PropertyType | null>,
): PropertyCheck {
  const details: ErrorDetail[] = [];
  const typeUpdates = new Map<string, PropertyType | null>();
  const keys = Object.keys(properties);

  const newKeys = keys.filter((key) => !known.has(key));
  if (known.size + newKeys.length > MAX_DISTINCT_PROPERTIES) {
    details.push({
      field: "properties",
      rule: "max_properties",
      message: `an account has at most ${MAX_DISTINCT_PROPERTIES} distinct properties; ${known.size} are tracked and this request adds ${newKeys.length}`,
    });
  }

  for (const key of keys) {
    const field = `properties.${key}`;
    let keyOk = true;
    if (key.length > MAX_PROPERTY_KEY_LENGTH) {
      details.push({
        field,
        rule: "max_length",
        message: `a property key has at most ${MAX_PROPERTY_KEY_LENGTH} characters (got ${key.length})`,
      });
      keyOk = false;
    }
    if (!KEY_PATTERN.test(key)) {
      details.push({ field, rule: "pattern", message: "a property key matches ^[a-zA-Z0-9-_]+$" });
      keyOk = false;
    }
    if (!keyOk) continue;

    const value = properties[key];
    const knownType = known.get(key) ?? null;
    // First tracked value, or an array whose element type is still unknown: infer now.
    const type = knownType === null || knownType === "array" ? (inferType(key, value) ?? knownType) : knownType;
    if (type !== null && !fits(type, value)) {
      const source = knownType === type ? "the property's type" : "the type inferred from its first element,";
      details.push({ field, rule: "type", message: `${describe(value)} does not fit ${source} ${type}` });
      continue;
    }
    if (!known.has(key) || type !== knownType) typeUpdates.set(key, type);
  }
  return { details, typeUpdates };
}
