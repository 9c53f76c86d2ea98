/**
 * Input rules as standard schemas for the validation plugin. A mutation declares its checks with
 * a small fluent API; every broken rule becomes an issue with a path and a rule name, and the
 * plugin turns them into an InputError before the resolver (and so before any backend call) runs.
 */
import type { StandardSchemaV1 } from "@pothos/plugin-validation";
import { findForbiddenXmlChar } from "../backends/legacy/xml.js";
import { tryLocalId } from "./global-id.js";
import { pathText, type InputRule, type RuleIssue } from "./input-error.js";

/** A path inside a mutation's `input`: field names and list indexes. */
export type InputPath = readonly (string | number)[];

// Deliberately the shape only (one @, no spaces, a dot in the domain): the service has the final
// word on what it accepts and answers with its own code when it disagrees.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
const MAX_EMAIL_LENGTH = 254;
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** Collects the issues of one input. */
export class Checker {
  readonly issues: RuleIssue[] = [];

  /** Records a broken rule. */
  fail(path: InputPath | string, rule: InputRule, message: string): void {
    this.issues.push({ path: typeof path === "string" ? [path] : [...path], rule, message });
  }

  /** Starts the checks of one text field; XML-forbidden characters are always refused. */
  text(path: InputPath | string, value: string | null | undefined): TextCheck {
    return new TextCheck(this, typeof path === "string" ? [path] : path, value ?? "");
  }
}

/** The checks of one text field; after the first broken rule the others are skipped. */
export class TextCheck {
  #failed = false;

  constructor(
    private readonly checker: Checker,
    private readonly path: InputPath,
    readonly value: string,
  ) {
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
    return this.#check(!this.#present || (v.length <= MAX_EMAIL_LENGTH && EMAIL.test(v)), "EMAIL", "must be an email address");
  }

  /** At least `n` characters (counted in code points). */
  minLength(n: number): this {
    return this.#check([...this.value].length >= n, "MIN_LENGTH", `must be at least ${n} characters long`);
  }

  /** Exactly one of `values` (when given). */
  oneOf(values: readonly string[], what: string): this {
    return this.#check(!this.#present || values.includes(this.value), "ONE_OF", `must be one of the ${what} the service accepts`);
  }

  /** An absolute http(s) URL (when given). */
  url(): this {
    return this.#check(!this.#present || isHttpUrl(this.value.trim()), "URL", "must be an absolute http or https URL");
  }

  /** Plain decimal text (when given). */
  decimal(): this {
    return this.#check(!this.#present || DECIMAL.test(this.value.trim()), "DECIMAL", "must be a plain decimal number such as 12.50");
  }

  /** Free of the `||` separator the service splits option lists on. */
  noSeparator(): this {
    return this.#check(!this.value.includes("||"), "NO_SEPARATOR", "must not contain ||");
  }

  /** A global id of `typename` whose local id has `parts` parts (when given). */
  globalId(typename: string, parts: number): this {
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
