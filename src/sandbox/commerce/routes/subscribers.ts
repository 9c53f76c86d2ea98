/**
 * GET /customer-lists/{id}/subscribers: the default listing (cursor `searchAfter[]`) and the
 * pending / unsubscriber listings (page numbers, the spec's "legacy behaviour"); see
 * docs/decisions.md, "Subscriber listing".
 */
import { badRequest } from "../api-error.js";
import { baseUrlOf } from "../context.js";
import { json } from "../http-io.js";
import { arrayParam, boolParam, intParam } from "../query.js";
import { compareEntries, type ListEntry } from "../store.js";
import { requireList, subscribersUrl } from "./lists.js";
import type { Route } from "./route.js";

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

/** The cursor of an entry: its sort key. */
const cursorOf = (entry: ListEntry): [string, string] => [entry.membership.subscribedAt, entry.customer.id];

const cursorQuery = (cursor: readonly string[]): string =>
  cursor.map((value) => `searchAfter[]=${encodeURIComponent(value)}`).join("&");

export const listSubscribers: Route = {
  handle(request) {
    const { url, ctx } = request;
    const list = requireList(request);
    const pending = boolParam(url, "pending");
    const unsubscribers = boolParam(url, "unsubscribers");
    if (pending && unsubscribers) throw badRequest("pending and unsubscribers cannot be combined");
    const limit = intParam(url, "limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
    const collection = subscribersUrl(baseUrlOf(request), list);

    if (pending || unsubscribers) {
      const entries = ctx.store.entries(list, pending ? "pending" : "unsubscribed");
      const page = intParam(url, "page", 1, 1, Number.MAX_SAFE_INTEGER);
      const flag = pending ? "pending=true" : "unsubscribers=true";
      const hasNext = page * limit < entries.length;
      return json({
        data: entries.slice((page - 1) * limit, page * limit).map((e) => ({ email: e.customer.email })),
        meta: {
          pages: Math.ceil(entries.length / limit),
          total: entries.length,
          limit,
          page,
          ...(hasNext ? { nextPage: `${collection}?${flag}&limit=${limit}&page=${page + 1}` } : {}),
        },
      });
    }

    const entries = ctx.store.entries(list, "subscribed");
    const after = arrayParam(url, "searchAfter");
    if (after.length !== 0 && after.length !== 2) {
      throw badRequest("searchAfter[] takes the two values of meta.searchAfter (subscription time, id)");
    }
    let start = 0;
    if (after.length === 2) {
      const [subscribedAt = "", id = ""] = after;
      const probe = { membership: { subscribedAt }, customer: { id } } as ListEntry;
      start = entries.findIndex((e) => compareEntries(e, probe) > 0);
      if (start < 0) start = entries.length;
    }
    const page = entries.slice(start, start + limit);
    const last = page.at(-1);
    const cursor = last ? cursorOf(last) : [];
    const hasNext = start + limit < entries.length;
    return json({
      data: page.map(({ customer, membership }) => ({
        id: customer.id,
        email: customer.email,
        name: customer.name,
        subscribedAt: membership.subscribedAt,
        properties: customer.properties,
      })),
      meta: {
        pages: Math.ceil(entries.length / limit),
        total: entries.length,
        limit,
        searchAfter: cursor,
        ...(hasNext ? { nextPage: `${collection}?limit=${limit}&${cursorQuery(cursor)}` } : {}),
      },
    });
  },
};
