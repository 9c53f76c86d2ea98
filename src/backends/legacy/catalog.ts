/**
 * The legacy list service as one table: every operation of `legacy-soap-interface.md` that has
 * parameters is a row, with exact wire names in the spec's order. The client, the sandbox, the
 * WSDL and the tests all read it, so adding an operation is one row, not five edits.
 */

// The service path, its transports and the default namespace are named by settings too: config.ts
// states them (it imports nothing of the gateway's), and the catalog hands them on.
export { DEFAULT_LEGACY_NAMESPACE, LEGACY_PATH, LEGACY_TRANSPORTS, type LegacyTransport } from "../../config.js";

/** The scalar kinds a parameter or a field can have on the wire (all sent as text). */
export type ScalarKind = "string" | "int" | "boolean";

/** The complex types of the Resources section. */
export type WireTypeName =
  | "Result"
  | "Client"
  | "ClientBasicDetails"
  | "ClientAccessAndBilling"
  | "ClientDetail"
  | "List"
  | "ListStatistics"
  | "ListCustomField"
  | "SubscriberCustomField"
  | "Subscriber"
  | "Campaign"
  | "CampaignSummary"
  | "SubscriberBounce"
  | "SubscriberOpen"
  | "SubscriberUnsubscribe"
  | "SubscriberClickedLink"
  | "SubscriberClick"
  | "Template";

/** A field of a wire type: a scalar, a nested type, or an array of either. */
export interface WireField {
  readonly name: string;
  /** A ScalarKind, or the name of another wire type. */
  readonly type: ScalarKind | WireTypeName;
  /** An array; its items are elements named after the item type (`<string>`, `<SubscriberCustomField>`). */
  readonly array?: boolean;
}

const f = (name: string, type: WireField["type"] = "string", array = false): WireField =>
  array ? { name, type, array } : { name, type };

const STAT_PERIODS = ["Today", "Yesterday", "ThisWeek", "ThisMonth", "ThisYear"] as const;
const statFields = (total: string, prefix: string): WireField[] => [
  f(total, "int"),
  ...STAT_PERIODS.map((p) => f(`${prefix}${p}`, "int")),
];

/** Every complex type of the Resources section, with its fields in wire order. */
export const WIRE_TYPES = {
  Result: [f("Code", "int"), f("Message")],
  Client: [f("ClientID", "int"), f("Name")],
  ClientBasicDetails: [
    f("ClientID"),
    f("CompanyName"),
    f("ContactName"),
    f("EmailAddress"),
    f("Country"),
    f("TimeZone"),
  ],
  ClientAccessAndBilling: [
    f("AccessLevel", "int"),
    f("Username"),
    f("Password"),
    f("BillingType"),
    f("Currency"),
    f("DeliveryFee"),
    f("CostPerRecipient"),
    f("DesignAndSpamTestFee"),
  ],
  ClientDetail: [f("BasicDetails", "ClientBasicDetails"), f("AccessAndBilling", "ClientAccessAndBilling")],
  List: [f("ListID", "int"), f("Name")],
  ListStatistics: [
    ...statFields("TotalActiveSubscribers", "NewActiveSubscribers"),
    ...statFields("TotalUnsubscribes", "Unsubscribes"),
    ...statFields("TotalDeleted", "Deleted"),
    ...statFields("TotalBounced", "Bounced"),
  ],
  ListCustomField: [f("FieldName"), f("Key"), f("DataType"), f("FieldOptions", "string", true)],
  SubscriberCustomField: [f("Key"), f("Value")],
  Subscriber: [f("EmailAddress"), f("Name"), f("Date"), f("State"), f("CustomFields", "SubscriberCustomField", true)],
  Campaign: [f("CampaignID", "int"), f("Subject"), f("Name"), f("SentDate"), f("TotalRecipients", "int")],
  CampaignSummary: [
    f("Recipients", "int"),
    f("TotalOpened", "int"),
    f("UniqueOpened", "int"),
    f("Clicks", "int"),
    f("Unsubscribed", "int"),
    f("Bounced", "int"),
  ],
  SubscriberBounce: [f("EmailAddress"), f("ListID", "int"), f("BounceType")],
  SubscriberOpen: [f("EmailAddress"), f("ListID", "int"), f("NumberOfOpens", "int")],
  SubscriberUnsubscribe: [f("EmailAddress"), f("ListID", "int")],
  SubscriberClickedLink: [f("Link"), f("Clicks")],
  SubscriberClick: [f("EmailAddress"), f("ListID", "int"), f("ClickedLinks", "SubscriberClickedLink", true)],
  Template: [f("TemplateID"), f("Name"), f("PreviewURL"), f("ScreenshotURL")],
} as const satisfies Record<WireTypeName, readonly WireField[]>;

