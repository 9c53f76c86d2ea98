/**
 * Bounds and checks of commerce input, applied before any backend call. Every bound is here so
 * the schema can quote it; docs/decisions.md ("Commerce domain: input bounds") gives the reasons.
 * The unsubscribe calls carry their input in the request URL (DELETE with a query), so besides
 * per-value bounds they have a bound on the encoded total that keeps the URL within what common
 * servers take (8 KiB request lines).
 */
import { InputError, type InputIssue, type InputRule } from "../input-error.js";
import { MAX_LENGTH } from "../input-limits.js";

/** Rules of commerce input that INPUT_RULES does not have (yet): key, value type, page size, cursor. */
export const COMMERCE_INPUT_RULES = {
  PROPERTY_KEY: "a property key: letters, digits, - and _ only (^[a-zA-Z0-9-_]+$), at most 100 characters",
  PROPERTY_VALUE:
    "a property value the service can store: text, a finite number, true/false, an ISO 8601 date, null, or a list of one of these kinds",
  PAGE_SIZE: "a page size from 1 to the connection's maximum (the field's description gives the number)",
  CURSOR: "a cursor this connection gave for the same list and status",
} as const;

/** A rule of INPUT_RULES or of COMMERCE_INPUT_RULES. */
export type CommerceInputRule = InputRule | keyof typeof COMMERCE_INPUT_RULES;

/** One broken rule of commerce input. */
export interface CommerceInputIssue {
  field: string;
  rule: CommerceInputRule;
  message: string;
}

/** Upper bounds of commerce input (lengths in UTF-16 code units, as GraphQL strings count). */
export const COMMERCE_LIMITS = {
  /** List, segment and job ids: the service's ids are short slugs. */
  id: 100,
  email: MAX_LENGTH.email,
  /** name, source, sourceType and sourceId of a subscription. */
  text: 200,
  /** GDPR opt-in wording can be a paragraph or two. */
  optInText: 2000,
  /** Spec: at most 20 distinct properties per account, so no request can carry more. */
  properties: 20,
  /** Spec: a property key has at most 100 characters. */
  propertyKey: 100,
  /** One text property value (or one text element of a list value). */
  propertyText: 1000,
  /** Elements of one list-valued property. */
  propertyList: 100,
  /** Addresses per unsubscribeEmails call. */
  emails: 100,
  /** The emails[] query of one unsubscribe, URL-encoded. */
  emailsQuery: 8000,
  /** Criteria of one segment unsubscribe, and filters per criterion. */
  criteria: 20,
  filters: 20,
  /** A criterion's name. */
  criteriaName: 100,
  /** The segment criteria JSON of one unsubscribe, URL-encoded. */
  criteriaQuery: 4000,
  /** Page sizes: the backend takes 1–500 subscribers and 1–100 coupons a page; 100 keeps a page's cost even. */
  subscribersPage: 100,
  couponsPage: 100,
  /** An `after` cursor as given back (it may carry a backend nextPage URL). */
  cursor: 1024,
} as const;

/** Default page sizes when `first` is not given. */
export const COMMERCE_PAGE_DEFAULTS = { subscribers: 50, coupons: 20 } as const;

/**
 * The InputError of commerce issues. The shared InputError types `rule` as InputRule; the four
 * commerce rules are values of the same field until INPUT_RULES lists them, hence the one cast.
 */
export function commerceInputError(issues: readonly CommerceInputIssue[]): InputError {
  return new InputError(issues as readonly InputIssue[]);
}

/** Collects issues so a call reports every broken rule of its input at once. */
export class Issues {
  readonly list: CommerceInputIssue[] = [];

  add(field: string, rule: CommerceInputRule, message: string): void {
    this.list.push({ field, rule, message });
  }

  /** Throws the InputError when anything was added. */
  throwIfAny(): void {
    if (this.list.length > 0) throw commerceInputError(this.list);
  }
}

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
// No address holds a control character; \s in EMAIL misses NUL and most of them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An id naming a list, segment or job: present and bounded (it travels URL-encoded in a path). */
export function checkId(issues: Issues, field: string, value: string): void {
  if (typeof value !== "string" || value.trim() === "") return issues.add(field, "REQUIRED", `${field} is required.`);
  if (value.length > COMMERCE_LIMITS.id) {
    issues.add(field, "MAX_LENGTH", `${field} must be at most ${COMMERCE_LIMITS.id} characters.`);
  }
}

/** An email address: present, at most 254 characters, of the usual shape. */
export function checkEmail(issues: Issues, field: string, value: string): void {
  if (typeof value !== "string" || value.trim() === "") return issues.add(field, "REQUIRED", `${field} is required.`);
  if (value.length > COMMERCE_LIMITS.email) {
    return issues.add(field, "MAX_LENGTH", `${field} must be at most ${COMMERCE_LIMITS.email} characters.`);
  }
  if (!EMAIL.test(value) || CONTROL.test(value)) issues.add(field, "EMAIL", `${field} must be an email address.`);
}

