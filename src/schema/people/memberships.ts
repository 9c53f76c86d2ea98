/**
 * A person's lists across both backends (`contact`, `unsubscribeEverywhere`): every legacy list of
 * the account and the named customer lists. An unreadable list is a failure entry of its own, so one
 * backend failing never hides the other's; lists left unread for the call budget or an abort are
 * counted, one entry per client. See docs/decisions.md, "contact: what it reads and how far it searches".
 */
import { GraphQLError } from "graphql";
import type { GraphContext } from "../../context.js";
import { CallBudgetError } from "../../domain/call-budget.js";
import type { SubscriberStatus } from "../../domain/commerce/models.js";
import { RequestAbortedError } from "../../domain/errors.js";
import type { LegacyList, SubscriberState } from "../../domain/legacy/models.js";
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
  /** The legacy list, as its client's lists gave it; null for a customer list. */
  list: LegacyList | null;
}

/** A list (or, when `listId` is null, a set of lists) that could not be read. */
export interface MembershipFailure {
  backend: Backend;
  /**
   * Null for a set of lists: those that could not be listed (the account's clients, a client's
   * lists), or those left unread for the call budget or an abort (the message says how many).
   */
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

/** Why lists were left unread without a failure of their own: the call budget is spent, or the request aborted. */
type Unread = "budget" | "aborted";

function unreadCause(error: unknown): Unread | undefined {
  if (error instanceof CallBudgetError) return "budget";
  if (error instanceof RequestAbortedError) return "aborted";
  return undefined;
}

/**
 * Legacy lists one operation considers when it has no call budget (a context made outside an
 * operation's execution): MAX_COST's default.
 */
const UNBOUNDED_ROOM = 1_000;

/**
 * Clients whose lists are asked for at once: FIRST_WINDOW at first, one more each time a client's
 * lists have been read, up to MAX_WINDOW (so the window doubles with each round of replies, as a
 * typical account's few clients need). The next client's lists are asked for only while the lists
 * already known leave room, so a client claiming more lists than the operation can read stops the
 * search after at most FIRST_WINDOW - 1 more client list replies, each a large reply to parse.
 */
const FIRST_WINDOW = 8;
const MAX_WINDOW = 16;

/**
 * The calls one `contact` (or `unsubscribeEverywhere`) may still spend on legacy lists: one per
 * client whose lists are asked for and one per list read. It starts at what the operation's call
 * budget has left, since every list read past that would be refused anyway: a list costs at least
 * one call (its active subscribers), so no more lists than the budget's calls can ever be read, and
 * the lists past them are counted, not asked for. Other fields of the operation spend the same
 * budget meanwhile; a read they leave no call for is refused by the budget and counted the same way.
 */
class Room {
  #left: number;
  /** Why no more is read, once something was left unread for the budget or an abort. */
  stop: Unread | undefined;

  constructor(ctx: GraphContext) {
    const remaining = ctx.calls.remaining;
    this.#left = Number.isFinite(remaining) ? remaining : UNBOUNDED_ROOM;
  }

  /** Whether another client's lists may be asked for. */
  get open(): boolean {
    return this.stop === undefined && this.#left > 0;
  }

  /** Takes up to `wanted` calls; answers how many it got (none once stopped). */
  grant(wanted: number): number {
    if (this.stop !== undefined) return 0;
    const granted = Math.min(wanted, this.#left);
    this.#left -= granted;
    return granted;
  }

  /** Stops reading for `cause`; the first cause stays. */
  halt(cause: Unread): void {
    this.stop ??= cause;
  }

  /** Why what was not asked for was not: the stop's cause, else the room ran out (the budget). */
  get cause(): Unread {
    return this.stop ?? "budget";
  }
}

const count = (n: number) => n.toLocaleString("en-US");

/** The bound lists past the room would pass. */
function budgetBound(ctx: GraphContext): string {
  const max = ctx.calls.max;
  return Number.isFinite(max)
    ? `the ${count(max)} backend calls one operation may make (MAX_COST)`
    : `the ${count(UNBOUNDED_ROOM)} lists one operation reads at most`;
}

const ABORTED = "the request was aborted (the caller went away or its deadline passed) before they were read.";

/**
 * One failure entry for what was left unread for `cause`: `what` says what (a count), `cost` why
 * reading it would pass the budget; `clientId` null for the account's clients.
 */
function unreadFailure(ctx: GraphContext, clientId: string | null, what: string, cost: string, cause: Unread) {
  const failure: MembershipFailure = {
    backend: "legacy",
    listId: null,
    clientId,
    ...(cause === "budget"
      ? {
          code: "MAX_COST_EXCEEDED",
          message: `${what}: ${cost} would pass ${budgetBound(ctx)}. Ask for less in one operation.`,
        }
      : { code: "REQUEST_ABORTED", message: `${what}: ${ABORTED}` }),
  };
  return { failure };
}

/** One failure entry for `unread` lists of a client (of `total`) left unread for `cause`. */
function unreadLists(ctx: GraphContext, clientId: string, unread: number, total: number, cause: Unread) {
  const what = `${count(unread)} of this client's ${count(total)} ${total === 1 ? "list" : "lists"} ${unread === 1 ? "was" : "were"} not read`;
  const cost = `each list takes one backend call, and reading ${unread === 1 ? "it" : "them"}`;
  return unreadFailure(ctx, clientId, what, cost, cause);
}

/** One failure entry for the lists of `unread` of the account's `total` clients, never listed for `cause`. */
function unreadClients(ctx: GraphContext, unread: number, total: number, cause: Unread) {
  const what = `The lists of ${count(unread)} of the account's ${count(total)} ${total === 1 ? "client" : "clients"} were not read`;
  const cost = "listing a client's lists takes one backend call and reading each list another, and reading them";
  return unreadFailure(ctx, null, what, cost, cause);
}

/** The person on one legacy list, or why the list was left unread. */
async function legacyList(ctx: GraphContext, email: string, list: LegacyList): Promise<ListRead | Unread> {
  const { clientId, listId } = list;
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
            list,
          },
        }
      : { absence: { backend: "legacy", listId, clientId } };
  } catch (error) {
    return unreadCause(error) ?? { failure: failure("legacy", listId, clientId, error) };
  }
}

