/**
 * Finding one record again from its keys. The legacy service has no "get one list / campaign /
 * segment" operations, so a record is found in its client's collection (one cached read per
 * request). A record that is not there is a NOT_FOUND error on the field that asked for it.
 */
import type { GraphContext } from "../../context.js";
import { notFoundError } from "../../errors/legacy.js";
import type { CampaignShape, ClientShape, ListShape, SegmentShape } from "./refs.js";

/** A client from User.GetClients. */
export async function findClient(ctx: GraphContext, clientId: string): Promise<ClientShape> {
  const clients = await ctx.legacy.read("User.GetClients", {});
  const hit = clients.find((c) => c.ClientID === clientId);
  if (!hit) throw notFoundError("client", "User.GetClients");
  return { clientId: hit.ClientID, name: hit.Name };
}

/** The lists of a client. */
export async function clientLists(ctx: GraphContext, clientId: string): Promise<ListShape[]> {
  const lists = await ctx.legacy.read("Client.GetLists", { ClientID: clientId });
  return lists.map((l) => ({ clientId, listId: l.ListID, name: l.Name }));
}

/** A list of a client, or null when the client has no such list. */
export async function listOrNull(ctx: GraphContext, clientId: string, listId: string): Promise<ListShape | null> {
  return (await clientLists(ctx, clientId)).find((l) => l.listId === listId) ?? null;
}

/** A list of a client; NOT_FOUND when the client has no such list. */
export async function findList(ctx: GraphContext, clientId: string, listId: string): Promise<ListShape> {
  const list = await listOrNull(ctx, clientId, listId);
  if (!list) throw notFoundError("list", "Client.GetLists");
  return list;
}

/** The segments of a client. */
export async function clientSegments(ctx: GraphContext, clientId: string): Promise<SegmentShape[]> {
  const segments = await ctx.legacy.read("Client.GetSegments", { ClientID: clientId });
  return segments.map((s) => ({ clientId, listId: s.ListID, name: s.Name }));
}

/** A segment of a client; NOT_FOUND when there is none of that list and name. */
export async function findSegment(ctx: GraphContext, clientId: string, listId: string, name: string): Promise<SegmentShape> {
  const hit = (await clientSegments(ctx, clientId)).find((s) => s.listId === listId && s.name === name);
  if (!hit) throw notFoundError("segment", "Client.GetSegments");
  return hit;
}

/** The sent campaigns of a client. */
export async function clientCampaigns(ctx: GraphContext, clientId: string): Promise<CampaignShape[]> {
  const campaigns = await ctx.legacy.read("Client.GetCampaigns", { ClientID: clientId });
  return campaigns.map((entry) => ({ clientId, entry }));
}

/** A sent campaign of a client; NOT_FOUND when the client has sent none with that id. */
export async function findCampaign(ctx: GraphContext, clientId: string, campaignId: string): Promise<CampaignShape> {
  const hit = (await clientCampaigns(ctx, clientId)).find((c) => c.entry.CampaignID === campaignId);
  if (!hit) throw notFoundError("campaign", "Client.GetCampaigns");
  return hit;
}
