/**
 * Input rules as zod schemas for the validation plugin: a mutation lists its fields' rules
 * (`email: text(MAX_LENGTH.email, required, email)`) and a cross-field check where one field's
 * rules depend on another; `inputErrorOf` turns the broken rules into the InputError reported
 * before the resolver, and so any backend call, runs.
 */
import type { StandardSchemaV1 } from "@pothos/plugin-validation";
import { z } from "zod";
import { findForbiddenXmlChar } from "../../domain/text-rules.js";
import {
  INPUT_RULES,
  InputError,
  SURROUNDING_SPACE,
  hasSurroundingSpace,
  pathText,
  type InputRule,
} from "../../domain/input-error.js";
import { isEmailShape } from "../../domain/email.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { tryLocalId, type IdPartCount } from "./global-id.js";

/** A path inside a mutation's `input`: field names and list indexes. */
export type InputPath = readonly (string | number)[];

/** What a cross-field check reports its issues to. */
export type RuleContext = z.RefinementCtx;

/** Where a rule's message names its field (a rule does not know where it is used); inputErrorOf puts the path there. */
const FIELD = "{field}";

const DECIMAL = /^\d+(?:\.\d+)?$/;

/** A text field's value; a missing text is checked as blank. */
type Text = string | null | undefined;

/** A rule of a text field (a zod check). */
export type TextRule = z.core.$ZodCheck<Text>;

/** Lets a rule run only while its value has broken no other (zod's `abort` would also skip every cross-field check). */
const untilBroken = (payload: z.core.ParsePayload): boolean => payload.issues.length === 0;

/** A check that reports `rule` when `ok` is false; `message` follows the field's name. */
function rule<T>(name: InputRule, ok: (value: T) => boolean, message: (value: T) => string): z.core.$ZodCheck<T> {
  return z.superRefine<T>(
    (value, ctx) => {
      if (!ok(value)) ctx.addIssue({ code: "custom", message: `${FIELD} ${message(value)}.`, params: { rule: name } });
    },
    { when: untilBroken },
  );
}

function textRule(name: InputRule, ok: (text: string) => boolean, message: string): TextRule {
  return rule<Text>(
    name,
    (value) => ok(value ?? ""),
    () => message,
  );
}

const given = (text: string): boolean => text.trim() !== "";

/** Not blank. */
export const required = textRule("REQUIRED", given, "is required");

/**
 * A rule of a structured value (when given: an empty or missing text passes). Such a value is
 * sent exactly as given, so one with surrounding spaces, also one of spaces only, is refused
 * under this rule with a message saying so rather than trimmed; otherwise it must be `ok`.
 */
function structured(name: InputRule, ok: (text: string) => boolean, message: string): TextRule {
  return rule<Text>(
    name,
    (value) => {
      const text = value ?? "";
      return text === "" || (!hasSurroundingSpace(text) && ok(text));
    },
    (value) => (hasSurroundingSpace(value ?? "") ? SURROUNDING_SPACE : message),
  );
}

/** The shape of an email address (when given), without surrounding spaces. */
export const email = structured("EMAIL", isEmailShape, "must be an email address");

/** At least `n` characters (counted in code points). */
export const minLength = (n: number): TextRule =>
  textRule("MIN_LENGTH", (text) => [...text].length >= n, `must be at least ${n} characters long`);

/** Exactly one of `values` (when given). */
export const oneOf = (values: readonly string[], what: string): TextRule =>
  textRule("ONE_OF", (text) => !given(text) || values.includes(text), `must be one of the ${what} the service accepts`);

/** An absolute http(s) URL (when given), without surrounding spaces. */
export const url = structured("URL", isHttpUrl, "must be an absolute http or https URL");

/** Plain decimal text (when given), without surrounding spaces. */
export const decimal = structured(
  "DECIMAL",
  (text) => DECIMAL.test(text),
  "must be a plain decimal number such as 12.50",
);

/**
 * A username (when given) without surrounding spaces: the service compares and stores usernames
 * trimmed, so " ada" would log in as someone other than the caller asked for.
 */
export const username = rule<Text>(
  "USERNAME",
  (value) => !hasSurroundingSpace(value ?? ""),
  () => SURROUNDING_SPACE,
);

/** Free of the `||` separator the service splits option lists on. */
export const noSeparator = textRule("NO_SEPARATOR", (text) => !text.includes("||"), "must not contain ||");

/** Free of `<` and `>` (the service refuses a template name holding either with 4003). */
export const noAngleBrackets = textRule("NO_ANGLE_BRACKETS", (text) => !/[<>]/.test(text), "must not contain < or >");

/**
 * Not starting or ending with `|`: joined with `||`, such an edge would merge with the separator.
 * Options are joined as given, so the edge is the text's own first and last character (" |a"
 * does not merge: the space stands between it and the separator).
 */
export const noPipeEdges = textRule(
  "OPTION_EDGE",
  (text) => !text.startsWith("|") && !text.endsWith("|"),
  "must not start or end with |",
);

