/**
 * `unsubscribeEverywhere`: unsubscribes a person from every list of both backends they are on and
 * reports each list in a row: UNSUBSCRIBED, NOT_A_MEMBER or FAILED with the backend's reason. A
 * failing backend never hides the other's rows, and lists left unread for the call budget are
 * counted per client (memberships.ts), so the rows stay bounded by MAX_COST.
 */
import type { GraphContext } from "../../context.js";
import { LegacyOutcome } from "../../domain/legacy/outcome.js";
import { builder } from "../builder.js";
import type { Backend } from "../support/global-id.js";
import { BackendEnum } from "./backend.js";
import { describeFailure, readPersonListsInOrder, type ListRead } from "./memberships.js";
import { checkPerson, CUSTOMER_LISTS_DESCRIPTION, EMAIL_DESCRIPTION } from "./person-input.js";

/** The legacy Result code of an address that is not (or no longer) an active member. */
const NOT_IN_LIST = 202;

type Outcome = "UNSUBSCRIBED" | "NOT_A_MEMBER" | "FAILED";

/** What happened on one list. */
interface ListResult {
  backend: Backend;
  listId: string | null;
  clientId: string | null;
  outcome: Outcome;
  /** Why, for NOT_A_MEMBER and FAILED. */
  message: string | null;
  /** The graph code of a FAILED row's error (UPSTREAM_UNAVAILABLE, …), or the legacy Result code. */
  code: string | null;
}

interface UnsubscribeEverywherePayload {
  email: string;
  results: ListResult[];
}

const UnsubscribeOutcomeEnum = builder.enumType("UnsubscribeOutcome", {
  description: "What unsubscribeEverywhere did on one list.",
  values: {
    UNSUBSCRIBED: { description: "The person was on the list (active or pending) and is unsubscribed now." },
    NOT_A_MEMBER: {
      description:
        "Nothing to do: not on the list, already unsubscribed, or (legacy) in a state other than active, " +
        "which the legacy service cannot read or unsubscribe.",
    },
    FAILED: { description: "The list could not be read or the unsubscribe failed; `message` has the reason." },
  } as const,
});

const ListUnsubscribeResultRef = builder.objectRef<ListResult>("ListUnsubscribeResult").implement({
  description: "The outcome of unsubscribeEverywhere on one list.",
  fields: (t) => ({
    backend: t.field({ type: BackendEnum, resolve: (r) => r.backend }),
    listId: t.exposeString("listId", {
      nullable: true,
      description:
        "The backend's own list id; null on a FAILED row standing for a set of lists: those that could not even " +
        "be listed (the account's clients, or one client's lists: clientId says which), or those of one client " +
        "(of the account's clients when clientId is null too) left unread because the operation's backend calls " +
        "(MAX_COST) were spent or the request was aborted, which the message counts.",
    }),
    clientId: t.exposeString("clientId", { nullable: true, description: "The legacy list's ClientID." }),
    outcome: t.field({ type: UnsubscribeOutcomeEnum, resolve: (r) => r.outcome }),
    message: t.exposeString("message", {
      nullable: true,
      description: "Why, for NOT_A_MEMBER and FAILED (the backend's reason); null for UNSUBSCRIBED.",
    }),
    code: t.exposeString("code", {
      nullable: true,
      description: "For FAILED: the error's code (UPSTREAM_UNAVAILABLE, …) or `LEGACY_<Result code>`.",
    }),
  }),
});

const PayloadRef = builder.objectRef<UnsubscribeEverywherePayload>("UnsubscribeEverywherePayload").implement({
  description:
    "One row per list of both backends; legacy lists left unread for MAX_COST or an abort are counted in one row " +
    "per client.",
  fields: (t) => ({
    email: t.exposeString("email"),
    results: t.field({
      type: [ListUnsubscribeResultRef],
      description: "Legacy lists first (every list of the account), then the customer lists in the order given.",
      resolve: (payload) => payload.results,
    }),
  }),
});

