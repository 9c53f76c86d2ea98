/**
 * Bounds and checks of commerce input, applied before any backend call. Every bound is here so
 * the schema can quote it; docs/decisions.md ("Commerce input: bounds, characters and numbers") gives the reasons.
 * The unsubscribe calls carry their input in the request URL (DELETE with a query), so besides
 * per-value bounds they have a bound on the encoded total that keeps the URL within what common
 * servers take (8 KiB request lines).
 */
import { InputError, type InputIssue, type InputRule } from "../input-error.js";
import { MAX_LENGTH } from "../input-limits.js";
import { emailKey, isEmailShape } from "../email.js";

/**
 * Rules of commerce input that INPUT_RULES does not have (yet): key, value type, page size, cursor,
 * ids as path segments, the characters of text, and numbers JSON cannot carry exactly.
 */
export const COMMERCE_INPUT_RULES = {
  PROPERTY_KEY: "a property key: letters, digits, - and _ only (^[a-zA-Z0-9-_]+$), at most 100 characters",
  PROPERTY_VALUE:
    "a property value the service can store: text, a finite number, true/false, an ISO 8601 date, null, or a list of one of these kinds",
  PAGE_SIZE: "a page size from 1 to the connection's maximum (the field's description gives the number)",
  CURSOR: "a cursor this connection gave for the same list and status",
  ID_SEGMENT: "an id other than . and .., which a request path would resolve to another endpoint",
  TEXT_CHARACTERS:
    "text without control characters other than tab, line feed and carriage return, unpaired surrogates, U+FFFE or U+FFFF",
  SINGLE_LINE: "one line of text: no tab, line feed or carriage return",
  EXACT_NUMBER:
    "a number JSON carries exactly: finite, and when whole, within ±9007199254740991 (2^53 − 1); send larger ones as text",
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

// The characters the legacy side refuses as XML_CHARACTERS, so text one backend takes the other
// takes too: C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF; and, since the
// `u` flag reads a surrogate pair as one code point, only an unpaired surrogate (which JSON would
// send as an escape the service may store as U+FFFD, and encodeURIComponent refuses outright).
// eslint-disable-next-line no-control-regex
const FORBIDDEN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]/u;
const LINE_BREAK = /[\t\n\r]/;

/** Free texts that may span lines: the opt-in wording is a paragraph or two. Every other text is one line. */
const MULTI_LINE_TEXT: ReadonlySet<string> = new Set(["optInText"]);

