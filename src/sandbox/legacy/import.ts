/**
 * The sandbox's import: N generated Active subscribers added to a list at once, as an import of
 * the service's lists interface would, each announced as a Subscribe event marked "Import".
 */
import { wholeSeconds } from "./dates.js";
import { IMPORT_SIGNUP_MARKER, listEvent } from "./list-events.js";
import type { LegacyStore } from "./store.js";

/** Largest import one call may ask for. */
export const MAX_IMPORT = 100_000;

/** Adds `count` new subscribers to the list; their addresses, in order of addition. */
export function importSubscribers(store: LegacyStore, listId: string, count: number): string[] {
  const list = store.list(listId);
  if (!list) throw new Error(`no list ${listId}`);
  const date = wholeSeconds(store.now());
  const added: string[] = [];
  let n = list.subscribers.size;
  while (added.length < count) {
    n += 1;
    const email = `imported.${list.id}.${n}@import.example.com`;
    if (list.subscribers.has(email)) continue;
    const record = store.putSubscriber(list.id, { email, name: `Imported Person ${n}`, date });
    store.emitListEvent(
      list.id,
      listEvent(store, list, record, { type: "Subscribe", signupIpAddress: IMPORT_SIGNUP_MARKER }),
    );
    added.push(email);
  }
  return added;
}
