/**
 * DELETE /customer-lists/{id}/subscribers: mass unsubscribe by repeated `emails[]` or by
 * `segment` criteria. A segment audience above the synchronous threshold becomes a
 * `segment-unsubscribe` job answered with 202 (spec: States and transitions).
 */
import { badRequest } from "../api-error.js";
import { json } from "../http-io.js";
import type { CustomerList } from "../model.js";
import { arrayParam } from "../query.js";
import { CriteriaError, matchesAll, parseSegmentParam, type Criterion } from "../segment-criteria.js";
import { subjectOf, type CommerceStore } from "../store.js";
import { requireList } from "./lists.js";
import type { Route } from "./route.js";
import { isValidEmail } from "./subscriptions.js";

/** The in-band outcome of a mass unsubscribe (spec: Errors 3). */
export interface UnsubscribeResult {
  unsubscribed: number;
  failed: number;
  failedReasons: string[];
}

/** Unsubscribes addresses from a list one by one, collecting a reason for each failure. */
export function unsubscribeEmails(
  store: CommerceStore,
  list: CustomerList,
  emails: readonly string[],
  now: Date,
): UnsubscribeResult {
  const result: UnsubscribeResult = { unsubscribed: 0, failed: 0, failedReasons: [] };
  const fail = (reason: string): void => {
    result.failed += 1;
    result.failedReasons.push(reason);
  };
  for (const raw of emails) {
    const email = raw.trim().toLowerCase();
    if (!isValidEmail(email)) {
      fail(`${raw}: not a valid email address`);
      continue;
    }
    const customer = store.customerByEmail(email);
    const membership = customer && list.members.get(customer.id);
    if (!membership) fail(`${email}: not subscribed to this list`);
    else if (membership.status === "unsubscribed") fail(`${email}: already unsubscribed`);
    else {
      membership.status = "unsubscribed";
      membership.unsubscribedAt = now.toISOString();
      result.unsubscribed += 1;
    }
  }
  return result;
}

/** Current (subscribed or pending) members of a list the criteria select. */
function audience(store: CommerceStore, list: CustomerList, criteria: readonly Criterion[]): string[] {
  return [...store.entries(list, "subscribed"), ...store.entries(list, "pending")]
    .filter((entry) => matchesAll(criteria, subjectOf(entry), store.segmentCriteria))
    .map((entry) => entry.customer.email);
}

export const deleteSubscribers: Route = {
  handle(request) {
    const { url, ctx } = request;
    const list = requireList(request);
    const emails = arrayParam(url, "emails");
    const segment = url.searchParams.get("segment");
    if (emails.length > 0 === (segment !== null)) {
      throw badRequest("give either emails[] (repeated) or segment (criteria JSON), not both or neither");
    }
    if (segment === null) return json({ data: unsubscribeEmails(ctx.store, list, emails, ctx.now()) });

    let criteria: Criterion[];
    try {
      criteria = parseSegmentParam(segment, ctx.store.segmentCriteria);
    } catch (error) {
      if (error instanceof CriteriaError) throw badRequest(error.message);
      throw error;
    }
    const members = audience(ctx.store, list, criteria);
    if (members.length <= ctx.syncThreshold) {
      return json({ data: unsubscribeEmails(ctx.store, list, members, ctx.now()) });
    }
    // The audience is fixed now; members who leave meanwhile are reported as failures.
    const job = ctx.jobs.create("segment-unsubscribe", () => ({
      result: unsubscribeEmails(ctx.store, list, members, ctx.now()),
    }));
    return json({ data: { asyncJobId: job.id } }, 202);
  },
};
