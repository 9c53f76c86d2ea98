/**
 * Typed errors of mutation payload unions: InputError (refused before any backend call) and one
 * type per group of legacy Result codes (legacy-outcomes.ts), all implementing `Error`.
 * A Result code without a type in the mutation's union arrives as UnexpectedResultError, so
 * every code the service answers with reaches the caller typed, with its number.
 */
import { GraphQLError } from "graphql";
import { LEGACY_ERROR_NAMES, operation as operationSpec } from "../../backends/legacy/catalog.js";
import { LegacyResultError } from "../../backends/legacy/errors.js";
import type { LegacyParams, LegacyResults } from "../../backends/legacy/types.js";
import type { GraphContext } from "../../context.js";
import { INVALID_API_KEY } from "../../errors/legacy.js";
import type { WriteOperation } from "../../domain/legacy/loaders.js";
import { builder } from "../builder.js";
import { INPUT_RULES, InputError, type InputIssue } from "../../domain/input-error.js";
import { OWNERSHIP_RULES, OwnershipError } from "../../domain/legacy/ownership-error.js";
import { OUTCOME_GROUPS, OUTCOME_REASONS, outcomeGroupOf, type OutcomeGroup } from "../legacy/outcomes.js";

/** The interface of every member of a payload union but the success type. */
export const ErrorInterface = builder.interfaceRef<Error>("Error").implement({
  description: "Anything a mutation can answer instead of its success payload.",
  fields: (t) => ({ message: t.exposeString("message") }),
});

/** A Result code ≠ 0 the legacy service answered a write with. */
export class LegacyOutcome extends Error {
  readonly code: number;
  readonly operation: string;
  constructor(error: LegacyResultError) {
    super(error.resultMessage.trim() || (LEGACY_ERROR_NAMES[error.resultCode] ?? `Code ${error.resultCode}`));
    this.name = new.target.name;
    this.code = error.resultCode;
    this.operation = error.operation;
  }
}

const LegacyErrorReason = builder.enumType("LegacyErrorReason", {
  description: "Names of the legacy Result codes a write can answer with, one per code.",
  values: Object.fromEntries(
    [...OUTCOME_REASONS].map(([name, code]) => [name, { value: code, description: `Code ${code}: ${LEGACY_ERROR_NAMES[code]}.` }]),
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
    operation: t.exposeString("operation", { description: "The legacy operation that answered, e.g. Subscriber.Add." }),
  }),
});

/** A Result code the mutation has no dedicated type for. */
export class UnexpectedResultError extends LegacyOutcome {}

builder.objectType(UnexpectedResultError, {
  name: "UnexpectedResultError",
  description: "A Result code the service is not documented to answer this mutation with.",
  interfaces: [ErrorInterface, LegacyErrorInterface],
});

const InputRuleEnum = builder.enumType("InputRule", {
  description: "The rule an input value broke.",
  values: Object.fromEntries(Object.entries(INPUT_RULES).map(([name, description]) => [name, { description }])),
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
  values: Object.fromEntries(Object.entries(OWNERSHIP_RULES).map(([name, description]) => [name, { description }])),
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

type OutcomeClass = new (error: LegacyResultError) => LegacyOutcome;

function defineGroup(group: OutcomeGroup): OutcomeClass {
  const cls = class extends LegacyOutcome {};
  Object.defineProperty(cls, "name", { value: group.name });
  const codes = Object.entries(group.codes).map(([code, reason]) => `${code} ${reason}`);
  builder.objectType(cls, {
    name: group.name,
    description: `${group.description} Codes: ${codes.join(", ")}.`,
    interfaces: [ErrorInterface, LegacyErrorInterface],
  });
  return cls;
}

const groupClasses = new Map<string, OutcomeClass>(
  (OUTCOME_GROUPS as readonly OutcomeGroup[]).map((group) => [group.name, defineGroup(group)]),
);

/** An error class the errors plugin can put in a payload union. */
export type PayloadErrorClass = typeof InputError | typeof OwnershipError | OutcomeClass;

/** The typed errors of one mutation and the way it sends its writes. */
export interface WriteOutcomes {
  /** For the field's `errors.types`. */
  readonly types: PayloadErrorClass[];
  /** Sends a write; a Result code ≠ 0 is thrown as the typed error of this mutation. */
  write<Op extends WriteOperation>(ctx: GraphContext, op: Op, params: LegacyParams): Promise<LegacyResults[Op]>;
  /**
   * A read the mutation depends on failed: when it was a Result code this mutation has a type for
   * (an unknown client, say), that typed error; otherwise the error unchanged.
   */
  fromRead(error: unknown): unknown;
}

/**
 * The typed errors of a mutation backed by `ops`: InputError, a type per group of the codes the
 * spec lists for them (plus `extraCodes`), OwnershipError when it checks the ids it takes against
 * the service, and the fallback. Code 100 is not among them: a
 * refused key is UNAUTHENTICATED, as on every read.
 */
export function writeOutcomes(
  ops: readonly WriteOperation[],
  extraCodes: readonly number[] = [],
  options: { checksOwnership?: boolean } = {},
): WriteOutcomes {
  const classes = new Set<OutcomeClass>();
  const codes = [...ops.flatMap((op) => operationSpec(op).errorCodes), ...extraCodes];
  for (const code of codes) {
    const group = code === INVALID_API_KEY ? undefined : outcomeGroupOf(code);
    if (group) classes.add(groupClasses.get(group.name)!);
  }
  const allowed = new Set<OutcomeClass>([...classes, UnexpectedResultError]);
  const typed = (error: LegacyResultError): LegacyOutcome => {
    const group = outcomeGroupOf(error.resultCode);
    const cls = group && groupClasses.get(group.name);
    return cls && allowed.has(cls) ? new cls(error) : new UnexpectedResultError(error);
  };
  return {
    types: [InputError, ...(options.checksOwnership ? [OwnershipError] : []), ...allowed],
    async write(ctx, op, params) {
      try {
        return await ctx.legacy.write(op, params);
      } catch (error) {
        throw error instanceof LegacyResultError ? typed(error) : error;
      }
    },
    fromRead(error) {
      if (!(error instanceof GraphQLError)) return error;
      const { legacyCode, operation } = error.extensions;
      if (typeof legacyCode !== "number" || typeof operation !== "string") return error;
      const group = outcomeGroupOf(legacyCode);
      const cls = group && groupClasses.get(group.name);
      if (!cls || !classes.has(cls)) return error;
      return new cls(new LegacyResultError(operation, legacyCode, LEGACY_ERROR_NAMES[legacyCode] ?? ""));
    },
  };
}
