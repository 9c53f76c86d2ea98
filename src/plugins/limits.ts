/**
 * `useRequestLimits(limits)`: bounds what one GraphQL request may ask for, on every transport
 * that runs through the envelop pipeline (HTTP GET/POST, SSE, and later graphql-ws).
 *
 * - While parsing: the document's nesting (scanned before the parser recurses, so a document
 *   nested thousands of levels cannot overflow the stack) and its number of tokens.
 * - While validating: selection depth, aliases and directives (graphql-armor's rules, whose
 *   rejections are re-issued as our coded limit errors).
 * - Before executing: the cost in backend calls (limits/cost.ts), the number of mutation fields
 *   and the number of ids given to `nodes`. These need the variables, so they run at execution
 *   time but before any resolver.
 *
 * A @defer fragment or @stream list is held to all of these as if it had no directive: its fields
 * count toward the depth, aliases and cost of the one operation whose answer they belong to.
 *
 * Every rejection is a GraphQL error whose `extensions.code` names the limit (limits/limit-error.ts).
 * A rejection before executing carries the extensions `refusalExtensions` gives it, if any (the
 * budget's `extensions.cost`, plugins/budget.ts).
 */
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import type { Plugin } from "graphql-yoga";
import {
  GraphQLError,
  Kind,
  parse,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type ParseOptions,
  type Source,
  type ValidationContext,
} from "graphql";
import type { RequestLimits } from "../config.js";
import type { CallBudget } from "../domain/call-budget.js";
import { operationCost, type OperationCost } from "../limits/cost.js";
import { limitError, type LimitName } from "../limits/limit-error.js";

/**
 * The deepest bracket nesting of a GraphQL source text, found in one linear pass that skips
 * strings, block strings and comments. Stops counting once past `stopAbove`.
 */
export function sourceNesting(source: string, stopAbove: number): number {
  let depth = 0;
  let deepest = 0;
  const n = source.length;
  for (let i = 0; i < n; i++) {
    const c = source.charCodeAt(i);
    if (c === 0x23 /* # */) {
      while (i < n && source.charCodeAt(i) !== 0x0a && source.charCodeAt(i) !== 0x0d) i++;
    } else if (c === 0x22 /* " */) {
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        // Escaped \""" inside a block string does not end it.
        let j = end;
        while (j !== -1 && source.charCodeAt(j - 1) === 0x5c) j = source.indexOf('"""', j + 3);
        if (j === -1) return deepest; // unterminated: the parser reports it
        i = j + 2;
      } else {
        i++;
        while (i < n) {
          const d = source.charCodeAt(i);
          if (d === 0x5c) i += 2;
          else if (d === 0x22 || d === 0x0a || d === 0x0d) break;
          else i++;
        }
      }
    } else if (c === 0x7b || c === 0x28 || c === 0x5b /* { ( [ */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAbove) return deepest;
      }
    } else if (c === 0x7d || c === 0x29 || c === 0x5d /* } ) ] */) {
      depth--;
    }
  }
  return deepest;
}

/** Nesting of brackets any document within the depth limit can need (selections, arguments, lists). */
function maxNesting(limits: RequestLimits): number {
  // Each selection level is one `{`; arguments and input lists/objects add a few more per field.
  return limits.maxDepth * 4 + 16;
}

type Armor = (options: {
  n: number;
  onReject: Array<(ctx: ValidationContext | null, error: GraphQLError) => void>;
  propagateOnRejection: boolean;
}) => (ctx: ValidationContext) => unknown;

/** A graphql-armor rule whose rejection is reported as our limit error instead of its own text. */
function armorRule(rule: Armor, limit: LimitName, max: number, extra: Record<string, unknown> = {}) {
  return (context: ValidationContext) =>
    rule({
      n: max,
      ...extra,
      propagateOnRejection: false,
      onReject: [
        (ctx, error) => {
          const found = Number(/found (\d+)/.exec(error.message)?.[1] ?? max + 1);
          (ctx ?? context).reportError(limitError(limit, max, found));
        },
      ],
    })(context);
}

/** Options of useRequestLimits. */
export interface RequestLimitOptions {
  /** The extensions of an operation refused before executing (undefined: none); never rejects. */
  readonly refusalExtensions?: (args: ExecutionArgs) => Promise<Record<string, unknown> | undefined>;
}