export function isScalarKind(type: string): type is ScalarKind {
  return type === "string" || type === "int" || type === "boolean";
}

/** A request parameter. ApiKey is implicit: it is the first parameter of every operation. */
export interface ParamSpec {
  readonly name: string;
  readonly type: ScalarKind | "SubscriberCustomField";
  /** A list parameter (CustomFields). */
  readonly array?: boolean;
  /** Sent as an empty value when the caller gives none. */
  readonly optional?: boolean;
}

/**
 * What an operation answers with on success.
 * - `status`: a Result (Code/Message); SOAP `<OpResult>` holds Code and Message, GET/POST a `Result` root.
 * - `string`: create operations; SOAP `<OpResult>` holds the text, GET/POST a `string` root.
 * - `object`: one object of `type`; GET/POST root is the type name (ListStatistics, ClientDetail …).
 * - `array`: a collection; GET/POST root `ArrayOf<type>`, SOAP `<OpResult>` holds the items.
 * - `anyType`: one object of `type` wrapped as `<anyType xsi:type="type">` in GET/POST.
 */
export type ResultSpec =
  | { readonly kind: "status" }
  | { readonly kind: "string" }
  | { readonly kind: "object"; readonly type: WireTypeName }
  | { readonly kind: "array"; readonly type: WireTypeName }
  | { readonly kind: "anyType"; readonly type: WireTypeName };

export interface OperationSpec {
  readonly name: string;
  /** Parameters after ApiKey, in wire order. */
  readonly params: readonly ParamSpec[];
  readonly result: ResultSpec;
  /** Error codes the spec lists for the operation ("not given" is an empty list). */
  readonly errorCodes: readonly number[];
  /** Observed HTTP path segments that differ from the operation name (spec: transport note 3). */
  readonly aliases?: { readonly get?: string; readonly post?: string };
  /** GET/POST answer with a SOAP-style envelope instead of a bare document (Client.GetSegments). */
  readonly httpEnvelope?: boolean;
  /** A successful Result carries an identifier in Code instead of 0 (Campaign.Send). */
  readonly successCodeParam?: string;
  /** Writes change state: never retried, never cached across requests. */
  readonly write: boolean;
}

// The helpers keep each name and kind as literal types, so LegacyParamsOf<Op> (types.ts) can type
// a call's parameters from its row.
const p = <
  N extends string,
  T extends ParamSpec["type"] = "string",
  E extends Partial<ParamSpec> = Record<never, never>,
>(
  name: N,
  type: T = "string" as T,
  extra: E = {} as E,
) => ({ name, type, ...extra }) as { readonly name: N; readonly type: T } & Readonly<E>;
const opt = <N extends string>(name: N) => p(name, "string", { optional: true } as const);
const customFields = p("CustomFields", "SubscriberCustomField", { array: true } as const);

const ADD_CODES = [1, 100, 101, 204, 205, 206, 207, 208];
const addParams = [p("ListID", "int"), p("Email"), p("Name")] as const;
const byClient = [p("ClientID", "int")] as const;
const byCampaign = [p("CampaignID", "int")] as const;
const clientBasics = [p("CompanyName"), p("ContactName"), p("EmailAddress"), p("Country"), p("Timezone")] as const;

const STATUS = { kind: "status" } as const;
const STRING = { kind: "string" } as const;
const arrayOf = (type: WireTypeName) => ({ kind: "array", type }) as const;

