/**
 * LegacyService: the legacy list service in domain terms, one per request. Resolvers get domain
 * models from it; it owns everything between them and the wire: the request's calls (LegacyLoaders),
 * batched subscriber lookups, priming and forgetting cached reads, checks before writes, and the
 * wire → model mapping (models.ts).
 */
import { emailKey } from "../email.js";
import DataLoader from "dataloader";
import { timeZoneOffsetMinutes } from "../../backends/legacy/reference.js";
import type { LegacySubscriber as WireSubscriber } from "../../backends/legacy/types.js";
import { NotFoundError, UnreadableValueError } from "../errors.js";
import { customFieldWireValues, type CustomFieldValue } from "./custom-field-values.js";
import { LegacyLoaders, type LegacyCaller, type LegacyLoaderOptions } from "./loaders.js";
import {
  toBounce,
  toCampaign,
  toCampaignRecord,
  toCampaignSummary,
  toClient,
  toClientDetail,
  toCustomField,
  toList,
  toListStats,
  toOpen,
  toSubscriber,
  toTemplate,
  type CustomFieldDataType,
  type LegacyBounce,
  type LegacyCampaign,
  type LegacyCampaignRecord,
  type LegacyCampaignSummary,
  type LegacyClient,
  type LegacyClientDetail,
  type LegacyCustomField,
  type LegacyList,
  type LegacyListStats,
  type LegacyOpen,
  type LegacySegment,
  type LegacySubscriber,
  type LegacyTemplate,
} from "./models.js";
import { checkCampaignOfClient, checkListOfClient } from "./ownership.js";
import { IMMEDIATELY, sendDateOf } from "./send-date.js";

/**
 * The date sent to Subscribers.GetActive to get every active subscriber of a list: earlier than
 * any record the service can hold ("only subscribers added after it are returned").
 */
export const EARLIEST_DATE = "1900-01-01 00:00:00";

/** Settings of a list; the service replaces all of them on every update. */
export interface ListSettings {
  title: string;
  unsubscribePage?: string | null;
  confirmOptIn: boolean;
  confirmationSuccessPage?: string | null;
}

/** Basic details of a client; the service requires all of them. */
export interface ClientBasicsInput {
  companyName: string;
  contactName: string;
  emailAddress: string;
  country: string;
  timeZone: string;
}

/** Access level, login and billing of a client; what the level does not use is left out. */
export interface AccessAndBillingInput {
  clientId: string;
  accessLevel: number;
  username?: string | null;
  password?: string | null;
  billingType?: string | null;
  currency?: string | null;
  deliveryFee?: string | null;
  costPerRecipient?: string | null;
  designAndSpamTestFee?: string | null;
}

/** A template's new name and content. */
export interface TemplateUpdate {
  templateId: string;
  name: string;
  htmlPageUrl: string;
  zipFileUrl?: string | null;
  screenshotUrl?: string | null;
}

/** A campaign to send, at once (`sendAt` null) or at an instant. */
export interface CampaignSend {
  clientId: string;
  campaignId: string;
  confirmationEmail: string;
  sendAt: Date | null;
}

/** A subscriber lookup of the batch: one list, one email (any case). */
interface SubscriberKey {
  clientId: string;
  listId: string;
  email: string;
}

/** The separator of the Options parameter of List.CreateCustomField. */
const OPTION_SEPARATOR = "||";

/**
 * An optional parameter as given, or undefined (left out) when the caller left it out or gave it
 * empty. Text of spaces only is given text: it is sent as it is, never read as "left out".
 */
const optional = (text: string | null | undefined): string | undefined =>
  text === "" ? undefined : (text ?? undefined);

/** The legacy list service for one request. */
export class LegacyService {
  readonly #wire: LegacyLoaders;
  /** Made on the first lookup: most requests (and every list subscription) make none. */
  #subscribers: DataLoader<SubscriberKey, LegacySubscriber | null, string> | undefined;

  constructor(client: LegacyCaller, options: LegacyLoaderOptions) {
    this.#wire = new LegacyLoaders(client, options);
  }

  // --- clients ---------------------------------------------------------------------------------

