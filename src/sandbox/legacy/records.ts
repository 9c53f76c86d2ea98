/**
 * The records the legacy sandbox keeps in memory. Operations read and change them through
 * LegacyStore; the wire shapes are built from them on every request, so reports always agree
 * with the state.
 */

/** The subscriber states the spec names (suppression is a separate, per-client set). */
export type SubscriberState = "Active" | "Unsubscribed" | "Deleted" | "Bounced" | "Unconfirmed";

/** One address on one list. */
export interface SubscriberRecord {
  /** The address as first given (its lower-cased form is the key on the list). */
  email: string;
  name: string;
  /** When the address was (re)subscribed: the Subscriber `Date`. */
  date: Date;
  state: SubscriberState;
  /** When the address entered its current state (statistics periods count by it). */
  stateDate: Date;
  /** Values by custom field key (`[Key]` form); multi-valued fields hold several. */
  customFields: Map<string, string[]>;
}

/** The data types List.CreateCustomField accepts. */
export type CustomFieldType = "Text" | "Number" | "MultiSelectOne" | "MultiSelectMany" | "Country" | "USState" | "Date";

/** A custom field of a list, as created. */
export interface CustomFieldRecord {
  fieldName: string;
  /** `[Name]`, generated from the field name. */
  key: string;
  dataType: CustomFieldType;
  /** Options of multi-valued fields; the generated lists for Country and USState. */
  options: string[];
}

/** A subscriber list of a client. */
export interface ListRecord {
  id: string;
  clientId: string;
  title: string;
  unsubscribePage: string;
  confirmOptIn: boolean;
  confirmationSuccessPage: string;
  /** Unsubscribed addresses also join the client's suppression list. */
  suppressUnsubscribes: boolean;
  customFields: CustomFieldRecord[];
  /** By lower-cased address, in insertion order. */
  subscribers: Map<string, SubscriberRecord>;
}

/** A segment: a named part of one list (Client.GetSegments answers it as a List entry). */
export interface SegmentRecord {
  id: string;
  listId: string;
  name: string;
  /** The segment holds the list's addresses at this domain; undefined means every address. */
  emailDomain?: string;
}

/** Whether a card is on file and whether charging it works. */
export type CardState = "none" | "valid" | "declined";

/** A client of the designer account. */
export interface ClientRecord {
  id: string;
  companyName: string;
  contactName: string;
  emailAddress: string;
  country: string;
  timeZone: string;
  accessLevel: number;
  username: string;
  billingType: string;
  currency: string;
  deliveryFee: string;
  costPerRecipient: string;
  designAndSpamTestFee: string;
  /** The client's saved card (ClientPaysAtStandardRate / ClientPaysWithMarkup). */
  card: CardState;
  /** The monthly account is unpaid and a catch-up payment fails (355). */
  monthlyPaymentFailed: boolean;
  /** Test campaigns left for sends to 5 or fewer recipients (333 at 0). */
  testCampaignsRemaining: number;
  /** Most recipients a campaign may have without approval (334 above it). */
  approvedRecipients: number;
  /** Lower-cased addresses of the client's suppression list. */
  suppression: Set<string>;
  createdAt: Date;
}

/** One recipient of a sent campaign. */
export interface Recipient {
  email: string;
  listId: string;
}

/** A campaign, sent or not, with its report records. */
export interface CampaignRecord {
  id: string;
  clientId: string;
  subject: string;
  name: string;
  listIds: string[];
  segmentIds: string[];
  /** Set once sent (or scheduled): the send time. */
  sentDate?: Date;
  confirmationEmail?: string;
  recipients: Recipient[];
  bounces: (Recipient & { type: "Hard" | "Soft" })[];
  opens: (Recipient & { count: number })[];
  clicks: number;
  unsubscribes: Recipient[];
}

/** A template of a client. URLs starting with "/" are on the sandbox's own origin. */
export interface TemplateRecord {
  id: string;
  clientId: string;
  name: string;
  htmlPageUrl: string;
  zipFileUrl: string;
  screenshotUrl: string;
  previewUrl: string;
}

/** Why the service sent an email (the "other effects" of States and transitions). */
export type SentEmailKind =
  /** To a new address on a double opt-in list: the link that confirms it. */
  | "verification"
  /** To a new address on a single opt-in list: the list's confirmation email. */
  | "list-confirmation"
  /** To a campaign's confirmation address when Campaign.Send accepts it. */
  | "campaign-confirmation";

/** An email the sandbox would have sent; it keeps them in an outbox instead. */
export interface SentEmail {
  kind: SentEmailKind;
  to: string;
  /** The list the subscriber joined (verification, list-confirmation). */
  listId?: string;
  /** The campaign that was sent or scheduled (campaign-confirmation). */
  campaignId?: string;
  at: Date;
}

/** The designer account that owns the API key: pays for clients that do not pay themselves. */
export interface DesignerAccount {
  username: string;
  /** Credits, one per recipient. */
  credits: number;
  card: CardState;
}
