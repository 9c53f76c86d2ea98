/**
 * Checks that the ids a write takes belong where its input says, made before the write is sent.
 * The service's writes take a bare ListID or CampaignID and act on whatever record has it, so a
 * global id naming the wrong client, or a campaign of another client, would otherwise be written
 * to. All reads here are the request's cached reads: the payload reuses them.
 */
import { GraphQLError } from "graphql";
import type { LegacyLoaders } from "./loaders.js";
import { OwnershipError } from "./ownership-error.js";

/** The Result code a failed read carried (the loaders keep it in `extensions.legacyCode`). */
function legacyCodeOf(error: unknown): number | undefined {
  const code = error instanceof GraphQLError ? error.extensions.legacyCode : undefined;
  return typeof code === "number" ? code : undefined;
}

const INVALID_CLIENT_ID = 102;

/** The ListIDs of a client; a client the service does not know has none. */
async function listIdsOf(legacy: LegacyLoaders, clientId: string): Promise<Set<string>> {
  try {
    return new Set((await legacy.read("Client.GetLists", { ClientID: clientId })).map((l) => l.ListID));
  } catch (error) {
    if (legacyCodeOf(error) === INVALID_CLIENT_ID) return new Set();
    throw error;
  }
}

/**
 * Rejects with OwnershipError LIST_OF_CLIENT unless `listId` is one of the client's lists. A list
 * that does not exist at all rejects as the read that says so (101 on List.GetStats), so the
 * mutation can answer ListNotFoundError as before.
 */
export async function checkListOfClient(legacy: LegacyLoaders, clientId: string, listId: string, field = "listId"): Promise<void> {
  if ((await listIdsOf(legacy, clientId)).has(listId)) return;
  await legacy.read("List.GetStats", { ListID: listId });
  throw new OwnershipError(field, "LIST_OF_CLIENT", `List ${listId} is not a list of client ${clientId}; nothing was written.`);
}

/**
 * Rejects unless the campaign can be shown to belong to the client. The service has no campaign
 * detail: Client.GetCampaigns lists sent campaigns only, so an unsent campaign is shown to be the
 * client's when every list it goes to (Campaign.GetLists; segments appear as their parent list)
 * is one of the client's lists. A campaign with no lists shows no owner at all.
 * A Campaign.GetLists failure (301 for an unknown id) rejects as the read's error.
 */
export async function checkCampaignOfClient(
  legacy: LegacyLoaders,
  clientId: string,
  campaignId: string,
  field = "campaignId",
): Promise<void> {
  const [sent, campaignLists, clientLists] = await Promise.all([
    legacy.read("Client.GetCampaigns", { ClientID: clientId }),
    legacy.read("Campaign.GetLists", { CampaignID: campaignId }),
    listIdsOf(legacy, clientId),
  ]);
  if (sent.some((c) => c.CampaignID === campaignId)) return;
  if (campaignLists.length === 0) {
    throw new OwnershipError(
      field,
      "CAMPAIGN_OWNER_UNKNOWN",
      `Campaign ${campaignId} is not a sent campaign of client ${clientId} and has no recipient lists, so it cannot be shown to be the client's; it was not sent.`,
    );
  }
  if (!campaignLists.every((l) => clientLists.has(l.ListID))) {
    throw new OwnershipError(
      field,
      "CAMPAIGN_OF_CLIENT",
      `Campaign ${campaignId} goes to lists that are not client ${clientId}'s; it was not sent.`,
    );
  }
}
