/**
 * The spec's property rules for a subscription (Resources: Subscription request), checked before
 * the request is sent, and the copy of the properties that is sent.
 *
 * Types are inferred by the service from the first value a key gets, among string, number,
 * boolean, array and date. A value outside those kinds would be stored as something else or lost
 * on the way: JSON turns NaN and Infinity into null and leaves undefined out, a whole number beyond
 * 2^53 cannot be held exactly, and an object would be inferred as "string" (docs/decisions.md,
 * "PUT subscriptions reply and property types"). Such values are refused here rather than changed, so nothing
 * reaches the service other than what was asked. Text values may span lines but hold no other
 * control characters (TEXT_CHARACTERS), as every commerce text.
 */
import { checkCharacters, COMMERCE_LIMITS, inexactNumber, isExactNumber, type Issues } from "./input-rules.js";

/** Spec, property rule 1. */
export const PROPERTY_KEY_PATTERN = /^[a-zA-Z0-9\-_]+$/;

/** A property value the service can take (Date instances are sent as ISO 8601 text). */
export type PropertyValue = string | number | boolean | null | string[] | number[] | boolean[];

type Scalar = string | number | boolean;

/** A key as a message can show it: quoted, and cut when long, so a huge key does not fill the message. */
function shown(key: string): string {
  return JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}

function kindOf(value: unknown): "string" | "number" | "boolean" | undefined {
  if (typeof value === "string") return "string";
  if (typeof value === "number") return Number.isFinite(value) ? "number" : undefined;
  if (typeof value === "boolean") return "boolean";
  return undefined;
}

/** A scalar as sent, or undefined when the service cannot take it. */
function scalar(value: unknown): Scalar | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return kindOf(value) === undefined ? undefined : (value as Scalar);
}

/**
 * Checks `properties` against the spec's rules (key ≤ 100 characters matching the pattern, at most
 * 20 keys, values of a supported type) and returns the copy to send; issues go to `issues`.
 */
export function checkProperties(
  issues: Issues,
  field: string,
  properties: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, PropertyValue> | undefined {
  if (properties === undefined || properties === null) return undefined;
  if (typeof properties !== "object" || Array.isArray(properties)) {
    issues.add(field, "PROPERTY_VALUE", `${field} must be an object of key and value pairs.`);
    return undefined;
  }
  const entries = Object.entries(properties);
  if (entries.length > COMMERCE_LIMITS.properties) {
    issues.add(
      field,
      "MAX_COUNT",
      `${field} must hold at most ${COMMERCE_LIMITS.properties} properties (the service's limit per account).`,
    );
  }
  const out: Record<string, PropertyValue> = {};
  entries.forEach(([key, value], i) => {
    const keyOk = key.length <= COMMERCE_LIMITS.propertyKey && PROPERTY_KEY_PATTERN.test(key);
    if (!keyOk) {
      const why =
        key.length > COMMERCE_LIMITS.propertyKey
          ? `is longer than ${COMMERCE_LIMITS.propertyKey} characters`
          : "may hold only letters, digits, - and _";
      issues.add(field, "PROPERTY_KEY", `${field}: key ${i + 1} (${shown(key)}) ${why}.`);
      return;
    }
    const at = `${field}.${key}`;
    const sent = propertyValue(issues, at, value);
    // defineProperty, not assignment: a key such as __proto__ must stay an own value of the copy.
    if (sent !== undefined)
      Object.defineProperty(out, key, { value: sent, enumerable: true, writable: true, configurable: true });
  });
  return out;
}

function propertyValue(issues: Issues, at: string, value: unknown): PropertyValue | undefined {
  if (value === null) return null;
  if (Array.isArray(value)) return listValue(issues, at, value);
  const sent = scalar(value);
  if (sent === undefined) {
    issues.add(
      at,
      "PROPERTY_VALUE",
      `${at} must be text, a finite number, true/false, an ISO 8601 date, null or a list of one of these.`,
    );
    return undefined;
  }
  if (typeof sent === "string" && sent.length > COMMERCE_LIMITS.propertyText) {
    issues.add(at, "MAX_LENGTH", `${at} must be at most ${COMMERCE_LIMITS.propertyText} characters.`);
    return undefined;
  }
  return exactScalar(issues, at, sent) ? sent : undefined;
}

/** False, with its issue, for text holding a character TEXT_CHARACTERS forbids or a number JSON cannot carry exactly. */
function exactScalar(issues: Issues, at: string, sent: Scalar): boolean {
  if (typeof sent === "string") return checkCharacters(issues, at, sent, "multi");
  if (typeof sent === "number" && !isExactNumber(sent)) {
    inexactNumber(issues, at);
    return false;
  }
  return true;
}

/**
 * A list takes its type from its first element (spec, rule 3), so every element must be of that
 * element's kind; nulls and nested lists or objects have no type the service can hold.
 */
function listValue(issues: Issues, at: string, value: readonly unknown[]): PropertyValue | undefined {
  if (value.length > COMMERCE_LIMITS.propertyList) {
    issues.add(at, "MAX_COUNT", `${at} must hold at most ${COMMERCE_LIMITS.propertyList} elements.`);
    return undefined;
  }
  const sent = value.map(scalar);
  const kinds = new Set(sent.map(kindOf));
  if (kinds.has(undefined) || kinds.size > 1) {
    issues.add(
      at,
      "PROPERTY_VALUE",
      `${at} must be a list whose elements are all text, all numbers or all true/false.`,
    );
    return undefined;
  }
  if (sent.some((s) => typeof s === "string" && s.length > COMMERCE_LIMITS.propertyText)) {
    issues.add(at, "MAX_LENGTH", `each element of ${at} must be at most ${COMMERCE_LIMITS.propertyText} characters.`);
    return undefined;
  }
  // Every element is checked, so each one that breaks a rule is reported.
  const exact = sent.map((element, i) => exactScalar(issues, `${at}[${i}]`, element as Scalar));
  return exact.every(Boolean) ? (sent as PropertyValue) : undefined;
}
