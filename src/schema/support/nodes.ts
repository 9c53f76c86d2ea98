/**
 * `nodes(ids:)`. The relay plugin's own field loads all ids together and fails as a whole when
 * one of them does, which would null every other record and, the list being non-null, the whole
 * response. Here each id is decoded and loaded on its own: a malformed id (BAD_USER_INPUT), a
 * record that is gone (NOT_FOUND) or a failing backend call nulls only its own entry.
 */
import { resolveNodes } from "@pothos/plugin-relay";
import { DEFAULT_MAX_NODE_IDS } from "../../domain/input-limits.js";
import { NotFoundError } from "../../domain/errors.js";
import { builder } from "../builder.js";
import { decodeGlobalId } from "./global-id.js";
import { graphError } from "./graph-errors.js";

builder.queryField("nodes", (t) =>
  t.field({
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    description:
      `Records by global id, in the order given; at most ${DEFAULT_MAX_NODE_IDS} ids (the server's MAX_NODE_IDS ` +
      "may set another number), more are refused with BAD_USER_INPUT before anything is read. An entry is null, " +
      "with an error at its index, when its id is malformed (BAD_USER_INPUT), its record does not exist or is not " +
      "readable (NOT_FOUND; a subscriber who is not active included) or its read fails; the other entries still arrive.",
    args: { ids: t.arg.idList({ required: true }) },
    resolve: (_root, { ids }, ctx, info) => {
      const max = ctx.limits.maxNodeIds;
      if (ids.length > max) {
        throw graphError("BAD_USER_INPUT", `nodes takes at most ${max} ids; ${ids.length} were given.`, { limit: max });
      }
      return ids.map(async (id) => {
        const decoded = decodeGlobalId(String(id));
        // Still a per-request load: the service batches and caches across these separate calls.
        const [node] = await resolveNodes(builder, ctx, info, [decoded]);
        // The field promises an error for every null entry, whatever answered null.
        if (node == null) throw new NotFoundError(decoded.typename);
        return node;
      });
    },
  }),
);
