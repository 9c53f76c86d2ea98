/**
 * Shapes and refs of the legacy object types, declared apart from their fields so the domain
 * files can point at each other (a client has lists, a list has a client) without import cycles.
 */
import type {
  LegacyCampaignEntry,
  LegacySubscriber,
  LegacyTemplate,
} from "../../backends/legacy/types.js";
import { builder } from "../builder.js";
import { registerNodeType } from "../support/global-id.js";

/** A client of the designer account, as User.GetClients lists it. */
export interface ClientShape {
  clientId: string;
  name: string;
}

/** A subscriber list; legacy lists belong to one client. */
export interface ListShape {
  clientId: string;
  listId: string;
  name: string;
}

/** A segment: a named part of one list of a client (Client.GetSegments). */
export interface SegmentShape {
  clientId: string;
  listId: string;
  name: string;
}

/** A sent campaign of a client (Client.GetCampaigns). */
export interface CampaignShape {
  clientId: string;
  entry: LegacyCampaignEntry;
}

/** An active subscriber of a list (Subscribers.GetActive). */
export interface SubscriberShape {
  clientId: string;
  listId: string;
  record: LegacySubscriber;
}

/** A template as the service describes it. */
export type TemplateShape = LegacyTemplate;

for (const typename of ["Client", "List", "Segment", "Campaign", "Subscriber", "Template"]) {
  registerNodeType(typename, "legacy");
}

export const ClientRef = builder.objectRef<ClientShape>("Client");
export const ListRef = builder.objectRef<ListShape>("List");
export const SegmentRef = builder.objectRef<SegmentShape>("Segment");
export const CampaignRef = builder.objectRef<CampaignShape>("Campaign");
export const TemplateRef = builder.objectRef<TemplateShape>("Template");
