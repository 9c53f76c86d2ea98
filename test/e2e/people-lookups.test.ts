/**
 * Root lookups by the backend's own ids beside global ids, and the Segment interface over the
 * legacy segments (whose ids, issued when the type was named Segment, still resolve).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { errorCodesByPath } from "./support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { callCounts, startStack, type Stack } from "./support/stack.js";

const ByOwnIds = graphql(`
  query PeopleLookupsByOwnIds($clientId: String!, $listId: String!, $campaignId: String!, $templateId: String!) {
    client(clientId: $clientId) {
      id
      clientId
    }
    list(listId: $listId, clientId: $clientId) {
      id
      listId
      name
    }
    campaign(campaignId: $campaignId, clientId: $clientId) {
      id
      campaignId
    }
    template(templateId: $templateId) {
      id
      templateId
    }
  }
`);

const ListLookup = graphql(`
  query PeopleListLookup($id: ID, $listId: String, $clientId: String) {
    list(id: $id, listId: $listId, clientId: $clientId) {
      listId
    }
  }
`);

const ClientLookup = graphql(`
  query PeopleClientLookup($id: ID, $clientId: String) {
    client(id: $id, clientId: $clientId) {
      clientId
    }
  }
`);

const SegmentsOnInterface = graphql(`
  query PeopleSegmentsOnInterface($clientId: String!) {
    client(clientId: $clientId) {
      segments {
        __typename
        ... on Segment {
          id
          name
          backend
        }
        listId
      }
    }
  }
`);

const SegmentById = graphql(`
  query PeopleSegmentById($id: ID!) {
    node(id: $id) {
      __typename
      id
      ... on Segment {
        name
        backend
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe("lookups by the backend's own ids", () => {
  it("find the same records as their global ids", async () => {
    const { data, errors } = await stack.gql(ByOwnIds, {
      clientId: DEMO.clients.northwind,
      listId: DEMO.lists.newsletter,
      campaignId: DEMO.campaigns.sent,
      templateId: DEMO.templates.newsletter,
    });
    expect(errors).toEqual([]);
    expect(data!.client).toEqual({ id: demo.northwind, clientId: DEMO.clients.northwind });
    expect(data!.list).toEqual({ id: demo.newsletter, listId: DEMO.lists.newsletter, name: "Newsletter" });
    expect(data!.campaign).toEqual({
      id: gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent),
      campaignId: DEMO.campaigns.sent,
    });
    expect(data!.template).toEqual({
      id: gid.template(DEMO.templates.newsletter),
      templateId: DEMO.templates.newsletter,
    });
  });

  it("read the list from its client's lists only: no other client is asked", async () => {
    stack.sandbox.calls.reset();
    const { data, errors } = await stack.gql(ListLookup, { listId: DEMO.lists.pilot, clientId: DEMO.clients.contoso });
    expect(errors).toEqual([]);
    expect(data!.list).toEqual({ listId: DEMO.lists.pilot });
    expect(callCounts(stack.sandbox)).toEqual({ "Client.GetLists": 1 });
  });

  it("are NOT_FOUND for a list of another client", async () => {
    const { data, errors } = await stack.gql(ListLookup, {
      listId: DEMO.lists.pilot,
      clientId: DEMO.clients.northwind,
    });
    expect(data!.list).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ list: "NOT_FOUND" });
  });

  it.each([
    ["no key at all", {}],
    [
      "both a global id and the service's ids",
      { id: demo.newsletter, listId: DEMO.lists.newsletter, clientId: DEMO.clients.northwind },
    ],
    ["a ListID without its ClientID", { listId: DEMO.lists.newsletter }],
    ["a ClientID alone", { clientId: DEMO.clients.northwind }],
    ["a blank ListID", { listId: " ", clientId: DEMO.clients.northwind }],
    ["a ListID longer than 32 characters", { listId: "1".repeat(33), clientId: DEMO.clients.northwind }],
  ])("refuse %s with BAD_USER_INPUT before any call", async (_what, variables) => {
    stack.sandbox.calls.reset();
    const { data, errors } = await stack.gql(ListLookup, variables);
    expect(data!.list).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ list: "BAD_USER_INPUT" });
    expect(stack.sandbox.calls.total()).toBe(0);
  });

  it("take exactly one key for a client too", async () => {
    const both = await stack.gql(ClientLookup, { id: demo.northwind, clientId: DEMO.clients.northwind });
    expect(errorCodesByPath(both.errors)).toEqual({ client: "BAD_USER_INPUT" });
    expect(both.errors[0]?.extensions).toMatchObject({ rule: "EXACTLY_ONE" });
    const byId = await stack.gql(ClientLookup, { id: demo.northwind });
    expect(byId.data!.client).toEqual({ clientId: DEMO.clients.northwind });
  });
});

describe("the Segment interface", () => {
  it("is implemented by the legacy segments, selected through `... on Segment`", async () => {
    const { data, errors } = await stack.gql(SegmentsOnInterface, { clientId: DEMO.clients.northwind });
    expect(errors).toEqual([]);
    const segments = data!.client!.segments!;
    expect(segments.length).toBeGreaterThan(0);
    for (const segment of segments) {
      expect(segment).toMatchObject({ __typename: "LegacySegment", backend: "LEGACY" });
      expect(segment.name).not.toBe("");
    }
  });

  it("keeps the ids issued while the legacy type was named Segment", async () => {
    const { data } = await stack.gql(SegmentsOnInterface, { clientId: DEMO.clients.northwind });
    const segment = data!.client!.segments![0]!;
    // An id as the graph wrote it before the rename: `legacy:Segment:<client, list, name>`.
    const oldId = Buffer.from(
      `legacy:Segment:${JSON.stringify([DEMO.clients.northwind, segment.listId, segment.name])}`,
      "utf8",
    ).toString("base64url");
    expect(segment.id).toBe(oldId);
    const found = await stack.gql(SegmentById, { id: oldId });
    expect(found.errors).toEqual([]);
    expect(found.data!.node).toEqual({ __typename: "LegacySegment", id: oldId, name: segment.name, backend: "LEGACY" });
  });

  it("refuses an id naming the new type name, which the graph never issued", async () => {
    const forged = Buffer.from(`legacy:LegacySegment:${JSON.stringify(["10001", "20001", "x"])}`).toString("base64url");
    const { data, errors } = await stack.gql(SegmentById, { id: forged });
    expect(data!.node).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ node: "BAD_USER_INPUT" });
  });
});
