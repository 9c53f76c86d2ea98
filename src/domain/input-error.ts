/**
 * InputError: input refused before any backend call, by the schema's input rules or by a domain
 * service (rules that need a read, like custom-field values). It names the field (its path inside the
 * mutation's `input`, e.g. `customFields[1].key`) and the rule it broke, and lists every issue.
 */
import type { StandardSchemaV1 } from "@pothos/plugin-validation";

/** The rules input is checked against (the `rule` of an InputError). */
export const INPUT_RULES = {
  REQUIRED: "a value is required (blank text counts as missing)",
  EMAIL: "an email address: local part, @, and a domain with a dot",
  MIN_LENGTH: "text at least this many characters long",
  ONE_OF: "one of the values the service accepts",
  URL: "an absolute http or https URL",
  DECIMAL: "a plain decimal number without currency symbol, e.g. 12.50",
  GLOBAL_ID: "a global id of the expected type",
  EXACTLY_ONE: "exactly one of these fields",
  NOT_ALLOWED: "this field must be empty in this combination",
  NO_SEPARATOR: "text must not contain the service's list separator ||",
  XML_CHARACTERS: "text must not contain characters XML 1.0 forbids (most control characters)",
  MAX_LENGTH: "text at most this many characters long (the field's description gives the number)",
  MAX_COUNT: "a list of at most this many entries (the field's description gives the number)",
  USERNAME: "a username without surrounding spaces (the service compares usernames trimmed)",
  NO_ANGLE_BRACKETS: "text must not contain < or >",
  OPTION_EDGE: "an option must not start or end with |, which would merge with the || separator",
  DUPLICATE: "each value at most once (compared without regard to case)",
  CUSTOM_FIELD_KEY: "the key of one of the list's custom fields",
  NUMBER: "a plain decimal number such as 42 or -3.5",
  DATE: "a real date written YYYY-MM-DD",
  OPTION: "one of the custom field's options, spelt as the field lists it",
  SINGLE_VALUE: "at most one entry for this custom field (only MultiSelectMany takes several)",
  DATE_RANGE:
    "a date whose wall time in the client's time zone falls in the years 0001–9999, as the service writes dates",
} as const;

/**
 * The message of a structured value (an address, a URL, an amount, a username) given with
 * surrounding white space: it is refused under the field's own rule rather than trimmed, since
 * what is sent is exactly what was given. It follows the field's name.
 */
export const SURROUNDING_SPACE = "must not start or end with spaces (it is sent exactly as given)";

/** Whether `text` starts or ends with white space (spaces, tabs, line breaks, other Unicode spaces). */
export const hasSurroundingSpace = (text: string): boolean => text !== text.trim();

/** One of INPUT_RULES. */
export type InputRule = keyof typeof INPUT_RULES;

/** One broken rule. */
export interface InputIssue {
  field: string;
  rule: InputRule;
  message: string;
}

/** Input refused before any backend call; `field`/`rule`/`message` repeat the first issue. */
export class InputError extends Error {
  readonly field: string;
  readonly rule: InputRule;
  readonly issues: readonly InputIssue[];

  constructor(issues: readonly InputIssue[]) {
    const [first] = issues;
    super(first ? first.message : "Invalid input.");
    this.name = "InputError";
    this.field = first?.field ?? "";
    this.rule = first?.rule ?? "REQUIRED";
    this.issues = issues;
  }
}

/** `["customFields", 1, "key"]` → `customFields[1].key`. */
export function pathText(path: StandardSchemaV1.Issue["path"]): string {
  let text = "";
  for (const segment of path ?? []) {
    const key = typeof segment === "object" ? segment.key : segment;
    if (typeof key === "number") text += `[${key}]`;
    else text += text === "" ? String(key) : `.${String(key)}`;
  }
  return text;
}
