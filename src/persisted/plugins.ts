/**
 * The yoga side of persisted documents and PERSISTED_ONLY: requests naming a document by id run it
 * (usePersistedDocuments), a caller cannot map the graph from its answers (useSchemaHintsOff), and
 * graphql-ws operations, which bypass yoga's request pipeline, follow the same rules
 * (resolveSubscribePayload).
 */
import { usePersistedOperations } from "@graphql-yoga/plugin-persisted-operations";
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import { persistedIdOf, type PersistedDocuments } from "./documents.js";

/** Options of the persisted-document rules. */
export interface PersistedOptions {
  documents: PersistedDocuments;
  /** PERSISTED_ONLY: refuse every document that is not named by id. */
  only: boolean;
}

/** A request with a document text while only persisted documents are accepted. */
export function persistedOnlyError(): GraphQLError {
  return new GraphQLError(
    "This gateway runs persisted documents only: send the document's id (documentId, or extensions.persistedQuery.sha256Hash), not its text.",
    { extensions: { code: "PERSISTED_ONLY", http: { status: 400 } } },
  );
}

/** An id no persisted document has. The code is the one automatic-persisted-query clients know. */
export function persistedNotFoundError(): GraphQLError {
  return new GraphQLError("No persisted document has this id.", {
    extensions: { code: "PERSISTED_QUERY_NOT_FOUND", http: { status: 400 } },
  });
}

/** Neither a document nor an id. */
function noDocumentError(only: boolean): GraphQLError {
  return only
    ? persistedOnlyError()
    : new GraphQLError("Send a document (query) or a persisted document id (documentId).", {
        extensions: { code: "BAD_REQUEST", http: { status: 400 } },
      });
}

/**
 * Persisted documents over HTTP (POST, GET) and SSE; with `only`, a request that sends a document
 * text is refused with PERSISTED_ONLY before anything is parsed.
 */
export function usePersistedDocuments({ documents, only }: PersistedOptions): Plugin {
  return usePersistedOperations({
    getPersistedOperation: (id) => documents.get(id) ?? null,
    allowArbitraryOperations: !only,
    // GET carries only query, variables, operationName and extensions into params: read documentId
    // from the URL there.
    extractPersistedOperationId: (params, request) =>
      persistedIdOf({
        documentId:
          (params as { documentId?: unknown }).documentId ?? new URL(request.url).searchParams.get("documentId"),
        extensions: params.extensions,
      }),
    customErrors: {
      notFound: () => persistedNotFoundError(),
      persistedQueryOnly: () => persistedOnlyError(),
      keyNotFound: () => noDocumentError(only),
    },
  });
}

/** " Did you mean …?", as graphql-js appends it to validation and coercion messages. */
const SUGGESTION = " Did you mean ";

/**
 * The message without its trailing suggestion, or undefined when it has none: the last
 * " Did you mean " with no `?` after it but the one that ends the message. Found by two scans from
 * the end, not a pattern: a coercion message repeats the caller's value, which may hold the phrase
 * thousands of times (an unanchored pattern searched from each of them took seconds per request).
 */
function suggestionCut(message: string): string | undefined {
  if (!message.endsWith("?")) return undefined;
  const question = message.lastIndexOf("?", message.length - 2);
  const at = message.indexOf(SUGGESTION, question + 1);
  return at === -1 ? undefined : message.slice(0, at);
}

function withoutSuggestion<E extends Error>(error: E): E | GraphQLError {
  if (!(error instanceof GraphQLError)) return error;
  const cut = suggestionCut(error.message);
  if (cut === undefined) return error;
  return new GraphQLError(cut, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** Introspection refused and suggestions removed, on every transport (all run this envelop pipeline). */
export function useSchemaHintsOff(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
      return ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map(withoutSuggestion));
      };
    },
    onExecute() {
      return {
        // Variable values are coerced when execution starts: an enum value close to a real one is
        // answered with a suggestion there, not in validation.
        onExecuteDone({ result, setResult }) {
          const single = result as ExecutionResult;
          if (Array.isArray(single.errors) && single.errors.length > 0) {
            setResult({ ...single, errors: single.errors.map(withoutSuggestion) });
          }
        },
      };
    },
  };
}

/** A graphql-ws subscribe payload (the parts read here; other keys pass through). */
export interface SubscribePayloadLike {
  query: string;
  documentId?: unknown;
  extensions?: Record<string, unknown> | null;
}

/**
 * A graphql-ws operation under the persisted rules: the payload with the document its id names
 * put in `query`, the payload as it is (a document text while arbitrary documents are allowed),
 * or the errors to answer it with.
 */
export function resolveSubscribePayload<P extends SubscribePayloadLike>(
  payload: P,
  { documents, only }: PersistedOptions,
): P | readonly GraphQLError[] {
  if (payload.query.trim() !== "") return only ? [persistedOnlyError()] : payload;
  const id = persistedIdOf(payload);
  if (id === null) return [noDocumentError(only)];
  const query = documents.get(id);
  return query === undefined ? [persistedNotFoundError()] : { ...payload, query };
}
