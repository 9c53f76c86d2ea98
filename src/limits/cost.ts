/**
 * The cost of an operation: how many backend calls executing it can cause, at most, counting a
 * list by its expected size. It is computed from the document, the schema and the variables
 * before anything executes, so a small document that would fan out into thousands of calls is
 * refused while it is still cheap to refuse.
 *
 * The schema's convention gives most of the numbers: a field that reaches a backend is nullable
 * and of an object, interface or union type (so a failing call nulls only that field), and costs
 * one call per parent; root query fields cost one call (a `node`/`nodes` id CALLS_PER_NODE_ID);
 * root mutation fields cost WRITE_COST (the write plus the reads that check its ids). A field whose
 * value comes from a call the request already makes for its parent costs nothing (FIELD_CALLS). A
 * list multiplies what is
 * selected below it by its expected size: the length of an `ids` argument, the `first`/`last`
 * of a connection, or the default list size.
 *
 * @defer and @stream change when parts of the answer arrive, not what the answer holds: a deferred
 * fragment's fields and a streamed list's items cost what they would without the directive (an
 * `initialCount` changes nothing), and the parts they add after the first are counted beside.
 */
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  isNonNullType,
  Kind,
  valueFromASTUntyped,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  isObjectType,
  OperationTypeNode,
} from "graphql";

/** Backend calls of a root mutation field: the write and the reads that check what it touches. */
export const WRITE_COST = 3;

/**
 * Fields that break the convention, by schema coordinate. Each answers from a read the request
 * makes once however many parents ask: the account's clients (User.GetClients), or the lists of
 * the client the parent already belongs to (Client.GetLists), shared by every sibling.
 */
export const FIELD_CALLS: Readonly<Record<string, number>> = {
  "List.client": 0,
  "Campaign.client": 0,
  "Subscriber.list": 0,
  "LegacySegment.list": 0,
  "CampaignBounce.list": 0,
  "CampaignOpen.list": 0,
  "CampaignUnsubscribe.list": 0,
  // contact reads every legacy list of the account (the clients, each client's lists, each list's
  // active subscribers: 1 + clients + lists calls) and pages each named customer list per status.
  // Neither count is known before execution: counted as a typical account's, about 50 calls. A
  // larger account is still held to MAX_COST while it runs (domain/call-budget.ts).
  "Query.contact": 50,
  // A membership's list comes from its client's lists, which contact has already read.
  "Membership.list": 0,
  // unsubscribeEverywhere reads what contact reads, then writes once per list the person is on.
  "Mutation.unsubscribeEverywhere": 60,
  // The commerce store and a customer list are what the request's credential and an id name: no call.
  "Query.store": 0,
  "Store.customerList": 0,
  // A payload's list and job are what the write answered: no further call.
  "SubscribeToCustomerListSuccess.customerList": 0,
  "UnsubscribeCustomerEmailsSuccess.customerList": 0,
  "UnsubscribeCustomerSegmentSuccess.customerList": 0,
  "ExportSegmentSuccess.job": 0,
  // A job's result comes with the job (an unsubscribe's report) or names it (an export): no call.
  // An export's rows read the job's file, one call per job whatever the page (the file is read
  // once per request and job; counted per parent, as an upper bound).
  "AsyncJob.result": 0,
  "SegmentExportResult.rows": 1,
};

/**
 * Backend calls one global id of `node`/`nodes` takes at most: a subscriber's reads its client's
 * lists (to check the list is that client's) and the list's active subscribers, at once.
 */
export const CALLS_PER_NODE_ID = 2;
const NODE_FIELDS = new Set(["node", "nodes"]);

/** How costs are counted. */
export interface CostOptions {
  /** Expected size of a list that states none. */
  defaultListSize: number;
  /** Counting stops once the cost passes this (the answer is then a lower bound). */
  stopAbove: number;
}

/** The cost of one operation, and what the limits need to know besides. */
export interface OperationCost {
  /** Backend calls, at most (a lower bound once `stopped`). */
  cost: number;
  /** Counting stopped early because the cost passed `stopAbove`. */
  stopped: boolean;
  /** Top-level fields of a mutation (0 for other operations). */
  mutationFields: number;
  /** The most ids one `nodes`-style `ids` argument holds. */
  maxIds: number;
  /**
   * Parts after the first that @defer fragments and @stream lists add to an answer sent in parts,
   * by the same estimate (a deferred fragment once per parent, a streamed list's items past its
   * `initialCount`); 0 without them.
   */
  incrementalParts: number;
}

// Selections visited at most: every visit either adds cost or is a field of bounded depth, so this
// only trips on documents that the depth and alias limits let through by fragment reuse.
const MAX_VISITS = 100_000;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Readonly<Record<string, unknown>>;
  options: CostOptions;
  cost: number;
  visits: number;
  maxIds: number;
  parts: number;
  stopped: boolean;
}

