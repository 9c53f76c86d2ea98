/**
 * The arguments that name a person across both backends: an email address and the customer lists
 * to look at (the commerce backend cannot find a person's lists by email). Checked before any call;
 * broken rules throw one InputError listing every issue.
 */
import { COMMERCE_LIMITS } from "../../domain/commerce/index.js";
import { checkId, Issues } from "../../domain/commerce/input-rules.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { emailIssue } from "../support/input-rules.js";

/** Customer lists one person field takes at most. */
export const MAX_CUSTOMER_LISTS = 20;

/** The email and customer-list rules, as the argument descriptions state them. */
export const EMAIL_DESCRIPTION =
  `The person's email address (matched in any case), at most ${MAX_LENGTH.email} characters, without ` +
  "surrounding spaces.";
export const CUSTOMER_LISTS_DESCRIPTION =
  `Ids of the commerce customer lists to look at (the commerce backend has no lookup by email), at most ` +
  `${MAX_CUSTOMER_LISTS}, each at most ${COMMERCE_LIMITS.id} characters on one line and neither . nor .. ` +
  "(ID_SEGMENT); repeats count once.";

/**
 * Throws InputError (BAD_USER_INPUT in the graph) unless the person's arguments keep the rules.
 * Nothing is trimmed: the address and the ids are used exactly as given.
 */
export function checkPerson(email: string, customerListIds: readonly string[] | null | undefined, prefix = ""): void {
  const issues = new Issues();
  const field = (name: string) => `${prefix}${name}`;
  if (email.trim() === "") issues.add(field("email"), "REQUIRED", `${field("email")} is required.`);
  else {
    const broken = emailIssue(email);
    if (broken) issues.add(field("email"), broken.rule, `${field("email")} ${broken.message}.`);
  }
  const lists = customerListIds ?? [];
  if (lists.length > MAX_CUSTOMER_LISTS) {
    issues.add(
      field("customerListIds"),
      "MAX_COUNT",
      `${field("customerListIds")} takes at most ${MAX_CUSTOMER_LISTS} entries.`,
    );
  } else {
    // The rules of a commerce id (it travels as a path segment): REQUIRED, MAX_LENGTH, ID_SEGMENT, characters.
    lists.forEach((id, i) => checkId(issues, field(`customerListIds[${i}]`), id));
  }
  issues.throwIfAny();
}
