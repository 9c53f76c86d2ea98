/**
 * Commerce reads through the shared cache across two instances on one Redis: segments and a list's
 * members are served from the cache, a subscription made on A is seen at once on B, and two
 * commerce keys never share entries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommerceSandbox, type CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { cachedEnv, freshPrefix, post } from "../cache/support.js";
import { startGateway } from "../support/stack.js";

const REDIS_URL = "redis://127.0.0.1:6379/12";
const MEMBERS = `query CacheCommerceMembers($list: String!) {
  store {
    customerList(listId: $list) {
      subscribed: subscribers(first: 100, status: SUBSCRIBED) { totalCount }
      pending: subscribers(first: 100, status: PENDING) { totalCount }
    }
    segments { id name }
  }
}`;
const SUBSCRIBE = `mutation CacheCommerceSubscribe($input: SubscribeToCustomerListInput!) {
  subscribeToCustomerList(input: $input) { __typename }
}`;

type Count = { totalCount: number } | null;
type Members = { store: { customerList: { subscribed: Count; pending: Count } | null } | null };
const members = (answer: Awaited<ReturnType<typeof post>>) => {
  const list = (answer.data as Members | undefined)?.store?.customerList;
  return list?.subscribed && list.pending ? list.subscribed.totalCount + list.pending.totalCount : undefined;
};

let legacy: LegacySandbox;
let commerce: CommerceSandbox;
const closing: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  legacy = await startLegacySandbox();
  commerce = await startCommerceSandbox({ rateLimit: 100_000 });
  closing.push(legacy, commerce);
});
afterAll(async () => {
  for (const c of closing.reverse()) await c.close();
});

async function gateway(env: Record<string, string>): Promise<Gateway> {
  const g = await startGateway(legacy.url, {
    COMMERCE_URL: commerce.baseUrl,
    COMMERCE_API_KEY: commerce.demo.apiKey,
    ...env,
  });
  closing.push(g);
  for (let i = 0; i < 100 && env.CACHE === "on" && !g.cache?.store.usable(); i++)
    await new Promise((r) => setTimeout(r, 20));
  return g;
}

const hits = async (g: Gateway) => {
  const text = await (await fetch(`${g.url}/metrics`)).text();
  return Number(/mailgraph_cache_reads_total\{backend="commerce",result="hit"\} (\d+)/.exec(text)?.[1] ?? 0);
};

describe("commerce reads through the shared cache", () => {
  it("serves repeated reads from the cache and a subscription made on A at once on B", async () => {
    const env = cachedEnv(REDIS_URL, freshPrefix());
    const a = await gateway(env);
    const b = await gateway(env);
    const list = commerce.demo.lists.vip;
    const first = await post(b.url, MEMBERS, { list });
    expect(first.errors ?? []).toEqual([]);
    const before = members(first) as number;
    expect((await post(b.url, MEMBERS, { list })).data).toEqual(first.data);
    expect(await hits(b)).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 10; i++) {
      const done = await post(a.url, SUBSCRIBE, { input: { listId: list, email: `cached${i}@example.com` } });
      expect(done.data?.subscribeToCustomerList).toEqual({ __typename: "SubscribeToCustomerListSuccess" });
      expect(members(await post(b.url, MEMBERS, { list }))).toBe(before + i + 1);
    }
  });

  it("never answers one commerce key with another's entries", async () => {
    const env = cachedEnv(REDIS_URL, freshPrefix());
    const a = await gateway(env);
    const list = commerce.demo.lists.vip;
    expect((await post(a.url, MEMBERS, { list })).errors ?? []).toEqual([]);
    const other = await post(a.url, MEMBERS, { list }, { "x-commerce-api-key": "not-a-commerce-key" });
    expect(members(other)).toBeUndefined();
    expect((other.data?.store as { segments?: unknown } | undefined)?.segments ?? null).toBeNull();
    expect(other.errors?.length).toBeGreaterThan(0);
    for (const error of other.errors ?? []) expect(error.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