/** Counts of the account's clients whose lists were never listed, by cause. */
type UnreadCounts = Record<Unread, number>;

/**
 * The person on the lists of one client: as many as the room allows, in the client's order; the
 * rest, and those the budget refused or an abort stopped, counted into one entry per cause.
 */
async function clientLists(
  ctx: GraphContext,
  email: string,
  clientId: string,
  room: Room,
  unreadClientCounts: UnreadCounts,
): Promise<ListRead[]> {
  room.grant(1);
  let lists;
  try {
    lists = await ctx.legacy.listsOfClient(clientId);
  } catch (error) {
    const cause = unreadCause(error);
    if (cause === undefined) return [{ failure: failure("legacy", null, clientId, error) }];
    room.halt(cause);
    unreadClientCounts[cause] += 1;
    return [];
  }
  const granted = room.grant(lists.length);
  const unread: UnreadCounts = { budget: 0, aborted: 0 };
  unread[room.cause] += lists.length - granted;
  const reads: ListRead[] = [];
  for (const read of await Promise.all(lists.slice(0, granted).map((list) => legacyList(ctx, email, list)))) {
    if (typeof read !== "string") {
      reads.push(read);
      continue;
    }
    room.halt(read);
    unread[read] += 1;
  }
  for (const cause of ["budget", "aborted"] as const) {
    if (unread[cause] > 0) reads.push(unreadLists(ctx, clientId, unread[cause], lists.length, cause));
  }
  return reads;
}

/**
 * The person on every legacy list of the account; each list's active subscribers are read once.
 * Clients' lists are asked for a window at a time (FIRST_WINDOW, MAX_WINDOW), in the account's
 * order, while the room lasts; clients never asked for are counted into one entry at the end of
 * the legacy entries.
 */
async function legacyLists(ctx: GraphContext, email: string): Promise<ListRead[]> {
  let clients;
  try {
    clients = await ctx.legacy.clients();
  } catch (error) {
    return [{ failure: failure("legacy", null, null, error) }];
  }
  const room = new Room(ctx);
  const unreadClientCounts: UnreadCounts = { budget: 0, aborted: 0 };
  const perClient: ListRead[][] = [];
  let next = 0;
  // Why the clients not asked for were not: as it stood when the room first closed.
  let notAsked: Unread | undefined;
  await new Promise<void>((done) => {
    let window = FIRST_WINDOW;
    let active = 0;
    const pump = () => {
      while (active < window && next < clients.length && room.open) {
        const index = next++;
        const { clientId } = clients[index]!;
        active += 1;
        void clientLists(ctx, email, clientId, room, unreadClientCounts)
          .catch((error: unknown): ListRead[] => [{ failure: failure("legacy", null, clientId, error) }])
          .then((reads) => {
            perClient[index] = reads;
            active -= 1;
            window = Math.min(MAX_WINDOW, window + 1);
            pump();
          });
      }
      if (next < clients.length && !room.open) notAsked ??= room.cause;
      if (active === 0) done();
    };
    pump();
  });
  unreadClientCounts[notAsked ?? room.cause] += clients.length - next;
  const reads = perClient.flat();
  for (const cause of ["budget", "aborted"] as const) {
    const unread = unreadClientCounts[cause];
    if (unread > 0) reads.push(unreadClients(ctx, unread, clients.length, cause));
  }
  return reads;
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
                list: null,
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
