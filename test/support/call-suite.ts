/**
 * A suite of nested queries over both backends, each with the fewest backend calls that can
 * answer it, worked out from the answer's own shape and why no fewer would do. Used by
 * bench/backend-calls.ts (the table in bench/RESULTS.md) and test/e2e/batching.test.ts (which
 * fails when the gateway makes more, or fewer, calls than this).
 *
 * Why these are minimums: the legacy service has no batch reads (each list's stats, custom fields
 * and each campaign's summary is an operation of its own, with the record's id as its only
 * input), its lists and campaigns come per client, and its only read of a list's subscribers is
 * the whole active collection; the commerce interface has no lookup of a person by email, and
 * a page of a collection as small as these (37 rows at most) is one call.
 */
import { OVERVIEW_QUERY } from "../../src/server.js";
import { STORE_QUERY } from "../../src/schema/commerce/examples.js";
import { PERSON_QUERY } from "../../src/schema/people/examples.js";
import { DEMO } from "../../src/sandbox/demo-data.js";

/** One query of the suite. `data` is the query's answer, from which the minimum is counted. */
export interface SuiteCase {
  readonly name: string;
  readonly query: string;
  readonly variables?: Record<string, unknown>;
  /** Fewest calls per legacy operation / commerce route (`GET /segments`) that answer `data`. */
  minimum(data: Answer): Record<string, number>;
  /** Why no fewer calls could answer it. */
  readonly why: string;
}

/** The part of an answer the minimums are counted from (each query selects what it needs). */
export interface Answer {
  clients?: { lists?: { id?: string; listId?: string }[]; campaigns?: unknown[] }[];
}

const clientsOf = (data: Answer) => data.clients ?? [];
const listsOf = (data: Answer) => sum(clientsOf(data).map((c) => c.lists?.length ?? 0));
const campaignsOf = (data: Answer) => sum(clientsOf(data).map((c) => c.campaigns?.length ?? 0));

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Global ids the suite's queries take, read from the gateway once. */
export interface SuiteIds {
  newsletter: string;
  vip: string;
}

export const LIST_IDS_QUERY = "{ clients { lists { id listId } } }";

/** The global ids of the demo newsletter and VIP lists, from an answer of LIST_IDS_QUERY. */
export function suiteIds(data: Answer): SuiteIds {
  const lists = clientsOf(data).flatMap((c) => c.lists ?? []);
  const id = (listId: string) => {
    const found = lists.find((l) => l.listId === listId);
    if (!found?.id) throw new Error(`demo list ${listId} not found`);
    return found.id;
  };
  return { newsletter: id(DEMO.lists.newsletter), vip: id(DEMO.lists.vip) };
}