const UnsubscribeEverywhereInput = builder.inputType("UnsubscribeEverywhereInput", {
  fields: (t) => ({
    email: t.string({ required: true, description: EMAIL_DESCRIPTION }),
    customerListIds: t.stringList({ description: CUSTOMER_LISTS_DESCRIPTION }),
  }),
});

const row = (read: { backend: Backend; listId: string | null; clientId: string | null }) => ({
  backend: read.backend,
  listId: read.listId,
  clientId: read.clientId,
});

function failed(base: ReturnType<typeof row>, error: unknown): ListResult {
  if (error instanceof LegacyOutcome) {
    return { ...base, outcome: "FAILED", message: error.message, code: `LEGACY_${error.code}` };
  }
  const { code, message } = describeFailure(error);
  return { ...base, outcome: "FAILED", message, code };
}

/** Unsubscribes the person from one list they were found on, or says why not. */
async function settle(ctx: GraphContext, email: string, read: ListRead): Promise<ListResult> {
  if ("failure" in read) {
    const { code, message } = read.failure;
    return { ...row(read.failure), outcome: "FAILED", message, code };
  }
  if ("absence" in read) {
    const message =
      read.absence.backend === "legacy" ? "Not an active subscriber of this list." : "Not on this customer list.";
    return { ...row(read.absence), outcome: "NOT_A_MEMBER", message, code: null };
  }
  const m = read.membership;
  const base = row(m);
  if (m.state !== "ACTIVE" && m.state !== "PENDING") {
    return { ...base, outcome: "NOT_A_MEMBER", message: `Already ${m.state.toLowerCase()}.`, code: null };
  }
  try {
    // The address as the list holds it: the one that was found, whatever case it was asked in.
    if (m.backend === "legacy" && m.clientId !== null) {
      await ctx.legacy.unsubscribe({ clientId: m.clientId, listId: m.listId, email: m.address });
      return { ...base, outcome: "UNSUBSCRIBED", message: null, code: null };
    }
    const report = await ctx.commerce.unsubscribeEmails(m.listId, [m.address]);
    if (report.unsubscribed > 0) return { ...base, outcome: "UNSUBSCRIBED", message: null, code: null };
    const reason = report.failedReasons.join("; ") || "The commerce service unsubscribed no one.";
    return { ...base, outcome: "FAILED", message: reason, code: null };
  } catch (error) {
    // Gone between the read and the write: the service says the address is not (or no longer) on the list.
    if (error instanceof LegacyOutcome && error.code === NOT_IN_LIST) {
      return { ...base, outcome: "NOT_A_MEMBER", message: error.message, code: null };
    }
    return failed(base, error);
  }
}

builder.mutationField("unsubscribeEverywhere", (t) =>
  t.field({
    type: PayloadRef,
    nullable: true,
    description:
      "Unsubscribes a person from every list of both backends they are on: every legacy list of the account " +
      "where they are active (other legacy states cannot be read) and each customer list named where they are " +
      "subscribed or pending. Every list is accounted for, none skipped silently: a row each, except legacy lists " +
      "left unread because the operation's backend calls (MAX_COST) were spent or the request was aborted, which " +
      "one FAILED row per client (listId null) counts. A backend that fails gives FAILED " +
      "rows (with its reason) for its lists and never hides the other backend's rows. Input that breaks the rules " +
      "(email shape and length; at most 20 customer list ids of at most 100 characters) is refused before anything " +
      "is read: the field is null with a BAD_USER_INPUT error naming the field and rule (the result is an object, " +
      "not a payload union, so `results` can be selected directly).",
    args: { input: t.arg({ type: UnsubscribeEverywhereInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      checkPerson(input.email, input.customerListIds);
      const { email } = input;
      const reads = await readPersonListsInOrder(ctx, email, input.customerListIds ?? []);
      const results = await Promise.all(reads.map((read) => settle(ctx, email, read)));
      return { email, results };
    },
  }),
);