/** The plugin. */
export function useRequestLimits(limits: RequestLimits, options: RequestLimitOptions = {}): Plugin {
  const { refusalExtensions } = options;
  /** The result of an operation refused by `error`, with its extensions when there are any. */
  const refusal = (args: ExecutionArgs, error: GraphQLError, refuse: (result: ExecutionResult) => void) => {
    if (!refusalExtensions) return refuse({ errors: [error] });
    return refusalExtensions(args).then((extensions) =>
      refuse(extensions ? { errors: [error], extensions } : { errors: [error] }),
    );
  };
  const nestingMax = maxNesting(limits);
  const rules = [
    armorRule(maxDepthRule, "MAX_DEPTH", limits.maxDepth, {
      flattenFragments: true,
      ignoreIntrospection: true,
    }),
    armorRule(maxAliasesRule, "MAX_ALIASES", limits.maxAliases),
    armorRule(maxDirectivesRule, "MAX_DIRECTIVES", limits.maxDirectives),
  ];

  return {
    onParse({ setParseFn }) {
      setParseFn((source: string | Source, options?: ParseOptions) => {
        const text = typeof source === "string" ? source : source.body;
        const nesting = sourceNesting(text, nestingMax);
        if (nesting > nestingMax) throw limitError("MAX_NESTING", nestingMax, nesting, true);
        try {
          return parse(source, { ...options, maxTokens: limits.maxTokens });
        } catch (error) {
          if (error instanceof GraphQLError && /contains more th\w+ \d+ tokens/.test(error.message)) {
            throw limitError("MAX_TOKENS", limits.maxTokens, limits.maxTokens + 1, true);
          }
          throw error;
        }
      });
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const error = limitOf(args, limits);
      if (error) return refusal(args, error, setResultAndStopExecution);
      // The estimate passed; the calls actually made are held to the same limit (domain/call-budget.ts).
      (args.contextValue as { calls?: CallBudget } | undefined)?.calls?.limit(limits.maxCost);
      return undefined;
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = limitOf(args, limits);
      return error ? refusal(args, error, setResultAndStopExecution) : undefined;
    },
  };
}

function limitOf(args: ExecutionArgs, limits: RequestLimits): GraphQLError | undefined {
  return executionLimitError(args.schema, args.document, args.operationName, args.variableValues, limits);
}

/** The first limit an operation passes once its variables are known, or undefined. */
export function executionLimitError(
  schema: Parameters<typeof operationCost>[0],
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Readonly<Record<string, unknown>> | null | undefined,
  limits: RequestLimits,
): GraphQLError | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) return undefined; // execution reports the missing operation itself
  const fragments = document.definitions.filter(
    (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
  );
  const result = costOf(schema, document, operation, fragments, variables, limits);
  if (result.mutationFields > limits.maxMutationFields) {
    return limitError("MAX_MUTATION_FIELDS", limits.maxMutationFields, result.mutationFields);
  }
  if (result.maxIds > limits.maxNodeIds) return limitError("MAX_NODE_IDS", limits.maxNodeIds, result.maxIds);
  if (result.stopped || result.cost > limits.maxCost) {
    return limitError("MAX_COST", limits.maxCost, result.cost, result.stopped);
  }
  return undefined;
}

/**
 * Costs of operations that declare no variables, by document: such a cost depends on nothing but
 * the document (validation lets no fragment use an undeclared variable), and yoga's parser cache
 * hands every request with the same text the same document, so a repeated query is counted once.
 */
const variableFreeCosts = new WeakMap<object, WeakMap<DocumentNode, Map<string, OperationCost>>>();

function costOf(
  schema: Parameters<typeof operationCost>[0],
  document: DocumentNode,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Readonly<Record<string, unknown>> | null | undefined,
  limits: RequestLimits,
): OperationCost {
  const options = { defaultListSize: limits.defaultListSize, stopAbove: limits.maxCost };
  if ((operation.variableDefinitions?.length ?? 0) > 0) {
    return operationCost(schema, operation, fragments, variables ?? undefined, options);
  }
  let bySchema = variableFreeCosts.get(schema);
  if (!bySchema) variableFreeCosts.set(schema, (bySchema = new WeakMap<DocumentNode, Map<string, OperationCost>>()));
  let costs = bySchema.get(document);
  if (!costs) bySchema.set(document, (costs = new Map<string, OperationCost>()));
  const key = `${operation.name?.value ?? ""}\u0000${options.defaultListSize}\u0000${options.stopAbove}`;
  let cost = costs.get(key);
  if (!cost) costs.set(key, (cost = operationCost(schema, operation, fragments, undefined, options)));
  return cost;
}
