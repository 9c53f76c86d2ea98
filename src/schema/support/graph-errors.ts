/**
 * The one place errors reach the graph: backend failures (by the codes domain/backend-failures.ts
 * names) and domain errors become, in a mutation, the member of its payload union that has a type
 * for them, else a GraphQLError with `extensions.code` scoped to the field that failed.
 * GraphErrorsPlugin applies it to every resolver. See docs/decisions.md, "One error mapping per
 * layer, by code".
 */
import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import { GraphQLError, type GraphQLFieldResolver } from "graphql";
import {
  isCommerceFailure,
  isCommerceReply,
  isCommerceTransport,
  isLegacyFailure,
  isShedFailure,
  type CommerceFailure,
  type CommerceReplyFailure,
  type CommerceValidationDetail,
  type LegacyFailure,
  type ShedFailure,
} from "../../domain/backend-failures.js";
import { CallBudgetError } from "../../domain/call-budget.js";
import { CommerceNotConfiguredError } from "../../context.js";
import { CommerceForbiddenError, MembershipSearchLimitError } from "../../domain/commerce/errors.js";
import { CredentialsError, NotFoundError, RequestAbortedError, UnreadableValueError } from "../../domain/errors.js";
import { InputError } from "../../domain/input-error.js";
import { LegacyOutcome, type LegacyOutcomeInit } from "../../domain/legacy/outcome.js";
import { LEGACY_ERROR_NAMES } from "../../domain/legacy/reference.js";
import { OwnershipError } from "../../domain/legacy/ownership-error.js";
import { OUTCOME_GROUPS, outcomeGroupOf, type OutcomeGroup } from "../legacy/outcomes.js";

/** The `extensions.code` values of field errors (DESIGN.md, "Errors have two kinds"). */
export const GRAPH_ERROR_CODES = [
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_TIMEOUT",
  "UPSTREAM_BAD_RESPONSE",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "BAD_USER_INPUT",
  "REQUEST_ABORTED",
  "UPSTREAM_CIRCUIT_OPEN",
  "UPSTREAM_BULKHEAD_FULL",
  "LIST_TOO_LARGE_TO_SEARCH",
] as const;

/** One of GRAPH_ERROR_CODES. */
export type GraphErrorCode = (typeof GRAPH_ERROR_CODES)[number];

