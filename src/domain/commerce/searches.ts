/**
 * Membership search: where an address stands on a customer list. The backend has no lookup by
 * email, so the listings are paged through the request's loaders (pages it already read cost
 * nothing) within two bounds: pages per listing, and pages per request over every search.
 */
import { emailKey } from "../email.js";
import { MembershipSearchLimitError } from "./errors.js";
import { checkEmail, checkId, COMMERCE_LIMITS, Issues } from "./input-rules.js";
import type { CommerceLoaders } from "./loaders.js";
import type { SubscriberStatus } from "./models.js";

/** Where an address stands on a customer list, and the address as the list holds it. */
export interface CommerceMembership {
  status: SubscriberStatus;
  email: string;
}

/** Pages of one listing membership() reads at most (100 members each). */
export const MEMBERSHIP_MAX_PAGES = 200;

/**
 * Pages membership() may fetch in one request, over every list and status it searches: without
 * it, `contact` with 20 long lists could cost thousands of backend calls. Pages the request
 * already holds do not count.
 */
export const MEMBERSHIP_PAGE_BUDGET = 60;

/** The membership searches of one request. */
export class MembershipSearches {
  readonly #loaders: CommerceLoaders;
  readonly #pageBudget: number;
  /** Answers by list and address. */
  readonly #memberships = new Map<string, Promise<CommerceMembership | null>>();
  /** Pages the searches have fetched or are fetching this request (taken before each is sent). */
  #pagesFetched = 0;

  constructor(loaders: CommerceLoaders, pageBudget: number | undefined) {
    this.#loaders = loaders;
    this.#pageBudget = pageBudget ?? MEMBERSHIP_PAGE_BUDGET;
  }

  /**
   * Where an address stands on a list: SUBSCRIBED, PENDING or UNSUBSCRIBED, or null when no listing
   * holds it. The listings are paged in that order and the search stops at the first page holding
   * the address. A listing is read to at most MEMBERSHIP_MAX_PAGES pages, and the request to its
   * page budget over all its searches; a list either bound stops before its end rejects with
   * MembershipSearchLimitError (too large to search, not a bad reply). Addresses compare as
   * emailKey does; the answer carries the address as the list holds it.
   */
  membership(listId: string, email: string): Promise<CommerceMembership | null> {
    const key = JSON.stringify([listId, emailKey(email)]);
    let found = this.#memberships.get(key);
    if (!found) this.#memberships.set(key, (found = this.#search(listId, email)));
    return found;
  }

  /** A write changed a list: the memberships read from its pages are stale. */
  forgetList(listId: string): void {
    const prefix = JSON.stringify([listId]).slice(0, -1) + ",";
    for (const key of this.#memberships.keys()) if (key.startsWith(prefix)) this.#memberships.delete(key);
  }

  async #search(listId: string, email: string): Promise<CommerceMembership | null> {
    this.#loaders.authorize("subscribersPage");
    const issues = new Issues();
    checkId(issues, "listId", listId);
    checkEmail(issues, "email", email);
    issues.throwIfAny();
    const wanted = emailKey(email);
    const budget = this.#pageBudget;
    // A page is paid for before its call is sent (searches run concurrently, over several lists);
    // a page the request already holds, or is fetching, costs nothing.
    const reserve = () => {
      if (this.#pagesFetched >= budget) {
        throw new MembershipSearchLimitError("request", budget, COMMERCE_LIMITS.subscribersPage);
      }
      this.#pagesFetched += 1;
    };
    for (const status of ["SUBSCRIBED", "PENDING", "UNSUBSCRIBED"] as const) {
      let after: string | null = null;
      for (let pages = 0; pages < MEMBERSHIP_MAX_PAGES; pages++) {
        const page = await this.#loaders.subscribersPage(
          listId,
          { status, first: COMMERCE_LIMITS.subscribersPage, after },
          reserve,
        );
        const member = page.nodes.find((s) => emailKey(s.email) === wanted);
        if (member) return { status, email: member.email };
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
        if (after === null) break;
      }
      // A listing that does not end within the bound is not searched on: its answer would be a guess.
      if (after !== null)
        throw new MembershipSearchLimitError(
          "listing",
          MEMBERSHIP_MAX_PAGES,
          COMMERCE_LIMITS.subscribersPage,
          status.toLowerCase(),
        );
    }
    return null;
  }
}
