/**
 * Input rules as standard schemas for the validation plugin. A mutation declares its checks with
 * a small fluent API; every broken rule becomes an issue with a path and a rule name, and the
 * plugin turns them into an InputError before the resolver (and so before any backend call) runs.
 */
import type { StandardSchemaV1 } from "@pothos/plugin-validation";
import { findForbiddenXmlChar } from "../../backends/legacy/xml.js";
import { pathText, type InputRule, type RuleIssue } from "../../domain/input-error.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { tryLocalId, type IdPartCount } from "./global-id.js";

/** A path inside a mutation's `input`: field names and list indexes. */
export type InputPath = readonly (string | number)[];

// Deliberately the shape only (one @, no spaces, a dot in the domain): the service has the final
// word on what it accepts and answers with its own code when it disagrees.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** Collects the issues of one input. */
export class Checker {
  readonly issues: RuleIssue[] = [];

  /** Records a broken rule. */
  fail(path: InputPath | string, rule: InputRule, message: string): void {
    this.issues.push({ path: typeof path === "string" ? [path] : [...path], rule, message });
  }

  /**
   * Starts the checks of one text field. Every text has a maximum length (nothing unbounded
   * reaches a transport) and XML-forbidden characters are always refused.
   */
  text(path: InputPath | string, value: string | null | undefined, maxLength: number): TextCheck {
    return new TextCheck(this, typeof path === "string" ? [path] : path, value ?? "", maxLength);
  }

  /** A list of at most `max` entries; false (and an issue) when it is longer. */
  count(path: InputPath | string, list: readonly unknown[] | null | undefined, max: number): boolean {
    if ((list?.length ?? 0) <= max) return true;
    this.fail(path, "MAX_COUNT", `${pathText(typeof path === "string" ? [path] : path)} takes at most ${max} entries.`);
    return false;
  }
}

/** The checks of one text field; after the first broken rule the others are skipped. */
export class TextCheck {
  #failed = false;

  constructor(
    private readonly checker: Checker,
    private readonly path: InputPath,
    readonly value: string,
    maxLength: number,
  ) {
    // Length first: a huge value is refused without scanning it further.
    if ([...value].length > maxLength) {
      this.#fail("MAX_LENGTH", `must be at most ${maxLength} characters long`);
      return;
    }
    const at = findForbiddenXmlChar(value);
    if (at !== -1) this.#fail("XML_CHARACTERS", `contains a character XML 1.0 forbids at index ${at}`);
  }

  get #name(): string {
    return pathText(this.path);
  }

  #fail(rule: InputRule, message: string): this {
    if (!this.#failed) this.checker.fail(this.path, rule, `${this.#name} ${message}.`);
    this.#failed = true;
    return this;
  }

  #check(ok: boolean, rule: InputRule, message: string): this {
    return this.#failed || ok ? this : this.#fail(rule, message);
  }

  get #present(): boolean {
    return this.value.trim() !== "";
  }

  /** Not blank. */
  required(): this {
    return this.#check(this.#present, "REQUIRED", "is required");
  }

  /** The shape of an email address (when given). */
  email(): this {
    const v = this.value.trim();
    return this.#check(
      !this.#present || (v.length <= MAX_LENGTH.email && EMAIL.test(v)),
      "EMAIL",
      "must be an email address",
    );
  }

  /** At least `n` characters (counted in code points). */
  minLength(n: number): this {
    return this.#check([...this.value].length >= n, "MIN_LENGTH", `must be at least ${n} characters long`);
  }

  /** Exactly one of `values` (when given). */
  oneOf(values: readonly string[], what: string): this {
    return this.#check(
      !this.#present || values.includes(this.value),
      "ONE_OF",
      `must be one of the ${what} the service accepts`,
    );
  }

  /** An absolute http(s) URL (when given). */
  url(): this {
    return this.#check(!this.#present || isHttpUrl(this.value.trim()), "URL", "must be an absolute http or https URL");
  }

  /** Plain decimal text (when given). */
  decimal(): this {
    return this.#check(
      !this.#present || DECIMAL.test(this.value.trim()),
      "DECIMAL",
      "must be a plain decimal number such as 12.50",
    );
  }

  /** Free of the `||` separator the service splits option lists on. */
  noSeparator(): this {
    return this.#check(!this.value.includes("||"), "NO_SEPARATOR", "must not contain ||");
  }

  /** Free of `<` and `>` (the service refuses a template name holding either with 4003). */
  noAngleBrackets(): this {
    return this.#check(!/[<>]/.test(this.value), "NO_ANGLE_BRACKETS", "must not contain < or >");
  }

  /** Not starting or ending with `|`: joined with `||`, such an edge would merge with the separator. */
  noPipeEdges(): this {
    const v = this.value.trim();
    return this.#check(!v.startsWith("|") && !v.endsWith("|"), "OPTION_EDGE", "must not start or end with |");
  }

  /** A global id of `typename` whose local id has `parts` parts (when given). */
  globalId(typename: string, parts: IdPartCount): this {
    return this.#check(
      !this.#present || tryLocalId(this.value, typename, parts) !== undefined,
      "GLOBAL_ID",
      `must be the id of a ${typename}`,
    );
  }
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** A standard schema running `check` on a field's arguments; it never transforms them. */
export function inputRules<Args>(check: (args: Args, v: Checker) => void): StandardSchemaV1<Args, Args> {
  return {
    "~standard": {
      version: 1,
      vendor: "mailgraph",
      validate(value) {
        const checker = new Checker();
        check(value as Args, checker);
        return checker.issues.length > 0 ? { issues: checker.issues } : { value: value as Args };
      },
    },
  };
}

/** The shape of an email address the input rules accept (for arguments checked outside an input). */
export function isEmailShape(text: string): boolean {
  const v = text.trim();
  return v.length <= MAX_LENGTH.email && EMAIL.test(v);
}
