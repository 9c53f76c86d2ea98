/**
 * The Segment interface: what a segment of either backend has. LegacySegment (a named part of a
 * legacy list) and CommerceSegment (a customer segment of the store) implement it.
 */
import { builder } from "../builder.js";
import type { Backend } from "../support/global-id.js";
import { BackendEnum } from "./backend.js";

/** What the interface reads of either backend's segment model. */
export interface SegmentShape {
  name: string;
}

/** A legacy segment model names its client; a commerce one does not. */
export function segmentBackend(segment: SegmentShape): Backend {
  return "clientId" in segment ? "legacy" : "commerce";
}

/** `interface Segment`: a segment of either backend. */
export const SegmentInterface = builder.interfaceRef<SegmentShape>("Segment").implement({
  description:
    "A segment of either backend: a legacy segment (LegacySegment, part of one list of a client) or a " +
    "commerce customer segment (CommerceSegment). Select `... on Segment` for what both have.",
  resolveType: (segment) => (segmentBackend(segment) === "legacy" ? "LegacySegment" : "CommerceSegment"),
  fields: (t) => ({
    id: t.id({
      description: "The segment's global id; `node(id:)` finds it again.",
      // Each implementing type defines its own id; this one is never reached.
      resolve: () => {
        throw new Error("Segment.id is resolved by the implementing type.");
      },
    }),
    name: t.exposeString("name"),
    backend: t.field({
      type: BackendEnum,
      description: "The backend the segment belongs to.",
      resolve: (segment) => segmentBackend(segment),
    }),
  }),
});
