/**
 * The wire side of CommerceService: per-request calls to the commerce backend, which
 * - are refused before sending when the request holds no credential (CredentialsError) or one
 *   lacking what the operation's catalog rows need (CommerceForbiddenError, scopes.ts);
 * - make each read (segments, a subscriber or coupon page, a job, the partner root) at most once
 *   per request and share its promise; a write drops the pages of the list it changed;
 * - run within the request's cap on concurrent calls (util/call-gate.ts), none started once the
 *   request's signal aborted, every transport abort turned into its one RequestAbortedError.
 * Only the service and its searches and exports use them: resolvers speak to the service.
 */
import type { RequestScope } from "../../logging/request-context.js";
import { CallGate } from "../../util/call-gate.js";
import { inServiceSpan } from "../../tracing/batch-span.js";
import type { CommerceSigner } from "../../backends/commerce/auth.js";
import type { CallOptions, CommerceClient } from "../../backends/commerce/client.js";
import { CommerceError, CommerceHttpError } from "../../backends/commerce/errors.js";
import type { CouponPage } from "../../backends/commerce/types.js";
import { CredentialsError, RequestAbortedError, UnreadableValueError } from "../errors.js";
import { decodeSubscriberCursor, encodeSubscriberCursor, nextPosition, type SubscriberPosition } from "./cursors.js";
import { CommerceForbiddenError } from "./errors.js";
import { checkId, COMMERCE_LIMITS, COMMERCE_PAGE_DEFAULTS, Issues, pageSize } from "./input-rules.js";
import {
  LISTING_OF_STATUS,
  toJob,
  toPartnerRoot,
  toSegment,
  toSubscriber,
  type CommerceAsyncJob,
  type CommercePartnerRoot,
  type CommerceSegment,
  type CommerceSubscriberPage,
  type SubscriberStatus,
} from "./models.js";
import {
  COMMERCE_OPERATION_ACCESS,
  credentialKind,
  missingScopes,
  type CommerceCredential,
  type CommerceOperation,
} from "./scopes.js";
import type { CallerSignal } from "../../util/call-abort.js";
import type { CallBudget } from "../call-budget.js";
import { signerSecrets } from "../../backends/commerce/auth.js";
import { readKey, type CacheUse, type SharedCache } from "../../cache/index.js";
import { COMMERCE_READS, COMMERCE_WRITES, commerceTags } from "./cache-tags.js";

/** The part of CommerceClient the service calls (the client itself, or anything shaped like it). */
export type CommerceCaller = Pick<
  CommerceClient,
  | "listCoupons"
  | "subscribe"
  | "listSubscribers"
  | "unsubscribeEmails"
  | "unsubscribeSegment"
  | "listSegments"
  | "exportSegment"
  | "getJob"
  | "getJobResult"
  | "partnerRoot"
>;

/** What the loaders of one request need of it. */
export interface CommerceLoaderOptions {
  /** The request's credential; undefined makes every operation fail with CredentialsError. */
  credential: CommerceCredential | undefined;
  /**
   * True when this caller may not use the partner application's credential (in token mode, a gateway
   * token without partner access): partner operations are FORBIDDEN then.
   */
  partnerRefused?: boolean;
  /** The partner application's credential, for the partner interface (the store credential is never sent there). */
  partnerCredential?: CommerceCredential | undefined;
  /** Concurrent calls at most for this request. */
  concurrency: number;
  /** The request's signal: once it aborts, no further call starts. */
  signal?: CallerSignal;
  /** The request the calls are made for: its id goes with each call, and its span is their parent. */
  scope?: RequestScope;
  /**
   * The operation's calls across both backends: each request sent takes one first, every attempt of
   * a retried read included (domain/call-budget.ts).
   */
  calls?: CallBudget;
  /** The cache reads shared across requests go through (src/cache), and this request's use of it. */
  cache?: { shared: SharedCache; use: CacheUse };
}

/** Arguments of a page of a list's members. */
export interface SubscribersPageArgs {
  status: SubscriberStatus;
  /** 1–100 (COMMERCE_LIMITS.subscribersPage); default 50. */
  first?: number | null;
  /** The endCursor of the previous page of the same list and status. */
  after?: string | null;
}

const BACKEND = "commerce";
const SERVICE = "the commerce service";

