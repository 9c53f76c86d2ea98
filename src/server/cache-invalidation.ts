/**
 * What a backend's webhook changes in the shared cache: a legacy list event (Subscribe, Update,
 * Deactivate) its list's members and statistics; a commerce async-job/completed its job (the spec
 * does not show the topic's data: a job id in `data.id` or `data.jobId` names it, else every job).
 */
import type { SharedCache } from "../cache/index.js";
import { commerceJobTags } from "../domain/commerce/cache-tags.js";
import { listWebhookTags } from "../domain/legacy/cache-tags.js";
import type { CommerceEvent, EventSource, ListEvent } from "../events/ingress/index.js";

/** The tags the events of one delivery change. */
export function webhookTags(source: EventSource, events: readonly (ListEvent | CommerceEvent)[]): string[] {
  const tags = new Set<string>();
  for (const event of events) {
    if (source === "legacy" && "listId" in event) for (const tag of listWebhookTags(event.listId)) tags.add(tag);
    if (source === "commerce" && "topic" in event && event.topic === "async-job/completed") {
      const data = event.data as { id?: unknown; jobId?: unknown } | null | undefined;
      const id = typeof data?.jobId === "string" ? data.jobId : typeof data?.id === "string" ? data.id : undefined;
      for (const tag of commerceJobTags(id)) tags.add(tag);
    }
  }
  return [...tags];
}

/** The ingress's onAccepted for `cache`: bumps what the delivery changes, on every instance. */
export function invalidateOnWebhook(cache: SharedCache) {
  return async (source: EventSource, events: readonly (ListEvent | CommerceEvent)[]): Promise<void> => {
    const tags = webhookTags(source, events);
    if (tags.length > 0) await cache.invalidate(tags, "webhook");
  };
}
