/**
 * Refs of the legacy object types, declared apart from their fields so the type files can point at
 * each other (a client has lists, a list has a client) without import cycles. Each is backed by
 * the domain model LegacyService answers with.
 */
import type {
  LegacyCampaign,
  LegacyClient,
  LegacyList,
  LegacySegment,
  LegacySubscriber,
  LegacyTemplate,
} from "../../domain/legacy/models.js";
import { builder } from "../builder.js";
import { registerNodeType } from "../support/global-id.js";

for (const typename of ["Client", "List", "Campaign", "Subscriber", "Template"]) {
  registerNodeType(typename, "legacy");
}
// Its ids carry the name `Segment`, so the ids clients hold stay valid (a renamed type keeps its
// ids: support/global-id.ts); `Segment` is the interface over both backends' segments.
registerNodeType("LegacySegment", "legacy", "Segment");

export const ClientRef = builder.objectRef<LegacyClient>("Client");
export const ListRef = builder.objectRef<LegacyList>("List");
export const SegmentRef = builder.objectRef<LegacySegment>("LegacySegment");
export const CampaignRef = builder.objectRef<LegacyCampaign>("Campaign");
export const SubscriberRef = builder.objectRef<LegacySubscriber>("Subscriber");
export const TemplateRef = builder.objectRef<LegacyTemplate>("Template");