/** The calls and per-request caches of one request. */
export class CommerceLoaders {
  readonly client: CommerceCaller;
  readonly #options: CommerceLoaderOptions;
  /** Made on the first call: a context that never calls the backend (a list subscription's) holds none. */
  #limit: CallGate | undefined;
  #aborted: RequestAbortedError | undefined;
  #segments: Promise<CommerceSegment[]> | undefined;
  #partnerRoot: Promise<CommercePartnerRoot> | undefined;
  // The caches below are made on first use, for the same reason as #limit.
  /** Subscriber pages per list, keyed by status, size and position. */
  #pagesMap: Map<string, Map<string, Promise<CommerceSubscriberPage>>> | undefined;
  /** Backend coupon pages keyed by size and page number. */
  #couponPagesMap: Map<string, Promise<CouponPage>> | undefined;
  #jobsMap: Map<string, Promise<CommerceAsyncJob>> | undefined;
  /** Jobs whose next read skips the shared cache (forgetJob). */
  #reloaded: Set<string> | undefined;

  get #pages(): Map<string, Map<string, Promise<CommerceSubscriberPage>>> {
    return (this.#pagesMap ??= new Map());
  }

  get #couponPages(): Map<string, Promise<CouponPage>> {
    return (this.#couponPagesMap ??= new Map());
  }

  get #jobs(): Map<string, Promise<CommerceAsyncJob>> {
    return (this.#jobsMap ??= new Map());
  }

  constructor(client: CommerceCaller, options: CommerceLoaderOptions) {
    this.client = client;
    this.#options = options;
  }

  /** The signer of an operation, or the error that refuses it before anything is sent. */
  authorize(operation: CommerceOperation): CommerceSigner {
    const access = COMMERCE_OPERATION_ACCESS[operation];
    const credential =
      access.credential === "partner"
        ? (this.#options.partnerCredential ?? this.#options.credential)
        : this.#options.credential;
    // The partner interface is app-wide: a caller not allowed the partner credential is refused as such.
    if (access.credential === "partner" && this.#options.partnerRefused) {
      throw new CommerceForbiddenError(operation, "partner", [], "refused");
    }
    if (access.credential === "partner" && credential !== undefined && credentialKind(credential) !== "partner") {
      throw new CommerceForbiddenError(operation, "partner", [], "unconfigured");
    }
    if (credential === undefined) {
      throw new CredentialsError(
        BACKEND,
        "missing",
        operation,
        access.credential === "partner"
          ? "No partner application credential: this gateway has none (COMMERCE_CLIENT_ID and COMMERCE_CLIENT_SECRET)."
          : "No commerce credentials: send an API key or an OAuth (PoP) token for the commerce service.",
      );
    }
    if (credentialKind(credential) !== access.credential)
      throw new CommerceForbiddenError(operation, access.credential, []);
    const missing = missingScopes(credential, operation);
    if (missing.length > 0) throw new CommerceForbiddenError(operation, access.credential, missing);
    return credential.signer;
  }

  /** Every segment; one GET /segments per request. */
  segments(signer: CommerceSigner): Promise<CommerceSegment[]> {
    this.#segments ??= this.#cached("segments", "", "", signer, () =>
      this.call("listSegments", signer, (s, o) => this.client.listSegments(s, o)).then((list) => list.map(toSegment)),
    );
    return this.#segments;
  }

