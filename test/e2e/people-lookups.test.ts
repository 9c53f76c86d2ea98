/**
 * Root lookups by the backend's own ids beside global ids, and the Segment interface over the
 * legacy segments (whose ids, issued when the type was named Segment, still resolve).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_LENGTH } from "../../src/domain/input-limits.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { errorCodesByPath } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { callCounts, startStack, type Stack } from "../support/stack.js";

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

const TemplateLookup = graphql(`
  query PeopleTemplateLookup($templateId: String) {
    template(templateId: $templateId) {
      templateId
    }
  }
`);

const SubscriberByEmail = graphql(`
  query PeopleSubscriberByEmail($list: ID!, $email: String!) {
    list(id: $list) {
      subscriber(email: $email) {
        email
      }
    }
  }
`);

const NodeById = graphql(`
  query PeopleNodeById($id: ID!) {
    node(id: $id) {
      id
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
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(ListLookup, { listId: DEMO.lists.pilot, clientId: DEMO.clients.contoso });
    expect(errors).toEqual([]);
    expect(data!.list).toEqual({ listId: DEMO.lists.pilot });
    expect(callCounts(stack.legacy)).toEqual({ "Client.GetLists": 1 });
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
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(ListLookup, variables);
    expect(data!.list).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ list: "BAD_USER_INPUT" });
    expect(stack.legacy.calls.total()).toBe(0);
  });

  it("refuse an own id holding a character XML forbids, naming the argument and the rule", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(TemplateLookup, { templateId: "tpl\u0001" });
    expect(data!.template).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ template: "BAD_USER_INPUT" });
    expect(errors[0]?.extensions).toMatchObject({ field: "templateId", rule: "XML_CHARACTERS" });
    expect(errors[0]?.message).not.toContain("TemplateID");
    expect(stack.legacy.calls.total()).toBe(0);
  });

  it("send an own id exactly as given: with surrounding spaces it names no list", async () => {
    const { data, errors } = await stack.gql(ListLookup, {
      listId: ` ${DEMO.lists.newsletter}`,
      clientId: DEMO.clients.northwind,
    });
    expect(data!.list).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ list: "NOT_FOUND" });
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

describe("subscriber(email:) and node(id:) name the rule they refuse by", () => {
  it.each([
    ["an address over 254 characters", `${"a".repeat(300)}@example.com`, "MAX_LENGTH"],
    ["an address with surrounding spaces", " ada@example.com", "EMAIL"],
    ["text that is not an address", "ada", "EMAIL"],
  ])("subscriber(email:) refuses %s", async (_what, email, rule) => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(SubscriberByEmail, { list: demo.newsletter, email });
    expect(data!.list!.subscriber).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ "list.subscriber": "BAD_USER_INPUT" });
    expect(errors[0]?.extensions).toMatchObject({ field: "email", rule });
    expect(callCounts(stack.legacy)["Subscribers.GetActive"]).toBeUndefined();
  });

  it.each([
    [`longer than ${MAX_LENGTH.globalId} characters`, "A".repeat(MAX_LENGTH.globalId + 1), "MAX_LENGTH"],
    ["not one this graph issued", "bm90LWFuLWlk", "GLOBAL_ID"],
  ])("node(id:) refuses an id %s", async (_what, id, rule) => {
    const { data, errors } = await stack.gql(NodeById, { id });
    expect(data!.node).toBeNull();
    expect(errorCodesByPath(errors)).toEqual({ node: "BAD_USER_INPUT" });
    expect(errors[0]?.extensions).toMatchObject({ rule });
  });
});
