/** Segments: the LegacySegment node (a named part of a list) and Client.segments' item type. */
import { builder } from "../builder.js";
import { SegmentInterface } from "../people/segment.js";
import { compositeId, parseCompositeId } from "../support/global-id.js";
import { ListRef, SegmentRef } from "./refs.js";

builder.node(SegmentRef, {
  interfaces: [SegmentInterface],
  description:
    "A segment of one of a client's lists (the type was named Segment before that name became the interface " +
    "over both backends; its ids are unchanged). The legacy service gives a segment no id of its own (it " +
    "names only its list and its name): `id` is this graph's global id, made from the client, the list and the " +
    "name, and finds the segment again through `node`/`nodes`.",
  id: { resolve: (s) => compositeId(s.clientId, s.listId, s.name) },
  loadWithoutCache: (id, ctx) => {
    const [clientId, listId, name] = parseCompositeId(id, 3);
    return ctx.legacy.segment(clientId, listId, name);
  },
  fields: (t) => ({
    name: t.exposeString("name"),
    listId: t.exposeString("listId", { description: "The service's ListID of the segment's list." }),
    list: t.field({
      type: ListRef,
      nullable: true,
      description: "The list the segment is part of.",
      resolve: (s, _args, ctx) => ctx.legacy.listOrNull(s.clientId, s.listId),
    }),
  }),
});