/** Computes the cost of `operation`; `variables` are the request's (coerced or raw). */
export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Readonly<Record<string, unknown>> | undefined,
  options: CostOptions,
): OperationCost {
  const walk: Walk = {
    schema,
    fragments: new Map(fragments.map((f) => [f.name.value, f])),
    variables: variables ?? {},
    options,
    cost: 0,
    visits: 0,
    maxIds: 0,
    parts: 0,
    stopped: false,
  };
  const root = schema.getRootType(operation.operation);
  let mutationFields = 0;
  if (root) {
    const rootFields = collectFields(walk, operation.selectionSet, root, 1);
    if (operation.operation === OperationTypeNode.MUTATION)
      mutationFields = rootFields.filter((f) => f.field.name.value !== "__typename").length;
    for (const { field, parent } of rootFields) visitField(walk, field, parent, 1, undefined, true);
  }
  return {
    cost: walk.cost,
    stopped: walk.stopped,
    mutationFields,
    maxIds: walk.maxIds,
    incrementalParts: walk.parts,
  };
}

interface Collected {
  field: FieldNode;
  parent: GraphQLCompositeType;
}

/**
 * The fields of a selection set with the type each is selected on, fragments expanded (deferred
 * ones too: their fields run all the same). `times` is how often the set is selected; each
 * deferred fragment adds that many parts.
 */
function collectFields(
  walk: Walk,
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  times: number,
  out: Collected[] = [],
): Collected[] {
  for (const selection of set.selections) {
    if (walk.stopped || ++walk.visits > MAX_VISITS) {
      walk.stopped = true;
      return out;
    }
    if (selection.kind === Kind.FIELD) {
      out.push({ field: selection, parent });
      continue;
    }
    if (applies(walk, selection.directives, "defer")) walk.parts += times;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = narrow(walk, parent, selection.typeCondition?.name.value);
      collectFields(walk, selection.selectionSet, type, times, out);
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      if (fragment)
        collectFields(walk, fragment.selectionSet, narrow(walk, parent, fragment.typeCondition.name.value), times, out);
    }
  }
  return out;
}

/** The directive `name` among `directives` unless its `if` is false, else undefined. */
function applies(
  walk: Walk,
  directives: readonly DirectiveNode[] | undefined,
  name: string,
): DirectiveNode | undefined {
  const directive = directives?.find((d) => d.name.value === name);
  if (!directive) return undefined;
  const condition = directive.arguments?.find((a) => a.name.value === "if");
  return condition && valueFromASTUntyped(condition.value, walk.variables) === false ? undefined : directive;
}

function narrow(walk: Walk, parent: GraphQLCompositeType, typeName: string | undefined): GraphQLCompositeType {
  const type = typeName ? walk.schema.getType(typeName) : undefined;
  return type && isCompositeType(type) ? type : parent;
}

function fieldDef(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  return "getFields" in parent ? parent.getFields()[name] : undefined;
}

/** Adds the cost of `node` selected `times` times, and of everything below it. */
function visitField(
  walk: Walk,
  node: FieldNode,
  parent: GraphQLCompositeType,
  times: number,
  listSizeHint: number | undefined,
  atRoot: boolean,
): void {
  if (walk.stopped) return;
  const name = node.name.value;
  if (name.startsWith("__")) return; // __typename and introspection make no backend call
  const def = fieldDef(parent, name);
  if (!def) return;

  const ids = idsLength(walk, node);
  if (ids !== undefined) walk.maxIds = Math.max(walk.maxIds, ids);

  const nullable = !isNonNullType(def.type);
  const named = getNamedType(def.type);
  const coordinate = `${parent.name}.${name}`;
  let calls: number;
  if (coordinate in FIELD_CALLS) calls = FIELD_CALLS[coordinate] ?? 0;
  else if (atRoot && isObjectType(parent) && parent === walk.schema.getMutationType()) calls = WRITE_COST;
  else if (atRoot) calls = (ids ?? 1) * (NODE_FIELDS.has(name) ? CALLS_PER_NODE_ID : 1);
  else calls = nullable && isCompositeType(named) ? 1 : 0;

  walk.cost += times * calls;
  if (walk.cost > walk.options.stopAbove) {
    walk.stopped = true;
    return;
  }

  const isList = isListType(getNullableType(def.type));
  const size = ids ?? listSizeHint ?? walk.options.defaultListSize;
  const stream = isList ? applies(walk, node.directives, "stream") : undefined;
  if (stream) walk.parts += times * Math.max(0, size - initialCount(walk, stream));
  if (!node.selectionSet || !isCompositeType(named)) return;

  const below = isList ? times * size : times;
  // A connection's `first`/`last` is the size of its `edges` list, one level down.
  const hint = pageSize(walk, node);
  for (const child of collectFields(walk, node.selectionSet, named, below)) {
    visitField(walk, child.field, child.parent, below, hint, false);
  }
}

function argumentValue(walk: Walk, node: FieldNode, name: string): unknown {
  const arg = node.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  return valueFromASTUntyped(arg.value, walk.variables);
}

/** The number of ids an `ids` argument holds, or undefined when the field has none. */
function idsLength(walk: Walk, node: FieldNode): number | undefined {
  const value = argumentValue(walk, node, "ids");
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.length : 1;
}

/** The items a streamed list sends with its first part (`initialCount`, 0 unless given). */
function initialCount(walk: Walk, stream: DirectiveNode): number {
  const arg = stream.arguments?.find((a) => a.name.value === "initialCount");
  const value = arg ? valueFromASTUntyped(arg.value, walk.variables) : 0;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

function pageSize(walk: Walk, node: FieldNode): number | undefined {
  for (const name of ["first", "last"]) {
    const value = argumentValue(walk, node, name);
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) return Math.ceil(value);
  }
  return undefined;
}
