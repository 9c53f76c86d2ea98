/**
 * Reads that promise an error with every null, the bound of `nodes(ids:)`, the reference lists a
 * client form needs, and segment ids.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COUNTRIES, TIME_ZONES } from "../../src/backends/legacy/reference.js";
import { DEFAULT_MAX_NODE_IDS } from "../../src/domain/input-limits.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { errorCodesByPath } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { startStack, type Stack } from "../support/stack.js";

const NodeIds = graphql(`
  query LimitedNodes($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      id
    }
  }
`);

const SubscriberByEmail = graphql(`
  query SubscriberByEmail($id: ID!, $email: String!) {
    list(id: $id) {
      subscriber(email: $email) {
        email
      }
    }
  }
`);

const ClientForm = graphql(`
  query ClientForm {
    countries
    timeZones
  }
`);

const Segments = graphql(`
  query SegmentIds($id: ID!) {
    client(id: $id) {
      segments {
        id
        name
        listId
      }
    }
  }
`);

const SegmentNode = graphql(`
  query SegmentNode($id: ID!) {
    node(id: $id) {
      __typename
      id
      ... on LegacySegment {
        name
        listId
      }
    }
  }
`);

const SubscriberNode = graphql(`
  query SubscriberNode($id: ID!) {
    node(id: $id) {
      __typename
      id
      ... on Subscriber {
        email
        state
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());
beforeEach(() => stack.legacy.calls.reset());

describe("nulls carry errors", () => {
  it("nodes: an unsubscribed subscriber's id is null with NOT_FOUND at its index", async () => {
    const ids = [
      gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, DEMO.emails.unsubscribed),
      demo.newsletter,
    ];
    const { data, errors } = await stack.gql(NodeIds, { ids });
    expect(data!.nodes.map((n) => n?.__typename ?? null)).toEqual([null, "List"]);
    expect(errorCodesByPath(errors)).toEqual({ "nodes.0": "NOT_FOUND" });
  });

  it("node: a subscriber id naming one client with another's list, or no client, is NOT_FOUND", async () => {
    // The customers list is Contoso's; the address is active on it.
    const active = gid.subscriber(DEMO.clients.contoso, DEMO.lists.customers, "aisha.jensen.customers35@example.org");
    const found = await stack.gql(SubscriberNode, { id: active });
    expect(found.errors).toEqual([]);
    expect(found.data?.node?.__typename).toBe("Subscriber");
    for (const forged of [
      gid.subscriber(DEMO.clients.northwind, DEMO.lists.customers, "aisha.jensen.customers35@example.org"),
      gid.subscriber("99999", DEMO.lists.newsletter, DEMO.emails.active),
    ]) {
      const res = await stack.gql(SubscriberNode, { id: forged });
      expect(res.data).toEqual({ node: null });
      expect(errorCodesByPath(res.errors)).toEqual({ node: "NOT_FOUND" });
    }
  });

  it("node: an unsubscribed subscriber's id is null with NOT_FOUND, like nodes; an active one's is found", async () => {
    const gone = await stack.gql(SubscriberNode, {
      id: gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, DEMO.emails.unsubscribed),
    });
    expect(gone.data).toEqual({ node: null });
    expect(errorCodesByPath(gone.errors)).toEqual({ node: "NOT_FOUND" });
    const id = gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, DEMO.emails.active);
    const found = await stack.gql(SubscriberNode, { id });
    expect(found.errors).toEqual([]);
    expect(found.data).toEqual({ node: { __typename: "Subscriber", id, email: DEMO.emails.active, state: "ACTIVE" } });
  });

  it("subscriber(email:) with text that is not an email is BAD_USER_INPUT, without a backend call", async () => {
    const { data, errors } = await stack.gql(SubscriberByEmail, { id: demo.newsletter, email: "not-an-email" });
    expect(data!.list).toEqual({ subscriber: null });
    expect(errorCodesByPath(errors)).toEqual({ "list.subscriber": "BAD_USER_INPUT" });
    expect(stack.legacy.calls.count("Subscribers.GetActive")).toBe(0);
  });

  it("subscriber(email:) with an address nobody has is still plain null", async () => {
    const { data, errors } = await stack.gql(SubscriberByEmail, { id: demo.newsletter, email: "nobody@example.com" });
    expect(errors).toEqual([]);
    expect(data!.list).toEqual({ subscriber: null });
  });
});

describe("nodes(ids:) is bounded", () => {
  // The field refuses with BAD_USER_INPUT (test/schema/node-limit.test.ts); the server's request
  // limits may refuse the document earlier with a code of their own. Either way: one error naming
  // the number, and nothing sent.
  it(`refuses more than ${DEFAULT_MAX_NODE_IDS} ids with an error naming the limit, before any backend call`, async () => {
    const ids = Array.from({ length: DEFAULT_MAX_NODE_IDS + 1 }, () => demo.northwind);
    const { data, errors } = await stack.gql(NodeIds, { ids });
    expect(data ?? null).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain(String(DEFAULT_MAX_NODE_IDS));
    expect(stack.legacy.calls.total()).toBe(0);
  });

  it(`answers ${DEFAULT_MAX_NODE_IDS} ids`, async () => {
    const ids = Array.from({ length: DEFAULT_MAX_NODE_IDS }, () => demo.northwind);
    const { data, errors } = await stack.gql(NodeIds, { ids });
    expect(errors).toEqual([]);
    expect(data!.nodes).toHaveLength(DEFAULT_MAX_NODE_IDS);
  });
});

describe("what a client form needs", () => {
  it("lists the countries and time zones createClient accepts", async () => {
    const { data, errors } = await stack.gql(ClientForm);
    expect(errors).toEqual([]);
    expect(data!.countries).toEqual([...COUNTRIES]);
    expect(data!.timeZones).toEqual([...TIME_ZONES]);
    expect(data!.timeZones).toContain("(GMT+10:00) Canberra, Melbourne, Sydney");
    expect(stack.legacy.calls.total()).toBe(0);
  });
});

describe("segments", () => {
  it("have a global id that finds them again", async () => {
    const { data } = await stack.gql(Segments, { id: demo.northwind });
    const segments = data!.client!.segments!;
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) {
      const found = await stack.gql(SegmentNode, { id: segment.id });
      expect(found.errors).toEqual([]);
      expect(found.data!.node).toEqual({ __typename: "LegacySegment", ...segment });
    }
  });
});
