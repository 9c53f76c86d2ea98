/**
 * A person's lists across both backends, read for `contact` and `unsubscribeEverywhere`: every
 * legacy list of the account (the account's clients, each client's lists, then one batched
 * active-subscriber read per list) and the named customer lists (paged by the commerce service),
 * the two backends concurrently, each within its service's concurrency cap. A list that cannot be
 * read becomes a failure entry of its own, so a failing backend never hides the other's lists.
 */
import { GraphQLError } from "graphql";
import type { GraphContext } from "../../context.js";
import type { SubscriberStatus } from "../../domain/commerce/models.js";
import type { SubscriberState } from "../../domain/legacy/models.js";
import type { Backend } from "../support/global-id.js";
import { fieldError } from "../support/graph-errors.js";

/** Where a person stands on a list, in either backend's terms. */
export type MembershipState = "ACTIVE" | "PENDING" | "UNSUBSCRIBED" | "BOUNCED" | "DELETED";

/** A list a person is on, with their state there. */
export interface Membership {
  backend: Backend;
  listId: string;
  /** The legacy list's client; null for a customer list. */
  clientId: string | null;
  state: MembershipState;
  /** The address as this list holds it (it may differ from the one asked for in ASCII case). */
  address: string;
}

/** A list (or, when `listId` is null, a set of lists) that could not be read. */
export interface MembershipFailure {
  backend: Backend;
  /** Null when the lists themselves could not be listed (the account's clients, a client's lists). */
  listId: string | null;
  clientId: string | null;
  /** The code the graph gives the error (`UPSTREAM_UNAVAILABLE`, `UNAUTHENTICATED`, …). */
  code: string;
  message: string;
}

/** A list read where the person is not found. */
export interface Absence {
  backend: Backend;
  listId: string;
  clientId: string | null;
}

/** Everything read about a person's lists. */
export interface PersonLists {
  email: string;
  memberships: Membership[];
  absences: Absence[];
  failures: MembershipFailure[];
}

/** A legacy subscriber state in the graph's terms: Unconfirmed is PENDING, the others keep their names. */
function legacyState(state: SubscriberState): MembershipState {
  return state === "Unconfirmed" ? "PENDING" : (state.toUpperCase() as Uppercase<typeof state>);
}

const COMMERCE_STATE: Readonly<Record<SubscriberStatus, MembershipState>> = {
  SUBSCRIBED: "ACTIVE",
  PENDING: "PENDING",
  UNSUBSCRIBED: "UNSUBSCRIBED",
};

const GRAPH_CODE_OF_COMMERCE: Readonly<Record<string, string>> = {
  COMMERCE_TIMEOUT: "UPSTREAM_TIMEOUT",
  COMMERCE_UNAVAILABLE: "UPSTREAM_UNAVAILABLE",
  COMMERCE_SERVER: "UPSTREAM_UNAVAILABLE",
  COMMERCE_NOT_CONFIGURED: "UPSTREAM_UNAVAILABLE",
  COMMERCE_RATE_LIMITED: "UPSTREAM_UNAVAILABLE",
  COMMERCE_UNAUTHENTICATED: "UNAUTHENTICATED",
  COMMERCE_FORBIDDEN: "FORBIDDEN",
  COMMERCE_INSUFFICIENT_SCOPE: "FORBIDDEN",
  COMMERCE_NOT_FOUND: "NOT_FOUND",
};

/**
 * The code and message the graph gives an error, as GraphQL errors carry them. Messages come from
 * the one error mapping or from the commerce client, which scrubs credentials; anything else gets a
 * fixed text.
 */
export function describeFailure(error: unknown): { code: string; message: string } {
  const mapped = fieldError(error);
  if (mapped instanceof GraphQLError) {
    const code = mapped.extensions.code;
    return { code: typeof code === "string" ? code : "UPSTREAM_BAD_RESPONSE", message: mapped.message };
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof Error && typeof code === "string" && code.startsWith("COMMERCE_")) {
    return { code: GRAPH_CODE_OF_COMMERCE[code] ?? "UPSTREAM_BAD_RESPONSE", message: error.message };
  }
  return { code: "INTERNAL_SERVER_ERROR", message: "The backend call failed unexpectedly." };
}

function failure(backend: Backend, listId: string | null, clientId: string | null, error: unknown) {
  return { backend, listId, clientId, ...describeFailure(error) };
}

/** What was read of one list (or, for a failure with listId null, of a set of lists). */
export type ListRead = { membership: Membership } | { absence: Absence } | { failure: MembershipFailure };

/** The person on every legacy list of the account; each list's active subscribers are read once. */
async function legacyLists(ctx: GraphContext, email: string): Promise<ListRead[]> {
  let clients;
  try {
    clients = await ctx.legacy.clients();
  } catch (error) {
    return [{ failure: failure("legacy", null, null, error) }];
  }
  const perClient = await Promise.all(
    clients.map(async ({ clientId }): Promise<ListRead[]> => {
      let lists;
      try {
        lists = await ctx.legacy.listsOfClient(clientId);
      } catch (error) {
        return [{ failure: failure("legacy", null, clientId, error) }];
      }
      return Promise.all(
        lists.map(async ({ listId }): Promise<ListRead> => {
          try {
            const found = await ctx.legacy.subscriber(clientId, listId, email);
            return found
              ? {
                  membership: {
                    backend: "legacy",
                    listId,
                    clientId,
                    state: legacyState(found.state),
                    address: found.email,
                  },
                }
              : { absence: { backend: "legacy", listId, clientId } };
          } catch (error) {
            return { failure: failure("legacy", listId, clientId, error) };
          }
        }),
      );
    }),
  );
  return perClient.flat();
}

/** The person on each named customer list. */
function commerceLists(ctx: GraphContext, email: string, listIds: readonly string[]): Promise<ListRead[]> {
  return Promise.all(
    listIds.map(async (listId): Promise<ListRead> => {
      try {
        const found = await ctx.commerce.membership(listId, email);
        return found
          ? {
              membership: {
                backend: "commerce",
                listId,
                clientId: null,
                state: COMMERCE_STATE[found.status],
                address: found.email,
              },
            }
          : { absence: { backend: "commerce", listId, clientId: null } };
      } catch (error) {
        return { failure: failure("commerce", listId, null, error) };
      }
    }),
  );
}

/** Reads the person's lists in both backends concurrently: legacy lists first, each backend in its order. */
export async function readPersonListsInOrder(
  ctx: GraphContext,
  email: string,
  customerListIds: readonly string[],
): Promise<ListRead[]> {
  const unique = [...new Set(customerListIds)];
  return (await Promise.all([legacyLists(ctx, email), commerceLists(ctx, email, unique)])).flat();
}

/** The person's lists in both backends, sorted into memberships, absences and failures. */
export async function readPersonLists(
  ctx: GraphContext,
  email: string,
  customerListIds: readonly string[],
): Promise<PersonLists> {
  const reads = await readPersonListsInOrder(ctx, email, customerListIds);
  const result: PersonLists = { email, memberships: [], absences: [], failures: [] };
  for (const read of reads) {
    if ("membership" in read) result.memberships.push(read.membership);
    else if ("absence" in read) result.absences.push(read.absence);
    else result.failures.push(read.failure);
  }
  return result;
}
