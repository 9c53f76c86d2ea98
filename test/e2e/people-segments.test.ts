/** The Segment interface across both backends: `... on Segment` selects what legacy and commerce segments share. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMERCE_DEMO } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { startStack, type Stack } from "../support/stack.js";

const SegmentsOfBoth = graphql(`
  query PeopleSegmentsOfBoth($clientId: String!) {
    client(clientId: $clientId) {
      segments {
        ...SharedSegment
      }
    }
    store {
      segments {
        ...SharedSegment
      }
    }
  }

  fragment SharedSegment on Segment {
    __typename
    id
    name
    backend
  }
`);

const SegmentNodes = graphql(`
  query PeopleSegmentNodes($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Segment {
        __typename
        name
        backend
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());

describe("interface Segment", () => {
  it("is implemented by LegacySegment and CommerceSegment alike", async () => {
    const { data, errors } = await stack.gql(SegmentsOfBoth, { clientId: DEMO.clients.northwind });
    expect(errors).toEqual([]);
    const legacy = data!.client!.segments!;
    const commerce = data!.store.segments!;
    expect(legacy.length).toBeGreaterThan(0);
    expect(legacy.every((s) => s.__typename === "LegacySegment" && s.backend === "LEGACY")).toBe(true);
    expect(commerce.map((s) => s.name)).toContain("VIP tier");
    expect(commerce.every((s) => s.__typename === "CommerceSegment" && s.backend === "COMMERCE")).toBe(true);
    expect(commerce).toHaveLength(Object.keys(COMMERCE_DEMO.segments).length);

    // Both kinds come back through nodes(ids:) under the interface.
    const ids = [legacy[0]!.id, commerce[0]!.id];
    const nodes = await stack.gql(SegmentNodes, { ids });
    expect(nodes.errors).toEqual([]);
    expect(nodes.data!.nodes).toEqual([
      { __typename: "LegacySegment", name: legacy[0]!.name, backend: "LEGACY" },
      { __typename: "CommerceSegment", name: commerce[0]!.name, backend: "COMMERCE" },
    ]);
  });
});