  /** Every client of the designer account. */
  async clients(): Promise<LegacyClient[]> {
    return (await this.#wire.read("User.GetClients", {})).map((c) => toClient(c.ClientID, c.Name));
  }

  /** One client; NotFoundError when the account has none with that id. */
  async client(clientId: string): Promise<LegacyClient> {
    const hit = (await this.clients()).find((c) => c.clientId === clientId);
    if (!hit) throw new NotFoundError("client", "User.GetClients");
    return hit;
  }

  /** A client's basic details, access and billing. */
  async clientDetail(clientId: string): Promise<LegacyClientDetail> {
    return toClientDetail(await this.#wire.read("Client.GetDetail", { ClientID: clientId }));
  }

  // --- lists -----------------------------------------------------------------------------------

  /**
   * Forgets the clients and lists this service read, so the next reads ask the service again, not
   * the shared cache (a long-lived subscription learning of a list created since it started).
   */
  forgetClientsAndLists(): void {
    this.#wire.reload("User.GetClients");
    this.#wire.reload("Client.GetLists");
  }

  /** The lists of a client. */
  async listsOfClient(clientId: string): Promise<LegacyList[]> {
    return (await this.#wire.read("Client.GetLists", { ClientID: clientId })).map((l) => toList(clientId, l));
  }

  /** A list of a client, or null when the client has no such list. */
  async listOrNull(clientId: string, listId: string): Promise<LegacyList | null> {
    return (await this.listsOfClient(clientId)).find((l) => l.listId === listId) ?? null;
  }

  /** A list of a client; NotFoundError when the client has no such list. */
  async list(clientId: string, listId: string): Promise<LegacyList> {
    const list = await this.listOrNull(clientId, listId);
    if (!list) throw new NotFoundError("list", "Client.GetLists");
    return list;
  }

  /** Totals and recent changes of a list. */
  async listStats(listId: string): Promise<LegacyListStats> {
    return toListStats(await this.#wire.read("List.GetStats", { ListID: listId }));
  }

  /** The custom fields of a list. */
  async customFields(listId: string): Promise<LegacyCustomField[]> {
    return (await this.#wire.read("List.GetCustomFields", { ListID: listId })).map(toCustomField);
  }

  /** The custom field of a list with this name (any case), or null. */
  async customFieldNamed(listId: string, fieldName: string): Promise<LegacyCustomField | null> {
    const folded = fieldName.trim().toLowerCase();
    return (await this.customFields(listId)).find((f) => f.fieldName.trim().toLowerCase() === folded) ?? null;
  }

  // --- subscribers -----------------------------------------------------------------------------

  /** The active subscribers of a list; with `since` (a wall time of the client's zone), those added after it. */
  async activeSubscribers(clientId: string, listId: string, since?: string | null): Promise<LegacySubscriber[]> {
    const records = await this.#wire.read("Subscribers.GetActive", { ListID: listId, Date: since ?? EARLIEST_DATE });
    return records.map((record) => toSubscriber(clientId, listId, record));
  }

  /**
   * The active subscriber of a list with this email (any case), or null. Every lookup of one list
   * in a request is answered by one Subscribers.GetActive.
   */
  subscriber(clientId: string, listId: string, email: string): Promise<LegacySubscriber | null> {
    // Each entry is a promise of the lookup's answer; DataLoader's load promise adopts it.
    this.#subscribers ??= new DataLoader(
      (keys) => this.#findSubscribers(keys) as unknown as Promise<(LegacySubscriber | null)[]>,
      {
        cacheKeyFn: (k) => JSON.stringify([k.clientId, k.listId, emailKey(k.email)]),
      },
    );
    return this.#subscribers.load({ clientId, listId, email });
  }

  /**
   * As `subscriber`, for a record named by id: NotFoundError when the address is not active there,
   * or when the list is not one of the client's (an id naming one client with another's list, or a
   * client that does not exist, names no subscriber). Both reads go at once; the client's lists are
   * the ones its other fields read anyway.
   */
  async requireSubscriber(clientId: string, listId: string, email: string): Promise<LegacySubscriber> {
    const [list, found] = await Promise.all([
      this.listOrNull(clientId, listId),
      this.subscriber(clientId, listId, email),
    ]);
    if (!list) throw new NotFoundError("subscriber", "Client.GetLists");
    if (!found) throw new NotFoundError("subscriber", "Subscribers.GetActive");
    return found;
  }

  #findSubscribers(keys: readonly SubscriberKey[]): Promise<Promise<LegacySubscriber | null>[]> {
    const byList = new Map<string, Promise<Map<string, WireSubscriber>>>();
    for (const { listId } of keys) {
      if (!byList.has(listId)) {
        byList.set(
          listId,
          this.#wire.read("Subscribers.GetActive", { ListID: listId, Date: EARLIEST_DATE }).then(indexByEmail),
        );
      }
    }
    // Each lookup is answered by its own list's call (DataLoader resolves it with this promise):
    // it settles when that call does, not when the slowest list of the batch does, and a failing
    // list fails only its own lookups.
    const lookups = keys.map(async ({ clientId, listId, email }) => {
      const record = (await byList.get(listId)!).get(emailKey(email));
      return record ? toSubscriber(clientId, listId, record) : null;
    });
    // Handled by the lookups that adopt them; this only keeps an early failure from showing as unhandled.
    for (const lookup of lookups) lookup.catch(() => {});
    return Promise.resolve(lookups);
  }

  // --- segments, campaigns, templates ----------------------------------------------------------

  /** The segments of a client. */
  async segmentsOfClient(clientId: string): Promise<LegacySegment[]> {
    return (await this.#wire.read("Client.GetSegments", { ClientID: clientId })).map((s) => toList(clientId, s));
  }

  /** A segment of a client; NotFoundError when there is none of that list and name. */
  async segment(clientId: string, listId: string, name: string): Promise<LegacySegment> {
    const hit = (await this.segmentsOfClient(clientId)).find((s) => s.listId === listId && s.name === name);
    if (!hit) throw new NotFoundError("segment", "Client.GetSegments");
    return hit;
  }

  /** The sent campaigns of a client. */
  async campaignsOfClient(clientId: string): Promise<LegacyCampaign[]> {
    return (await this.#wire.read("Client.GetCampaigns", { ClientID: clientId })).map((c) => toCampaign(clientId, c));
  }

  /** A sent campaign of a client; NotFoundError when the client has sent none with that id. */
  async campaign(clientId: string, campaignId: string): Promise<LegacyCampaign> {
    const hit = (await this.campaignsOfClient(clientId)).find((c) => c.campaignId === campaignId);
    if (!hit) throw new NotFoundError("campaign", "Client.GetCampaigns");
    return hit;
  }

  /** Totals of a campaign. */
  async campaignSummary(campaignId: string): Promise<LegacyCampaignSummary> {
    return toCampaignSummary(await this.#wire.read("Campaign.GetSummary", { CampaignID: campaignId }));
  }

  /** The lists a campaign of the client went to. */
  async campaignLists(clientId: string, campaignId: string): Promise<LegacyList[]> {
    return (await this.#wire.read("Campaign.GetLists", { CampaignID: campaignId })).map((l) => toList(clientId, l));
  }

  /** The addresses a campaign of the client bounced from. */
  async campaignBounces(clientId: string, campaignId: string): Promise<LegacyBounce[]> {
    return (await this.#wire.read("Campaign.GetBounces", { CampaignID: campaignId })).map((r) => toBounce(clientId, r));
  }

  /** The addresses that opened a campaign of the client. */
  async campaignOpens(clientId: string, campaignId: string): Promise<LegacyOpen[]> {
    return (await this.#wire.read("Campaign.GetOpens", { CampaignID: campaignId })).map((r) => toOpen(clientId, r));
  }

  /** The addresses that unsubscribed through a campaign of the client. */
  async campaignUnsubscribes(clientId: string, campaignId: string): Promise<LegacyCampaignRecord[]> {
    return (await this.#wire.read("Campaign.GetUnsubscribes", { CampaignID: campaignId })).map((r) =>
      toCampaignRecord(clientId, r),
    );
  }

  /** A template as the service describes it now; an unknown id rejects with the service's outcome (4001). */
  async template(templateId: string): Promise<LegacyTemplate> {
    return toTemplate(await this.#wire.read("Template.GetDetail", { TemplateID: templateId }));
  }

  /** The templates of a client. */
  async templatesOfClient(clientId: string): Promise<LegacyTemplate[]> {
    const templates = await this.#wire.read("Client.GetTemplates", { ClientID: clientId });
    // Each entry is a whole Template: a later template(id) in this request needs no call.
    for (const t of templates) this.#wire.prime("Template.GetDetail", { TemplateID: t.TemplateID }, t);
    return templates.map(toTemplate);
  }

  // --- writes ----------------------------------------------------------------------------------
  // Each checks the ids it takes before writing, and forgets the reads its write changed, so what
  // the payload reads afterwards is the service's state after the write. Parameters reach the
  // service exactly as the caller gave them, never trimmed: text the service trims itself (titles,
  // names, options) is its to trim, and what the gateway could only guess at (URLs, amounts, a
  // username, an address) was refused with surrounding spaces before the resolver ran.

  /** Adds (or with `resubscribe` moves back to Active) an address, with custom-field values checked first. */
  async addSubscriber(input: {
    clientId: string;
    listId: string;
    email: string;
    name?: string | null;
    customFields?: readonly CustomFieldValue[] | null;
    resubscribe: boolean;
  }): Promise<void> {
    const { clientId, listId, resubscribe } = input;
    await checkListOfClient(this.#wire, clientId, listId);
    const given = input.customFields ?? [];
    const values =
      given.length === 0
        ? []
        : customFieldWireValues(await this.#wire.read("List.GetCustomFields", { ListID: listId }), given);
    const base = { ListID: listId, Email: input.email, Name: input.name ?? "" };
    if (values.length === 0) {
      await this.#wire.write(resubscribe ? "Subscriber.AddAndResubscribe" : "Subscriber.Add", base);
    } else {
      const op = resubscribe ? "Subscriber.AddAndResubscribeWithCustomFields" : "Subscriber.AddWithCustomFields";
      await this.#wire.write(op, { ...base, CustomFields: values });
    }
    this.#forgetSubscribers(listId);
  }

  /** Moves an active subscriber of a list to Unsubscribed. */
  async unsubscribe(input: { clientId: string; listId: string; email: string }): Promise<void> {
    await checkListOfClient(this.#wire, input.clientId, input.listId);
    await this.#wire.write("Subscriber.Unsubscribe", { ListID: input.listId, Email: input.email });
    this.#forgetSubscribers(input.listId);
  }

  #forgetSubscribers(listId: string): void {
    // Every GetActive of the list (whatever its date) and every batched lookup may now differ.
    this.#wire.invalidate("Subscribers.GetActive");
    this.#wire.invalidate("List.GetStats", { ListID: listId });
    this.#subscribers?.clearAll();
  }

  /** Creates a list for a client; answers its ListID. */
  async createList(input: { clientId: string } & ListSettings): Promise<string> {
    const listId = (await this.#wire.write("List.Create", { ClientID: input.clientId, ...listParams(input) })).trim();
    this.#wire.invalidate("Client.GetLists", { ClientID: input.clientId });
    return listId;
  }

  /** Replaces a list's title and settings. */
  async updateList(input: { clientId: string; listId: string } & ListSettings): Promise<void> {
    const { clientId, listId } = input;
    await checkListOfClient(this.#wire, clientId, listId);
    await this.#wire.write("List.Update", { ListID: listId, ...listParams(input) });
    this.#wire.invalidate("Client.GetLists", { ClientID: clientId });
    this.#wire.invalidate("Client.GetSegments", { ClientID: clientId });
  }

  /** Adds a custom field to a list; the name and options are sent as given, options joined as the service expects. */
  async createCustomField(input: {
    clientId: string;
    listId: string;
    fieldName: string;
    dataType: CustomFieldDataType;
    options?: readonly string[] | null;
  }): Promise<void> {
    const { clientId, listId } = input;
    const options = input.options ?? [];
    await checkListOfClient(this.#wire, clientId, listId);
    await this.#wire.write("List.CreateCustomField", {
      ListID: listId,
      FieldName: input.fieldName,
      DataType: input.dataType,
      Options: options.length > 0 ? options.join(OPTION_SEPARATOR) : undefined,
    });
    this.#wire.invalidate("List.GetCustomFields", { ListID: listId });
  }

  /** Deletes a custom field of a list by key. */
  async deleteCustomField(input: { clientId: string; listId: string; key: string }): Promise<void> {
    await checkListOfClient(this.#wire, input.clientId, input.listId);
    await this.#wire.write("List.DeleteCustomField", { ListID: input.listId, Key: input.key });
    this.#wire.invalidate("List.GetCustomFields", { ListID: input.listId });
  }

  /** Creates a client (without application access); answers its ClientID. */
  async createClient(basics: ClientBasicsInput): Promise<string> {
    const clientId = (await this.#wire.write("Client.Create", basicsParams(basics))).trim();
    this.#forgetClient(clientId);
    return clientId;
  }

  /** Replaces a client's basic details. */
  async updateClientBasics(clientId: string, basics: ClientBasicsInput): Promise<void> {
    await this.#wire.write("Client.UpdateBasics", { ClientID: clientId, ...basicsParams(basics) });
    this.#forgetClient(clientId);
  }

  /** Sets a client's access level, login and billing; a login is sent only for levels that have one. */
  async updateClientAccessAndBilling(input: AccessAndBillingInput): Promise<void> {
    const login = input.accessLevel !== 0;
    await this.#wire.write("Client.UpdateAccessAndBilling", {
      ClientID: input.clientId,
      AccessLevel: input.accessLevel,
      Username: login ? (input.username ?? undefined) : undefined,
      Password: login ? input.password : undefined,
      BillingType: input.billingType ?? undefined,
      Currency: input.currency ?? undefined,
      DeliveryFee: optional(input.deliveryFee),
      CostPerRecipient: optional(input.costPerRecipient),
      DesignAndSpamTestFee: optional(input.designAndSpamTestFee),
    });
    this.#forgetClient(input.clientId);
  }

  #forgetClient(clientId: string): void {
    this.#wire.invalidate("User.GetClients");
    this.#wire.invalidate("Client.GetDetail", { ClientID: clientId });
  }

  /**
   * Sends a campaign of the client, at once or at an instant converted to the client's wall time.
   * Answers the wall time it was scheduled for, or null when sent at once.
   */
  async sendCampaign(input: CampaignSend): Promise<{ scheduledFor: string | null }> {
    const { clientId } = input;
    const { campaignId } = input;
    // The client first (its zone, and whether it exists at all), then the send date in that zone
    // (a date the service cannot take is refused before any further call), then whether the
    // campaign is the client's.
    const detail = await this.clientDetail(clientId);
    let sendDate = IMMEDIATELY;
    if (input.sendAt) {
      const offset = timeZoneOffsetMinutes(detail.basics.timeZone);
      if (offset === undefined) throw new UnreadableValueError("legacy", "The legacy list service", "client time zone");
      sendDate = sendDateOf(input.sendAt, offset);
    }
    await checkCampaignOfClient(this.#wire, clientId, campaignId);
    await this.#wire.write("Campaign.Send", {
      CampaignID: campaignId,
      ConfirmationEmail: input.confirmationEmail,
      SendDate: sendDate,
    });
    this.#wire.invalidate("Client.GetCampaigns", { ClientID: clientId });
    this.#wire.invalidate("Campaign.GetSummary", { CampaignID: campaignId });
    return { scheduledFor: sendDate === IMMEDIATELY ? null : sendDate };
  }

  /** Replaces a template's name and content; the service checks the HTML. */
  async updateTemplate(input: TemplateUpdate): Promise<void> {
    await this.#wire.write("Template.Update", {
      TemplateID: input.templateId,
      TemplateName: input.name,
      HTMLPageURL: input.htmlPageUrl,
      ZipFileURL: optional(input.zipFileUrl),
      ScreenshotURL: optional(input.screenshotUrl),
    });
    this.#wire.invalidate("Template.GetDetail", { TemplateID: input.templateId });
    this.#wire.invalidate("Client.GetTemplates");
  }
}

/** Every setting, as given; a page left out is sent empty (the service replaces all of them). */
function listParams(input: ListSettings) {
  return {
    Title: input.title,
    UnsubscribePage: input.unsubscribePage ?? "",
    ConfirmOptIn: input.confirmOptIn,
    ConfirmationSuccessPage: input.confirmationSuccessPage ?? "",
  };
}

/** Every basic detail, as given. */
function basicsParams(basics: ClientBasicsInput) {
  return {
    CompanyName: basics.companyName,
    ContactName: basics.contactName,
    EmailAddress: basics.emailAddress,
    Country: basics.country,
    Timezone: basics.timeZone,
  };
}

function indexByEmail(subscribers: WireSubscriber[]): Map<string, WireSubscriber> {
  const index = new Map<string, WireSubscriber>();
  for (const s of subscribers) {
    const email = emailKey(s.EmailAddress);
    if (!index.has(email)) index.set(email, s);
  }
  return index;
}

/** Creates the legacy service of one request. */
export function createLegacyService(client: LegacyCaller, options: LegacyLoaderOptions): LegacyService {
  return new LegacyService(client, options);
}
