/**
 * The legacy records as the domain speaks of them (camelCase, typed), and the one mapping from the
 * wire's text to them. A value the service should never send throws UnreadableValueError when its
 * field is read, not when the record is mapped, so only that field fails and the rest arrives. Ids
 * are checked before, when the read answers (reply-ids.ts).
 */
import {
  ACCESS_LEVELS,
  BILLING_TYPES,
  CURRENCIES,
  timeZoneOffsetMinutes,
  type BillingType,
  type Currency,
} from "../../backends/legacy/reference.js";
import type {
  LegacyCampaignEntry as WireCampaign,
  LegacyCampaignSummary as WireCampaignSummary,
  LegacyClientDetail as WireClientDetail,
  LegacyListCustomField as WireCustomField,
  LegacyListStatistics as WireListStatistics,
  LegacyStatPeriod,
  LegacySubscriber as WireSubscriber,
  LegacySubscriberBounce as WireBounce,
  LegacySubscriberOpen as WireOpen,
  LegacySubscriberUnsubscribe as WireUnsubscribe,
  LegacyTemplate as WireTemplate,
} from "../../backends/legacy/types.js";
import { UnreadableValueError } from "../errors.js";

/** A client of the designer account. */
export interface LegacyClient {
  clientId: string;
  name: string;
}

/** A subscriber list; legacy lists belong to one client. */
export interface LegacyList {
  clientId: string;
  listId: string;
  name: string;
}

/** A named part of one list of a client; the service gives it no id of its own. */
export interface LegacySegment {
  clientId: string;
  listId: string;
  name: string;
}

/** A sent campaign of a client. */
export interface LegacyCampaign {
  clientId: string;
  campaignId: string;
  subject: string;
  name: string;
  /** Wall time of the client's zone, `YYYY-MM-DD HH:MM:SS`; null when the service gives none. */
  sentDate: string | null;
  readonly totalRecipients: number;
}

/** Where a subscriber stands on a list. */
export type SubscriberState = "Active" | "Unsubscribed" | "Deleted" | "Bounced" | "Unconfirmed";
/** Every SubscriberState. */
export const SUBSCRIBER_STATES: readonly SubscriberState[] = [
  "Active",
  "Unsubscribed",
  "Deleted",
  "Bounced",
  "Unconfirmed",
];

/** A subscriber's value of one custom field; a multi-valued field has one entry per value. */
export interface LegacyFieldValue {
  key: string;
  value: string;
}

/** An active subscriber of a list. */
export interface LegacySubscriber {
  clientId: string;
  listId: string;
  email: string;
  name: string;
  /** When the subscriber was added, wall time of the client's zone; null when the service gives none. */
  date: string | null;
  readonly state: SubscriberState;
  customFields: LegacyFieldValue[];
}

/** Counts of one statistic per period, in the client's time zone. */
export interface LegacyStatPeriods {
  readonly today: number;
  readonly yesterday: number;
  readonly thisWeek: number;
  readonly thisMonth: number;
  readonly thisYear: number;
}

/** Totals and recent changes of a list. */
export interface LegacyListStats {
  readonly totalActiveSubscribers: number;
  readonly newActiveSubscribers: LegacyStatPeriods;
  readonly totalUnsubscribes: number;
  readonly unsubscribes: LegacyStatPeriods;
  readonly totalDeleted: number;
  readonly deleted: LegacyStatPeriods;
  readonly totalBounced: number;
  readonly bounced: LegacyStatPeriods;
}

/** What a custom field holds, as the service names it. */
export type CustomFieldDataType =
  "Text" | "Number" | "MultiSelectOne" | "MultiSelectMany" | "Country" | "USState" | "Date";
/** Every CustomFieldDataType. */
export const CUSTOM_FIELD_DATA_TYPES: readonly CustomFieldDataType[] = [
  "Text",
  "Number",
  "MultiSelectOne",
  "MultiSelectMany",
  "Country",
  "USState",
  "Date",
];

/** A custom field of a list. */
export interface LegacyCustomField {
  key: string;
  fieldName: string;
  readonly dataType: CustomFieldDataType;
  options: string[];
}

