/**
 * `contact`: one person across both backends, by email: their memberships in every legacy list of
 * the account and in the customer lists named, with the lists that could not be read beside them.
 */
import { builder } from "../builder.js";
import { ListRef } from "../legacy/refs.js";
import { BackendEnum } from "./backend.js";
import { readPersonLists, type Membership, type MembershipFailure, type PersonLists } from "./memberships.js";
import { checkPerson, CUSTOMER_LISTS_DESCRIPTION, EMAIL_DESCRIPTION } from "./person-input.js";

/** One state for both backends' memberships. */
export const MembershipStateEnum = builder.enumType("MembershipState", {
  description: "Where a person stands on a list, in either backend.",
  values: {
    ACTIVE: { description: "Legacy: Active. Commerce: subscribed." },
    PENDING: { description: "Legacy: Unconfirmed. Commerce: pending (not yet opted in)." },
    UNSUBSCRIBED: { description: "Unsubscribed." },
    BOUNCED: { description: "Legacy: Bounced." },
    DELETED: { description: "Legacy: Deleted." },
  } as const,
});

const MembershipRef = builder.objectRef<Membership>("Membership").implement({
  description: "A list a person is on, in either backend, and their state there.",
  fields: (t) => ({
    backend: t.field({ type: BackendEnum, resolve: (m) => m.backend }),
    listId: t.exposeString("listId", { description: "The backend's own list id (legacy ListID, customer list id)." }),
    clientId: t.exposeString("clientId", {
      nullable: true,
      description: "The legacy list's ClientID; null for a customer list.",
    }),
    state: t.field({ type: MembershipStateEnum, resolve: (m) => m.state }),
    list: t.field({
      type: ListRef,
      nullable: true,
      description: "The legacy list (from its client's lists, already read); null for a customer list.",
      // The list as its client's lists gave it when the membership was read: no lookup per membership.
      resolve: (m) => m.list,
    }),
  }),
});

/** A list (or set of lists) a person field could not read, typed so the other lists still arrive. */
export const MembershipFailureRef = builder.objectRef<MembershipFailure>("MembershipFailure").implement({
  description:
    "Lists of one backend that could not be read: one list, or (listId null) a set of lists: every list of the " +
    "account or of one client when the lists themselves could not be listed, or the lists of one client (of the " +
    "account's clients when clientId is null too) left unread because the operation's backend calls (MAX_COST) " +
    "were spent or the request was aborted, which the message counts.",
  fields: (t) => ({
    backend: t.field({ type: BackendEnum, resolve: (f) => f.backend }),
    listId: t.exposeString("listId", { nullable: true }),
    clientId: t.exposeString("clientId", { nullable: true }),
    code: t.exposeString("code", {
      description:
        "The code a GraphQL error would carry: UPSTREAM_UNAVAILABLE, UPSTREAM_TIMEOUT, UNAUTHENTICATED, " +
        "MAX_COST_EXCEEDED, REQUEST_ABORTED, LIST_TOO_LARGE_TO_SEARCH (a customer list longer than one request " +
        "may search for the address), …",
    }),
    message: t.exposeString("message", { description: "The backend's reason." }),
  }),
});

const ContactRef = builder.objectRef<PersonLists>("Contact").implement({
  description: "A person across both backends, found by email.",
  fields: (t) => ({
    email: t.exposeString("email"),
    memberships: t.field({
      type: [MembershipRef],
      description:
        "The lists the person is on: legacy lists where they are ACTIVE (the legacy service can read only active " +
        "subscribers: an unconfirmed, unsubscribed, bounced or deleted legacy subscriber is not listed), then the " +
        "named customer lists where they are subscribed, pending or unsubscribed.",
      resolve: (person) => person.memberships,
    }),
    failures: t.field({
      type: [MembershipFailureRef],
      description:
        "Lists that could not be read, each with the backend's reason; empty when every list was read. A failing " +
        "backend shows here and never hides the other backend's memberships. Legacy lists left unread because the " +
        "operation's backend calls (MAX_COST) were spent or the request was aborted are counted, one entry per " +
        "client and cause, not listed one by one.",
      resolve: (person) => person.failures,
    }),
  }),
});

builder.queryField("contact", (t) =>
  t.field({
    type: ContactRef,
    nullable: true,
    description:
      "One person across both backends: their membership in every legacy list of the account (every client's " +
      "lists; only ACTIVE legacy subscribers are readable, other legacy states are not) and in the customer lists " +
      "named, read concurrently. Each legacy list's active subscribers are read once, one backend call each, as " +
      "far as the operation's MAX_COST allows; each customer list is paged per status until the address is found " +
      "(at most 60 pages of 100 members per request). Lists that fail are in `failures`. Arguments that break the " +
      "rules are BAD_USER_INPUT before anything is read.",
    args: {
      email: t.arg.string({ required: true, description: EMAIL_DESCRIPTION }),
      customerListIds: t.arg.stringList({ description: CUSTOMER_LISTS_DESCRIPTION }),
    },
    resolve: (_root, args, ctx) => {
      checkPerson(args.email, args.customerListIds);
      return readPersonLists(ctx, args.email, args.customerListIds ?? []);
    },
  }),
);