/** A global id of `typename` whose local id has `parts` parts (when given). */
export const globalId = (typename: string, parts: IdPartCount): TextRule =>
  textRule(
    "GLOBAL_ID",
    (text) => !given(text) || tryLocalId(text, typename, parts) !== undefined,
    `must be the id of a ${typename}`,
  );

/**
 * A text field and its rules, checked in order. Every text has a maximum length (nothing unbounded
 * reaches a transport), checked first so a huge value is not scanned further, and XML-forbidden
 * characters are always refused.
 */
export function text(maxLength: number, ...rules: TextRule[]) {
  return z
    .string()
    .nullish()
    .check(
      textRule("MAX_LENGTH", (value) => [...value].length <= maxLength, `must be at most ${maxLength} characters long`),
      rule<Text>(
        "XML_CHARACTERS",
        (value) => findForbiddenXmlChar(value ?? "") === -1,
        (value) => `contains a character XML 1.0 forbids at index ${findForbiddenXmlChar(value ?? "")}`,
      ),
      ...rules,
    );
}

/** A required global id of `typename` whose local id has `parts` parts. */
export const id = (typename: string, parts: IdPartCount) =>
  text(MAX_LENGTH.globalId, required, globalId(typename, parts));

/** A list of at most `max` entries, each checked by `entry` (not when the list is too long). */
export function list(max: number, entry: z.ZodType = z.unknown()) {
  return z
    .array(z.unknown())
    .nullish()
    .check(
      rule(
        "MAX_COUNT",
        (items) => (items?.length ?? 0) <= max,
        () => `takes at most ${max} entries`,
      ),
    )
    .pipe(z.array(entry).nullish());
}

/** The rules of an input object's fields, in the order they are reported; other fields pass unchanged. */
export function fields(rules: FieldRules<Record<string, unknown>>) {
  return z.looseObject(rules);
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

/** The rules of some of an input's fields, by field name. */
export type FieldRules<Input> = { readonly [K in keyof Input]?: z.ZodType };

/**
 * The schema of a mutation's `input` argument: the rules of its fields, then `crossField` for the
 * rules that depend on several fields (it sees the input even when a field broke a rule). It never
 * transforms: the loose objects pass fields without rules unchanged.
 */
export function inputRules<Input extends object>(
  rules: FieldRules<Input>,
  crossField?: (input: Input, ctx: RuleContext) => void,
): StandardSchemaV1 {
  const input = fields(rules);
  return z.looseObject({
    input: crossField ? input.superRefine((value, ctx) => crossField(value as Input, ctx)) : input,
  });
}

/** Reports a broken cross-field rule of the field at `path`; `message` is the whole sentence. */
export function refuse(ctx: RuleContext, path: InputPath | string, rule: InputRule, message: string): void {
  ctx.addIssue({ code: "custom", path: pathOf(path), message, params: { rule } });
}

/**
 * Checks `value` with `schema` as the field at `path`; true when it passes. For a mutation's
 * cross-field check: rules that apply only in some combinations of fields, and a repeat among a
 * list's entries (reported right after that entry's own issues: an entry's schema does not see the others).
 */
export function checkWith(ctx: RuleContext, path: InputPath | string, schema: z.ZodType, value: unknown): boolean {
  const { error } = schema.safeParse(value);
  for (const issue of error?.issues ?? []) {
    ctx.addIssue({
      code: "custom",
      path: [...pathOf(path), ...issue.path],
      message: issue.message,
      params: issue.code === "custom" ? issue.params : undefined,
    });
  }
  return error === undefined;
}

function pathOf(path: InputPath | string): (string | number)[] {
  return typeof path === "string" ? [path] : [...path];
}

/** The InputError of the issues the validation plugin collected; paths are given inside `input`. */
export function inputErrorOf(issues: readonly StandardSchemaV1.Issue[]): InputError {
  return new InputError(
    issues.map((issue) => {
      const path = issue.path ?? [];
      const field = pathText(path[0] === "input" ? path.slice(1) : path);
      return { field, rule: ruleOf(issue), message: issue.message.replace(FIELD, () => field) };
    }),
  );
}

function ruleOf(issue: StandardSchemaV1.Issue): InputRule {
  const rule: unknown = (issue as { params?: { rule?: unknown } }).params?.rule;
  return typeof rule === "string" && rule in INPUT_RULES ? (rule as InputRule) : "REQUIRED";
}

/**
 * The broken rule of an email argument checked outside an input (a lookup's `email`), or
 * undefined when it keeps them: MAX_LENGTH first, then EMAIL (surrounding spaces named as such).
 * The message follows the field's name.
 */
export function emailIssue(text: string): { rule: InputRule; message: string } | undefined {
  if ([...text].length > MAX_LENGTH.email) {
    return { rule: "MAX_LENGTH", message: `must be at most ${MAX_LENGTH.email} characters long` };
  }
  if (hasSurroundingSpace(text)) return { rule: "EMAIL", message: SURROUNDING_SPACE };
  if (!isEmailShape(text)) {
    return { rule: "EMAIL", message: "must be an email address: local part, @, and a domain with a dot" };
  }
  return undefined;
}
