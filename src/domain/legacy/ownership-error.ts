/**
 * OwnershipError: a write refused before it was sent because an id of its input could not be
 * shown to belong where the input says (a list of another client, another client's campaign).
 */

/** The rules a write checks its ids against before writing. */
export const OWNERSHIP_RULES = {
  LIST_OF_CLIENT: "the list must be one of the lists of the client its global id names",
  CAMPAIGN_OF_CLIENT:
    "the campaign must belong to the client: one of its sent campaigns, or every list it goes to is one of the client's lists",
} as const;

/** One of OWNERSHIP_RULES. */
export type OwnershipRule = keyof typeof OWNERSHIP_RULES;

/** An id of the input does not belong where the input says; nothing was written. */
export class OwnershipError extends Error {
  readonly field: string;
  readonly rule: OwnershipRule;
  constructor(field: string, rule: OwnershipRule, message: string) {
    super(message);
    this.name = "OwnershipError";
    this.field = field;
    this.rule = rule;
  }
}