/** Optional text with a maximum length; undefined and null pass. */
export function checkText(issues: Issues, field: string, value: string | null | undefined, max: number): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "string") return issues.add(field, "REQUIRED", `${field} must be text.`);
  if (value.length > max) issues.add(field, "MAX_LENGTH", `${field} must be at most ${max} characters.`);
}

/** A page size: a whole number from 1 to `max`, or the default when not given. */
export function pageSize(issues: Issues, value: number | null | undefined, max: number, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    issues.add("first", "PAGE_SIZE", `first must be a whole number from 1 to ${max}.`);
    return fallback;
  }
  return value;
}

/** The addresses of one unsubscribe: 1–100, each an address, no repeats, URL within bounds. */
export function checkEmailList(issues: Issues, field: string, given: readonly string[]): void {
  const emails: readonly string[] = Array.isArray(given) ? (given as readonly string[]) : [];
  if (emails.length === 0) {
    return issues.add(field, "REQUIRED", `${field} must hold at least one address.`);
  }
  if (emails.length > COMMERCE_LIMITS.emails) {
    return issues.add(field, "MAX_COUNT", `${field} must hold at most ${COMMERCE_LIMITS.emails} addresses.`);
  }
  const seen = new Map<string, number>();
  emails.forEach((email, i) => {
    const at = `${field}[${i}]`;
    const before = issues.list.length;
    checkEmail(issues, at, email);
    if (issues.list.length > before) return;
    const key = email.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) issues.add(at, "DUPLICATE", `${at} repeats ${field}[${first}].`);
    else seen.set(key, i);
  });
  const encoded = emails.reduce((n, e) => n + "emails%5B%5D=".length + encodeURIComponent(String(e)).length + 1, 0);
  if (encoded > COMMERCE_LIMITS.emailsQuery) {
    issues.add(
      field,
      "MAX_LENGTH",
      `${field} is too long to send: the addresses together must stay under ${COMMERCE_LIMITS.emailsQuery} URL-encoded characters; send fewer at a time.`,
    );
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * Segment criteria of an unsubscribe: at most 20 criteria, each with a name, a boolean `negate`
 * and 1–20 filter objects, the whole as JSON within the URL bound. What the names and filters
 * mean is the backend's to judge (the spec does not list them).
 */
export function checkCriteria(issues: Issues, field: string, criteria: { criteria: readonly unknown[] }): void {
  const list: unknown = isPlainObject(criteria) ? criteria.criteria : undefined;
  if (!Array.isArray(list)) return issues.add(`${field}.criteria`, "REQUIRED", `${field}.criteria must be a list.`);
  if (list.length > COMMERCE_LIMITS.criteria) {
    return issues.add(
      `${field}.criteria`,
      "MAX_COUNT",
      `${field}.criteria must hold at most ${COMMERCE_LIMITS.criteria} criteria.`,
    );
  }
  list.forEach((criterion: unknown, i) => {
    const at = `${field}.criteria[${i}]`;
    if (!isPlainObject(criterion)) return issues.add(at, "REQUIRED", `${at} must be an object.`);
    const name = criterion.criteriaName;
    if (typeof name !== "string" || name.trim() === "")
      issues.add(`${at}.criteriaName`, "REQUIRED", `${at}.criteriaName is required.`);
    else if (name.length > COMMERCE_LIMITS.criteriaName) {
      issues.add(
        `${at}.criteriaName`,
        "MAX_LENGTH",
        `${at}.criteriaName must be at most ${COMMERCE_LIMITS.criteriaName} characters.`,
      );
    }
    if (typeof criterion.negate !== "boolean")
      issues.add(`${at}.negate`, "REQUIRED", `${at}.negate must be true or false.`);
    const filters = criterion.filters;
    if (!Array.isArray(filters) || filters.length === 0) {
      issues.add(`${at}.filters`, "REQUIRED", `${at}.filters must hold at least one filter.`);
    } else if (filters.length > COMMERCE_LIMITS.filters) {
      issues.add(`${at}.filters`, "MAX_COUNT", `${at}.filters must hold at most ${COMMERCE_LIMITS.filters} filters.`);
    } else {
      filters.forEach((filter: unknown, j) => {
        if (!isPlainObject(filter))
          issues.add(`${at}.filters[${j}]`, "REQUIRED", `${at}.filters[${j}] must be an object.`);
      });
    }
  });
  if (encodeURIComponent(JSON.stringify(criteria)).length > COMMERCE_LIMITS.criteriaQuery) {
    issues.add(
      field,
      "MAX_LENGTH",
      `${field} is too long to send: as JSON it must stay under ${COMMERCE_LIMITS.criteriaQuery} URL-encoded characters.`,
    );
  }
}
