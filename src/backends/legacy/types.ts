/**
 * Decoded values of the legacy service, with exact wire names: every scalar as text (the spec types
 * ListID as int but samples show text), every collection as an array, and a declared field the
 * reply omits as "". The graph layer turns them into typed values.
 */
import type { OPERATIONS, OperationName } from "./catalog.js";

export interface LegacyResult {
  Code: string;
  Message: string;
}
export interface LegacyClientEntry {
  ClientID: string;
  Name: string;
}
export interface LegacyClientBasicDetails {
  ClientID: string;
  CompanyName: string;
  ContactName: string;
  EmailAddress: string;
  Country: string;
  TimeZone: string;
}
export interface LegacyClientAccessAndBilling {
  AccessLevel: string;
  Username: string;
  Password: string;
  BillingType: string;
  Currency: string;
  DeliveryFee: string;
  CostPerRecipient: string;
  DesignAndSpamTestFee: string;
}
export interface LegacyClientDetail {
  BasicDetails: LegacyClientBasicDetails;
  AccessAndBilling: LegacyClientAccessAndBilling;
}
export interface LegacyListEntry {
  ListID: string;
  Name: string;
}
export type LegacyStatPeriod = "Today" | "Yesterday" | "ThisWeek" | "ThisMonth" | "ThisYear";
export type LegacyListStatistics = Record<
  | "TotalActiveSubscribers"
  | `NewActiveSubscribers${LegacyStatPeriod}`
  | "TotalUnsubscribes"
  | `Unsubscribes${LegacyStatPeriod}`
  | "TotalDeleted"
  | `Deleted${LegacyStatPeriod}`
  | "TotalBounced"
  | `Bounced${LegacyStatPeriod}`,
  string
>;
export interface LegacyListCustomField {
  FieldName: string;
  Key: string;
  DataType: string;
  FieldOptions: string[];
}
export interface LegacySubscriberCustomField {
  Key: string;
  Value: string;
}
export interface LegacySubscriber {
  EmailAddress: string;
  Name: string;
  Date: string;
  State: string;
  CustomFields: LegacySubscriberCustomField[];
}
export interface LegacyCampaignEntry {
  CampaignID: string;
  Subject: string;
  Name: string;
  SentDate: string;
  TotalRecipients: string;
}
export interface LegacyCampaignSummary {
  Recipients: string;
  TotalOpened: string;
  UniqueOpened: string;
  Clicks: string;
  Unsubscribed: string;
  Bounced: string;
}
export interface LegacySubscriberBounce {
  EmailAddress: string;
  ListID: string;
  BounceType: string;
}
export interface LegacySubscriberOpen {
  EmailAddress: string;
  ListID: string;
  NumberOfOpens: string;
}
export interface LegacySubscriberUnsubscribe {
  EmailAddress: string;
  ListID: string;
}
export interface LegacyTemplate {
  TemplateID: string;
  Name: string;
  PreviewURL: string;
  ScreenshotURL: string;
}

/** What each operation resolves to on success. */
export interface LegacyResults {
  "Subscriber.Add": LegacyResult;
  "Subscriber.AddWithCustomFields": LegacyResult;
  "Subscriber.AddAndResubscribe": LegacyResult;
  "Subscriber.AddAndResubscribeWithCustomFields": LegacyResult;
  "Subscriber.AddWithCustomFieldsWSDL": LegacyResult;
  "Subscriber.AddAndResubscribeWithCustomFieldsWSDL": LegacyResult;
  "Subscriber.Unsubscribe": LegacyResult;
  "Subscribers.GetActive": LegacySubscriber[];
  "List.Create": string;
  "List.Update": LegacyResult;
  "List.GetStats": LegacyListStatistics;
  "List.GetCustomFields": LegacyListCustomField[];
  "List.CreateCustomField": LegacyResult;
  "List.DeleteCustomField": LegacyResult;
  "User.GetClients": LegacyClientEntry[];
  "Client.Create": string;
  "Client.UpdateBasics": LegacyResult;
  "Client.UpdateAccessAndBilling": LegacyResult;
  "Client.GetDetail": LegacyClientDetail;
  "Client.GetLists": LegacyListEntry[];
  "Client.GetSegments": LegacyListEntry[];
  "Client.GetCampaigns": LegacyCampaignEntry[];
  "Client.GetTemplates": LegacyTemplate[];
  "Campaign.Send": LegacyResult;
  "Campaign.GetSummary": LegacyCampaignSummary;
  "Campaign.GetBounces": LegacySubscriberBounce[];
  "Campaign.GetOpens": LegacySubscriberOpen[];
  "Campaign.GetUnsubscribes": LegacySubscriberUnsubscribe[];
  "Campaign.GetLists": LegacyListEntry[];
  "Template.GetDetail": LegacyTemplate;
  "Template.Update": LegacyResult;
}

// Compile-time check that the table above and the catalog name the same operations.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const catalogMatchesResults: Exact<keyof LegacyResults, OperationName> = true;

/** A parameter value as a caller gives it; everything is sent as text. */
export type LegacyParamValue = string | number | boolean | null | undefined | LegacySubscriberCustomField[];

/** Parameters of one call, by wire name, ApiKey excluded (it comes from the credentials). */
export type LegacyParams = Readonly<Record<string, LegacyParamValue>>;

type CatalogRow<Op extends OperationName> = Extract<(typeof OPERATIONS)[number], { name: Op }>;
type ParamRow<Op extends OperationName> = CatalogRow<Op>["params"][number];

/** The value a parameter of that catalog kind takes. */
type ParamValueOf<P> = P extends { type: "SubscriberCustomField" }
  ? readonly LegacySubscriberCustomField[]
  : P extends { type: "int" }
    ? string | number
    : P extends { type: "boolean" }
      ? boolean
      : string;

/**
 * The parameters of one operation, typed from its catalog row: every parameter by its exact wire
 * name, optional ones (and CustomFields) may be left out, a misspelt name does not compile.
 * `legacyClient.call<Op>(op, params: LegacyParamsOf<Op>)`.
 */
export type LegacyParamsOf<Op extends OperationName> = {
  readonly [
    P in ParamRow<Op> as P extends { optional: true } ? never : P extends { array: true } ? never : P["name"]
  ]: ParamValueOf<P>;
} & {
  readonly [
    P in ParamRow<Op> as P extends { optional: true } ? P["name"] : P extends { array: true } ? P["name"] : never
  ]?: ParamValueOf<P> | null;
};

/** What an operation resolves to, by name (the same as `LegacyResults[Op]`). */
export type LegacyResultOf<Op extends OperationName> = LegacyResults[Op];
