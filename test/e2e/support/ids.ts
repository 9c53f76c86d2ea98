/** Global ids of demo records, made with the graph's own encoder. */
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { compositeId, encodeGlobalId } from "../../../src/schema/support/global-id.js";
import "../../../src/schema/legacy/refs.js";

const id = (type: string, ...parts: string[]) => encodeGlobalId(type, compositeId(...parts));

export const gid = {
  client: (clientId: string) => id("Client", clientId),
  list: (clientId: string, listId: string) => id("List", clientId, listId),
  segment: (clientId: string, listId: string, name: string) => id("LegacySegment", clientId, listId, name),
  campaign: (clientId: string, campaignId: string) => id("Campaign", clientId, campaignId),
  subscriber: (clientId: string, listId: string, email: string) => id("Subscriber", clientId, listId, email),
  template: (templateId: string) => id("Template", templateId),
};

const { clients, lists } = DEMO;

/** The ids tests use most. */
export const demo = {
  northwind: gid.client(clients.northwind),
  contoso: gid.client(clients.contoso),
  newsletter: gid.list(clients.northwind, lists.newsletter),
  productUpdates: gid.list(clients.northwind, lists.productUpdates),
  vip: gid.list(clients.northwind, lists.vip),
  pilot: gid.list(clients.contoso, lists.pilot),
};