export const OPERATIONS = [
  // Subscribers
  { name: "Subscriber.Add", params: addParams, result: STATUS, errorCodes: ADD_CODES, write: true },
  {
    name: "Subscriber.AddWithCustomFields",
    params: [...addParams, customFields],
    result: STATUS,
    errorCodes: ADD_CODES,
    write: true,
  },
  { name: "Subscriber.AddAndResubscribe", params: addParams, result: STATUS, errorCodes: [], write: true },
  {
    name: "Subscriber.AddAndResubscribeWithCustomFields",
    params: [...addParams, customFields],
    result: STATUS,
    errorCodes: [],
    write: true,
  },
  {
    name: "Subscriber.AddWithCustomFieldsWSDL",
    params: [...addParams, customFields],
    result: STATUS,
    errorCodes: [],
    write: true,
  },
  {
    name: "Subscriber.AddAndResubscribeWithCustomFieldsWSDL",
    params: [...addParams, customFields],
    result: STATUS,
    errorCodes: [],
    write: true,
  },
  {
    name: "Subscriber.Unsubscribe",
    params: [p("ListID", "int"), p("Email")],
    result: STATUS,
    errorCodes: [1, 100, 101, 202],
    write: true,
  },
  {
    name: "Subscribers.GetActive",
    params: [p("ListID", "int"), p("Date")],
    result: arrayOf("Subscriber"),
    errorCodes: [5, 100, 101],
    write: false,
  },
  // Lists
  {
    name: "List.Create",
    params: [
      p("ClientID", "int"),
      p("Title"),
      opt("UnsubscribePage"),
      p("ConfirmOptIn", "boolean"),
      opt("ConfirmationSuccessPage"),
    ],
    result: STRING,
    errorCodes: [100, 102, 250, 251],
    write: true,
  },
  {
    name: "List.Update",
    params: [
      p("ListID", "int"),
      p("Title"),
      p("UnsubscribePage"),
      p("ConfirmOptIn", "boolean"),
      p("ConfirmationSuccessPage"),
    ],
    result: STATUS,
    errorCodes: [100, 101, 251],
    write: true,
  },
  {
    name: "List.GetStats",
    params: [p("ListID", "int")],
    result: { kind: "object", type: "ListStatistics" },
    errorCodes: [100, 101],
    write: false,
  },
  {
    name: "List.GetCustomFields",
    params: [p("ListID", "int")],
    result: arrayOf("ListCustomField"),
    errorCodes: [100, 101],
    write: false,
  },
  {
    name: "List.CreateCustomField",
    params: [p("ListID", "int"), p("FieldName"), p("DataType"), opt("Options")],
    result: STATUS,
    errorCodes: [100, 101, 254, 255, 256, 257, 259],
    write: true,
  },
  {
    name: "List.DeleteCustomField",
    params: [p("ListID", "int"), p("Key")],
    result: STATUS,
    errorCodes: [100, 101, 253],
    write: true,
  },
  // Clients and users
  { name: "User.GetClients", params: [], result: arrayOf("Client"), errorCodes: [100], write: false },
  {
    name: "Client.Create",
    params: clientBasics,
    result: STRING,
    errorCodes: [1, 100, 150, 152, 154, 155, 157, 172],
    write: true,
  },
  {
    name: "Client.UpdateBasics",
    params: [...byClient, ...clientBasics],
    result: STATUS,
    errorCodes: [1, 100, 150, 152, 154, 155, 157],
    write: true,
  },
  {
    name: "Client.UpdateAccessAndBilling",
    params: [
      ...byClient,
      p("AccessLevel", "int"),
      opt("Username"),
      opt("Password"),
      opt("BillingType"),
      opt("Currency"),
      opt("DeliveryFee"),
      opt("CostPerRecipient"),
      opt("DesignAndSpamTestFee"),
    ],
    result: STATUS,
    errorCodes: [100, 102, 151, 153, 158, 159, 160, 164, 165, 166, 167, 168, 169, 170, 171],
    write: true,
  },
  {
    name: "Client.GetDetail",
    params: byClient,
    result: { kind: "object", type: "ClientDetail" },
    errorCodes: [100, 102],
    write: false,
  },
  { name: "Client.GetLists", params: byClient, result: arrayOf("List"), errorCodes: [100, 102], write: false },
  {
    name: "Client.GetSegments",
    params: byClient,
    result: arrayOf("List"),
    errorCodes: [100, 102],
    aliases: { get: "Campaign.GetSegments", post: "Campaign.GetSegments" },
    httpEnvelope: true,
    write: false,
  },
  {
    name: "Client.GetCampaigns",
    params: byClient,
    result: arrayOf("Campaign"),
    errorCodes: [100, 102],
    aliases: { post: "Campaign.GetCampaigns" },
    write: false,
  },
  {
    name: "Client.GetTemplates",
    params: byClient,
    result: arrayOf("Template"),
    errorCodes: [100, 102],
    write: false,
  },
  // Campaigns
  {
    name: "Campaign.Send",
    params: [...byCampaign, p("ConfirmationEmail"), p("SendDate")],
    result: STATUS,
    errorCodes: [5, 100, 301, 331, 332, 333, 334, 335, 336, 337, 338, 339, 340, 355],
    successCodeParam: "CampaignID",
    write: true,
  },
  {
    name: "Campaign.GetSummary",
    params: byCampaign,
    result: { kind: "object", type: "CampaignSummary" },
    errorCodes: [100, 301],
    write: false,
  },
  {
    name: "Campaign.GetBounces",
    params: byCampaign,
    result: arrayOf("SubscriberBounce"),
    errorCodes: [100, 301],
    write: false,
  },
  {
    name: "Campaign.GetOpens",
    params: byCampaign,
    result: arrayOf("SubscriberOpen"),
    errorCodes: [100, 301],
    write: false,
  },
  {
    name: "Campaign.GetUnsubscribes",
    params: byCampaign,
    result: arrayOf("SubscriberUnsubscribe"),
    errorCodes: [100, 301],
    write: false,
  },
  {
    name: "Campaign.GetLists",
    params: byCampaign,
    result: arrayOf("List"),
    errorCodes: [100, 301],
    write: false,
  },
  // Templates
  {
    name: "Template.GetDetail",
    params: [p("TemplateID")],
    result: { kind: "anyType", type: "Template" },
    errorCodes: [100, 4001],
    write: false,
  },
  {
    name: "Template.Update",
    params: [p("TemplateID"), p("TemplateName"), p("HTMLPageURL"), opt("ZipFileURL"), opt("ScreenshotURL")],
    result: STATUS,
    errorCodes: [
      100, 4001, 4002, 4003, 4004, 4005, 4006, 4007, 4101, 4102, 4103, 4104, 4108, 4109, 4110, 4111, 4118, 4120, 4121,
      4123, 4124, 4125, 4126, 4127, 4128, 4129, 4201, 4202, 4203, 4300, 4301, 4302, 4303, 4304, 4350,
    ],
    write: true,
  },
] as const satisfies readonly OperationSpec[];

