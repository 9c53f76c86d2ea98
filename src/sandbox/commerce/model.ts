/**
 * The records the commerce sandbox keeps. Plain data: behaviour lives in the modules that use it.
 */
import type { Criterion } from "./segment-criteria.js";

/** A subscriber's state in one customer list. */
export type SubscriptionStatus = "subscribed" | "pending" | "unsubscribed";

/** The scalar property types of the spec (Property rules 4). */
export type ScalarPropertyType = "string" | "number" | "boolean" | "date";

/** An inferred property type; an array records its element type once one is known. */
export type PropertyType = ScalarPropertyType | "array" | `array<${ScalarPropertyType}>`;

/** A store customer: one per email address, shared by every list it is in. */
export interface Customer {
  id: string;
  /** Lower-cased; the lookup key. */
  email: string;
  name: string | null;
  properties: Record<string, unknown>;
  createdAt: string;
}

/** Where a subscription came from (the optional fields of the subscription request). */
export interface SubscriptionOrigin {
  source?: string;
  sourceType?: string;
  sourceId?: string;
  optInText?: string;
}

/** A customer's membership of one list. */
export interface Membership {
  customerId: string;
  status: SubscriptionStatus;
  /** ISO 8601; the listing's sort key together with the customer id. */
  subscribedAt: string;
  unsubscribedAt: string | null;
  origin: SubscriptionOrigin;
}

/** A customer list; double opt-in lists keep new addresses pending. */
export interface CustomerList {
  id: string;
  name: string;
  doubleOptIn: boolean;
  /** Keyed by customer id. */
  members: Map<string, Membership>;
}

/** The model kinds a segment can be used by (spec: Segment.uses). */
export type SegmentUseModel = "AsyncJob" | "Campaign" | "FollowUpTemplate" | "NewsletterTemplate" | "ReceiptTemplate";

/** One `uses` entry of a segment. */
export interface SegmentUse {
  modelName: SegmentUseModel;
  models: Array<{ id: string; enabled: boolean }>;
}

/** A customer segment: default ones are not editable. */
export interface Segment {
  id: string;
  name: string;
  editable: boolean;
  criteria: Criterion[];
  uses: SegmentUse[];
}

/** A coupon as GET /coupons shows it. */
export interface Coupon {
  id: string;
  code: string;
  description: string;
  discountType: "percentage" | "fixed";
  value: number;
  currency: string | null;
  expiresAt: string | null;
  usageCount: number;
}

/** A registered partner application. */
export interface PartnerApp {
  id: string;
  name: string;
  /** 60 characters; the HMAC key of PoP and partner tokens. */
  secret: string;
  /** Compared exactly, character for character. */
  redirectUri: string;
}

/** A store user who can authorize partner apps. */
export interface User {
  id: string;
  email: string;
  name: string;
}

/** An access token and what it is bound to; tokens never expire (spec: Limits). */
export interface AccessTokenGrant {
  token: string;
  appId: string;
  userId: string;
  scopes: string[];
}

/** An authorization code: single use, three minutes, bound to user, scopes and redirect URI. */
export interface AuthorizationCode {
  code: string;
  appId: string;
  userId: string;
  scopes: string[];
  redirectUri: string;
  /** Epoch milliseconds of issue, on the sandbox clock. */
  issuedAt: number;
  used: boolean;
}

/** The parameters of an authorization request, as the consent page carries them. */
export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
}

/** A consent page's CSRF value, bound to the request it was rendered for. */
export interface ConsentTicket {
  value: string;
  params: AuthorizeParams;
  userId: string;
  issuedAt: number;
  used: boolean;
}
