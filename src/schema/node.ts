/**
 * `nodes(ids:)`. The relay plugin's own field loads all ids together and fails as a whole when
 * one of them does, which would null every other record and, the list being non-null, the whole
 * response. Here each id is decoded and loaded on its own: a malformed id (BAD_USER_INPUT), a
 * record that is gone (NOT_FOUND) or a failing backend call nulls only its own entry.
 */
import { resolveNodes } from "@pothos/plugin-relay";
import { builder } from "./builder.js";
import { decodeGlobalId } from "./global-id.js";

builder.queryField("nodes", (t) =>
  t.field({
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    description:
      "Records by global id, in the order given. An entry is null, with an error at its index, when its id is " +
      "malformed or its record cannot be read; the other entries still arrive.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, { ids }, ctx, info) =>
      ids.map(async (id) => {
        // Still a per-request load: the loaders batch and cache across these separate calls.
        const [node] = await resolveNodes(builder, ctx, info, [decodeGlobalId(String(id))]);
        return node;
      }),
  }),
);