  /**
   * A read through the shared cache when there is one and the signer's secrets are known: filed
   * under their keyed hash, with the tags cache-tags.ts gives `read` for `id`.
   */
  #cached<T>(
    read: keyof typeof COMMERCE_READS,
    id: string,
    params: string,
    signer: CommerceSigner,
    fetch: () => Promise<T>,
    fresh?: boolean,
  ): Promise<T> {
    const cache = this.#options.cache;
    // One keyed hash per signer (a configured credential's lives as long as the gateway), not per read.
    const scope = cache?.shared.scopeOf(signer, `${BACKEND}-${signer.scheme}`, () => signerSecrets(signer));
    if (!cache || scope === undefined) return fetch();
    const row = COMMERCE_READS[read];
    const key = readKey(BACKEND, read, params);
    const entry = { scope, key, tags: commerceTags(row.tags(id)), kind: row.kind, backend: BACKEND };
    return cache.shared.read(entry, cache.use, fetch, fresh);
  }

  /**
   * A write of `operation` to the list (or job) `id` was sent: this request's pages of it are
   * dropped, and the shared cache's entries on every instance before the write answers.
   */
  async written(operation: keyof typeof COMMERCE_WRITES, id: string): Promise<void> {
    this.forgetList(id);
    await this.#options.cache?.shared.invalidate(commerceTags(COMMERCE_WRITES[operation](id)), "write");
  }

  /** The partner interface's root, once per request. */
  partnerRoot(signer: CommerceSigner): Promise<CommercePartnerRoot> {
    this.#partnerRoot ??= this.call("partnerRoot", signer, (s, o) => this.client.partnerRoot(s, o)).then(toPartnerRoot);
    return this.#partnerRoot;
  }

  /**
   * A page of a list's members, fetched at most once per request. `reserve` is called when the
   * page is not held yet, right before its call is started and in the same turn as the check, so
   * concurrent callers of a budget see each other's pages; it may throw to refuse the page, and
   * then nothing is sent or cached.
   */
  subscribersPage(
    listId: string,
    args: SubscribersPageArgs,
    reserve: (() => void) | undefined,
  ): Promise<CommerceSubscriberPage> {
    const signer = this.authorize("subscribersPage");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    const { status } = args;
    if (!Object.hasOwn(LISTING_OF_STATUS, status))
      issues.add("status", "ONE_OF", "status must be SUBSCRIBED, PENDING or UNSUBSCRIBED.");
    const size = pageSize(issues, args.first, COMMERCE_LIMITS.subscribersPage, COMMERCE_PAGE_DEFAULTS.subscribers);
    let position: SubscriberPosition | undefined;
    if (args.after !== undefined && args.after !== null && issues.list.length === 0) {
      position = decodeSubscriberCursor(issues, args.after, listId, status);
      if (position && "page" in position && position.pageSize !== size) {
        issues.add(
          "first",
          "PAGE_SIZE",
          `first must stay ${position.pageSize} while paging this listing: the backend numbers its pages by that size.`,
        );
      }
    }
    issues.throwIfAny();

    let pages = this.#pages.get(listId);
    if (!pages) this.#pages.set(listId, (pages = new Map<string, Promise<CommerceSubscriberPage>>()));
    const key = JSON.stringify([status, size, position ? encodeSubscriberCursor(position) : null]);
    let page = pages.get(key);
    if (!page) {
      reserve?.();
      page = this.#cached("subscribersPage", listId, key, signer, () =>
        this.#loadSubscriberPage(signer, listId, status, size, position, args.after ?? null),
      );
      pages.set(key, page);
    }
    return page;
  }

  /** A write changed a list: its pages are stale. */
  forgetList(listId: string): void {
    this.#pages.delete(listId);
  }

  /** One backend page of coupons of `size`, by its number, once per request. */
  couponPage(signer: CommerceSigner, size: number, number: number): Promise<CouponPage> {
    const key = `${size}:${number}`;
    let page = this.#couponPages.get(key);
    if (!page) {
      page = this.#cached("couponPage", "", key, signer, () => this.#loadCouponPage(signer, size, number));
      this.#couponPages.set(key, page);
    }
    return page;
  }

  #loadCouponPage(signer: CommerceSigner, size: number, number: number): Promise<CouponPage> {
    return this.call("listCoupons", signer, (s, o) =>
      this.client.listCoupons(s, { limit: size, page: number }, o),
    ).then((wire) => {
      // More coupons than asked for, as with subscriber pages: the offset cursor would step
      // past the surplus, so slicing the page would lose coupons without a word.
      if (wire.coupons.length > size) {
        throw new UnreadableValueError(
          BACKEND,
          SERVICE,
          `coupon page (${wire.coupons.length} coupons where ${size} were asked for)`,
        );
      }
      // Fewer than asked for with more to come: the offsets of the pages after it no longer
      // line up with the offset cursor, which would then skip or repeat coupons.
      if (wire.coupons.length < size && wire.next !== undefined) {
        throw new UnreadableValueError(
          BACKEND,
          SERVICE,
          `coupon page (${wire.coupons.length} coupons where ${size} were asked for, and a next page)`,
        );
      }
      return wire;
    });
  }

  /** An async job, once per request per id. */
  job(signer: CommerceSigner, id: string): Promise<CommerceAsyncJob> {
    let job = this.#jobs.get(id);
    if (!job) {
      // A job forgotten on purpose (watched for a change) is read from the backend, then kept again.
      const fresh = this.#reloaded?.delete(id);
      job = this.#cached("job", id, id, signer, () => this.#loadJob(signer, id), fresh);
      this.#jobs.set(id, job);
    }
    return job;
  }

  /** A job this request already knows (the answer of the write that started it). */
  primeJob(job: CommerceAsyncJob): void {
    this.#jobs.set(job.id, Promise.resolve(job));
  }

  /** The job is read again on its next use. */
  forgetJob(id: string): void {
    this.#jobs.delete(id);
    (this.#reloaded ??= new Set()).add(id);
  }

  /** One backend call within the request's cap; none starts after the request's signal aborted. */
  async call<T>(
    /** The client method it makes, naming its span. */
    operation: string,
    signer: CommerceSigner,
    send: (signer: CommerceSigner, options: CallOptions) => Promise<T>,
  ): Promise<T> {
    const { signal } = this.#options;
    if (signal?.aborted) throw this.#abortedError();
    // The call budget is paid where each request leaves (backends/http.ts): every attempt of a
    // retried read takes one, and a call answered without a request (a shared export file) none.
    const budget = this.#options.calls;
    // Replies to the request's own credential (not the partner application's) say whether the
    // backend accepts it (domain/call-budget.ts).
    const own = budget !== undefined && signer === this.#options.credential?.signer;
    try {
      // One span per call when tracing, from the wait for a slot to the last client call.
      const result = await inServiceSpan(operation, this.#options.scope, (scope) =>
        (this.#limit ??= new CallGate(Math.max(1, Math.floor(this.#options.concurrency) || 1))).run(() => {
          // A call that waited for a slot is not started once the caller has gone.
          if (signal?.aborted) return Promise.reject(this.#abortedError());
          return send(signer, { signal, scope, budget });
        }),
      );
      if (own) budget.answered(BACKEND, true);
      return result;
    } catch (error) {
      const accepted = own ? credentialAccepted(error) : undefined;
      if (accepted !== undefined) budget?.answered(BACKEND, accepted);
      // However the transport words it, every field waiting on this request reports the one abort.
      if (signal?.aborted || (error instanceof CommerceError && error.code === "COMMERCE_ABORTED"))
        throw this.#abortedError();
      throw error;
    }
  }

  async #loadSubscriberPage(
    signer: CommerceSigner,
    listId: string,
    status: SubscriberStatus,
    size: number,
    position: SubscriberPosition | undefined,
    after: string | null,
  ): Promise<CommerceSubscriberPage> {
    // Built from the checked parts only: the list, the listing, the size checked against `first`
    // and the cursor's continuation. The backend's own link is never followed (cursors.ts).
    const query = {
      kind: LISTING_OF_STATUS[status],
      limit: size,
      searchAfter: position && "searchAfter" in position ? position.searchAfter : undefined,
      page: position && "page" in position ? position.page : undefined,
    };
    const wire = await this.call("listSubscribers", signer, (s, o) => this.client.listSubscribers(s, listId, query, o));
    // More entries than the page asked for: a page the cursor cannot continue from exactly (its
    // continuation follows the last), and a cost the request was not charged. Not sliced: the rest
    // would be skipped without a word.
    if (wire.entries.length > size) {
      throw new UnreadableValueError(
        BACKEND,
        SERVICE,
        `subscriber page (${wire.entries.length} entries where ${size} were asked for)`,
      );
    }
    const next = nextPosition(wire, listId, status, size);
    return {
      listId,
      status,
      nodes: wire.entries.map((entry) => toSubscriber(entry, status)),
      totalCount: wire.total ?? null,
      pageInfo: {
        hasNextPage: next !== undefined,
        hasPreviousPage: position !== undefined,
        startCursor: after,
        endCursor: next ? encodeSubscriberCursor(next) : null,
      },
    };
  }

  async #loadJob(signer: CommerceSigner, id: string): Promise<CommerceAsyncJob> {
    return toJob(await this.call("getJob", signer, (s, o) => this.client.getJob(s, id, o)));
  }

  /** The one RequestAbortedError of this request. */
  #abortedError(): RequestAbortedError {
    return (this.#aborted ??= new RequestAbortedError(BACKEND, SERVICE));
  }
}

/**
 * What a failed call says of its credential: refused (401, 403), accepted (another 4xx but 429: the
 * backend read the call past its credential), or nothing (throttled, failing, unreachable).
 */
function credentialAccepted(error: unknown): boolean | undefined {
  if (!(error instanceof CommerceHttpError)) return undefined;
  if (error.status === 401 || error.status === 403) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 429 ? true : undefined;
}
