/**
 * The typed errors of mutation payload unions, all implementing `Error`: InputError (refused before
 * any backend call), OwnershipError (an id that is not where the input says), and one type per
 * group of legacy Result codes (legacy/outcomes.ts), with UnexpectedResultError for a code without
 * one, so every code reaches the caller typed. graph-errors.ts decides which error is which member.
 */
import { LEGACY_ERROR_NAMES } from "../../domain/legacy/reference.js";
import { COMMERCE_INPUT_RULES } from "../../domain/commerce/input-rules.js";
import { INPUT_RULES, InputError, type InputIssue } from "../../domain/input-error.js";
import { LEGACY_WRITES, type LegacyOutcome, type LegacyWrite } from "../../domain/legacy/outcome.js";
import { OWNERSHIP_RULES, OwnershipError, type OwnershipRule } from "../../domain/legacy/ownership-error.js";
import { builder } from "../builder.js";
import { OUTCOME_GROUPS, OUTCOME_REASONS, outcomeGroupOf, type OutcomeGroup } from "../legacy/outcomes.js";
import { OUTCOME_CLASSES, outcomeClassOf, UnexpectedResultError, type OutcomeClass } from "./graph-errors.js";

/** The interface of every member of a payload union but the success type. */
export const ErrorInterface = builder.interfaceRef<Error>("Error").implement({
  description: "Anything a mutation can answer instead of its success payload.",
  fields: (t) => ({ message: t.exposeString("message") }),
});

const LegacyErrorReason = builder.enumType("LegacyErrorReason", {
  description: "Names of the legacy Result codes a write can answer with, one per code.",
  values: Object.fromEntries(
    [...OUTCOME_REASONS].map(([name, code]) => [
      name,
      { value: code, description: `Code ${code}: ${LEGACY_ERROR_NAMES[code]}.` },
    ]),
  ),
});

/** The interface of every typed legacy Result code. */
export const LegacyErrorInterface = builder.interfaceRef<LegacyOutcome>("LegacyError").implement({
  description: "A domain outcome of the legacy list service: its Result code and message.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    code: t.exposeInt("code", { description: "The service's Result code." }),
    reason: t.field({
      type: LegacyErrorReason,
      nullable: true,
      description: "The code by name; null for a code the graph has no name for.",
      resolve: (error) => (outcomeGroupOf(error.code) ? error.code : null),
    }),
    message: t.exposeString("message", { description: "The service's Result message." }),
    operation: t.exposeString("operation", { description: "The name of the service's operation that answered." }),
  }),
});

builder.objectType(UnexpectedResultError, {
  name: "UnexpectedResultError",
  description: "A Result code the service is not documented to answer this mutation with.",
  interfaces: [ErrorInterface, LegacyErrorInterface],
});

const InputRuleEnum = builder.enumType("InputRule", {
  description: "The rule an input value broke.",
  // The commerce domain's rules (property keys and values, page sizes, cursors) are rules of the same field.
  values: Object.fromEntries(
    Object.entries({ ...INPUT_RULES, ...COMMERCE_INPUT_RULES }).map(([name, description]) => [name, { description }]),
  ),
});

const InputIssueRef = builder.objectRef<InputIssue>("InputIssue").implement({
  description: "One broken input rule.",
  fields: (t) => ({
    field: t.exposeString("field", { description: "Path inside the mutation's input, e.g. `customFields[1].key`." }),
    rule: t.field({ type: InputRuleEnum, resolve: (issue) => issue.rule }),
    message: t.exposeString("message"),
  }),
});

builder.objectType(InputError, {
  name: "InputError",
  description: "The input was refused before anything was sent to a backend; `field` and `rule` are the first issue's.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    field: t.exposeString("field", { description: "Path inside the mutation's input, e.g. `email`." }),
    rule: t.field({ type: InputRuleEnum, resolve: (error) => error.rule }),
    issues: t.field({ type: [InputIssueRef], resolve: (error) => [...error.issues] }),
  }),
});

const OwnershipRuleEnum = builder.enumType("OwnershipRule", {
  description: "A rule about where an id of a mutation's input must belong.",
  values: {
    ...(Object.fromEntries(
      Object.entries(OWNERSHIP_RULES).map(([name, description]) => [name, { description }]),
    ) as Record<OwnershipRule, { description: string }>),
    CAMPAIGN_OWNER_UNKNOWN: {
      description: "Formerly: an unsent campaign without recipient lists, refused because it showed no owner.",
      deprecationReason:
        "No longer answered: such a campaign is sent, and the service refuses it with code 332 (CampaignRecipientsError).",
    },
  },
});

builder.objectType(OwnershipError, {
  name: "OwnershipError",
  description:
    "An id of the input could not be shown to belong where the input says (a list of another client, another " +
    "client's campaign); checked before anything was written, so nothing was.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    field: t.exposeString("field", { description: "Path inside the mutation's input of the id, e.g. `listId`." }),
    ownershipRule: t.field({
      type: OwnershipRuleEnum,
      description: "The rule the id broke (named apart from InputError.rule, so one selection can ask for both).",
      resolve: (error) => error.rule,
    }),
  }),
});

for (const group of OUTCOME_GROUPS as readonly OutcomeGroup[]) {
  const codes = Object.entries(group.codes).map(([code, reason]) => `${code} ${reason}`);
  builder.objectType(OUTCOME_CLASSES.get(group.name)!, {
    name: group.name,
    description: `${group.description} Codes: ${codes.join(", ")}.`,
    interfaces: [ErrorInterface, LegacyErrorInterface],
  });
}

/** An error class the errors plugin can put in a payload union. */
export type PayloadErrorClass = typeof InputError | typeof OwnershipError | OutcomeClass;

/**
 * The members of a mutation's payload union besides its success type (for the field's
 * `errors.types`): InputError, OwnershipError when the write checks the ids it takes, a type per
 * group of the Result codes it can answer with, and the fallback. A refused API key is not among
 * them: it is UNAUTHENTICATED, as on every read.
 */
export function writeErrors(write: LegacyWrite): PayloadErrorClass[] {
  const { codes, checksOwnership } = LEGACY_WRITES[write];
  const typed = new Set<OutcomeClass>();
  for (const code of codes) {
    const cls = outcomeClassOf(code);
    if (cls) typed.add(cls);
  }
  return [InputError, ...(checksOwnership ? [OwnershipError] : []), ...typed, UnexpectedResultError];
}