export function suiteCases(ids: SuiteIds): SuiteCase[] {
  return [
    {
      name: "Overview (GraphiQL's default)",
      query: OVERVIEW_QUERY,
      minimum: (data) => ({
        "User.GetClients": 1,
        "Client.GetLists": clientsOf(data).length,
        "Client.GetCampaigns": clientsOf(data).length,
        "List.GetStats": listsOf(data),
        "List.GetCustomFields": listsOf(data),
        "Campaign.GetSummary": campaignsOf(data),
      }),
      why: "clients once; lists and campaigns once per client; stats and custom fields once per list, a summary once per campaign (no batch reads)",
    },
    {
      name: "Campaigns with summaries and lists",
      query: "{ clients { campaigns { id summary { recipients } lists { id name } } } }",
      minimum: (data) => ({
        "User.GetClients": 1,
        "Client.GetCampaigns": clientsOf(data).length,
        "Campaign.GetSummary": campaignsOf(data),
        "Campaign.GetLists": campaignsOf(data),
      }),
      why: "a summary and the lists once per campaign; the lists' names come with Campaign.GetLists",
    },
    {
      name: "Five subscriber(email) fields on two lists",
      query: `query Five($n: ID!, $v: ID!) {
        newsletter: list(id: $n) {
          a: subscriber(email: "${DEMO.emails.active}") { email }
          b: subscriber(email: "${DEMO.emails.activeNonAscii.toUpperCase()}") { email }
          c: subscriber(email: "nobody@example.com") { email }
          activeSubscribers(first: 1) { totalCount }
        }
        vip: list(id: $v) { d: subscriber(email: "nobody@example.com") { email } e: name }
      }`,
      variables: { n: ids.newsletter, v: ids.vip },
      minimum: () => ({ "Client.GetLists": 1, "Subscribers.GetActive": 2 }),
      why: "both lists are one client's, found in one Client.GetLists; one active collection per list answers every lookup and the connection",
    },
    {
      name: "The same records reached twice",
      query: `query Twice($n: ID!) {
        a: list(id: $n) { name stats { totalActiveSubscribers } }
        b: node(id: $n) { ... on List { name stats { totalBounced } customFields { key } } }
        clients { lists { listId stats { totalUnsubscribes } } }
      }`,
      variables: { n: ids.newsletter },
      minimum: (data) => ({
        "User.GetClients": 1,
        "Client.GetLists": clientsOf(data).length,
        "List.GetStats": listsOf(data),
        "List.GetCustomFields": 1,
      }),
      why: "the newsletter's lists and stats are the ones the clients' lists read anyway; its custom fields once",
    },
    {
      name: "Store (commerce)",
      query: STORE_QUERY,
      minimum: () => ({ "GET /segments": 1, "GET /coupons": 1, "GET /customer-lists/:id/subscribers": 1 }),
      why: "three collections, each one page; the customer list's id needs no call of its own",
    },
    {
      name: "Person across both backends",
      query: PERSON_QUERY,
      // The answer names only the lists the person is on; the lists searched are all of them.
      minimum: () => ({
        "User.GetClients": 1,
        "Client.GetLists": Object.keys(DEMO.clients).length,
        "Subscribers.GetActive": Object.keys(DEMO.lists).length,
        "GET /customer-lists/:id/subscribers": 2,
      }),
      why: "every legacy list of every client read once for the address (no lookup across lists); each named customer list read once (no lookup by email)",
    },
  ];
}

/** What one case cost against its minimum. */
export interface SuiteRow {
  name: string;
  minimum: number;
  calls: number;
  /** Calls per operation that differ from the minimum: `op: made/minimum`. */
  differences: string[];
  why: string;
}

/** Call counts of the sandboxes, reset before each case. */
export interface CallCounters {
  reset(): void;
  /** Calls made per legacy operation. */
  legacy(): Record<string, number>;
  /** Calls made to one commerce route key, and in all. */
  commerce(key: string): number;
  commerceTotal(): number;
}

/** Runs every case once and compares its calls with its minimum. */
export async function runSuite(
  cases: readonly SuiteCase[],
  query: (query: string, variables?: Record<string, unknown>) => Promise<Answer>,
  counters: CallCounters,
): Promise<SuiteRow[]> {
  const rows: SuiteRow[] = [];
  for (const c of cases) {
    counters.reset();
    const data = await query(c.query, c.variables);
    const legacy = counters.legacy();
    const minimum = c.minimum(data);
    const made: Record<string, number> = { ...legacy };
    let commerceKnown = 0;
    for (const key of Object.keys(minimum)) {
      if (key.includes(" ")) {
        made[key] = counters.commerce(key);
        commerceKnown += made[key];
      }
    }
    const otherCommerce = counters.commerceTotal() - commerceKnown;
    if (otherCommerce > 0) made["other commerce routes"] = otherCommerce;
    const keys = new Set([...Object.keys(minimum), ...Object.keys(made)]);
    const differences = [...keys]
      .filter((k) => (made[k] ?? 0) !== (minimum[k] ?? 0))
      .map((k) => `${k}: ${made[k] ?? 0}/${minimum[k] ?? 0}`);
    rows.push({
      name: c.name,
      minimum: sum(Object.values(minimum)),
      calls: sum(Object.values(made)),
      differences,
      why: c.why,
    });
  }
  return rows;
}