/** Totals of a sent campaign. */
export interface LegacyCampaignSummary {
  readonly recipients: number;
  readonly totalOpened: number;
  readonly uniqueOpened: number;
  readonly clicks: number;
  readonly unsubscribed: number;
  readonly bounced: number;
}

/** A per-subscriber record of a campaign: the address, and the list it was sent through. */
export interface LegacyCampaignRecord {
  /** The client the campaign belongs to. */
  clientId: string;
  email: string;
  listId: string;
}

/** How an email bounced. */
export type BounceType = "Hard" | "Soft";

/** An address a campaign bounced from. */
export interface LegacyBounce extends LegacyCampaignRecord {
  readonly bounceType: BounceType;
}

/** An address that opened a campaign. */
export interface LegacyOpen extends LegacyCampaignRecord {
  readonly numberOfOpens: number;
}

/** An email template. */
export interface LegacyTemplate {
  templateId: string;
  name: string;
  previewUrl: string | null;
  screenshotUrl: string | null;
}

/** Company, contact, country and time zone of a client. */
export interface LegacyClientBasics {
  companyName: string;
  contactName: string;
  emailAddress: string;
  country: string;
  /** The service's text, e.g. `(GMT+10:00) Canberra, Melbourne, Sydney`. */
  timeZone: string;
  /** Offset of the time zone from UTC in minutes; null for a zone text the service does not list. */
  utcOffsetMinutes: number | null;
}

/** What a client may do in the application and how its campaigns are paid. */
export interface LegacyAccessAndBilling {
  readonly accessLevel: number;
  username: string | null;
  readonly billingType: BillingType | null;
  readonly currency: Currency | null;
  deliveryFee: string | null;
  costPerRecipient: string | null;
  designAndSpamTestFee: string | null;
}

/** Everything the service tells about one client. */
export interface LegacyClientDetail {
  basics: LegacyClientBasics;
  accessAndBilling: LegacyAccessAndBilling;
}

// --- wire → model --------------------------------------------------------------------------------

const unreadable = (what: string) => new UnreadableValueError("legacy", "The legacy list service", what);

/**
 * A whole number that is not negative: every int the service sends is a count (or an access
 * level), so a minus sign is as unreadable as a word. Blank reads as 0 (the codec fills an omitted
 * element with "").
 */
export function wireInt(text: string, what: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d+$/.test(trimmed)) throw unreadable(what);
  const value = Number(trimmed);
  if (value > 2 ** 31 - 1) throw unreadable(what);
  return value;
}

/** The value of `values` whose text is `text` in any case; blank is null; anything else throws. */
function wireOneOf<T extends string>(values: readonly T[], text: string, what: string): T | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === "") return null;
  const hit = values.find((v) => v.toLowerCase() === trimmed);
  if (hit === undefined) throw unreadable(what);
  return hit;
}

function required<T>(value: T | null, what: string): T {
  if (value === null) throw unreadable(what);
  return value;
}

/** Text, with blank as null. */
const blankToNull = (text: string): string | null => (text.trim() === "" ? null : text);

export const toClient = (clientId: string, name: string): LegacyClient => ({ clientId, name });

export const toList = (clientId: string, wire: { ListID: string; Name: string }): LegacyList => ({
  clientId,
  listId: wire.ListID,
  name: wire.Name,
});

// The records with lazily checked fields are classes: each field a getter on the prototype over
// the record's wire values. A getter written in an object literal is a new function for every
// record and makes the record a larger, dictionary-mode object, slower to make and to read (see
// docs/decisions.md, "What the young generation keeps"). The getters are not own properties:
// nothing spreads or enumerates records.

class Campaign implements LegacyCampaign {
  readonly #wire: WireCampaign;
  readonly campaignId: string;
  readonly subject: string;
  readonly name: string;
  readonly sentDate: string | null;

  constructor(
    readonly clientId: string,
    wire: WireCampaign,
  ) {
    this.#wire = wire;
    this.campaignId = wire.CampaignID;
    this.subject = wire.Subject;
    this.name = wire.Name;
    this.sentDate = blankToNull(wire.SentDate);
  }

