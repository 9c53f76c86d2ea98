/**
 * Live subscriptions over the shared cache: what a subscriber reads because of an event is never
 * the cache's answer from before the webhook that brought it. A listEvents subscriber re-reading
 * the list's statistics on its event gets the new count, and contactEvents delivers the event of
 * a list another client of the service created after the caller's lists were cached (its re-read
 * of the lists goes to the service). Both on one instance caching in memory and on two sharing
 * Redis, the subscriber on B and the webhook posted to A.
 */
import type { Client } from "graphql-ws";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { cachedEnv, freshPrefix, post } from "../cache/support.js";
import {
  subscribeWs,
  until,
  watchLogSubscriptions,
  wsClient,
  type Received,
} from "../schema/events/subscriptions-support.js";
import { startGateway } from "../support/stack.js";
import { demo } from "./support/ids.js";

const REDIS_URL = "redis://127.0.0.1:6379/12";
const INGRESS_TOKEN = "cache-live-ingress-token-0123456789";
const WAIT_MS = 20_000;

const STATS = `query CacheLiveStats($id: ID!) {
  node(id: $id) { ... on List { stats { totalActiveSubscribers } } }
}`;
const LISTS = `query CacheLiveLists($id: ID!) {
  node(id: $id) { ... on Client { lists { listId name } } }
}`;
const ADD = `mutation CacheLiveAdd($input: AddSubscriberInput!) { addSubscriber(input: $input) { __typename } }`;
const CREATE_LIST = `mutation CacheLiveCreateList($input: CreateListInput!) {
  createList(input: $input) { __typename ... on CreateListSuccess { listId list { id } } }
}`;
const LIST_FEED = `subscription CacheLiveListFeed($list: ID!) {
  listEvents(listId: $list) { __typename listId emailAddress }
}`;
const CONTACT_FEED = `subscription CacheLiveContactFeed($email: String!) {
  contactEvents(email: $email) { backend event { __typename ... on ListEvent { listId emailAddress } } }
}`;

type Answer = Awaited<ReturnType<typeof post>>;
type CacheReport = { served: number; fetched: number };

const activeOf = (answer: Answer): unknown =>
  (answer.data?.node as { stats?: { totalActiveSubscribers?: number } } | null)?.stats?.totalActiveSubscribers;
const listIdsOf = (answer: Answer): string[] =>
  ((answer.data?.node as { lists?: { listId: string }[] } | null)?.lists ?? []).map((l) => l.listId);
const cacheOf = (answer: Answer) => answer.extensions?.cache as CacheReport | undefined;

const closing: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const c of closing.reverse()) await c.close();
});

async function gateway(legacy: LegacySandbox, env: Record<string, string>): Promise<Gateway> {
  const g = await startGateway(legacy.url, env);
  closing.push(g);
  // The cache's Redis connects on its own: wait until the instance reads through it.
  for (let i = 0; i < 100 && env.CACHE === "on" && !g.cache?.store.usable(); i++)
    await new Promise((r) => setTimeout(r, 20));
  return g;
}

/**
 * A legacy service whose list webhooks are sent when the test says so, the instance its webhooks
 * reach (`ingress`), the one the subscriber and its reads use (`reader`: the same one in memory,
 * another on the same Redis), and an uncached gateway: another client of the service, whose
 * changes only the webhooks report.
 */
async function rig(redis: boolean) {
  const legacy = await startLegacySandbox({ webhookAutoDeliver: false });
  closing.push(legacy);
  const env = { ...(redis ? cachedEnv(REDIS_URL, freshPrefix()) : { CACHE: "on" }), INGRESS_TOKEN };
  const ingress = await gateway(legacy, env);
  const reader = redis ? await gateway(legacy, env) : ingress;
  const other = await gateway(legacy, {});
  const client: Client = wsClient(reader);
  closing.push({ close: async () => void (await client.dispose()) });
  const logSubscriptions = watchLogSubscriptions(reader);
  const hook = (listId: string) =>
    legacy.webhooks.add({
      listId,
      url: `${ingress.url}/webhooks/legacy/${INGRESS_TOKEN}`,
      format: "json",
      events: ["Subscribe", "Update", "Deactivate"],
    });
  /** Subscribes on the reader and waits until the subscription is in place. */
  const subscribe = async (query: string, variables: Record<string, unknown>): Promise<Received> => {
    const before = logSubscriptions.opened();
    const received = subscribeWs(client, query, variables);
    closing.push({ close: () => Promise.resolve(received.stop()) });
    await logSubscriptions.untilOpened(before + 1, WAIT_MS);
    return received;
  };
  return { legacy, reader, other, hook, subscribe };
}

