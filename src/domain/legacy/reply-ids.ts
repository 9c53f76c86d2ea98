/**
 * The ids a read's reply must hold before any of its records is used. A record is found again by
 * its ids (global ids, lookups, ownership checks), so one without an id, or two sharing one, make
 * the whole reply unreadable (UnreadableValueError naming the operation and field), checked once
 * when the read answers. See docs/decisions.md, "Values the legacy service should never send".
 */
import type { LegacyResults } from "../../backends/legacy/types.js";
import { emailKey } from "../email.js";
import { UnreadableValueError } from "../errors.js";
import type { ReadOperationName as ReadOperation } from "../../backends/legacy/catalog.js";

/** What the entries of one operation's reply must hold. */
interface IdRule<T> {
  /** Fields no entry may leave blank. */
  required: readonly (keyof T & string)[];
  /**
   * The key entries must not share (ids as sent, addresses as domain/email.ts compares them: a
   * lookup finds the first), and what it is called in the error; none when repeats are allowed.
   */
  unique?: { name: string; key: (entry: T) => string };
}

type Entry<Op extends ReadOperation> = LegacyResults[Op] extends readonly (infer T)[] ? T : LegacyResults[Op];

const RULES: { [Op in ReadOperation]?: IdRule<Entry<Op>> } = {
  "User.GetClients": { required: ["ClientID"], unique: { name: "ClientID", key: (c) => c.ClientID } },
  "Client.GetLists": { required: ["ListID"], unique: { name: "ListID", key: (l) => l.ListID } },
  // A segment is named by its parent list and its name together.
  "Client.GetSegments": {
    required: ["ListID", "Name"],
    unique: { name: "ListID and Name", key: (s) => `${s.ListID}\u0000${s.Name}` },
  },
  "Client.GetCampaigns": { required: ["CampaignID"], unique: { name: "CampaignID", key: (c) => c.CampaignID } },
  "Client.GetTemplates": { required: ["TemplateID"], unique: { name: "TemplateID", key: (t) => t.TemplateID } },
  "Template.GetDetail": { required: ["TemplateID"] },
  "Subscribers.GetActive": {
    required: ["EmailAddress"],
    unique: { name: "EmailAddress", key: (s) => emailKey(s.EmailAddress) },
  },
  // No repeats checked: a campaign's segments come as entries of their parent list (one ListID for
  // the list and each segment), and a campaign's per-subscriber records have no id of their own.
  "Campaign.GetLists": { required: ["ListID"] },
  "Campaign.GetBounces": { required: ["EmailAddress", "ListID"] },
  "Campaign.GetOpens": { required: ["EmailAddress", "ListID"] },
  "Campaign.GetUnsubscribes": { required: ["EmailAddress", "ListID"] },
};

const unreadable = (op: string, problem: string) =>
  new UnreadableValueError("legacy", "The legacy list service", `${op} reply (${problem})`);

/** Text that is missing: the codec gives "" for an element the reply left out. */
const blank = (text: unknown): boolean => typeof text !== "string" || text.trim() === "";

/** The reply as it came, or UnreadableValueError when an entry lacks an id or two share one. */
export function checkReplyIds<Op extends ReadOperation>(op: Op, reply: LegacyResults[Op]): LegacyResults[Op] {
  const rule = RULES[op] as IdRule<Record<string, unknown>> | undefined;
  if (!rule) return reply;
  const value: unknown = reply;
  if (!Array.isArray(value)) {
    for (const field of rule.required) {
      if (blank((value as Record<string, unknown>)[field])) throw unreadable(op, `with no ${field}`);
    }
    return reply;
  }
  const entries = value as Record<string, unknown>[];
  for (const entry of entries) {
    for (const field of rule.required) {
      if (blank(entry[field])) throw unreadable(op, `an entry with no ${field}`);
    }
  }
  const unique = rule.unique;
  if (unique && entries.length > 1) {
    const seen = new Set<string>();
    for (const entry of entries) {
      const key = unique.key(entry);
      if (seen.has(key)) throw unreadable(op, `two entries with one ${unique.name}`);
      seen.add(key);
    }
  }
  return reply;
}
