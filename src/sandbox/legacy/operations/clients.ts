/**
 * Client operations: creation (with the 5-per-30-minutes limit), basic details, access and
 * billing (rules module), the detail view with its display rules, and the client's collections.
 */
import { ACCESS, accessAllows, COUNTRIES, isValidTimeZone } from "../../../backends/legacy/reference.js";
import { clientTime } from "../client-time.js";
import { isValidEmail } from "../email.js";
import type { ClientRecord } from "../records.js";
import { checkAccessAndBilling } from "../rules/access-and-billing.js";
import type { LegacyStore } from "../store.js";
import { templateEntry } from "./templates.js";
import { param, result, SUCCESS, value, type Args, type Handler } from "./types.js";

const CREATION_WINDOW_MS = 30 * 60_000;
const CREATIONS_PER_WINDOW = 5;
const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRIES);

/** The basic-details checks in parameter order; `self` is the client being updated. */
function checkBasics(store: LegacyStore, args: Args, self?: ClientRecord): number {
  if (param(args, "CompanyName").trim() === "") return 154;
  if (param(args, "ContactName").trim() === "") return 155;
  const email = param(args, "EmailAddress").trim();
  if (!isValidEmail(email)) return 1;
  const taken = store.clients().some((c) => c !== self && c.emailAddress.toLowerCase() === email.toLowerCase());
  if (taken) return 150;
  if (!COUNTRY_SET.has(param(args, "Country").trim())) return 157;
  if (!isValidTimeZone(param(args, "Timezone").trim())) return 152;
  return 0;
}

function basics(args: Args) {
  return {
    companyName: param(args, "CompanyName").trim(),
    contactName: param(args, "ContactName").trim(),
    emailAddress: param(args, "EmailAddress").trim(),
    country: param(args, "Country").trim(),
    timeZone: param(args, "Timezone").trim(),
  };
}

const create: Handler = ({ store, args }) => {
  const code = checkBasics(store, args);
  if (code !== 0) return result(code);
  // A sliding window: only creations that succeeded count, so a refused attempt uses no slot.
  const now = store.now();
  const recent = store.clients().filter((c) => now.getTime() - c.createdAt.getTime() < CREATION_WINDOW_MS);
  if (recent.length >= CREATIONS_PER_WINDOW) return result(172);
  // A new client has no application access (spec): level 0, no billing.
  return value(store.addClient({ ...basics(args), createdAt: now }).id);
};

const updateBasics: Handler = ({ store, args }) => {
  const client = store.client(param(args, "ClientID"));
  if (!client) return result(102);
  const code = checkBasics(store, args, client);
  if (code !== 0) return result(code);
  Object.assign(client, basics(args));
  return SUCCESS;
};

const updateAccessAndBilling: Handler = ({ store, args }) => {
  const client = store.client(param(args, "ClientID"));
  if (!client) return result(102);
  const isTaken = (username: string): boolean => {
    const wanted = username.toLowerCase();
    if (store.designer.username.toLowerCase() === wanted) return true;
    return store.clients().some((c) => c !== client && c.username.toLowerCase() === wanted);
  };
  const input = {
    AccessLevel: param(args, "AccessLevel"),
    Username: param(args, "Username"),
    Password: param(args, "Password"),
    BillingType: param(args, "BillingType"),
    Currency: param(args, "Currency"),
    DeliveryFee: param(args, "DeliveryFee"),
    CostPerRecipient: param(args, "CostPerRecipient"),
    DesignAndSpamTestFee: param(args, "DesignAndSpamTestFee"),
  };
  const code = checkAccessAndBilling(input, isTaken);
  if (code !== 0) return result(code);

  const level = Number(param(args, "AccessLevel").trim());
  const sends = accessAllows(level, ACCESS.createSendCampaigns);
  const billingType = sends ? param(args, "BillingType") : "";
  const markup = billingType === "ClientPaysWithMarkup";
  client.accessLevel = level;
  client.username = level === 0 ? "" : param(args, "Username").trim();
  client.billingType = billingType;
  client.currency = billingType === "" || billingType === "UserPaysOnClientsBehalf" ? "" : param(args, "Currency");
  client.deliveryFee = markup ? param(args, "DeliveryFee").trim() : "";
  client.costPerRecipient = markup ? param(args, "CostPerRecipient").trim() : "";
  client.designAndSpamTestFee =
    markup && accessAllows(level, ACCESS.designAndSpamTests) ? param(args, "DesignAndSpamTestFee").trim() : "";
  return SUCCESS;
};

/** ClientDetail with the spec's display rules applied to what is stored. */
function detail(client: ClientRecord) {
  const sends = accessAllows(client.accessLevel, ACCESS.createSendCampaigns);
  const billingType = sends ? client.billingType : "";
  const markup = billingType === "ClientPaysWithMarkup";
  const designTests = markup && accessAllows(client.accessLevel, ACCESS.designAndSpamTests);
  return {
    BasicDetails: {
      ClientID: client.id,
      CompanyName: client.companyName,
      ContactName: client.contactName,
      EmailAddress: client.emailAddress,
      Country: client.country,
      TimeZone: client.timeZone,
    },
    AccessAndBilling: {
      AccessLevel: client.accessLevel,
      Username: client.accessLevel === 0 ? "" : client.username,
      Password: "Deprecated",
      BillingType: billingType,
      Currency: sends ? client.currency : "",
      DeliveryFee: markup ? client.deliveryFee : "",
      CostPerRecipient: markup ? client.costPerRecipient : "",
      DesignAndSpamTestFee: designTests ? client.designAndSpamTestFee : "",
    },
  };
}

/** A handler reading one client; 102 when the ClientID names none. */
const forClient =
  (read: (client: ClientRecord, store: LegacyStore, origin: string) => ReturnType<typeof value>): Handler =>
  ({ store, args, origin }) => {
    const client = store.client(param(args, "ClientID"));
    return client ? read(client, store, origin) : result(102);
  };

/** Handlers of the client and user operations. */
export const CLIENT_HANDLERS = {
  "User.GetClients": ({ store }) => value(store.clients().map((c) => ({ ClientID: c.id, Name: c.companyName }))),
  "Client.Create": create,
  "Client.UpdateBasics": updateBasics,
  "Client.UpdateAccessAndBilling": updateAccessAndBilling,
  "Client.GetDetail": forClient((client) => value(detail(client))),
  "Client.GetLists": forClient((client, store) =>
    value(store.lists(client.id).map((l) => ({ ListID: l.id, Name: l.title }))),
  ),
  "Client.GetSegments": forClient((client, store) =>
    value(store.segments(client.id).map((s) => ({ ListID: s.listId, Name: s.name }))),
  ),
  "Client.GetCampaigns": forClient((client, store) =>
    value(
      store
        .campaigns(client.id)
        .filter((c) => c.sentDate !== undefined)
        .sort((a, b) => (b.sentDate?.getTime() ?? 0) - (a.sentDate?.getTime() ?? 0))
        .map((c) => ({
          CampaignID: c.id,
          Subject: c.subject,
          Name: c.name,
          SentDate: c.sentDate ? clientTime(client, c.sentDate) : "",
          TotalRecipients: c.recipients.length,
        })),
    ),
  ),
  "Client.GetTemplates": forClient((client, store, origin) =>
    value(store.templates(client.id).map((t) => templateEntry(t, origin))),
  ),
} as const satisfies Record<string, Handler>;
