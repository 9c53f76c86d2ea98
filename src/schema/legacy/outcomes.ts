/**
 * The table of legacy Result codes a write can answer with, grouped into typed payload errors.
 * One row per GraphQL type: its codes and the LegacyErrorReason value of each. The schema types,
 * the reason enum, the error classes and the code → type mapping are all built from it.
 */

/** One typed error of the graph and the Result codes it stands for. */
export interface OutcomeGroup {
  /** GraphQL type name. */
  readonly name: string;
  readonly description: string;
  /** Result code → its LegacyErrorReason value (unique across the table). */
  readonly codes: Readonly<Record<number, string>>;
}

export const OUTCOME_GROUPS = [
  { name: "InvalidEmailError", description: "The address is missing or badly formed.", codes: { 1: "INVALID_EMAIL" } },
  { name: "InvalidDateError", description: "The date is not valid.", codes: { 5: "INVALID_DATE" } },
  { name: "ListNotFoundError", description: "No list with that id.", codes: { 101: "INVALID_LIST_ID" } },
  { name: "ClientNotFoundError", description: "No client with that id.", codes: { 102: "INVALID_CLIENT_ID" } },
  { name: "CampaignNotFoundError", description: "No campaign with that id.", codes: { 301: "INVALID_CAMPAIGN_ID" } },
  { name: "TemplateNotFoundError", description: "No template with that id.", codes: { 4001: "INVALID_TEMPLATE_ID" } },
  {
    name: "SubscriberSuppressedError",
    description: "The address is in the account's suppression list and was not added.",
    codes: { 204: "IN_SUPPRESSION_LIST" },
  },
  {
    name: "SubscriberInactiveError",
    description:
      "The address is in an inactive collection of the list and was not added; `resubscribe: true` moves it back.",
    codes: { 205: "DELETED", 206: "UNSUBSCRIBED", 207: "BOUNCED", 208: "UNCONFIRMED" },
  },
  {
    name: "NotSubscribedError",
    description: "The address is not on the list or was already removed.",
    codes: { 202: "NOT_IN_LIST" },
  },
  {
    name: "ListTitleError",
    description: "The list title is refused.",
    codes: { 250: "DUPLICATE_LIST_TITLE", 251: "LIST_TITLE_EMPTY" },
  },
  {
    name: "CustomFieldError",
    description: "The custom field definition or key is refused.",
    codes: {
      253: "INVALID_FIELD_KEY",
      254: "INVALID_FIELD_NAME",
      255: "FIELD_KEY_EXISTS",
      256: "OPTIONS_NOT_ALLOWED",
      257: "OPTIONS_REQUIRED",
      259: "INVALID_DATA_TYPE",
    },
  },
  {
    name: "ClientDetailsError",
    description: "A basic detail of the client is refused.",
    codes: {
      150: "EMAIL_TAKEN",
      152: "INVALID_TIME_ZONE",
      154: "EMPTY_COMPANY_NAME",
      155: "EMPTY_CONTACT_NAME",
      157: "INVALID_COUNTRY",
    },
  },
  {
    name: "ClientCreationLimitError",
    description: "More than five clients were created in thirty minutes.",
    codes: { 172: "CLIENT_CREATION_LIMIT" },
  },
  {
    name: "ClientAccessError",
    description: "The access level or the login of the client is refused.",
    codes: { 151: "USERNAME_TAKEN", 153: "INVALID_ACCESS_LEVEL", 158: "USERNAME_EMPTY", 159: "INVALID_PASSWORD" },
  },
  {
    name: "ClientBillingError",
    description: "The billing settings are refused.",
    codes: {
      160: "INVALID_BILLING_TYPE",
      164: "INVALID_DELIVERY_FEE",
      165: "INVALID_COST_PER_RECIPIENT",
      166: "INVALID_DESIGN_AND_SPAM_TEST_FEE",
      167: "INVALID_CURRENCY",
      168: "DELIVERY_FEE_BELOW_MINIMUM",
      169: "COST_PER_RECIPIENT_BELOW_MINIMUM",
      170: "MARKUP_RATE_TOO_LOW",
      171: "DESIGN_AND_SPAM_TEST_FEE_BELOW_MINIMUM",
    },
  },
  {
    name: "CampaignAlreadySentError",
    description: "The campaign has already been sent.",
    codes: { 331: "CAMPAIGN_ALREADY_SENT" },
  },
  {
    name: "CampaignRecipientsError",
    description: "The campaign has nobody to send to.",
    codes: { 332: "NO_RECIPIENTS_ADDED", 340: "RECIPIENT_LISTS_EMPTY" },
  },
  {
    name: "CampaignPendingApprovalError",
    description: "The client lacks approval for a recipient list of that size.",
    codes: { 334: "CAMPAIGN_PENDING_APPROVAL" },
  },
  {
    name: "CampaignPaymentError",
    description: "The campaign cannot be paid for.",
    codes: {
      333: "NO_TEST_CAMPAIGNS_AVAILABLE",
      335: "PAYMENT_DETAILS_REQUIRED",
      336: "PAYMENT_FAILED",
      355: "MONTHLY_PAYMENT_FAILED",
    },
  },
  {
    name: "SendDateInPastError",
    description: "The delivery date is in the past.",
    codes: { 337: "SEND_DATE_IN_PAST" },
  },
  {
    name: "ConfirmationEmailError",
    description: "The confirmation address is missing or invalid.",
    codes: { 338: "CONFIRMATION_EMAIL_REQUIRED", 339: "CONFIRMATION_EMAIL_INVALID" },
  },
  {
    name: "TemplateDetailsError",
    description: "A template name or URL is refused.",
    codes: {
      4002: "TEMPLATE_NAME_REQUIRED",
      4003: "INVALID_TEMPLATE_NAME",
      4004: "HTML_PAGE_URL_REQUIRED",
      4005: "INVALID_HTML_PAGE_URL",
      4006: "INVALID_ZIP_FILE_URL",
      4007: "INVALID_SCREENSHOT_URL",
    },
  },
  {
    name: "TemplateContentError",
    description: "The template's HTML breaks a content rule.",
    codes: {
      4101: "NO_TITLE_OR_DESCRIPTION_TAG",
      4102: "REPEATER_NOT_CLOSED",
      4103: "IMAGE_WITHOUT_WIDTH",
      4104: "REPEATER_WITHOUT_CONTENT_TAG",
      4108: "TABLE_OF_CONTENTS_NOT_CLOSED",
      4109: "TABLE_OF_CONTENTS_WITHOUT_REPEATER_TITLE",
      4110: "REPEATER_TITLE_WITHOUT_OPENING_TABLE_OF_CONTENTS",
      4111: "REPEATER_TITLE_OUTSIDE_TABLE_OF_CONTENTS",
      4118: "TABLE_OF_CONTENTS_WITHOUT_REPEATER",
      4120: "SEVERAL_TITLES_IN_REPEATER",
      4121: "SEVERAL_DESCRIPTIONS_IN_REPEATER",
      4123: "SEVERAL_IMAGES_IN_REPEATER",
      4124: "IMAGE_OUTSIDE_REPEATER_WITHOUT_WIDTH",
      4125: "LINK_BETWEEN_UNSUBSCRIBE_TAGS",
      4126: "REPEATER_CLOSED_BEFORE_OPENED",
      4127: "SEVERAL_REPEATERS_FEED_TABLE_OF_CONTENTS",
      4128: "NESTED_REPEATERS",
      4129: "TABLE_REPEATER_WITH_SEVERAL_ROWS",
      4201: "CONTAINS_FLASH",
      4202: "CONTAINS_SCRIPT",
      4203: "CONTAINS_JAVA",
      4300: "NO_UNSUBSCRIBE_TAG",
      4301: "UNSUBSCRIBE_TAG_IN_COMMENT",
      4302: "UNSUBSCRIBE_TAG_TOO_SHORT",
      4303: "UNSUBSCRIBE_TAG_CONTAINS_LINK",
      4304: "UNSUBSCRIBE_TAG_NOT_CLOSED",
      4350: "FILES_MISSING_FROM_ZIP",
    },
  },
] as const satisfies readonly OutcomeGroup[];

const byCode = new Map<number, OutcomeGroup>();
const reasons = new Map<string, number>();
for (const group of OUTCOME_GROUPS as readonly OutcomeGroup[]) {
  for (const [code, reason] of Object.entries(group.codes)) {
    if (byCode.has(Number(code))) throw new Error(`Result code ${code} is in two outcome groups`);
    if (reasons.has(reason)) throw new Error(`reason ${reason} names two Result codes`);
    byCode.set(Number(code), group);
    reasons.set(reason, Number(code));
  }
}

/** Every reason of the table and its Result code. */
export const OUTCOME_REASONS: ReadonlyMap<string, number> = reasons;

/** The group a Result code belongs to, if any. */
export function outcomeGroupOf(code: number): OutcomeGroup | undefined {
  return byCode.get(code);
}
