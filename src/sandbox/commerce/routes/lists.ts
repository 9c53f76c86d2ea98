/**
 * Lookup of the customer list a /customer-lists/{id}/… request names.
 */
import { notFound } from "../api-error.js";
import type { RouteRequest } from "../context.js";
import type { CustomerList } from "../model.js";

export function requireList(request: RouteRequest): CustomerList {
  const id = request.params.id ?? "";
  const list = request.ctx.store.lists.get(id);
  if (!list) throw notFound(`no customer list with id ${JSON.stringify(id)}`);
  return list;
}

/** The subscriber collection URL of a list, for nextPage links. */
export const subscribersUrl = (baseUrl: string, list: CustomerList): string =>
  `${baseUrl}/customer-lists/${encodeURIComponent(list.id)}/subscribers`;