  get totalRecipients(): number {
    return wireInt(this.#wire.TotalRecipients, "TotalRecipients");
  }
}

export const toCampaign = (clientId: string, wire: WireCampaign): LegacyCampaign => new Campaign(clientId, wire);

class Subscriber implements LegacySubscriber {
  readonly #wire: WireSubscriber;
  readonly email: string;
  readonly name: string;
  readonly date: string | null;
  readonly customFields: LegacyFieldValue[];

  constructor(
    readonly clientId: string,
    readonly listId: string,
    wire: WireSubscriber,
  ) {
    this.#wire = wire;
    this.email = wire.EmailAddress;
    this.name = wire.Name;
    this.date = blankToNull(wire.Date);
    this.customFields = wire.CustomFields.map((f) => ({ key: f.Key, value: f.Value }));
  }

  get state(): SubscriberState {
    return required(wireOneOf(SUBSCRIBER_STATES, this.#wire.State, "subscriber state"), "subscriber state");
  }
}

export const toSubscriber = (clientId: string, listId: string, wire: WireSubscriber): LegacySubscriber =>
  new Subscriber(clientId, listId, wire);

type PeriodPrefix = "NewActiveSubscribers" | "Unsubscribes" | "Deleted" | "Bounced";

class StatPeriods implements LegacyStatPeriods {
  readonly #wire: WireListStatistics;
  readonly #prefix: PeriodPrefix;

  constructor(wire: WireListStatistics, prefix: PeriodPrefix) {
    this.#wire = wire;
    this.#prefix = prefix;
  }

  #at(period: LegacyStatPeriod): number {
    const name = `${this.#prefix}${period}` as const;
    return wireInt(this.#wire[name], name);
  }

  get today(): number {
    return this.#at("Today");
  }
  get yesterday(): number {
    return this.#at("Yesterday");
  }
  get thisWeek(): number {
    return this.#at("ThisWeek");
  }
  get thisMonth(): number {
    return this.#at("ThisMonth");
  }
  get thisYear(): number {
    return this.#at("ThisYear");
  }
}

class ListStats implements LegacyListStats {
  readonly #wire: WireListStatistics;
  readonly newActiveSubscribers: LegacyStatPeriods;
  readonly unsubscribes: LegacyStatPeriods;
  readonly deleted: LegacyStatPeriods;
  readonly bounced: LegacyStatPeriods;

  constructor(wire: WireListStatistics) {
    this.#wire = wire;
    this.newActiveSubscribers = new StatPeriods(wire, "NewActiveSubscribers");
    this.unsubscribes = new StatPeriods(wire, "Unsubscribes");
    this.deleted = new StatPeriods(wire, "Deleted");
    this.bounced = new StatPeriods(wire, "Bounced");
  }

  get totalActiveSubscribers(): number {
    return wireInt(this.#wire.TotalActiveSubscribers, "TotalActiveSubscribers");
  }
  get totalUnsubscribes(): number {
    return wireInt(this.#wire.TotalUnsubscribes, "TotalUnsubscribes");
  }
  get totalDeleted(): number {
    return wireInt(this.#wire.TotalDeleted, "TotalDeleted");
  }
  get totalBounced(): number {
    return wireInt(this.#wire.TotalBounced, "TotalBounced");
  }
}

export const toListStats = (wire: WireListStatistics): LegacyListStats => new ListStats(wire);

class CustomField implements LegacyCustomField {
  readonly #wire: WireCustomField;
  readonly key: string;
  readonly fieldName: string;
  readonly options: string[];

  constructor(wire: WireCustomField) {
    this.#wire = wire;
    this.key = wire.Key;
    this.fieldName = wire.FieldName;
    this.options = wire.FieldOptions;
  }

  get dataType(): CustomFieldDataType {
    return required(
      wireOneOf(CUSTOM_FIELD_DATA_TYPES, this.#wire.DataType, "custom field data type"),
      "custom field data type",
    );
  }
}

export const toCustomField = (wire: WireCustomField): LegacyCustomField => new CustomField(wire);

class CampaignSummary implements LegacyCampaignSummary {
  readonly #wire: WireCampaignSummary;

  constructor(wire: WireCampaignSummary) {
    this.#wire = wire;
  }

  get recipients(): number {
    return wireInt(this.#wire.Recipients, "Recipients");
  }
  get totalOpened(): number {
    return wireInt(this.#wire.TotalOpened, "TotalOpened");
  }
  get uniqueOpened(): number {
    return wireInt(this.#wire.UniqueOpened, "UniqueOpened");
  }
  get clicks(): number {
    return wireInt(this.#wire.Clicks, "Clicks");
  }
  get unsubscribed(): number {
    return wireInt(this.#wire.Unsubscribed, "Unsubscribed");
  }
  get bounced(): number {
    return wireInt(this.#wire.Bounced, "Bounced");
  }
}

export const toCampaignSummary = (wire: WireCampaignSummary): LegacyCampaignSummary => new CampaignSummary(wire);

/** A per-subscriber record of a campaign; Bounce and Open add a checked field of their own. */
class CampaignRecord implements LegacyCampaignRecord {
  readonly email: string;
  readonly listId: string;

  constructor(
    readonly clientId: string,
    wire: WireUnsubscribe,
  ) {
    this.email = wire.EmailAddress;
    this.listId = wire.ListID;
  }
}

export const toCampaignRecord = (clientId: string, wire: WireUnsubscribe): LegacyCampaignRecord =>
  new CampaignRecord(clientId, wire);

class Bounce extends CampaignRecord implements LegacyBounce {
  readonly #wire: WireBounce;

  constructor(clientId: string, wire: WireBounce) {
    super(clientId, wire);
    this.#wire = wire;
  }

  get bounceType(): BounceType {
    return required(wireOneOf<BounceType>(["Hard", "Soft"], this.#wire.BounceType, "bounce type"), "bounce type");
  }
}

export const toBounce = (clientId: string, wire: WireBounce): LegacyBounce => new Bounce(clientId, wire);

class Open extends CampaignRecord implements LegacyOpen {
  readonly #wire: WireOpen;

  constructor(clientId: string, wire: WireOpen) {
    super(clientId, wire);
    this.#wire = wire;
  }

  get numberOfOpens(): number {
    return wireInt(this.#wire.NumberOfOpens, "NumberOfOpens");
  }
}

export const toOpen = (clientId: string, wire: WireOpen): LegacyOpen => new Open(clientId, wire);

export const toTemplate = (wire: WireTemplate): LegacyTemplate => ({
  templateId: wire.TemplateID,
  name: wire.Name,
  previewUrl: blankToNull(wire.PreviewURL),
  screenshotUrl: blankToNull(wire.ScreenshotURL),
});

export function toClientDetail(wire: WireClientDetail): LegacyClientDetail {
  const basics = wire.BasicDetails;
  const ab = wire.AccessAndBilling;
  return {
    basics: {
      companyName: basics.CompanyName,
      contactName: basics.ContactName,
      emailAddress: basics.EmailAddress,
      country: basics.Country,
      timeZone: basics.TimeZone,
      utcOffsetMinutes: timeZoneOffsetMinutes(basics.TimeZone) ?? null,
    },
    accessAndBilling: {
      get accessLevel() {
        const level = wireInt(ab.AccessLevel, "access level");
        if (!ACCESS_LEVELS.includes(level)) throw unreadable("access level");
        return level;
      },
      username: blankToNull(ab.Username),
      get billingType() {
        return wireOneOf(BILLING_TYPES, ab.BillingType, "billing type");
      },
      get currency() {
        return wireOneOf(CURRENCIES, ab.Currency, "currency");
      },
      deliveryFee: blankToNull(ab.DeliveryFee),
      costPerRecipient: blankToNull(ab.CostPerRecipient),
      designAndSpamTestFee: blankToNull(ab.DesignAndSpamTestFee),
    },
  };
}