describe.each([
  { setup: "one instance caching in memory", redis: false },
  { setup: "two instances on one Redis, the subscriber on B and the webhook posted to A", redis: true },
])("live subscriptions and the cache: $setup", ({ redis }) => {
  it("a listEvents subscriber re-reading the list's statistics on its event gets the new count", async () => {
    const { legacy, reader, other, hook, subscribe } = await rig(redis);
    hook(DEMO.lists.vip);
    const feed = await subscribe(LIST_FEED, { list: demo.vip });

    const warm = await post(reader.url, STATS, { id: demo.vip });
    expect(warm.errors ?? []).toEqual([]);
    const before = activeOf(warm) as number;
    expect(before).toBeTypeOf("number");
    const cached = await post(reader.url, STATS, { id: demo.vip });
    expect(activeOf(cached)).toBe(before);
    expect(cacheOf(cached)?.served).toBeGreaterThanOrEqual(1);
    expect(cacheOf(cached)?.fetched).toBe(0);

    const email = `live.${redis ? "redis" : "memory"}@example.com`;
    const added = await post(other.url, ADD, { input: { listId: demo.vip, email } });
    expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
    // Not reported yet: the cache still holds the count from before.
    expect(activeOf(await post(reader.url, STATS, { id: demo.vip }))).toBe(before);
    expect(feed.results).toEqual([]);

    // The webhook goes out; the subscriber reads the list again as soon as its event arrives.
    const delivering = legacy.webhooks.deliverDue();
    await until(
      () => feed.results.length > 0 || feed.ended !== undefined,
      () => feed,
      WAIT_MS,
    );
    const reread = await post(reader.url, STATS, { id: demo.vip });
    await delivering;
    expect(feed.results[0]?.errors).toBeUndefined();
    expect(feed.results[0]).toMatchObject({
      data: { listEvents: { __typename: "SubscribeEvent", listId: DEMO.lists.vip, emailAddress: email } },
    });
    expect(activeOf(reread)).toBe(before + 1);
    expect(cacheOf(reread)?.fetched).toBeGreaterThanOrEqual(1);
    // And kept for the next reads.
    const after = await post(reader.url, STATS, { id: demo.vip });
    expect(activeOf(after)).toBe(before + 1);
    expect(cacheOf(after)?.fetched).toBe(0);
  }, 60_000);

  it("contactEvents delivers the event of a list another client created after the lists were cached", async () => {
    const { legacy, reader, other, hook, subscribe } = await rig(redis);
    const warm = await post(reader.url, LISTS, { id: demo.northwind });
    expect(warm.errors ?? []).toEqual([]);
    const cached = await post(reader.url, LISTS, { id: demo.northwind });
    expect(cacheOf(cached)?.served).toBeGreaterThanOrEqual(1);
    expect(cacheOf(cached)?.fetched).toBe(0);

    const email = `live.contact.${redis ? "redis" : "memory"}@example.com`;
    // The subscription starts from the caller's lists the cache holds.
    const feed = await subscribe(CONTACT_FEED, { email });

    const created = await post(other.url, CREATE_LIST, {
      input: { clientId: demo.northwind, title: `Made elsewhere (${redis ? "redis" : "memory"})`, confirmOptIn: false },
    });
    const list = created.data?.createList as { __typename: string; listId: string; list: { id: string } };
    expect(list.__typename).toBe("CreateListSuccess");
    // Not reported (no webhook tells of a new list): the cache still holds the lists from before.
    expect(listIdsOf(await post(reader.url, LISTS, { id: demo.northwind }))).not.toContain(list.listId);

    hook(list.listId);
    const added = await post(other.url, ADD, { input: { listId: list.list.id, email } });
    expect(added.data?.addSubscriber).toEqual({ __typename: "AddSubscriberSuccess" });
    await legacy.webhooks.deliverDue();
    await until(
      () => feed.results.length > 0 || feed.ended !== undefined,
      () => feed,
      WAIT_MS,
    );
    expect(feed.results[0]?.errors).toBeUndefined();
    expect(feed.results[0]).toMatchObject({
      data: {
        contactEvents: {
          backend: "LEGACY",
          event: { __typename: "SubscribeEvent", listId: list.listId, emailAddress: email },
        },
      },
    });
    // The subscription's re-read went to the service and refreshed what the cache holds.
    expect(listIdsOf(await post(reader.url, LISTS, { id: demo.northwind }))).toContain(list.listId);
  }, 60_000);
});
