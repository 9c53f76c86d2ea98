/**
 * PUT /customer-lists/{id}/subscriptions: subscribe (or update) one address
 * (docs/decisions.md, "PUT subscriptions reply"). Every broken rule is reported at once, and a
 * refused request changes nothing.
 */
import { ApiError, badRequest, type ErrorDetail } from "../api-error.js";
import { json, readJson } from "../http-io.js";
import type { CustomerList, Membership, SubscriptionOrigin } from "../model.js";
import { checkProperties, type PropertyCheck } from "../properties.js";
import type { CommerceStore } from "../store.js";
import { requireList } from "./lists.js";
import type { Route } from "./route.js";

/** A pragmatic address check: one @, no spaces, a dot in the domain. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const MAX_EMAIL_LENGTH = 254;
const TEXT_FIELDS = ["name", "source", "sourceType", "sourceId", "optInText"] as const;

/** True for an address the sandbox accepts. */
export const isValidEmail = (email: string): boolean => email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);

interface SubscriptionRequest {
  email: string;
  name?: string;
  origin: SubscriptionOrigin;
  properties: Record<string, unknown>;
}

function validate(
  body: Record<string, unknown>,
  store: CommerceStore,
): { request: SubscriptionRequest; check: PropertyCheck } | ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const email = body.email;
  if (email === undefined || email === null || email === "") {
    details.push({ field: "email", rule: "required", message: "email is required" });
  } else if (typeof email !== "string" || !isValidEmail(email.trim())) {
    details.push({ field: "email", rule: "email", message: "email must be a valid email address" });
  }
  for (const field of TEXT_FIELDS) {
    const value = body[field];
    if (value !== undefined && value !== null && typeof value !== "string") {
      details.push({ field, rule: "type", message: `${field} must be a string` });
    }
  }
  const rawProperties = body.properties ?? {};
  let check: PropertyCheck = { details: [], typeUpdates: new Map() };
  if (typeof rawProperties !== "object" || Array.isArray(rawProperties)) {
    details.push({ field: "properties", rule: "type", message: "properties must be an object" });
  } else {
    check = checkProperties(rawProperties as Record<string, unknown>, store.propertyTypes);
    details.push(...check.details);
  }
  if (details.length > 0) return details;

  const text = (field: (typeof TEXT_FIELDS)[number]): string | undefined => {
    const value = body[field];
    return typeof value === "string" ? value : undefined;
  };
  const origin: SubscriptionOrigin = {};
  for (const field of ["source", "sourceType", "sourceId", "optInText"] as const) {
    const value = text(field);
    if (value !== undefined) origin[field] = value;
  }
  const name = text("name");
  return {
    request: {
      email: (email as string).trim(),
      ...(name !== undefined ? { name } : {}),
      origin,
      properties: rawProperties as Record<string, unknown>,
    },
    check,
  };
}

function subscribe(
  store: CommerceStore,
  list: CustomerList,
  request: SubscriptionRequest,
  now: Date,
): { id: string; status: Membership["status"]; properties: Record<string, unknown>; email: string } {
  const customer = store.customerByEmail(request.email) ?? store.addCustomer(request.email, null, now.toISOString());
  if (request.name !== undefined) customer.name = request.name;
  // Own data properties, not assignment: "__proto__" matches the key pattern and must be stored as a
  // value like any other key instead of reaching the object's prototype setter.
  for (const [key, value] of Object.entries(request.properties)) {
    Object.defineProperty(customer.properties, key, { value, enumerable: true, writable: true, configurable: true });
  }
  const existing = list.members.get(customer.id);
  if (existing && existing.status !== "unsubscribed") {
    existing.origin = { ...existing.origin, ...request.origin };
  } else {
    list.members.set(customer.id, {
      customerId: customer.id,
      status: list.doubleOptIn ? "pending" : "subscribed",
      subscribedAt: now.toISOString(),
      unsubscribedAt: null,
      origin: request.origin,
    });
  }
  const status = list.members.get(customer.id)?.status ?? "subscribed";
  return { id: customer.id, email: customer.email, status, properties: customer.properties };
}

export const putSubscription: Route = {
  async handle(request) {
    const list = requireList(request);
    const body = await readJson(request.req);
    if (typeof body !== "object" || body === null || Array.isArray(body))
      throw badRequest("body must be a JSON object");
    const { store } = request.ctx;
    const outcome = validate(body as Record<string, unknown>, store);
    if (Array.isArray(outcome)) {
      throw new ApiError(422, "validation_failed", `the subscription breaks ${outcome.length} rule(s)`, outcome);
    }
    for (const [key, type] of outcome.check.typeUpdates) store.propertyTypes.set(key, type);
    const result = subscribe(store, list, outcome.request, request.ctx.now());
    return json({
      data: {
        id: result.id,
        email: result.email,
        listId: list.id,
        status: result.status,
        properties: result.properties,
      },
    });
  },
};
