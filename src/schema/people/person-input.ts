/**
 * The arguments that name a person across both backends: an email address and the customer lists
 * to look at (the commerce backend cannot find a person's lists by email). Checked before any call;
 * broken rules throw one InputError listing every issue.
 */
import { COMMERCE_LIMITS } from "../../domain/commerce/index.js";
import { InputError, type InputIssue } from "../../domain/input-error.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { isEmailShape } from "../support/input-rules.js";

/** Customer lists one person field takes at most. */
export const MAX_CUSTOMER_LISTS = 20;

/** The email and customer-list rules, as the argument descriptions state them. */
export const EMAIL_DESCRIPTION = `The person's email address (any case), at most ${MAX_LENGTH.email} characters.`;
export const CUSTOMER_LISTS_DESCRIPTION =
  `Ids of the commerce customer lists to look at (the commerce backend has no lookup by email), at most ` +
  `${MAX_CUSTOMER_LISTS}, each at most ${COMMERCE_LIMITS.id} characters; repeats count once.`;

/** Throws InputError (BAD_USER_INPUT in the graph) unless the person's arguments keep the rules. */
export function checkPerson(email: string, customerListIds: readonly string[] | null | undefined, prefix = ""): void {
  const issues: InputIssue[] = [];
  const field = (name: string) => `${prefix}${name}`;
  const text = email.trim();
  if (text === "") issues.push({ field: field("email"), rule: "REQUIRED", message: "email is required." });
  else if ([...text].length > MAX_LENGTH.email)
    issues.push({
      field: field("email"),
      rule: "MAX_LENGTH",
      message: `email must be at most ${MAX_LENGTH.email} characters long.`,
    });
  // eslint-disable-next-line no-control-regex
  else if (!isEmailShape(text) || /[\u0000-\u001f\u007f]/.test(text))
    issues.push({ field: field("email"), rule: "EMAIL", message: "email must be an email address." });
  const lists = customerListIds ?? [];
  if (lists.length > MAX_CUSTOMER_LISTS) {
    issues.push({
      field: field("customerListIds"),
      rule: "MAX_COUNT",
      message: `customerListIds takes at most ${MAX_CUSTOMER_LISTS} entries.`,
    });
  } else {
    lists.forEach((id, i) => {
      const at = field(`customerListIds[${i}]`);
      if (id.trim() === "") issues.push({ field: at, rule: "REQUIRED", message: `${at} is required.` });
      else if (id.length > COMMERCE_LIMITS.id)
        issues.push({
          field: at,
          rule: "MAX_LENGTH",
          message: `${at} must be at most ${COMMERCE_LIMITS.id} characters long.`,
        });
    });
  }
  if (issues.length > 0) throw new InputError(issues);
}
