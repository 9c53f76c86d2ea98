/**
 * A legacy account far larger than one operation can read, as a legacy proxy answers it: the
 * account claims `clients` clients and every client claims the same `lists` lists, whatever is
 * asked; a list's active subscribers are `activeSubscriber` alone, or none.
 */
import { DEFAULT_LEGACY_NAMESPACE } from "../../../src/backends/legacy/catalog.js";
import type { LegacyProxy } from "./legacy-proxy.js";

function envelope(op: string, items: string, type: string): string {
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
    `<${op}Response xmlns="${DEFAULT_LEGACY_NAMESPACE}"><${op}Result xsi:type="${type}">${items}</${op}Result>` +
    `</${op}Response></soap:Body></soap:Envelope>`
  );
}

/** The id of the i-th claimed client (from 0) and of the i-th claimed list. */
export const claimedClientId = (i: number) => String(900_000 + i);
export const claimedListId = (i: number) => String(800_000 + i);

/** Options of scriptClaimedAccount. */
export interface ClaimedAccount {
  clients: number;
  lists: number;
  /** The one active subscriber of every list; none when absent. */
  activeSubscriber?: string;
  /** Holds each Subscribers.GetActive reply back this long. */
  subscribersDelayMs?: number;
}

/** Scripts `proxy` to answer User.GetClients, Client.GetLists and Subscribers.GetActive as `account` claims. */
export function scriptClaimedAccount(proxy: LegacyProxy, account: ClaimedAccount): void {
  const clients = Array.from(
    { length: account.clients },
    (_, i) => `<Client><ClientID>${claimedClientId(i)}</ClientID><Name>Client ${i}</Name></Client>`,
  ).join("");
  const lists = Array.from(
    { length: account.lists },
    (_, i) => `<List><ListID>${claimedListId(i)}</ListID><Name>List ${i}</Name></List>`,
  ).join("");
  const subscriber = account.activeSubscriber
    ? `<Subscriber><EmailAddress>${account.activeSubscriber}</EmailAddress><Name>Someone</Name>` +
      "<Date>2025-11-01 11:06:07</Date><State>Active</State><CustomFields /></Subscriber>"
    : "";
  proxy.script("User.GetClients", { body: envelope("User.GetClients", clients, "ArrayOfClient") });
  proxy.script("Client.GetLists", { body: envelope("Client.GetLists", lists, "ArrayOfList") });
  proxy.script("Subscribers.GetActive", {
    body: envelope("Subscribers.GetActive", subscriber, "ArrayOfSubscriber"),
    delayMs: account.subscribersDelayMs,
  });
}

/** The counts a collapsed failure message names: `unread` of `total`. */
export function unreadCounts(message: string): { unread: number; total: number } {
  const match = /^(?:The lists of )?([\d,]+) of (?:this client's|the account's) ([\d,]+) /.exec(message);
  if (!match) throw new Error(`no counts in ${JSON.stringify(message)}`);
  const number = (text: string) => Number(text.replace(/,/g, ""));
  return { unread: number(match[1]!), total: number(match[2]!) };
}