/** A field error with its code (for the schema's own argument checks, too). */
export function graphError(
  code: GraphErrorCode,
  message: string,
  extensions: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

// --- typed outcomes of payload unions ----------------------------------------------------------

/** A class of typed legacy outcomes: one per group of Result codes (legacy/outcomes.ts). */
export type OutcomeClass = new (outcome: LegacyOutcomeInit) => LegacyOutcome;

/** A Result code a write answered with that its mutation has no dedicated type for. */
export class UnexpectedResultError extends LegacyOutcome {}

function outcomeClass(group: OutcomeGroup): OutcomeClass {
  const cls = class extends LegacyOutcome {};
  Object.defineProperty(cls, "name", { value: group.name });
  return cls;
}

/** The typed outcome class of each group, by group name. */
export const OUTCOME_CLASSES: ReadonlyMap<string, OutcomeClass> = new Map(
  (OUTCOME_GROUPS as readonly OutcomeGroup[]).map((group) => [group.name, outcomeClass(group)]),
);

/** The typed outcome class of a Result code, if the graph has one. */
export function outcomeClassOf(code: number): OutcomeClass | undefined {
  const group = outcomeGroupOf(code);
  return group && OUTCOME_CLASSES.get(group.name);
}

/** An error class a payload union can hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type PayloadType = abstract new (...args: any[]) => Error;

/**
 * The commerce backend's refusal of a write's input (HTTP 400 or 422): its code, message and the
 * rules it names. Status and text come from the backend's reply, scrubbed by the client.
 */
export class CommerceRejection extends Error {
  readonly status: number;
  readonly serverCode: string | null;
  readonly details: readonly CommerceValidationDetail[];
  constructor(error: CommerceReplyFailure) {
    super(error.serverMessage ?? `The commerce service refused the request (HTTP ${error.status}).`);
    this.name = "CommerceRejection";
    this.status = error.status;
    this.serverCode = error.serverCode ?? null;
    this.details = error.code === "COMMERCE_VALIDATION" ? [...error.details] : [];
  }
}

/** A write named a customer list or segment the commerce backend does not have (HTTP 404). */
export class CommerceRecordMissing extends Error {
  constructor(error: CommerceReplyFailure) {
    super(error.serverMessage ?? "The commerce service has no such record.");
    this.name = "CommerceRecordMissing";
  }
}

/** The payload member of a commerce client error, when the union has one. */
function commerceMember(error: CommerceFailure, payloadTypes: readonly PayloadType[]): Error | undefined {
  if (!isCommerceReply(error)) return undefined;
  if (error.code === "COMMERCE_NOT_FOUND" && payloadTypes.includes(CommerceRecordMissing))
    return new CommerceRecordMissing(error);
  if (
    (error.code === "COMMERCE_VALIDATION" || error.code === "COMMERCE_BAD_REQUEST") &&
    payloadTypes.includes(CommerceRejection)
  )
    return new CommerceRejection(error);
  return undefined;
}

/** The member of a payload union `error` is, if the union (`payloadTypes`) has one for it. */
function payloadMember(error: unknown, payloadTypes: readonly PayloadType[]): Error | undefined {
  if (payloadTypes.length === 0 || !(error instanceof Error)) return undefined;
  if (payloadTypes.some((type) => error instanceof type && type !== LegacyOutcome)) return error;
  if (isCommerceFailure(error)) return commerceMember(error, payloadTypes);
  if (!(error instanceof LegacyOutcome)) return undefined;
  const typed = outcomeClassOf(error.code);
  if (typed && payloadTypes.includes(typed)) return new typed(error);
  // A read's code the union has no type for (an unknown record, say) stays a field error.
  if (error.write && payloadTypes.includes(UnexpectedResultError)) return new UnexpectedResultError(error);
  return undefined;
}

// --- field errors ------------------------------------------------------------------------------

const LEGACY = "The legacy list service";

/** Result codes that say "no such record" when a read names a record by id. */
const NOT_FOUND_CODES: Readonly<Record<number, string>> = {
  101: "list",
  102: "client",
  301: "campaign",
  4001: "template",
};

function outcomeFieldError(outcome: LegacyOutcome): GraphQLError {
  const extensions = { backend: "legacy", operation: outcome.operation, legacyCode: outcome.code };
  const name = LEGACY_ERROR_NAMES[outcome.code] ?? "unknown code";
  const record = NOT_FOUND_CODES[outcome.code];
  if (record !== undefined) {
    return graphError("NOT_FOUND", `No ${record} with that id (code ${outcome.code}: ${name}).`, extensions);
  }
  if (outcome.code === 1 || outcome.code === 5) {
    return graphError(
      "BAD_USER_INPUT",
      `${outcome.operation} refused an argument (code ${outcome.code}: ${name}).`,
      extensions,
    );
  }
  return graphError(
    "UPSTREAM_BAD_RESPONSE",
    `${LEGACY} answered ${outcome.operation} with code ${outcome.code} (${name}).`,
    extensions,
  );
}

function legacyFieldError(error: LegacyFailure): GraphQLError {
  const { operation } = error;
  switch (error.code) {
    case "LEGACY_SOAP_FAULT":
      return graphError("UPSTREAM_BAD_RESPONSE", `${LEGACY} answered ${operation} with a SOAP fault.`, {
        backend: "legacy",
        operation,
      });
    case "LEGACY_INVALID_INPUT":
      // The rule text names the parameter and a position, never the value.
      return graphError("BAD_USER_INPUT", `${operation}: ${error.field} ${error.rule}.`, {
        backend: "legacy",
        operation,
        field: error.field,
      });
    case "LEGACY_RESULT":
      return graphError("UPSTREAM_BAD_RESPONSE", `${LEGACY} call ${operation} failed (${error.code}).`, {
        backend: "legacy",
        operation,
      });
  }
  // What is left is a transport-level failure: no answer, or a reply that cannot be read.
  const extensions = { backend: "legacy", operation, ...(error.status ? { status: error.status } : {}) };
  switch (error.code) {
    case "LEGACY_TIMEOUT":
      return graphError("UPSTREAM_TIMEOUT", `${LEGACY} did not answer ${operation} in time.`, extensions);
    case "LEGACY_UNAVAILABLE":
      return graphError("UPSTREAM_UNAVAILABLE", `${LEGACY} is unreachable.`, extensions);
    case "LEGACY_BUSY":
      // The service answered; this gateway shed the reply to bound what waits to be read.
      return graphError(
        "UPSTREAM_BULKHEAD_FULL",
        `Too many large replies of ${LEGACY.charAt(0).toLowerCase()}${LEGACY.slice(1)} are waiting to be read; the reply to ${operation} was dropped. Try again shortly.`,
        { ...extensions, reason: "REPLY_DECODE_BUSY" },
      );
    default:
      // A gateway or proxy in front of the service answers 502-504 when the service is down.
      if (error.status !== undefined && error.status >= 502 && error.status <= 504) {
        return graphError("UPSTREAM_UNAVAILABLE", `${LEGACY} is unavailable (HTTP ${error.status}).`, extensions);
      }
      // The service says "wrong key" with code 100; an authenticating proxy in front of it says so with HTTP.
      if (error.status === 401) {
        return graphError(
          "UNAUTHENTICATED",
          `${LEGACY} refused the credentials of ${operation} (HTTP 401).`,
          extensions,
        );
      }
      if (error.status === 403) {
        return graphError("FORBIDDEN", `${LEGACY} refused ${operation} (HTTP 403).`, extensions);
      }
      if (error.status === 429) {
        return graphError("UPSTREAM_UNAVAILABLE", `${LEGACY} is refusing calls for now (HTTP 429).`, extensions);
      }
      return graphError(
        "UPSTREAM_BAD_RESPONSE",
        `${LEGACY} sent a reply to ${operation} that cannot be read (${error.code}).`,
        extensions,
      );
  }
}

const COMMERCE = "The commerce service";

/** Scopes a commerce refusal names, for `extensions.missingScopes`. */
export function commerceForbidden(error: CommerceForbiddenError): GraphQLError {
  return graphError("FORBIDDEN", error.message, {
    backend: "commerce",
    operation: error.operation,
    missingScopes: [...error.missingScopes],
    requiredCredential: error.requiredCredential,
  });
}

function commerceFieldError(error: CommerceFailure): GraphQLError {
  const status = isCommerceReply(error) || isCommerceTransport(error) ? error.status : undefined;
  const extensions = {
    backend: "commerce",
    commerceCode: error.code,
    ...(status !== undefined ? { status } : {}),
  };
  // Messages are the client's, built from method, path, status and the scrubbed server text.
  switch (error.code) {
    case "COMMERCE_TIMEOUT":
      return graphError("UPSTREAM_TIMEOUT", `${COMMERCE} did not answer in time.`, extensions);
    case "COMMERCE_UNAVAILABLE":
      return graphError("UPSTREAM_UNAVAILABLE", `${COMMERCE} is unreachable.`, extensions);
    case "COMMERCE_RATE_LIMITED":
      return graphError("UPSTREAM_UNAVAILABLE", `${COMMERCE} is refusing calls for now (rate limited).`, extensions);
    case "COMMERCE_CONFIG":
      return graphError("UPSTREAM_UNAVAILABLE", `${COMMERCE} is not configured correctly on this server.`, extensions);
    case "COMMERCE_UNAUTHENTICATED":
      return graphError("UNAUTHENTICATED", `${COMMERCE} refused the credential: ${error.message}.`, extensions);
    case "COMMERCE_INSUFFICIENT_SCOPE":
    case "COMMERCE_FORBIDDEN":
      return graphError("FORBIDDEN", `${COMMERCE} refused the call: ${error.message}.`, {
        ...extensions,
        ...(error.code === "COMMERCE_INSUFFICIENT_SCOPE" ? { missingScopes: [...error.requiredScopes] } : {}),
      });
    case "COMMERCE_NOT_FOUND":
      return graphError("NOT_FOUND", `${COMMERCE} has no such record: ${error.message}.`, extensions);
    case "COMMERCE_BAD_REQUEST":
    case "COMMERCE_VALIDATION":
    case "COMMERCE_INVALID_INPUT":
      return graphError("BAD_USER_INPUT", `${COMMERCE} refused an argument: ${error.message}.`, extensions);
    case "COMMERCE_ABORTED":
      return graphError("REQUEST_ABORTED", "The request was aborted.", extensions);
    case "COMMERCE_SERVER":
      // As on the legacy side: 502-504 come from a gateway in front of a service that is down.
      if (status !== undefined && status >= 502 && status <= 504)
        return graphError("UPSTREAM_UNAVAILABLE", `${COMMERCE} is unavailable (HTTP ${status}).`, extensions);
      return graphError("UPSTREAM_BAD_RESPONSE", `${COMMERCE} failed: ${error.message}.`, extensions);
    default:
      return graphError(
        "UPSTREAM_BAD_RESPONSE",
        `${COMMERCE} sent a reply that cannot be used: ${error.message}.`,
        extensions,
      );
  }
}

/** A call the gateway did not send to protect the backend (backends/resilience.ts): the field fails alone. */
function shedFieldError(error: ShedFailure): GraphQLError {
  const service = error.backend === "legacy" ? LEGACY : COMMERCE;
  const extensions = { backend: error.backend, operation: error.operation };
  if (error.code === "BREAKER_OPEN") {
    const seconds = Math.max(1, Math.ceil((error.retryInMs ?? 0) / 1000));
    return graphError(
      "UPSTREAM_CIRCUIT_OPEN",
      `${service} failed repeatedly, so the gateway is not calling it for now; it tries again in about ${seconds} s.`,
      { ...extensions, retryAfterSeconds: seconds },
    );
  }
  return graphError(
    "UPSTREAM_BULKHEAD_FULL",
    `Too many calls to ${service.charAt(0).toLowerCase()}${service.slice(1)} are in flight or waiting; this one was not sent.`,
    extensions,
  );
}

/**
 * The field error of anything but a payload member; errors nobody typed pass unchanged (the server
 * masks them). Messages come from operation names, codes and fixed text only, never a transport's
 * message: with the GET transport a request URL carries the API key.
 */
export function fieldError(error: unknown): unknown {
  if (error instanceof GraphQLError) return error;
  if (error instanceof LegacyOutcome) return outcomeFieldError(error);
  if (error instanceof NotFoundError) {
    return graphError(
      "NOT_FOUND",
      error.message,
      error.operation ? { backend: "legacy", operation: error.operation } : {},
    );
  }
  if (error instanceof CredentialsError) {
    return graphError("UNAUTHENTICATED", error.message, { backend: error.backend, operation: error.operation });
  }
  if (error instanceof RequestAbortedError)
    return graphError("REQUEST_ABORTED", error.message, { backend: error.backend });
  if (error instanceof UnreadableValueError)
    return graphError("UPSTREAM_BAD_RESPONSE", error.message, { backend: error.backend });
  if (error instanceof MembershipSearchLimitError) {
    // The list is too long to search within what one request reads; the backend answered well.
    return graphError("LIST_TOO_LARGE_TO_SEARCH", error.message, {
      backend: error.backend,
      bound: error.bound,
      maxPages: error.maxPages,
      pageSize: error.pageSize,
    });
  }
  if (error instanceof InputError)
    return graphError("BAD_USER_INPUT", error.message, { field: error.field, rule: error.rule });
  if (error instanceof OwnershipError)
    return graphError("BAD_USER_INPUT", error.message, { field: error.field, rule: error.rule });
  if (isShedFailure(error)) return shedFieldError(error);
  if (error instanceof CallBudgetError) {
    // The request-level limit's code and details, but no HTTP status: the rest of the data stands.
    return new GraphQLError(error.message, {
      extensions: { code: "MAX_COST_EXCEEDED", limit: "MAX_COST", max: error.max, found: error.max + 1 },
    });
  }
  if (isLegacyFailure(error)) return legacyFieldError(error);
  if (error instanceof CommerceForbiddenError) return commerceForbidden(error);
  if (isCommerceFailure(error)) return commerceFieldError(error);
  if (error instanceof CommerceNotConfiguredError)
    return graphError("UPSTREAM_UNAVAILABLE", "No commerce backend is configured on this server.", {
      backend: "commerce",
    });
  return error;
}

/** What the graph shows for an error thrown by a field whose payload union holds `payloadTypes`. */
export function toGraphError(error: unknown, payloadTypes: readonly PayloadType[] = []): unknown {
  return payloadMember(error, payloadTypes) ?? fieldError(error);
}

// --- the plugin ---------------------------------------------------------------------------------

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

/** Wraps every field's resolver so whatever it throws reaches the graph through toGraphError. */
export class GraphErrorsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    const options = fieldConfig.pothosOptions as { errors?: { types?: PayloadType[] } };
    const payloadTypes = options.errors?.types ?? [];
    const fail = (error: unknown): never => {
      throw toGraphError(error, payloadTypes);
    };
    // A list may hold promises (nodes(ids:) resolves each id on its own): each item fails alone.
    const settle = (value: unknown): unknown =>
      Array.isArray(value) && value.some(isThenable)
        ? (value as unknown[]).map((item) => (isThenable(item) ? Promise.resolve(item).catch(fail) : item))
        : value;
    return (parent, args, context, info) => {
      let value: unknown;
      try {
        value = resolver(parent, args, context, info);
      } catch (error) {
        return fail(error);
      }
      return isThenable(value) ? Promise.resolve(value).then(settle, fail) : settle(value);
    };
  }
}

/** The name of GraphErrorsPlugin in the builder's plugin list. */
export const GRAPH_ERRORS_PLUGIN = "graphErrors";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      graphErrors: GraphErrorsPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(GRAPH_ERRORS_PLUGIN, GraphErrorsPlugin);
