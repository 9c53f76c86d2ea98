/**
 * Customer lists: the CustomerList node (a list is its id: the backend has no list lookup),
 * Store.customerList and CustomerList.subscribers, a Relay connection over the backend's pages of
 * one listing (SUBSCRIBED, PENDING or UNSUBSCRIBED), each page fetched once per request. Every edge
 * carries its page's endCursor, since the backend gives no cursor per entry.
 */
import type { CommerceSubscriberPage, SubscriberStatus } from "../../domain/commerce/index.js";
import { COMMERCE_LIMITS, COMMERCE_PAGE_DEFAULTS } from "../../domain/commerce/index.js";
import { UnreadableValueError } from "../../domain/errors.js";
import { builder } from "../builder.js";
import { compositeId, parseCompositeId } from "../support/global-id.js";
import { graphError } from "../support/graph-errors.js";
import { JSONObject } from "../support/json-object.js";
import { commerceAccess, scopesNote } from "./access.js";
import { CommerceSubscriberRef, CommerceSubscriberStatus, CustomerListRef, ID_NOTE, StoreRef } from "./refs.js";
import { staleness } from "../support/staleness.js";

builder.node(CustomerListRef, {
  description:
    "A customer list of the store. The backend has no list lookup: a list is its id, and an unknown one shows " +
    "as NOT_FOUND on the first field that calls the backend with it.",
  id: { resolve: (list) => compositeId(list.id) },
  loadWithoutCache: (id, ctx) => {
    const [listId] = parseCompositeId(id, 1);
    return ctx.commerce.customerList(listId);
  },
  fields: (t) => ({
    listId: t.exposeString("id", { description: "The backend's list id, e.g. `cl_newsletter`." }),
  }),
});

builder.objectType(CommerceSubscriberRef, {
  description:
    "A member of a customer list. The pending and unsubscribed listings give only the email (spec), so the " +
    "other fields are null there.",
  fields: (t) => ({
    email: t.exposeString("email"),
    status: t.field({ type: CommerceSubscriberStatus, resolve: (s) => s.status }),
    customerId: t.exposeString("id", { nullable: true, description: "The customer's id; null outside SUBSCRIBED." }),
    name: t.exposeString("name", { nullable: true }),
    subscribedAt: t.exposeString("subscribedAt", {
      nullable: true,
      description: "ISO 8601, as the backend gives it; null outside SUBSCRIBED.",
    }),
    properties: t.field({
      type: JSONObject,
      nullable: true,
      description: "Tracked properties; null outside SUBSCRIBED.",
      resolve: (s) => s.properties,
    }),
  }),
});

const END_PREFIX = "cse1:";

/** The error of a totalCount the backend gave no total for. */
function noTotal(status: SubscriberStatus): Error {
  return graphError(
    "UPSTREAM_BAD_RESPONSE",
    `The commerce service gave no total for the ${status} members of this list; ask for edges and pageInfo only.`,
    { backend: "commerce", subscriberStatus: status },
  );
}

/** The cursor of the last page's edges: after it, nothing. Names the list and status like the others. */
function endCursor(listId: string, status: SubscriberStatus): string {
  return Buffer.from(END_PREFIX + JSON.stringify([listId, status]), "utf8").toString("base64url");
}

builder.objectFields(CustomerListRef, (t) => ({
  subscribers: t.connection(
    {
      type: CommerceSubscriberRef,
      nullable: true,
      description:
        `Members of the list with one status (default SUBSCRIBED), in the backend's order; \`first\` ` +
        `1–${COMMERCE_LIMITS.subscribersPage} (default ${COMMERCE_PAGE_DEFAULTS.subscribers}), forward paging only. ` +
        "`totalCount` is the backend's total for the listing. The backend gives no cursor per member: every edge " +
        "of a page carries the page's endCursor (on the last page, a cursor after which nothing follows)." +
        staleness("listStats", "subscribes and unsubscribes through this gateway are seen at once.") +
        scopesNote("subscribersPage"),
      args: { status: t.arg({ type: CommerceSubscriberStatus, defaultValue: "SUBSCRIBED" }) },
      ...commerceAccess("subscribersPage"),
      resolve: async (list, args, ctx) => {
        if (args.last != null || args.before != null)
          throw graphError("BAD_USER_INPUT", "Subscribers page forward only: use first and after.");
        const status = args.status ?? "SUBSCRIBED";
        const end = endCursor(list.id, status);
        let page: CommerceSubscriberPage;
        if (args.after === end) {
          // Past the last page: nothing more, but the total is still the listing's.
          const head = await ctx.commerce.subscribersPage(list.id, { status, first: args.first });
          page = {
            ...head,
            nodes: [],
            pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: end, endCursor: null },
          };
        } else {
          page = await ctx.commerce.subscribersPage(list.id, { status, first: args.first, after: args.after });
        }
        const total = page.totalCount;
        // The default listing documents its meta block: one without a total is a broken reply.
        if (total === null && status === "SUBSCRIBED")
          throw new UnreadableValueError("commerce", "The commerce service", "listing without meta.total");
        const cursor = page.pageInfo.endCursor ?? end;
        return {
          edges: page.nodes.map((node) => ({ cursor, node })),
          pageInfo: { ...page.pageInfo, endCursor: page.nodes.length > 0 ? cursor : page.pageInfo.endCursor },
          // The pending and unsubscriber listings guarantee only email and nextPage (spec): a page
          // without meta.total is still a page, and only a totalCount asked of it fails.
          get totalCount(): number {
            if (total === null) throw noTotal(status);
            return total;
          },
        };
      },
    },
    { name: "CommerceSubscriberConnection" },
    { name: "CommerceSubscriberEdge" },
  ),
}));

builder.objectFields(StoreRef, (t) => ({
  customerList: t.field({
    type: CustomerListRef,
    nullable: true,
    description:
      "A customer list by the backend's id. Makes no call (the backend has no list lookup): an unknown id shows " +
      "as NOT_FOUND on the list's subscribers." +
      scopesNote("customerList"),
    args: { listId: t.arg.string({ required: true, description: `The backend's list id. ${ID_NOTE}` }) },
    ...commerceAccess("customerList"),
    resolve: (_store, args, ctx) => ctx.commerce.customerList(args.listId),
  }),
}));
