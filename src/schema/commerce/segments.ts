/**
 * Commerce segments: the CommerceSegment node (every segment of a request comes from one
 * GET /segments, however many fields ask), Store.segments and Store.segment.
 */
import type { CommerceSegmentUse } from "../../domain/commerce/index.js";
import { builder } from "../builder.js";
import { compositeId, parseCompositeId } from "../support/global-id.js";
import { JSONObject } from "../support/json-object.js";
import { SegmentInterface } from "../people/segment.js";
import { commerceAccess, scopesNote } from "./access.js";
import { CommerceSegmentRef, ID_NOTE, StoreRef } from "./refs.js";
import { staleness } from "../support/staleness.js";

const SegmentUseRef = builder.objectRef<CommerceSegmentUse>("CommerceSegmentUse").implement({
  description: "Where a segment is used: objects of one model.",
  fields: (t) => ({
    modelName: t.exposeString("modelName", {
      description: "AsyncJob, Campaign, FollowUpTemplate, NewsletterTemplate or ReceiptTemplate (the backend's name).",
    }),
    models: t.field({
      type: [JSONObject],
      description: "The objects of that model, as the backend gives them (their shape per model is not fixed).",
      resolve: (use) => use.models,
    }),
  }),
});

builder.node(CommerceSegmentRef, {
  interfaces: [SegmentInterface],
  description: "A customer segment of the store." + scopesNote("segments"),
  id: { resolve: (segment) => compositeId(segment.id) },
  loadWithoutCache: (id, ctx) => {
    const [segmentId] = parseCompositeId(id, 1);
    return ctx.commerce.segment(segmentId);
  },
  fields: (t) => ({
    segmentId: t.exposeString("id", { description: "The backend's segment id (for exportSegment)." }),
    name: t.exposeString("name"),
    editable: t.exposeBoolean("editable", { description: "False for a default segment, true for a custom one." }),
    uses: t.field({
      type: [JSONObject],
      description:
        "Where the segment is used, as the backend gives it: `{ modelName, models }` per model. `usedBy` is the same, typed.",
      resolve: (segment) => segment.uses.map((use) => ({ modelName: use.modelName, models: use.models })),
    }),
    usedBy: t.field({
      type: [SegmentUseRef],
      description: "Where the segment is used, one entry per model.",
      resolve: (segment) => segment.uses,
    }),
  }),
});

builder.objectFields(StoreRef, (t) => ({
  segments: t.field({
    type: [CommerceSegmentRef],
    nullable: true,
    description:
      "Every segment of the store." +
      staleness("other", "a segment unsubscribe through this gateway is seen at once.") +
      scopesNote("segments"),
    ...commerceAccess("segments"),
    resolve: (_store, _args, ctx) => ctx.commerce.segments(),
  }),
  segment: t.field({
    type: CommerceSegmentRef,
    nullable: true,
    description: "One segment by the backend's id; null when there is none." + scopesNote("segments"),
    args: { segmentId: t.arg.string({ required: true, description: `The backend's segment id. ${ID_NOTE}` }) },
    ...commerceAccess("segments"),
    resolve: (_store, args, ctx) => ctx.commerce.segment(args.segmentId),
  }),
}));
