/**
 * What every handler of one sandbox instance shares.
 */
import type { IncomingMessage } from "node:http";
import { COMMERCE_API_PATH } from "../../backends/commerce/catalog.js";
import type { CallCounter } from "./call-counter.js";
import type { JobQueue } from "./jobs.js";
import type { RateLimiter } from "./rate-limiter.js";
import type { CommerceWebhooks } from "./webhooks.js";
import type { CommerceStore } from "./store.js";

/** The versioned root under the origin (spec: Versioning 1). */
export const API_PREFIX = COMMERCE_API_PATH;

/** Shared state and settings of one sandbox instance. */
export interface SandboxContext {
  store: CommerceStore;
  jobs: JobQueue;
  calls: CallCounter;
  rateLimiter: RateLimiter;
  now: () => Date;
  /** The store owner's API key. */
  apiKey: string;
  /** Segment unsubscribes with a larger audience become jobs. */
  syncThreshold: number;
  /** Origin used when a request's Host header is unusable; set once the server listens. */
  fallbackOrigin: string;
  /** Topic webhooks: registrations and delivery. */
  webhooks: CommerceWebhooks;
  /** The user owning the store (newsletter and cart events name it). */
  ownerUserId: string;
}

/** One request as a route handler sees it. */
export interface RouteRequest {
  ctx: SandboxContext;
  req: IncomingMessage;
  url: URL;
  /** Path parameters, e.g. { id } for /customer-lists/:id/subscribers. */
  params: Record<string, string>;
  /** The origin absolute URLs in replies start with. */
  origin: string;
}

/** {base_url} as seen by this request. */
export const baseUrlOf = (request: RouteRequest): string => `${request.origin}${API_PREFIX}`;
