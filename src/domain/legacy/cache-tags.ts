/**
 * What each legacy read depends on and what each legacy write changes, in one table: a read is kept
 * in the shared cache (src/cache) under its tags, and a write bumps the tags it changes before its
 * mutation answers, as a list webhook bumps its list's. Tags name the service's objects:
 * `list:<id>` (members and statistics), `fields:<id>` (custom field definitions), `client:<id>`
 * (its details), `campaign:<id>` (reports), `template:<id>`, and the collections `clients`,
 * `lists` (every client's lists and segments, and a campaign's lists, which carry list names),
 * `campaigns` and `templates`. Derived from legacy-soap-interface.md (docs/decisions.md).
 */
import type { ReadOperationName, WriteOperationName } from "../../backends/legacy/catalog.js";
import type { LegacyParamsOf } from "../../backends/legacy/types.js";
import type { CacheKind } from "../../cache/index.js";

type Tags<Op extends ReadOperationName | WriteOperationName> = (params: LegacyParamsOf<Op>) => string[];

/** Each read: how long it is kept (its kind) and the tags whose bump makes it stale. */
export const LEGACY_READS: { [Op in ReadOperationName]: { kind: CacheKind; tags: Tags<Op> } } = {
  "User.GetClients": { kind: "other", tags: () => ["clients"] },
  "Client.GetDetail": { kind: "other", tags: (p) => [`client:${p.ClientID}`] },
  "Client.GetLists": { kind: "other", tags: () => ["lists"] },
  "Client.GetSegments": { kind: "other", tags: () => ["lists"] },
  "Client.GetCampaigns": { kind: "other", tags: () => ["campaigns"] },
  "Client.GetTemplates": { kind: "reference", tags: () => ["templates"] },
  "List.GetStats": { kind: "listStats", tags: (p) => [`list:${p.ListID}`] },
  "List.GetCustomFields": { kind: "reference", tags: (p) => [`fields:${p.ListID}`] },
  "Subscribers.GetActive": { kind: "listStats", tags: (p) => [`list:${p.ListID}`] },
  "Campaign.GetSummary": { kind: "campaignSummary", tags: (p) => [`campaign:${p.CampaignID}`] },
  "Campaign.GetBounces": { kind: "campaignSummary", tags: (p) => [`campaign:${p.CampaignID}`] },
  "Campaign.GetOpens": { kind: "campaignSummary", tags: (p) => [`campaign:${p.CampaignID}`] },
  "Campaign.GetUnsubscribes": { kind: "campaignSummary", tags: (p) => [`campaign:${p.CampaignID}`] },
  "Campaign.GetLists": { kind: "campaignSummary", tags: (p) => [`campaign:${p.CampaignID}`, "lists"] },
  "Template.GetDetail": { kind: "reference", tags: (p) => [`template:${p.TemplateID}`] },
};

const subscriberChange: Tags<"Subscriber.Add"> = (p) => [`list:${p.ListID}`];

/** Each write: the tags it changes (bumped whether it succeeded or not: a failed write may have landed). */
export const LEGACY_WRITES: { [Op in WriteOperationName]: Tags<Op> } = {
  "Subscriber.Add": subscriberChange,
  "Subscriber.AddWithCustomFields": subscriberChange,
  "Subscriber.AddAndResubscribe": subscriberChange,
  "Subscriber.AddAndResubscribeWithCustomFields": subscriberChange,
  "Subscriber.AddWithCustomFieldsWSDL": subscriberChange,
  "Subscriber.AddAndResubscribeWithCustomFieldsWSDL": subscriberChange,
  "Subscriber.Unsubscribe": (p) => [`list:${p.ListID}`],
  "List.Create": () => ["lists"],
  "List.Update": () => ["lists"],
  "List.CreateCustomField": (p) => [`fields:${p.ListID}`],
  // Members carry their custom field values: a deleted field leaves them.
  "List.DeleteCustomField": (p) => [`fields:${p.ListID}`, `list:${p.ListID}`],
  "Client.Create": () => ["clients"],
  "Client.UpdateBasics": (p) => ["clients", `client:${p.ClientID}`],
  "Client.UpdateAccessAndBilling": (p) => [`client:${p.ClientID}`],
  "Campaign.Send": (p) => ["campaigns", `campaign:${p.CampaignID}`],
  "Template.Update": (p) => ["templates", `template:${p.TemplateID}`],
};

/** The tags a list's webhook (Subscribe, Update, Deactivate) changes: its members and statistics. */
export function listWebhookTags(listId: string): string[] {
  return [`legacy:list:${listId}`];
}

/** Tags as the cache files them: per backend. */
export function legacyTags(tags: readonly string[]): string[] {
  return tags.map((tag) => `legacy:${tag}`);
}