export type OperationName = (typeof OPERATIONS)[number]["name"];
/** Operations that only read. */
export type ReadOperationName = Extract<(typeof OPERATIONS)[number], { write: false }>["name"];
/** Operations that change state. */
export type WriteOperationName = Extract<(typeof OPERATIONS)[number], { write: true }>["name"];

const byName = new Map<string, OperationSpec>(OPERATIONS.map((op) => [op.name, op]));

/** The operation of that exact name, or undefined. */
export function findOperation(name: string): OperationSpec | undefined {
  return byName.get(name);
}

/** The operation of that name; throws for a name outside the catalog (a programming error). */
export function operation(name: OperationName): OperationSpec {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown legacy operation ${name}`);
  return op;
}

/** The operation an HTTP GET/POST path segment addresses: its name or an observed alias. */
export function operationForPath(transport: "get" | "post", segment: string): OperationSpec | undefined {
  const direct = byName.get(segment);
  if (direct) return direct;
  return OPERATIONS.find((op: OperationSpec) => op.aliases?.[transport] === segment);
}

/**
 * The path segment of an operation over GET/POST: the name itself, or with `observed` the alias
 * the samples show for that transport (the name when there is none).
 */
export function pathSegment(op: OperationSpec, observed?: "get" | "post"): string {
  return (observed && op.aliases?.[observed]) ?? op.name;
}

/** All names of the legacy error codes (spec: Errors), for messages and the graph's enums. */
export const LEGACY_ERROR_NAMES: Readonly<Record<number, string>> = {
  0: "Success",
  1: "Invalid email",
  5: "Invalid date",
  100: "Invalid API Key",
  101: "Invalid ListID",
  102: "Invalid ClientID",
  150: "Email Taken",
  151: "Username Taken",
  152: "Invalid Timezone",
  153: "Invalid Access Level",
  154: "Empty Company Name",
  155: "Empty Contact Name",
  157: "Invalid Country",
  158: "Username Empty",
  159: "Invalid Password",
  160: "Invalid Billing Type",
  164: "Invalid Delivery Fee",
  165: "Invalid Cost/Recipient",
  166: "Invalid Design and Spam Test Fee",
  167: "Invalid Currency Code",
  168: "Delivery Fee Below Minimum",
  169: "Cost Per Recipient Below Minimum",
  170: "Markup Rate Too Low",
  171: "Design and Spam Test Fee Below Minimum",
  172: "Client Creation Limit",
  202: "Already removed/Not in list",
  204: "In Suppression List",
  205: "Is Deleted",
  206: "Is Unsubscribed",
  207: "Is Bounced",
  208: "Is Unconfirmed",
  250: "Duplicate List Title",
  251: "List Title Empty",
  253: "Invalid Key",
  254: "Invalid FieldName",
  255: "The Field Key already exists",
  256: "Options Defined for Text or Number Field",
  257: "No Options Defined for Multi-Valued Field",
  259: "DataType invalid",
  301: "Invalid CampaignID",
  331: "Campaign has already been sent",
  332: "No Recipients Added",
  333: "No Test Campaigns Available",
  334: "Campaign Pending Approval",
  335: "Payment Details Required",
  336: "Campaign Payment Failed",
  337: "Delivery Date Cannot be in the Past",
  338: "Confirm Email Required",
  339: "Confirm Email Invalid",
  340: "Recipient Lists Empty",
  355: "Monthly Payment Failed",
  4001: "Invalid TemplateID",
  4002: "Template Name Required",
  4003: "Invalid Template Name",
  4004: "HTML Page URL Required",
  4005: "Invalid HTML Page URL",
  4006: "Invalid ZIP File URL",
  4007: "Invalid Screenshot URL",
  4101: "Neither a title tag nor a description tag present",
  4102: "Repeater opened but not closed",
  4103: "Image tag without width",
  4104: "Repeater without title, description or image tag",
  4108: "Table-of-contents tag opened but not closed",
  4109: "Table of contents without repeater-title tag",
  4110: "Repeater-title tag without the opening table-of-contents tag",
  4111: "Repeater-title tag without opening or closing table-of-contents tags",
  4118: "Table of contents without a repeater",
  4120: "More than one title tag inside a repeater",
  4121: "More than one description tag inside a repeater",
  4123: "More than one image tag inside a repeater",
  4124: "Non-repeater image without width",
  4125: "Link between unsubscribe tags",
  4126: "Closing repeater before an opening one",
  4127: "Several repeaters flagged to feed the table of contents",
  4128: "Nested repeaters",
  4129: "Table-based repeater with several row tags",
  4201: "Contains Flash",
  4202: "Contains script",
  4203: "Contains Java",
  4300: "No unsubscribe tag",
  4301: "Unsubscribe tag inside an HTML comment",
  4302: "Unsubscribe tag holds fewer than 3 characters",
  4303: "Unsubscribe tag contains a link",
  4304: "Unsubscribe tag not closed",
  4350: "Files referenced by the HTML are missing from the zip",
};
