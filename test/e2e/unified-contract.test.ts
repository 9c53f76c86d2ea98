/**
 * The unified graph's contract, word for word as it was agreed: the Store and Person queries and
 * the unsubscribeEverywhere mutation run as written against both sandboxes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codes, post } from "../server/support.js";
import { startStack, type CommerceStack } from "../support/stack.js";

// These documents are plain strings, as a client would send them; their answers' shapes:
interface StoreData {
  store: {
    segments: unknown[];
    coupons: { edges: unknown[] };
    customerList: {
      subscribers: {
        totalCount: number;
        pageInfo: { hasNextPage: boolean };
        edges: Array<{ node: { status: string } }>;
      };
    };
  };
}
interface PersonData {
  contact: { memberships: Array<{ backend: string; listId: string; state: string }> };
}
interface EverywhereData {
  unsubscribeEverywhere: { results: Array<{ backend: string; outcome: string }> };
}

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());

const STORE = `query Store {
  store {
    segments { id segmentId name editable uses }
    coupons(first: 10) { edges { node { id } } }
    customerList(listId: "cl_newsletter") {
      id listId
      subscribers(first: 37, status: SUBSCRIBED) {
        totalCount pageInfo { hasNextPage endCursor } edges { cursor node { email status } }
      }
    }
  }
}`;

const PERSON = `query Person {
  contact(email: "ada.lovelace@example.com", customerListIds: ["cl_newsletter", "cl_vip"]) {
    email memberships { backend listId state }
  }
}`;

const EVERYWHERE = `mutation {
  unsubscribeEverywhere(input: { email: "someone@example.com", customerListIds: ["cl_newsletter"] }) {
    results { backend listId outcome message }
  }
}`;

describe("the unified graph's contract", () => {
  it("Store", async () => {
    const res = await post(stack.gateway.url, STORE);
    expect(codes(res)).toEqual([]);
    const { store } = res.body?.data as StoreData;
    expect(store.segments.length).toBeGreaterThan(0);
    expect(store.coupons.edges).toHaveLength(10);
    const page = store.customerList.subscribers;
    expect(page.totalCount).toBe(280);
    expect(page.edges).toHaveLength(37);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.edges.every((e) => e.node.status === "SUBSCRIBED")).toBe(true);
  });

  it("Person", async () => {
    const res = await post(stack.gateway.url, PERSON);
    expect(codes(res)).toEqual([]);
    const { memberships } = (res.body?.data as PersonData).contact;
    expect(memberships).toEqual(
      expect.arrayContaining([
        { backend: "LEGACY", listId: "20001", state: "ACTIVE" },
        { backend: "COMMERCE", listId: "cl_newsletter", state: "ACTIVE" },
        { backend: "COMMERCE", listId: "cl_vip", state: "ACTIVE" },
      ]),
    );
  });

  it("unsubscribeEverywhere", async () => {
    const res = await post(stack.gateway.url, EVERYWHERE);
    expect(codes(res)).toEqual([]);
    const { results } = (res.body?.data as EverywhereData).unsubscribeEverywhere;
    expect(results.some((r) => r.backend === "COMMERCE")).toBe(true);
    expect(results.some((r) => r.backend === "LEGACY")).toBe(true);
    // Someone on no list: every row says so, none is left out or failed.
    expect(new Set(results.map((r) => r.outcome))).toEqual(new Set(["NOT_A_MEMBER"]));
  });
});
