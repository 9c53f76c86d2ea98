/**
 * The sandbox's state: customers, lists, segments, coupons, partner apps and OAuth grants, and the
 * account's inferred property types. Tests read it directly to check effects.
 */
import type {
  AccessTokenGrant,
  AuthorizationCode,
  ConsentTicket,
  Coupon,
  Customer,
  CustomerList,
  Membership,
  PartnerApp,
  PropertyType,
  Segment,
  SubscriptionStatus,
  User,
} from "./model.js";
import type { SegmentLookup, Subject } from "./segment-criteria.js";
import { randomAlphanumeric } from "./secrets.js";

/** A list member joined with its customer. */
export interface ListEntry {
  customer: Customer;
  membership: Membership;
}

/** A customer with its store-wide subscription status, as the segment export reports it. */
export interface CustomerStanding {
  customer: Customer;
  status: SubscriptionStatus;
  subject: Subject;
}

const STATUS_RANK: Record<SubscriptionStatus, number> = { subscribed: 2, pending: 1, unsubscribed: 0 };

/** Sort order of listings and cursors: subscription time, then customer id. */
export const compareEntries = (a: ListEntry, b: ListEntry): number =>
  a.membership.subscribedAt < b.membership.subscribedAt
    ? -1
    : a.membership.subscribedAt > b.membership.subscribedAt
      ? 1
      : a.customer.id < b.customer.id
        ? -1
        : a.customer.id > b.customer.id
          ? 1
          : 0;

/** All state of one sandbox instance. */
export class CommerceStore {
  readonly customers = new Map<string, Customer>();
  readonly lists = new Map<string, CustomerList>();
  readonly segments = new Map<string, Segment>();
  readonly coupons: Coupon[] = [];
  readonly apps = new Map<string, PartnerApp>();
  readonly users = new Map<string, User>();
  readonly accessTokens = new Map<string, AccessTokenGrant>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly consentTickets = new Map<string, ConsentTicket>();
  /** Account-wide inferred property types; null for a key tracked only with null so far. */
  readonly propertyTypes = new Map<string, PropertyType | null>();
  /** The user the OAuth pages treat as signed in. */
  signedInUserId: string | undefined;
  private readonly idsByEmail = new Map<string, string>();
  private customerSeq = 0;

  /** Criteria of a segment by id, for `inSegment`. */
  readonly segmentCriteria: SegmentLookup = (id) => this.segments.get(id)?.criteria;

  customerByEmail(email: string): Customer | undefined {
    const id = this.idsByEmail.get(email.trim().toLowerCase());
    return id === undefined ? undefined : this.customers.get(id);
  }

  /** Creates a customer (the email is lower-cased); callers check it does not exist yet. */
  addCustomer(email: string, name: string | null, createdAt: string): Customer {
    this.customerSeq += 1;
    const customer: Customer = {
      id: `cus_${String(this.customerSeq).padStart(6, "0")}`,
      email: email.trim().toLowerCase(),
      name,
      properties: {},
      createdAt,
    };
    this.customers.set(customer.id, customer);
    this.idsByEmail.set(customer.email, customer.id);
    return customer;
  }

  /** Gives a customer another address (lower-cased) and name; the address must be unused. */
  renameCustomer(customer: Customer, email: string, name: string | null): void {
    const next = email.trim().toLowerCase();
    if (this.idsByEmail.has(next)) throw new Error(`a customer already has ${next}`);
    this.idsByEmail.delete(customer.email);
    customer.email = next;
    customer.name = name;
    this.idsByEmail.set(next, customer.id);
  }

  /** Members of a list with one status, in listing order. */
  entries(list: CustomerList, status: SubscriptionStatus): ListEntry[] {
    const out: ListEntry[] = [];
    for (const membership of list.members.values()) {
      const customer = this.customers.get(membership.customerId);
      if (customer && membership.status === status) out.push({ customer, membership });
    }
    return out.sort(compareEntries);
  }

  /** Every customer in at least one list, with its best status across lists and earliest subscription. */
  standings(): CustomerStanding[] {
    const byCustomer = new Map<string, CustomerStanding>();
    for (const list of this.lists.values()) {
      for (const m of list.members.values()) {
        const customer = this.customers.get(m.customerId);
        if (!customer) continue;
        const seen = byCustomer.get(customer.id);
        if (!seen) {
          const subject = { email: customer.email, properties: customer.properties, subscribedAt: m.subscribedAt };
          byCustomer.set(customer.id, { customer, status: m.status, subject });
          continue;
        }
        if (STATUS_RANK[m.status] > STATUS_RANK[seen.status]) seen.status = m.status;
        if (m.subscribedAt < seen.subject.subscribedAt) seen.subject.subscribedAt = m.subscribedAt;
      }
    }
    return [...byCustomer.values()].sort((a, b) => (a.customer.id < b.customer.id ? -1 : 1));
  }

  /** Issues a 30-character access token bound to app, user and scopes. */
  issueAccessToken(appId: string, userId: string, scopes: readonly string[]): AccessTokenGrant {
    const grant: AccessTokenGrant = { token: randomAlphanumeric(30), appId, userId, scopes: [...scopes] };
    this.accessTokens.set(grant.token, grant);
    return grant;
  }
}

/** The subject a list member is judged by in segment criteria. */
export const subjectOf = (entry: ListEntry): Subject => ({
  email: entry.customer.email,
  properties: entry.customer.properties,
  subscribedAt: entry.membership.subscribedAt,
});