/** `U+000A`: a character as a message can show it, whatever it is. */
const codePoint = (text: string, index: number): string =>
  `U+${(text.codePointAt(index) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * The characters of free text: nothing TEXT_CHARACTERS forbids, and for one-line text no tab, line
 * feed or carriage return either (SINGLE_LINE). True when the text passes.
 */
export function checkCharacters(issues: Issues, field: string, text: string, lines: "single" | "multi"): boolean {
  const forbidden = FORBIDDEN_TEXT.exec(text);
  if (forbidden) {
    issues.add(
      field,
      "TEXT_CHARACTERS",
      `${field} must not contain control characters other than tab, line feed and carriage return, unpaired ` +
        `surrogates, U+FFFE or U+FFFF (${codePoint(text, forbidden.index)} at index ${forbidden.index}).`,
    );
    return false;
  }
  const lineBreak = lines === "single" ? LINE_BREAK.exec(text) : null;
  if (lineBreak) {
    issues.add(
      field,
      "SINGLE_LINE",
      `${field} must be one line without tabs (${codePoint(text, lineBreak.index)} at index ${lineBreak.index}).`,
    );
    return false;
  }
  return true;
}

/**
 * True for a number JSON carries as it is: finite, and when whole, a safe integer. A whole number
 * beyond ±(2^53 − 1) has already lost digits (12345678901234567890 reads as 12345678901234567000),
 * and rounding never brings one back within the bound, so this also catches numbers that were
 * rounded while the request was parsed.
 */
export function isExactNumber(value: number): boolean {
  return Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
}

/** The EXACT_NUMBER issue of a number isExactNumber refuses. */
export function inexactNumber(issues: Issues, field: string): void {
  issues.add(
    field,
    "EXACT_NUMBER",
    `${field} must be a finite number, and a whole one within ±${Number.MAX_SAFE_INTEGER} (2^53 − 1): larger ` +
      "whole numbers lose digits on the way; send them as text.",
  );
}

/**
 * An id naming a list, segment, job or customer: present, bounded, one line of allowed characters,
 * and not `.` or `..`. The id travels URL-encoded as one segment of the request path, and
 * encodeURIComponent leaves dots alone, so `..` would take the request to the parent path
 * (DELETE /customer-lists/../subscribers is DELETE /subscribers).
 */
export function checkId(issues: Issues, field: string, value: string): void {
  if (typeof value !== "string" || value.trim() === "") return issues.add(field, "REQUIRED", `${field} is required.`);
  if (value.length > COMMERCE_LIMITS.id) {
    return issues.add(field, "MAX_LENGTH", `${field} must be at most ${COMMERCE_LIMITS.id} characters.`);
  }
  if (value === "." || value === "..") {
    return issues.add(
      field,
      "ID_SEGMENT",
      `${field} must not be ${value}: in the request path it would name another endpoint.`,
    );
  }
  checkCharacters(issues, field, value, "single");
}

/**
 * An email address: present, at most 254 characters, well-formed text (TEXT_CHARACTERS: an
 * unpaired surrogate has no UTF-8 form to send, and the message says which character), of the
 * usual shape.
 */
export function checkEmail(issues: Issues, field: string, value: string): void {
  if (typeof value !== "string" || value.trim() === "") return issues.add(field, "REQUIRED", `${field} is required.`);
  if (value.length > COMMERCE_LIMITS.email) {
    return issues.add(field, "MAX_LENGTH", `${field} must be at most ${COMMERCE_LIMITS.email} characters.`);
  }
  // "multi": a tab or line break is left to the shape check (EMAIL), as before.
  if (!checkCharacters(issues, field, value, "multi")) return;
  if (!isEmailShape(value)) issues.add(field, "EMAIL", `${field} must be an email address.`);
}

/**
 * Optional free text with a maximum length and the characters checkCharacters allows; undefined
 * and null pass. It is one line unless `lines` (by default: whether the field is optInText) says otherwise.
 */
export function checkText(
  issues: Issues,
  field: string,
  value: string | null | undefined,
  max: number,
  lines: "single" | "multi" = MULTI_LINE_TEXT.has(field) ? "multi" : "single",
): void {
  if (value === undefined || value === null) return;
  if (typeof value !== "string") return issues.add(field, "REQUIRED", `${field} must be text.`);
  if (value.length > max) return issues.add(field, "MAX_LENGTH", `${field} must be at most ${max} characters.`);
  checkCharacters(issues, field, value, lines);
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
  // Measured over the addresses that passed: encodeURIComponent throws on one it cannot encode
  // (an unpaired surrogate), which has its own issue already.
  let encoded = 0;
  emails.forEach((email, i) => {
    const at = `${field}[${i}]`;
    const before = issues.list.length;
    checkEmail(issues, at, email);
    if (issues.list.length > before) return;
    encoded += "emails%5B%5D=".length + encodeURIComponent(email).length + 1;
    const key = emailKey(email);
    const first = seen.get(key);
    if (first !== undefined) issues.add(at, "DUPLICATE", `${at} repeats ${field}[${first}].`);
    else seen.set(key, i);
  });
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
 * Segment criteria of an unsubscribe: 1–20 criteria, each with a one-line name, a boolean `negate`
 * and 1–20 filter objects, the whole as JSON within the URL bound. `field` names the list of
 * criteria (`criteria`, as the graph's input calls it); issues name paths inside it, e.g.
 * `criteria[0].filters`. What the names and filters mean is the backend's to judge (the spec does
 * not list them); their texts and numbers are checked as any other (TEXT_CHARACTERS, EXACT_NUMBER).
 *
 * At least one criterion: the service reads an empty list as no condition at all, so the
 * "segment" would be every member of the list (docs/decisions.md, "Segment unsubscribe and
 * scopes"). A caller who means everyone says so with a criterion.
 */
export function checkCriteria(issues: Issues, field: string, criteria: { criteria: readonly unknown[] }): void {
  const list: unknown = isPlainObject(criteria) ? criteria.criteria : undefined;
  if (!Array.isArray(list)) return issues.add(field, "REQUIRED", `${field} must be a list.`);
  if (list.length === 0) {
    return issues.add(
      field,
      "REQUIRED",
      `${field} must hold at least one criterion: without one the segment would be every member of the list.`,
    );
  }
  if (list.length > COMMERCE_LIMITS.criteria) {
    return issues.add(field, "MAX_COUNT", `${field} must hold at most ${COMMERCE_LIMITS.criteria} criteria.`);
  }
  // Measured first: the filters' values are walked only once the whole is known to be small.
  const fits = encodeURIComponent(JSON.stringify(criteria)).length <= COMMERCE_LIMITS.criteriaQuery;
  list.forEach((criterion: unknown, i) => {
    const at = `${field}[${i}]`;
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
    } else checkCharacters(issues, `${at}.criteriaName`, name, "single");
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
        else if (fits) checkFilterValues(issues, `${at}.filters[${j}]`, filter);
      });
    }
  });
  if (!fits) {
    issues.add(
      field,
      "MAX_LENGTH",
      `${field} is too long to send: as JSON it must stay under ${COMMERCE_LIMITS.criteriaQuery} URL-encoded characters.`,
    );
  }
}

/**
 * The texts and numbers anywhere inside one filter object: JSON would send NaN and Infinity as
 * null and a whole number beyond 2^53 with other digits, and text is held to TEXT_CHARACTERS as
 * everywhere. Walked without recursion; the filter is small (the criteria JSON is bounded).
 */
function checkFilterValues(issues: Issues, at: string, filter: Record<string, unknown>): void {
  const pending: [string, unknown][] = [[at, filter]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [path, value] = next;
    if (typeof value === "string") checkCharacters(issues, path, value, "multi");
    else if (typeof value === "number") {
      if (!isExactNumber(value)) inexactNumber(issues, path);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([`${path}[${i}]`, value[i]]);
    } else if (isPlainObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        if (checkCharacters(issues, `${path} (key ${i + 1})`, key, "multi")) pending.push([`${path}.${key}`, inner]);
      }
    }
  }
}
