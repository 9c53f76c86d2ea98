/**
 * Posting typed documents (from test/gql) to a running gateway over real HTTP and reading the
 * response as the client sees it: status, data and errors.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { print } from "graphql";

/** An error as it arrives in a GraphQL response. */
export interface ResponseError {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

/** A GraphQL response over HTTP. */
export interface Response<T> {
  status: number;
  data: T | null | undefined;
  errors: ResponseError[];
}

/** Posts `document` to `${origin}/graphql`. */
export async function postGraphQL<T, V>(
  origin: string,
  document: TypedDocumentNode<T, V>,
  variables?: V,
  headers: Record<string, string> = {},
): Promise<Response<T>> {
  const res = await fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", ...headers },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await res.json()) as { data?: T | null; errors?: ResponseError[] };
  return { status: res.status, data: body.data, errors: body.errors ?? [] };
}

/** The `extensions.code` of each error, by the dotted path of the field it belongs to. */
export function errorCodesByPath(errors: readonly ResponseError[]): Record<string, string | undefined> {
  return Object.fromEntries(errors.map((e) => [(e.path ?? []).join("."), e.extensions?.code]));
}

/** Narrows a union result to one member, failing the test with the value when it is another. */
export function asType<T extends { __typename?: string }, N extends NonNullable<T["__typename"]>>(
  value: T | null | undefined,
  typename: N,
): Extract<T, { __typename?: N }> {
  if (!value || value.__typename !== typename) throw new Error(`expected ${typename}, got ${JSON.stringify(value)}`);
  return value as Extract<T, { __typename?: N }>;
}
