/**
 * Every id and cursor the graph issues, it takes back: a subscriber whose address is as long as
 * an address may be (254 characters), in letters that take three bytes each or in characters JSON
 * escapes, gets a global id and a cursor longer than the former 512-character bound.
 */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import { parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { MAX_LENGTH } from "../../src/domain/input-limits.js";
import { demo } from "./support/ids.js";
import { startStack, type Stack } from "../support/stack.js";

type Edge = { cursor: string; node: { id: string; email: string } };
const doc = <T>(text: string) => parse(text) as TypedDocumentNode<T, Record<string, unknown>>;

const Page = doc<{ node: { activeSubscribers: { edges: Edge[] } } }>(`
  query ($list: ID!, $after: String) {
    node(id: $list) {
      ... on List {
        activeSubscribers(first: 500, after: $after) {
          edges {
            cursor
            node {
              id
              email
            }
          }
        }
      }
    }
  }
`);
const Node = doc<{ node: { email: string } | null }>(`
  query ($id: ID!) {
    node(id: $id) {
      ... on Subscriber {
        email
      }
    }
  }
`);

const addresses = [
  "é".repeat(244) + "@ex.com.au",
  "\\".repeat(240) + "@example.com",
  "\u4e2d".repeat(242) + "@example.com",
];

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
  for (const email of addresses) stack.legacy.store.putSubscriber(DEMO.lists.newsletter, { email, name: "Long" });
});
afterAll(() => stack.close());

describe("ids and cursors of the longest addresses", () => {
  it("are taken back by node() and as `after`", async () => {
    const page = await stack.gql(Page, { list: demo.newsletter });
    expect(page.errors).toEqual([]);
    const long = page.data!.node.activeSubscribers.edges.filter((e) => addresses.includes(e.node.email));
    expect(long).toHaveLength(addresses.length);
    // Each is past the former bound, and within the one that replaced it.
    for (const { node, cursor } of long) {
      expect(node.id.length).toBeGreaterThan(512);
      expect(Math.max(node.id.length, cursor.length)).toBeLessThanOrEqual(MAX_LENGTH.globalId);
      const found = await stack.gql(Node, { id: node.id });
      expect(found.errors).toEqual([]);
      expect(found.data!.node).toEqual({ email: node.email });
      const next = await stack.gql(Page, { list: demo.newsletter, after: cursor });
      expect(next.errors).toEqual([]);
    }
  });
});
