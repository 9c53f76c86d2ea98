/**
 * Checks that the ids a write takes belong where its input says, made by LegacyService before the
 * write is sent. The service's writes take a bare ListID or CampaignID and act on whatever record
 * has it, so a global id naming the wrong client, or a campaign of another client, would otherwise
 * be written to. All reads here are the request's cached reads: the payload reuses them.
 */
import type { LegacyLoaders } from "./loaders.js";
import { LegacyOutcome } from "./outcome.js";
import { OwnershipError } from "./ownership-error.js";

const INVALID_CLIENT_ID = 102;

/**
 * The ListID set of each Client.GetLists answer the request holds, made once per answer: a request
 * writing to many lists of one client (unsubscribeEverywhere) would otherwise build it again for
 * every write, O(lists) each time.
 */
const listIdSets = new WeakMap<object, Set<string>>();

/** The ListIDs of a client; a client the service does not know has none. */
async function listIdsOf(wire: LegacyLoaders, clientId: string): Promise<Set<string>> {
  try {
    const lists = await wire.read("Client.GetLists", { ClientID: clientId });
    let ids = listIdSets.get(lists);
    if (!ids) listIdSets.set(lists, (ids = new Set(lists.map((l) => l.ListID))));
    return ids;
  } catch (error) {
    if (error instanceof LegacyOutcome && error.code === INVALID_CLIENT_ID) return new Set();
    throw error;
  }
}

/**
 * Rejects with OwnershipError LIST_OF_CLIENT unless `listId` is one of the client's lists. A list
 * that does not exist at all rejects as the read that says so (101 on List.GetStats), so the
 * write answers "no such list" rather than "not yours".
 */
export async function checkListOfClient(
  wire: LegacyLoaders,
  clientId: string,
  listId: string,
  field = "listId",
): Promise<void> {
  if ((await listIdsOf(wire, clientId)).has(listId)) return;
  await wire.read("List.GetStats", { ListID: listId });
  throw new OwnershipError(
    field,
    "LIST_OF_CLIENT",
    `List ${listId} is not a list of client ${clientId}; nothing was written.`,
  );
}

/**
 * Rejects unless the campaign can be shown to belong to the client. The service has no campaign
 * detail: Client.GetCampaigns lists sent campaigns only, so an unsent campaign is the client's when
 * every list it goes to (Campaign.GetLists; segments appear as their parent list) is one of the
 * client's lists. A campaign with no lists passes: it has no recipients, so the service refuses to
 * send it (332) whoever asks, and nothing goes out in anyone's name.
 * A Campaign.GetLists failure (301 for an unknown id) rejects as the read's outcome.
 */
export async function checkCampaignOfClient(
  wire: LegacyLoaders,
  clientId: string,
  campaignId: string,
  field = "campaignId",
): Promise<void> {
  const [sent, campaignLists, clientLists] = await Promise.all([
    wire.read("Client.GetCampaigns", { ClientID: clientId }),
    wire.read("Campaign.GetLists", { CampaignID: campaignId }),
    listIdsOf(wire, clientId),
  ]);
  if (sent.some((c) => c.CampaignID === campaignId)) return;
  if (!campaignLists.every((l) => clientLists.has(l.ListID))) {
    throw new OwnershipError(
      field,
      "CAMPAIGN_OF_CLIENT",
      `Campaign ${campaignId} goes to lists that are not client ${clientId}'s; it was not sent.`,
    );
  }
}
