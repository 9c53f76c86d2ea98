/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** The access levels the service accepts; each is a set of permissions (see `permissions`). */
export type AccessLevel =
  /** No application access. */
  | 'LEVEL_0'
  /** Grants REPORTS. */
  | 'LEVEL_1'
  /** Grants SUBSCRIBER_MANAGEMENT. */
  | 'LEVEL_2'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT. */
  | 'LEVEL_3'
  /** Grants REPORTS, CREATE_SEND_CAMPAIGNS. */
  | 'LEVEL_5'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS. */
  | 'LEVEL_7'
  /** Grants REPORTS, CREATE_SEND_CAMPAIGNS, CAMPAIGN_IMPORTS. */
  | 'LEVEL_13'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS, CAMPAIGN_IMPORTS. */
  | 'LEVEL_15'
  /** Grants SUBSCRIBER_MANAGEMENT, SUBSCRIBER_IMPORTS. */
  | 'LEVEL_18'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, SUBSCRIBER_IMPORTS. */
  | 'LEVEL_19'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS, SUBSCRIBER_IMPORTS. */
  | 'LEVEL_23'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS, CAMPAIGN_IMPORTS, SUBSCRIBER_IMPORTS. */
  | 'LEVEL_31'
  /** Grants REPORTS, CREATE_SEND_CAMPAIGNS, DESIGN_AND_SPAM_TESTS. */
  | 'LEVEL_37'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS, DESIGN_AND_SPAM_TESTS. */
  | 'LEVEL_39'
  /** Grants REPORTS, CREATE_SEND_CAMPAIGNS, CAMPAIGN_IMPORTS, DESIGN_AND_SPAM_TESTS. */
  | 'LEVEL_45'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS, CAMPAIGN_IMPORTS, DESIGN_AND_SPAM_TESTS. */
  | 'LEVEL_47'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS, SUBSCRIBER_IMPORTS, DESIGN_AND_SPAM_TESTS. */
  | 'LEVEL_55'
  /** Grants REPORTS, SUBSCRIBER_MANAGEMENT, CREATE_SEND_CAMPAIGNS, CAMPAIGN_IMPORTS, SUBSCRIBER_IMPORTS, DESIGN_AND_SPAM_TESTS. */
  | 'LEVEL_63';

/** One permission an access level grants. */
export type AccessPermission =
  | 'CAMPAIGN_IMPORTS'
  | 'CREATE_SEND_CAMPAIGNS'
  | 'DESIGN_AND_SPAM_TESTS'
  | 'REPORTS'
  | 'SUBSCRIBER_IMPORTS'
  | 'SUBSCRIBER_MANAGEMENT';

export type AddSubscriberInput = {
  /** At most 50 entries; see CustomFieldValueInput for the rules per data type. */
  customFields?: Array<CustomFieldValueInput> | null | undefined;
  /** At most 254 characters. */
  email: string;
  /** Global id of the List (at most 2048 characters). The list must be one of the lists of the client the id names, checked before anything is written (OwnershipError LIST_OF_CLIENT otherwise). */
  listId: string | number;
  /** Sent blank when omitted; replaces the name of an address already on the list. At most 200 characters. */
  name?: string | null | undefined;
  /** An unsubscribed, deleted, bounced or unconfirmed address becomes Active again instead of being refused (a suppressed address is still refused). */
  resubscribe?: boolean | null | undefined;
};

/** Where an async job is. */
export type AsyncJobStatus =
  /** Finished; its result can be read. */
  | 'COMPLETED'
  /** Finished without a result. */
  | 'FAILED'
  /** Created, not started. */
  | 'PENDING'
  /** Started. */
  | 'RUNNING';

/** One of the two email-marketing backends behind the graph. */
export type Backend =
  /** The commerce REST interface (customer lists, segments, coupons). */
  | 'COMMERCE'
  /** The legacy list service (clients, lists, campaigns, templates). */
  | 'LEGACY';

/** Who pays for a client's campaigns. */
export type BillingType =
  /** The client's saved card pays standard rates. */
  | 'CLIENT_PAYS_AT_STANDARD_RATE'
  /** The client's card pays designer-set rates. */
  | 'CLIENT_PAYS_WITH_MARKUP'
  /** The designer's credits or card pay. */
  | 'USER_PAYS_ON_CLIENTS_BEHALF';

/** How an email bounced. */
export type BounceType =
  /** Permanent: the address does not accept mail. */
  | 'HARD'
  /** Temporary: a full mailbox, a server down. */
  | 'SOFT';

/** Which listing of a customer list a member is in. */
export type CommerceSubscriberStatus =
  /** Subscribed but not yet opted in. */
  | 'PENDING'
  /** Subscribed (the default listing). */
  | 'SUBSCRIBED'
  /** Unsubscribed. */
  | 'UNSUBSCRIBED';

/** Basic details of the new client; the service requires all of them. */
export type CreateClientInput = {
  /** At most 200 characters. */
  companyName: string;
  /** At most 200 characters. */
  contactName: string;
  /** One of `Query.countries` exactly (English names, e.g. Australia); anything else is refused (ONE_OF). */
  country: string;
  /** At most 254 characters; no other client may have it (code 150). */
  emailAddress: string;
  /** One of `Query.timeZones` exactly, e.g. `(GMT+10:00) Canberra, Melbourne, Sydney`; anything else is refused (ONE_OF). */
  timeZone: string;
};

export type CreateCustomFieldInput = {
  dataType: CustomFieldDataType;
  /** The key is generated from its letters and digits, in brackets. At most 100 characters. */
  fieldName: string;
  /** Global id of the List (at most 2048 characters). The list must be one of the lists of the client the id names, checked before anything is written (OwnershipError LIST_OF_CLIENT otherwise). */
  listId: string | number;
  /** Required for MULTI_SELECT_ONE and MULTI_SELECT_MANY; not allowed for TEXT, NUMBER, COUNTRY, US_STATE, DATE. At most 100 options of at most 200 characters each, sent as given (the service trims each). Refused: a blank option, one holding `||` or starting or ending with `|` (the service joins options with `||`), and one repeating another (compared trimmed and without regard to case). */
  options?: Array<string> | null | undefined;
};

export type CreateListInput = {
  /** Global id of the Client (at most 2048 characters). */
  clientId: string | number;
  /** Double opt-in: new subscribers confirm by email first. */
  confirmOptIn: boolean;
  /** URL shown after confirming; left out or empty gives a generic page. Only with confirmOptIn. At most 2048 characters. */
  confirmationSuccessPage?: string | null | undefined;
  /** Unique among the client's lists. At most 200 characters. */
  title: string;
  /** URL shown after unsubscribing; left out or empty gives a generic page. At most 2048 characters. */
  unsubscribePage?: string | null | undefined;
};

/** Currencies the service bills in. */
export type Currency =
  | 'AUD'
  | 'CAD'
  | 'EUR'
  | 'GBP'
  | 'NZD'
  | 'USD';

/** What a custom field holds. */
export type CustomFieldDataType =
  /** A country; options are generated (read back as MultiSelectOne). */
  | 'COUNTRY'
  /** A date (creation only; how the service reads it back is not documented). */
  | 'DATE'
  /** Any of several options per subscriber. */
  | 'MULTI_SELECT_MANY'
  /** One of several options per subscriber. */
  | 'MULTI_SELECT_ONE'
  /** A number value. */
  | 'NUMBER'
  /** A text value. */
  | 'TEXT'
  /** A US state; options are generated (read back as MultiSelectOne). */
  | 'US_STATE';

/** A value of one custom field of the list, checked against the list's fields before anything is sent (InputError naming `customFields[i].key` or `customFields[i].value` otherwise): the key must be one of the list's fields (CUSTOM_FIELD_KEY); a NUMBER field takes a plain decimal such as 42 or -3.5 (NUMBER); a DATE field a real date YYYY-MM-DD (DATE); a MULTI_SELECT_ONE, COUNTRY or US_STATE field one of its options, spelt as `CustomField.options` lists it (OPTION), in one entry (SINGLE_VALUE); a MULTI_SELECT_MANY field any of its options, one entry per option (DUPLICATE for a repeat); a TEXT field any text, in one entry. An empty value clears the field and must be its only entry. Fields not given keep their values; a field given replaces all its previous values. */
export type CustomFieldValueInput = {
  /** The field's key (CustomField.key; case and brackets optional). At most 102 characters. */
  key: string;
  /** At most 500 characters. */
  value: string;
};

export type DeleteCustomFieldInput = {
  /** The field's key, e.g. as CustomField.key gives it. At most 102 characters. */
  key: string;
  /** Global id of the List (at most 2048 characters). The list must be one of the lists of the client the id names, checked before anything is written (OwnershipError LIST_OF_CLIENT otherwise). */
  listId: string | number;
};

/** The rule an input value broke. */
export type InputRule =
  /** a cursor this connection gave for the same list and status */
  | 'CURSOR'
  /** the key of one of the list's custom fields */
  | 'CUSTOM_FIELD_KEY'
  /** a real date written YYYY-MM-DD */
  | 'DATE'
  /** a date whose wall time in the client's time zone falls in the years 0001–9999, as the service writes dates */
  | 'DATE_RANGE'
  /** a plain decimal number without currency symbol, e.g. 12.50 */
  | 'DECIMAL'
  /** each value at most once (compared without regard to case) */
  | 'DUPLICATE'
  /** an email address: local part, @, and a domain with a dot */
  | 'EMAIL'
  /** exactly one of these fields */
  | 'EXACTLY_ONE'
  /** a number JSON carries exactly: finite, and when whole, within ±9007199254740991 (2^53 − 1); send larger ones as text */
  | 'EXACT_NUMBER'
  /** a global id of the expected type */
  | 'GLOBAL_ID'
  /** an id other than . and .., which a request path would resolve to another endpoint */
  | 'ID_SEGMENT'
  /** a list of at most this many entries (the field's description gives the number) */
  | 'MAX_COUNT'
  /** text at most this many characters long (the field's description gives the number) */
  | 'MAX_LENGTH'
  /** text at least this many characters long */
  | 'MIN_LENGTH'
  /** this field must be empty in this combination */
  | 'NOT_ALLOWED'
  /** text must not contain < or > */
  | 'NO_ANGLE_BRACKETS'
  /** text must not contain the service's list separator || */
  | 'NO_SEPARATOR'
  /** a plain decimal number such as 42 or -3.5 */
  | 'NUMBER'
  /** one of the values the service accepts */
  | 'ONE_OF'
  /** one of the custom field's options, spelt as the field lists it */
  | 'OPTION'
  /** an option must not start or end with |, which would merge with the || separator */
  | 'OPTION_EDGE'
  /** a page size from 1 to the connection's maximum (the field's description gives the number) */
  | 'PAGE_SIZE'
  /** a property key: letters, digits, - and _ only (^[a-zA-Z0-9-_]+$), at most 100 characters */
  | 'PROPERTY_KEY'
  /** a property value the service can store: text, a finite number, true/false, an ISO 8601 date, null, or a list of one of these kinds */
  | 'PROPERTY_VALUE'
  /** a value is required (blank text counts as missing) */
  | 'REQUIRED'
  /** one line of text: no tab, line feed or carriage return */
  | 'SINGLE_LINE'
  /** at most one entry for this custom field (only MultiSelectMany takes several) */
  | 'SINGLE_VALUE'
  /** text without control characters other than tab, line feed and carriage return, unpaired surrogates, U+FFFE or U+FFFF */
  | 'TEXT_CHARACTERS'
  /** an absolute http or https URL */
  | 'URL'
  /** a username without surrounding spaces (the service compares usernames trimmed) */
  | 'USERNAME'
  /** text must not contain characters XML 1.0 forbids (most control characters) */
  | 'XML_CHARACTERS';

/** Names of the legacy Result codes a write can answer with, one per code. */
export type LegacyErrorReason =
  /** Code 207: Is Bounced. */
  | 'BOUNCED'
  /** Code 331: Campaign has already been sent. */
  | 'CAMPAIGN_ALREADY_SENT'
  /** Code 334: Campaign Pending Approval. */
  | 'CAMPAIGN_PENDING_APPROVAL'
  /** Code 172: Client Creation Limit. */
  | 'CLIENT_CREATION_LIMIT'
  /** Code 339: Confirm Email Invalid. */
  | 'CONFIRMATION_EMAIL_INVALID'
  /** Code 338: Confirm Email Required. */
  | 'CONFIRMATION_EMAIL_REQUIRED'
  /** Code 4201: Contains Flash. */
  | 'CONTAINS_FLASH'
  /** Code 4203: Contains Java. */
  | 'CONTAINS_JAVA'
  /** Code 4202: Contains script. */
  | 'CONTAINS_SCRIPT'
  /** Code 169: Cost Per Recipient Below Minimum. */
  | 'COST_PER_RECIPIENT_BELOW_MINIMUM'
  /** Code 205: Is Deleted. */
  | 'DELETED'
  /** Code 168: Delivery Fee Below Minimum. */
  | 'DELIVERY_FEE_BELOW_MINIMUM'
  /** Code 171: Design and Spam Test Fee Below Minimum. */
  | 'DESIGN_AND_SPAM_TEST_FEE_BELOW_MINIMUM'
  /** Code 250: Duplicate List Title. */
  | 'DUPLICATE_LIST_TITLE'
  /** Code 150: Email Taken. */
  | 'EMAIL_TAKEN'
  /** Code 154: Empty Company Name. */
  | 'EMPTY_COMPANY_NAME'
  /** Code 155: Empty Contact Name. */
  | 'EMPTY_CONTACT_NAME'
  /** Code 255: The Field Key already exists. */
  | 'FIELD_KEY_EXISTS'
  /** Code 4350: Files referenced by the HTML are missing from the zip. */
  | 'FILES_MISSING_FROM_ZIP'
  /** Code 4004: HTML Page URL Required. */
  | 'HTML_PAGE_URL_REQUIRED'
  /** Code 4124: Non-repeater image without width. */
  | 'IMAGE_OUTSIDE_REPEATER_WITHOUT_WIDTH'
  /** Code 4103: Image tag without width. */
  | 'IMAGE_WITHOUT_WIDTH'
  /** Code 153: Invalid Access Level. */
  | 'INVALID_ACCESS_LEVEL'
  /** Code 160: Invalid Billing Type. */
  | 'INVALID_BILLING_TYPE'
  /** Code 301: Invalid CampaignID. */
  | 'INVALID_CAMPAIGN_ID'
  /** Code 102: Invalid ClientID. */
  | 'INVALID_CLIENT_ID'
  /** Code 165: Invalid Cost/Recipient. */
  | 'INVALID_COST_PER_RECIPIENT'
  /** Code 157: Invalid Country. */
  | 'INVALID_COUNTRY'
  /** Code 167: Invalid Currency Code. */
  | 'INVALID_CURRENCY'
  /** Code 259: DataType invalid. */
  | 'INVALID_DATA_TYPE'
  /** Code 5: Invalid date. */
  | 'INVALID_DATE'
  /** Code 164: Invalid Delivery Fee. */
  | 'INVALID_DELIVERY_FEE'
  /** Code 166: Invalid Design and Spam Test Fee. */
  | 'INVALID_DESIGN_AND_SPAM_TEST_FEE'
  /** Code 1: Invalid email. */
  | 'INVALID_EMAIL'
  /** Code 253: Invalid Key. */
  | 'INVALID_FIELD_KEY'
  /** Code 254: Invalid FieldName. */
  | 'INVALID_FIELD_NAME'
  /** Code 4005: Invalid HTML Page URL. */
  | 'INVALID_HTML_PAGE_URL'
  /** Code 101: Invalid ListID. */
  | 'INVALID_LIST_ID'
  /** Code 159: Invalid Password. */
  | 'INVALID_PASSWORD'
  /** Code 4007: Invalid Screenshot URL. */
  | 'INVALID_SCREENSHOT_URL'
  /** Code 4001: Invalid TemplateID. */
  | 'INVALID_TEMPLATE_ID'
  /** Code 4003: Invalid Template Name. */
  | 'INVALID_TEMPLATE_NAME'
  /** Code 152: Invalid Timezone. */
  | 'INVALID_TIME_ZONE'
  /** Code 4006: Invalid ZIP File URL. */
  | 'INVALID_ZIP_FILE_URL'
  /** Code 204: In Suppression List. */
  | 'IN_SUPPRESSION_LIST'
  /** Code 4125: Link between unsubscribe tags. */
  | 'LINK_BETWEEN_UNSUBSCRIBE_TAGS'
  /** Code 251: List Title Empty. */
  | 'LIST_TITLE_EMPTY'
  /** Code 170: Markup Rate Too Low. */
  | 'MARKUP_RATE_TOO_LOW'
  /** Code 355: Monthly Payment Failed. */
  | 'MONTHLY_PAYMENT_FAILED'
  /** Code 4128: Nested repeaters. */
  | 'NESTED_REPEATERS'
  /** Code 202: Already removed/Not in list. */
  | 'NOT_IN_LIST'
  /** Code 332: No Recipients Added. */
  | 'NO_RECIPIENTS_ADDED'
  /** Code 333: No Test Campaigns Available. */
  | 'NO_TEST_CAMPAIGNS_AVAILABLE'
  /** Code 4101: Neither a title tag nor a description tag present. */
  | 'NO_TITLE_OR_DESCRIPTION_TAG'
  /** Code 4300: No unsubscribe tag. */
  | 'NO_UNSUBSCRIBE_TAG'
  /** Code 256: Options Defined for Text or Number Field. */
  | 'OPTIONS_NOT_ALLOWED'
  /** Code 257: No Options Defined for Multi-Valued Field. */
  | 'OPTIONS_REQUIRED'
  /** Code 335: Payment Details Required. */
  | 'PAYMENT_DETAILS_REQUIRED'
  /** Code 336: Campaign Payment Failed. */
  | 'PAYMENT_FAILED'
  /** Code 340: Recipient Lists Empty. */
  | 'RECIPIENT_LISTS_EMPTY'
  /** Code 4126: Closing repeater before an opening one. */
  | 'REPEATER_CLOSED_BEFORE_OPENED'
  /** Code 4102: Repeater opened but not closed. */
  | 'REPEATER_NOT_CLOSED'
  /** Code 4111: Repeater-title tag without opening or closing table-of-contents tags. */
  | 'REPEATER_TITLE_OUTSIDE_TABLE_OF_CONTENTS'
  /** Code 4110: Repeater-title tag without the opening table-of-contents tag. */
  | 'REPEATER_TITLE_WITHOUT_OPENING_TABLE_OF_CONTENTS'
  /** Code 4104: Repeater without title, description or image tag. */
  | 'REPEATER_WITHOUT_CONTENT_TAG'
  /** Code 337: Delivery Date Cannot be in the Past. */
  | 'SEND_DATE_IN_PAST'
  /** Code 4121: More than one description tag inside a repeater. */
  | 'SEVERAL_DESCRIPTIONS_IN_REPEATER'
  /** Code 4123: More than one image tag inside a repeater. */
  | 'SEVERAL_IMAGES_IN_REPEATER'
  /** Code 4127: Several repeaters flagged to feed the table of contents. */
  | 'SEVERAL_REPEATERS_FEED_TABLE_OF_CONTENTS'
  /** Code 4120: More than one title tag inside a repeater. */
  | 'SEVERAL_TITLES_IN_REPEATER'
  /** Code 4108: Table-of-contents tag opened but not closed. */
  | 'TABLE_OF_CONTENTS_NOT_CLOSED'
  /** Code 4118: Table of contents without a repeater. */
  | 'TABLE_OF_CONTENTS_WITHOUT_REPEATER'
  /** Code 4109: Table of contents without repeater-title tag. */
  | 'TABLE_OF_CONTENTS_WITHOUT_REPEATER_TITLE'
  /** Code 4129: Table-based repeater with several row tags. */
  | 'TABLE_REPEATER_WITH_SEVERAL_ROWS'
  /** Code 4002: Template Name Required. */
  | 'TEMPLATE_NAME_REQUIRED'
  /** Code 208: Is Unconfirmed. */
  | 'UNCONFIRMED'
  /** Code 206: Is Unsubscribed. */
  | 'UNSUBSCRIBED'
  /** Code 4303: Unsubscribe tag contains a link. */
  | 'UNSUBSCRIBE_TAG_CONTAINS_LINK'
  /** Code 4301: Unsubscribe tag inside an HTML comment. */
  | 'UNSUBSCRIBE_TAG_IN_COMMENT'
  /** Code 4304: Unsubscribe tag not closed. */
  | 'UNSUBSCRIBE_TAG_NOT_CLOSED'
  /** Code 4302: Unsubscribe tag holds fewer than 3 characters. */
  | 'UNSUBSCRIBE_TAG_TOO_SHORT'
  /** Code 158: Username Empty. */
  | 'USERNAME_EMPTY'
  /** Code 151: Username Taken. */
  | 'USERNAME_TAKEN';

/** Where a person stands on a list, in either backend. */
export type MembershipState =
  /** Legacy: Active. Commerce: subscribed. */
  | 'ACTIVE'
  /** Legacy: Bounced. */
  | 'BOUNCED'
  /** Legacy: Deleted. */
  | 'DELETED'
  /** Legacy: Unconfirmed. Commerce: pending (not yet opted in). */
  | 'PENDING'
  /** Unsubscribed. */
  | 'UNSUBSCRIBED';

/** A rule about where an id of a mutation's input must belong. */
export type OwnershipRule =
  /** the campaign must belong to the client: one of its sent campaigns, or every list it goes to is one of the client's lists */
  | 'CAMPAIGN_OF_CLIENT'
  /** Formerly: an unsent campaign without recipient lists, refused because it showed no owner. */
  | 'CAMPAIGN_OWNER_UNKNOWN'
  /** the list must be one of the lists of the client its global id names */
  | 'LIST_OF_CLIENT';

/** One criterion of a segment; what names and filters mean is the commerce service's to judge. */
export type SegmentCriterionInput = {
  /** At most 100 characters. One line: no control characters (TEXT_CHARACTERS), tabs or line breaks (SINGLE_LINE). */
  criteriaName: string;
  /** 1–20 filter objects. Their texts hold no control characters other than tab, line feed and carriage return (TEXT_CHARACTERS); their numbers are finite, and whole ones within ±9007199254740991 (EXACT_NUMBER). */
  filters: Array<unknown>;
  negate: boolean;
};

/** Give either `sendAt` or `immediately: true`. */
export type SendCampaignInput = {
  /** The service's CampaignID, at most 32 characters (the service lists sent campaigns only, so unsent ones have no global id). It must belong to the client: one of its sent campaigns, or a campaign whose every recipient list is one of the client's lists; checked before sending (OwnershipError otherwise). A campaign without recipient lists has nobody to send to and is refused by the service (CampaignRecipientsError). */
  campaignId: string;
  /** Global id of the Client the campaign belongs to (its time zone applies). At most 2048 characters. */
  clientId: string | number;
  /** Receives the confirmation when the campaign is sent. At most 254 characters. */
  confirmationEmail: string;
  /** Send at once. */
  immediately?: boolean | null | undefined;
  /** When to send; converted to the client's wall time, which must fall in the years 0001–9999 (DATE_RANGE): the service writes dates with four-digit years. */
  sendAt?: string | null | undefined;
};

export type SubscribeToCustomerListInput = {
  /** At most 254 characters. */
  email: string;
  /** The backend's customer list id. At most 100 characters on one line (TEXT_CHARACTERS, SINGLE_LINE), and not `.` or `..` (ID_SEGMENT): the id travels as a segment of the request path. */
  listId: string;
  /** First, or first and last name. At most 200 characters. One line: no control characters (TEXT_CHARACTERS), tabs or line breaks (SINGLE_LINE). */
  name?: string | null | undefined;
  /** The opt-in text shown (GDPR). At most 2000 characters. Tabs and line breaks are allowed, other control characters not (TEXT_CHARACTERS). */
  optInText?: string | null | undefined;
  /** Tracked properties: at most 20 keys of at most 100 characters matching ^[a-zA-Z0-9-_]+$ (PROPERTY_KEY); values text, finite numbers, booleans, ISO 8601 dates, null, or lists of one of those kinds (PROPERTY_VALUE). Text may span lines but holds no other control characters (TEXT_CHARACTERS); a whole number must lie within ±9007199254740991 (EXACT_NUMBER): JSON cannot carry a larger one exactly, so send it as text. The service infers a key's type from its first value. */
  properties?: unknown;
  /** Where the subscription came from. At most 200 characters. One line: no control characters (TEXT_CHARACTERS), tabs or line breaks (SINGLE_LINE). */
  source?: string | null | undefined;
  /** The form id or slug. At most 200 characters. One line: no control characters (TEXT_CHARACTERS), tabs or line breaks (SINGLE_LINE). */
  sourceId?: string | null | undefined;
  /** The kind of control used. At most 200 characters. One line: no control characters (TEXT_CHARACTERS), tabs or line breaks (SINGLE_LINE). */
  sourceType?: string | null | undefined;
};

/** Where a subscriber stands on a list. */
export type SubscriberState =
  | 'ACTIVE'
  | 'BOUNCED'
  | 'DELETED'
  | 'UNCONFIRMED'
  | 'UNSUBSCRIBED';

export type UnsubscribeCustomerEmailsInput = {
  /** 1–100 addresses, none repeated (any case). */
  emails: Array<string>;
  /** The backend's customer list id. At most 100 characters on one line (TEXT_CHARACTERS, SINGLE_LINE), and not `.` or `..` (ID_SEGMENT): the id travels as a segment of the request path. */
  listId: string;
};

export type UnsubscribeCustomerSegmentInput = {
  /** 1–20 criteria, all of which must hold. An empty list is refused (REQUIRED): the service would read it as no condition and unsubscribe every member of the list. To mean everyone, say so with a criterion. */
  criteria: Array<SegmentCriterionInput>;
  /** The backend's customer list id. At most 100 characters on one line (TEXT_CHARACTERS, SINGLE_LINE), and not `.` or `..` (ID_SEGMENT): the id travels as a segment of the request path. */
  listId: string;
};

export type UnsubscribeEverywhereInput = {
  /** Ids of the commerce customer lists to look at (the commerce backend has no lookup by email), at most 20, each at most 100 characters on one line and neither . nor .. (ID_SEGMENT); repeats count once. */
  customerListIds?: Array<string> | null | undefined;
  /** The person's email address (matched in any case), at most 254 characters, without surrounding spaces. */
  email: string;
};

export type UnsubscribeInput = {
  /** At most 254 characters. */
  email: string;
  /** Global id of the List (at most 2048 characters). The list must be one of the lists of the client the id names, checked before anything is written (OwnershipError LIST_OF_CLIENT otherwise). */
  listId: string | number;
};

/** What unsubscribeEverywhere did on one list. */
export type UnsubscribeOutcome =
  /** The list could not be read or the unsubscribe failed; `message` has the reason. */
  | 'FAILED'
  /** Nothing to do: not on the list, already unsubscribed, or (legacy) in a state other than active, which the legacy service cannot read or unsubscribe. */
  | 'NOT_A_MEMBER'
  /** The person was on the list (active or pending) and is unsubscribed now. */
  | 'UNSUBSCRIBED';

/** Access and billing of a client. Give only what the combination uses: a login for any level but 0, a billing type for levels that create and send campaigns, a currency unless the designer pays, rates for ClientPaysWithMarkup (the design and spam test fee only with that permission). */
export type UpdateClientAccessAndBillingInput = {
  accessLevel: AccessLevel;
  billingType?: BillingType | null | undefined;
  /** Global id of the Client (at most 2048 characters). */
  clientId: string | number;
  /** Decimal text in the currency's minor unit; at most 20 characters. */
  costPerRecipient?: string | null | undefined;
  currency?: Currency | null | undefined;
  /** Decimal text in the currency's major unit, no symbol; at most 20 characters. */
  deliveryFee?: string | null | undefined;
  /** Decimal text in the currency's major unit; at most 20 characters. */
  designAndSpamTestFee?: string | null | undefined;
  /** At least 5 and at most 128 characters. */
  password?: string | null | undefined;
  /** Unique across the designer and all clients. At most 200 characters. */
  username?: string | null | undefined;
};

/** A client and all its basic details (unchanged values are sent again). */
export type UpdateClientBasicsInput = {
  /** Global id of the Client (at most 2048 characters). */
  clientId: string | number;
  /** At most 200 characters. */
  companyName: string;
  /** At most 200 characters. */
  contactName: string;
  /** One of `Query.countries` exactly (English names, e.g. Australia); anything else is refused (ONE_OF). */
  country: string;
  /** At most 254 characters; no other client may have it (code 150). */
  emailAddress: string;
  /** One of `Query.timeZones` exactly, e.g. `(GMT+10:00) Canberra, Melbourne, Sydney`; anything else is refused (ONE_OF). */
  timeZone: string;
};

/** All settings of a list. The service replaces every one: an omitted page is sent blank (generic page). */
export type UpdateListInput = {
  confirmOptIn: boolean;
  /** Only with confirmOptIn. At most 2048 characters. */
  confirmationSuccessPage?: string | null | undefined;
  /** Global id of the List (at most 2048 characters). The list must be one of the lists of the client the id names, checked before anything is written (OwnershipError LIST_OF_CLIENT otherwise). */
  listId: string | number;
  /** Unique among the client's lists. At most 200 characters. */
  title: string;
  /** At most 2048 characters. */
  unsubscribePage?: string | null | undefined;
};

export type UpdateTemplateInput = {
  /** URL of the template's HTML page. At most 2048 characters. */
  htmlPageUrl: string;
  /** At most 30 characters (the service would cut a longer name, so it is refused), without `<` or `>` (the service refuses those with 4003). */
  name: string;
  /** URL of a JPEG at least 218 pixels wide. At most 2048 characters. */
  screenshotUrl?: string | null | undefined;
  /** Global id of the Template (at most 2048 characters). */
  templateId: string | number;
  /** URL of a zip of the files the page references. At most 2048 characters. */
  zipFileUrl?: string | null | undefined;
};

export type ManySubscribersQueryVariables = Exact<{
  newsletter: string | number;
  vip: string | number;
  a: string;
  b: string;
  c: string;
  d: string;
}>;


export type ManySubscribersQuery = { newsletter: { a: { email: string } | null, b: { email: string } | null, c: { email: string } | null, activeSubscribers: { totalCount: number } | null } | null, vip: { d: { email: string } | null } | null };

export type SubscriberTwiceQueryVariables = Exact<{
  node: string | number;
  list: string | number;
  email: string;
}>;


export type SubscriberTwiceQuery = { node:
    | { email: string, name: string }
    | Record<PropertyKey, never>
   | null, list: { subscriber: { email: string } | null } | null };

export type StatsOfEveryListQueryVariables = Exact<{ [key: string]: never; }>;


export type StatsOfEveryListQuery = { clients: Array<{ lists: Array<{ stats: { totalActiveSubscribers: number | null } | null, customFields: Array<{ key: string }> | null }> | null }> | null };

export type ListsBesideCampaignsQueryVariables = Exact<{ [key: string]: never; }>;


export type ListsBesideCampaignsQuery = { clients: Array<{ lists: Array<{ stats: { totalActiveSubscribers: number | null } | null }> | null, campaigns: Array<{ id: string }> | null }> | null };

export type BudgetContactQueryVariables = Exact<{
  email: string;
}>;


export type BudgetContactQuery = { contact: { memberships: Array<{ listId: string }>, failures: Array<{ listId: string | null, code: string, message: string }> } | null };

export type BudgetListStatsQueryVariables = Exact<{
  clientId: string;
}>;


export type BudgetListStatsQuery = { client: { lists: Array<{ listId: string, stats: { totalActiveSubscribers: number | null } | null }> | null } | null };

export type CommerceSubscribeMutationVariables = Exact<{
  input: SubscribeToCustomerListInput;
}>;


export type CommerceSubscribeMutation = { subscribeToCustomerList:
    | { __typename: 'CommerceNotFoundError', message: string }
    | { __typename: 'CommerceRejectedError', httpStatus: number, code: string | null, details: Array<{ rule: string }> }
    | { __typename: 'InputError', field: string, rule: InputRule, issues: Array<{ field: string, rule: InputRule }> }
    | { __typename: 'SubscribeToCustomerListSuccess', subscriptionId: string, email: string, status: CommerceSubscriberStatus, properties: unknown, customerList: { listId: string } }
   | null };

export type CommerceUnsubscribeEmailsMutationVariables = Exact<{
  input: UnsubscribeCustomerEmailsInput;
}>;


export type CommerceUnsubscribeEmailsMutation = { unsubscribeCustomerEmails:
    | { __typename: 'CommerceNotFoundError' }
    | { __typename: 'CommerceRejectedError' }
    | { __typename: 'InputError', field: string, rule: InputRule }
    | { __typename: 'UnsubscribeCustomerEmailsSuccess', report: { unsubscribed: number, failed: number, failedReasons: Array<string> }, customerList: { listId: string } }
   | null };

export type CommerceMembersForWritesQueryVariables = Exact<{
  listId: string;
}>;


export type CommerceMembersForWritesQuery = { store: { customerList: { subscribers: { totalCount: number, edges: Array<{ node: { email: string } }> } | null } | null } };

export type CommerceUnsubscribeSegmentMutationVariables = Exact<{
  input: UnsubscribeCustomerSegmentInput;
}>;


export type CommerceUnsubscribeSegmentMutation = { unsubscribeCustomerSegment:
    | { __typename: 'CommerceNotFoundError' }
    | { __typename: 'CommerceRejectedError', httpStatus: number }
    | { __typename: 'InputError', field: string, rule: InputRule }
    | { __typename: 'UnsubscribeCustomerSegmentSuccess', jobId: string | null, report: { unsubscribed: number, failed: number } | null, job: { jobId: string, kind: string, status: AsyncJobStatus } | null }
   | null };

export type CommerceExportMutationVariables = Exact<{
  segmentId: string;
}>;


export type CommerceExportMutation = { exportSegment:
    | { __typename: 'CommerceNotFoundError', message: string }
    | { __typename: 'CommerceRejectedError' }
    | { __typename: 'ExportSegmentSuccess', job: { id: string, jobId: string, kind: string, status: AsyncJobStatus } }
    | { __typename: 'InputError' }
   | null };

export type StoreSegmentsQueryVariables = Exact<{ [key: string]: never; }>;


export type StoreSegmentsQuery = { store: { segments: Array<{ id: string, segmentId: string, name: string, editable: boolean, uses: Array<unknown>, usedBy: Array<{ modelName: string, models: Array<unknown> }> }> | null, again: Array<{ segmentId: string }> | null, vip: { id: string, name: string } | null, none: { id: string } | null } };

export type CommerceNodeOfQueryVariables = Exact<{
  id: string | number;
}>;


export type CommerceNodeOfQuery = { node:
    | { __typename: 'AsyncJob', jobId: string, kind: string, id: string }
    | { __typename: 'Campaign', id: string }
    | { __typename: 'Client', id: string }
    | { __typename: 'CommerceSegment', segmentId: string, id: string }
    | { __typename: 'Coupon', couponId: string, code: string, id: string }
    | { __typename: 'CustomerList', listId: string, id: string }
    | { __typename: 'LegacySegment', id: string }
    | { __typename: 'List', id: string }
    | { __typename: 'Subscriber', id: string }
    | { __typename: 'Template', id: string }
   | null };

export type StoreCouponsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type StoreCouponsQuery = { store: { coupons: { totalCount: number, pageInfo: { hasNextPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, couponId: string, code: string, details: unknown } }> } | null } };

export type StoreSubscribersQueryVariables = Exact<{
  listId: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: CommerceSubscriberStatus | null | undefined;
}>;


export type StoreSubscribersQuery = { store: { customerList: { id: string, listId: string, subscribers: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { email: string, status: CommerceSubscriberStatus, customerId: string | null } }> } | null } | null } };

export type SubscribersTwiceQueryVariables = Exact<{ [key: string]: never; }>;


export type SubscribersTwiceQuery = { store: { a: { subscribers: { totalCount: number } | null } | null, b: { subscribers: { edges: Array<{ node: { email: string } }> } | null } | null } };

export type StoreJobQueryVariables = Exact<{
  jobId: string;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type StoreJobQuery = { store: { asyncJob: { id: string, jobId: string, kind: string, status: AsyncJobStatus, result:
        | { __typename: 'SegmentExportResult', rows: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { email: string, status: CommerceSubscriberStatus } }> } | null }
        | { __typename: 'SegmentUnsubscribeResult' }
       | null } | null } };

export type StoreJobStatusQueryVariables = Exact<{
  jobId: string;
}>;


export type StoreJobStatusQuery = { store: { asyncJob: { status: AsyncJobStatus, result:
        | { __typename: 'SegmentExportResult' }
        | { __typename: 'SegmentUnsubscribeResult' }
       | null } | null } };

export type JobRowsByNodesQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
  first?: number | null | undefined;
}>;


export type JobRowsByNodesQuery = { nodes: Array<
    | { jobId: string, result:
        | { rows: { totalCount: number, edges: Array<{ node: { email: string } }> } | null }
        | Record<PropertyKey, never>
       | null }
    | Record<PropertyKey, never>
   | null> };

export type ExportForReadMutationVariables = Exact<{
  segmentId: string;
}>;


export type ExportForReadMutation = { exportSegment:
    | { __typename: 'CommerceNotFoundError' }
    | { __typename: 'CommerceRejectedError' }
    | { __typename: 'ExportSegmentSuccess', job: { jobId: string } }
    | { __typename: 'InputError' }
   | null };

export type PartnerQueryVariables = Exact<{ [key: string]: never; }>;


export type PartnerQuery = { partnerRoot: { appId: string, appName: string, userCount: number } | null };

export type ScopedReadsQueryVariables = Exact<{ [key: string]: never; }>;


export type ScopedReadsQuery = { store: { segments: Array<{ segmentId: string }> | null, customerList: { listId: string, subscribers: { totalCount: number } | null } | null, asyncJob: { jobId: string } | null } };

export type ScopedExportMutationVariables = Exact<{ [key: string]: never; }>;


export type ScopedExportMutation = { exportSegment:
    | { __typename: 'CommerceNotFoundError' }
    | { __typename: 'CommerceRejectedError' }
    | { __typename: 'ExportSegmentSuccess' }
    | { __typename: 'InputError' }
   | null };

export type ScopedSubscribeMutationVariables = Exact<{ [key: string]: never; }>;


export type ScopedSubscribeMutation = { subscribeToCustomerList:
    | { __typename: 'CommerceNotFoundError' }
    | { __typename: 'CommerceRejectedError' }
    | { __typename: 'InputError' }
    | { __typename: 'SubscribeToCustomerListSuccess' }
   | null };

export type ScopedBadInputMutationVariables = Exact<{ [key: string]: never; }>;


export type ScopedBadInputMutation = { subscribeToCustomerList:
    | { __typename: 'CommerceNotFoundError' }
    | { __typename: 'CommerceRejectedError' }
    | { __typename: 'InputError' }
    | { __typename: 'SubscribeToCustomerListSuccess' }
   | null };

export type CommerceScopeDescriptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type CommerceScopeDescriptionsQuery = { __type: { fields: Array<{ name: string, description: string | null }> | null } | null };

export type CredentialsClientsAndListsQueryVariables = Exact<{ [key: string]: never; }>;


export type CredentialsClientsAndListsQuery = { clients: Array<{ name: string, lists: Array<{ name: string }> | null }> | null };

export type CredentialsCreateClientMutationVariables = Exact<{
  input: CreateClientInput;
}>;


export type CredentialsCreateClientMutation = { createClient:
    | { __typename: 'ClientCreationLimitError' }
    | { __typename: 'ClientDetailsError' }
    | { __typename: 'CreateClientSuccess', clientId: string, client: { name: string } | null }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type EverythingQueryVariables = Exact<{
  client: string | number;
  list: string | number;
  template: string | number;
}>;


export type EverythingQuery = { clients: Array<{ id: string }> | null, client: { name: string } | null, list: { name: string } | null, template: { name: string } | null };

export type FailureOverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type FailureOverviewQuery = { clients: Array<{ id: string, name: string, lists: Array<{ id: string, name: string, stats: { totalActiveSubscribers: number | null } | null }> | null, campaigns: Array<{ id: string, subject: string, summary: { recipients: number | null } | null }> | null }> | null };

export type FailureAddOneMutationVariables = Exact<{
  input: AddSubscriberInput;
}>;


export type FailureAddOneMutation = { addSubscriber:
    | { __typename: 'AddSubscriberSuccess' }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError' }
    | { __typename: 'SubscriberSuppressedError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type FailureKeyScopeQueryVariables = Exact<{
  garbage: string | number;
}>;


export type FailureKeyScopeQuery = { clients: Array<{ id: string }> | null, node:
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
   | null };

export type FailureAddCheckedMutationVariables = Exact<{
  input: AddSubscriberInput;
}>;


export type FailureAddCheckedMutation = { addSubscriber:
    | { __typename: 'AddSubscriberSuccess' }
    | { __typename: 'InputError', field: string, rule: InputRule }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError' }
    | { __typename: 'SubscriberSuppressedError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type LimitedNodesQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type LimitedNodesQuery = { nodes: Array<
    | { __typename: 'AsyncJob', id: string }
    | { __typename: 'Campaign', id: string }
    | { __typename: 'Client', id: string }
    | { __typename: 'CommerceSegment', id: string }
    | { __typename: 'Coupon', id: string }
    | { __typename: 'CustomerList', id: string }
    | { __typename: 'LegacySegment', id: string }
    | { __typename: 'List', id: string }
    | { __typename: 'Subscriber', id: string }
    | { __typename: 'Template', id: string }
   | null> };

export type SubscriberByEmailQueryVariables = Exact<{
  id: string | number;
  email: string;
}>;


export type SubscriberByEmailQuery = { list: { subscriber: { email: string } | null } | null };

export type ClientFormQueryVariables = Exact<{ [key: string]: never; }>;


export type ClientFormQuery = { countries: Array<string>, timeZones: Array<string> };

export type SegmentIdsQueryVariables = Exact<{
  id: string | number;
}>;


export type SegmentIdsQuery = { client: { segments: Array<{ id: string, name: string, listId: string }> | null } | null };

export type SegmentNodeQueryVariables = Exact<{
  id: string | number;
}>;


export type SegmentNodeQuery = { node:
    | { __typename: 'AsyncJob', id: string }
    | { __typename: 'Campaign', id: string }
    | { __typename: 'Client', id: string }
    | { __typename: 'CommerceSegment', id: string }
    | { __typename: 'Coupon', id: string }
    | { __typename: 'CustomerList', id: string }
    | { __typename: 'LegacySegment', name: string, listId: string, id: string }
    | { __typename: 'List', id: string }
    | { __typename: 'Subscriber', id: string }
    | { __typename: 'Template', id: string }
   | null };

export type SubscriberNodeQueryVariables = Exact<{
  id: string | number;
}>;


export type SubscriberNodeQuery = { node:
    | { __typename: 'AsyncJob', id: string }
    | { __typename: 'Campaign', id: string }
    | { __typename: 'Client', id: string }
    | { __typename: 'CommerceSegment', id: string }
    | { __typename: 'Coupon', id: string }
    | { __typename: 'CustomerList', id: string }
    | { __typename: 'LegacySegment', id: string }
    | { __typename: 'List', id: string }
    | { __typename: 'Subscriber', email: string, state: SubscriberState | null, id: string }
    | { __typename: 'Template', id: string }
   | null };

export type MainClientNamesQueryVariables = Exact<{ [key: string]: never; }>;


export type MainClientNamesQuery = { clients: Array<{ name: string }> | null };

export type OutcomeAddSubscriberMutationVariables = Exact<{
  input: AddSubscriberInput;
}>;


export type OutcomeAddSubscriberMutation = { result:
    | { __typename: 'AddSubscriberSuccess' }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'SubscriberSuppressedError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
   | null };

export type OutcomeUnsubscribeMutationVariables = Exact<{
  input: UnsubscribeInput;
}>;


export type OutcomeUnsubscribeMutation = { result:
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'NotSubscribedError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnsubscribeSuccess' }
   | null };

export type OutcomeCreateListMutationVariables = Exact<{
  input: CreateListInput;
}>;


export type OutcomeCreateListMutation = { result:
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'CreateListSuccess' }
    | { __typename: 'InputError' }
    | { __typename: 'ListTitleError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
   | null };

export type OutcomeUpdateListMutationVariables = Exact<{
  input: UpdateListInput;
}>;


export type OutcomeUpdateListMutation = { result:
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ListTitleError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UpdateListSuccess' }
   | null };

export type OutcomeCreateCustomFieldMutationVariables = Exact<{
  input: CreateCustomFieldInput;
}>;


export type OutcomeCreateCustomFieldMutation = { result:
    | { __typename: 'CreateCustomFieldSuccess' }
    | { __typename: 'CustomFieldError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
   | null };

export type OutcomeDeleteCustomFieldMutationVariables = Exact<{
  input: DeleteCustomFieldInput;
}>;


export type OutcomeDeleteCustomFieldMutation = { result:
    | { __typename: 'CustomFieldError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'DeleteCustomFieldSuccess' }
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
   | null };

export type OutcomeCreateClientMutationVariables = Exact<{
  input: CreateClientInput;
}>;


export type OutcomeCreateClientMutation = { result:
    | { __typename: 'ClientCreationLimitError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ClientDetailsError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'CreateClientSuccess' }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
   | null };

export type OutcomeUpdateClientBasicsMutationVariables = Exact<{
  input: UpdateClientBasicsInput;
}>;


export type OutcomeUpdateClientBasicsMutation = { result:
    | { __typename: 'ClientDetailsError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UpdateClientBasicsSuccess' }
   | null };

export type OutcomeUpdateAccessMutationVariables = Exact<{
  input: UpdateClientAccessAndBillingInput;
}>;


export type OutcomeUpdateAccessMutation = { result:
    | { __typename: 'ClientAccessError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ClientBillingError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'InputError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UpdateClientAccessAndBillingSuccess' }
   | null };

export type OutcomeSendCampaignMutationVariables = Exact<{
  input: SendCampaignInput;
}>;


export type OutcomeSendCampaignMutation = { result:
    | { __typename: 'CampaignAlreadySentError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'CampaignNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'CampaignPaymentError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'CampaignPendingApprovalError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'CampaignRecipientsError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ConfirmationEmailError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidDateError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SendCampaignSuccess' }
    | { __typename: 'SendDateInPastError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
   | null };

export type OutcomeUpdateTemplateMutationVariables = Exact<{
  input: UpdateTemplateInput;
}>;


export type OutcomeUpdateTemplateMutation = { result:
    | { __typename: 'InputError' }
    | { __typename: 'TemplateContentError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'TemplateDetailsError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'TemplateNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UpdateTemplateSuccess' }
   | null };

export type SendCampaignMutationVariables = Exact<{
  input: SendCampaignInput;
}>;


export type SendCampaignMutation = { sendCampaign:
    | { __typename: 'CampaignAlreadySentError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'CampaignNotFoundError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'CampaignPaymentError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'CampaignPendingApprovalError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'CampaignRecipientsError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'ConfirmationEmailError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidDateError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'OwnershipError', field: string, ownershipRule: OwnershipRule, message: string }
    | { __typename: 'SendCampaignSuccess', campaignId: string, immediately: boolean, scheduledFor: string | null, client: { id: string } | null }
    | { __typename: 'SendDateInPastError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, operation: string }
   | null };

export type SentCampaignsQueryVariables = Exact<{
  id: string | number;
}>;


export type SentCampaignsQuery = { client: { campaigns: Array<{ campaignId: string, sentDate: string | null }> | null } | null };

export type UpdateTemplateMutationVariables = Exact<{
  input: UpdateTemplateInput;
}>;


export type UpdateTemplateMutation = { updateTemplate:
    | { __typename: 'InputError', field: string, rule: InputRule }
    | { __typename: 'TemplateContentError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'TemplateDetailsError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'TemplateNotFoundError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'UpdateTemplateSuccess', templateId: string, template: { id: string, name: string, previewUrl: string | null, screenshotUrl: string | null } | null }
   | null };

export type CreateClientMutationVariables = Exact<{
  input: CreateClientInput;
}>;


export type CreateClientMutation = { createClient:
    | { __typename: 'ClientCreationLimitError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'ClientDetailsError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'CreateClientSuccess', clientId: string, client: { id: string, name: string, accessAndBilling: { accessLevel: AccessLevel | null } | null } | null }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, operation: string }
   | null };

export type UpdateClientBasicsMutationVariables = Exact<{
  input: UpdateClientBasicsInput;
}>;


export type UpdateClientBasicsMutation = { updateClientBasics:
    | { __typename: 'ClientDetailsError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'UpdateClientBasicsSuccess', clientId: string, client: { name: string, basicDetails: { contactName: string, timeZone: string, utcOffsetMinutes: number | null } | null } | null }
   | null };

export type UpdateAccessMutationVariables = Exact<{
  input: UpdateClientAccessAndBillingInput;
}>;


export type UpdateAccessMutation = { updateClientAccessAndBilling:
    | { __typename: 'ClientAccessError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'ClientBillingError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'InputError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'UpdateClientAccessAndBillingSuccess', clientId: string, client: { accessAndBilling: { accessLevel: AccessLevel | null, permissions: Array<AccessPermission> | null, username: string | null, billingType: BillingType | null, currency: Currency | null, deliveryFee: string | null, costPerRecipient: string | null, designAndSpamTestFee: string | null } | null } | null }
   | null };

export type CreateListMutationVariables = Exact<{
  input: CreateListInput;
}>;


export type CreateListMutation = { createList:
    | { __typename: 'ClientNotFoundError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'CreateListSuccess', listId: string, list: { id: string, name: string, client: { id: string } | null } | null }
    | { __typename: 'InputError' }
    | { __typename: 'ListTitleError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, operation: string }
   | null };

export type UpdateListMutationVariables = Exact<{
  input: UpdateListInput;
}>;


export type UpdateListMutation = { updateList:
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'ListTitleError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'UpdateListSuccess', listId: string, list: { id: string, name: string } | null }
   | null };

export type ListsOfQueryVariables = Exact<{
  id: string | number;
}>;


export type ListsOfQuery = { client: { lists: Array<{ id: string, name: string }> | null } | null };

export type RenameAndCreateMutationVariables = Exact<{
  update: UpdateListInput;
  create: CreateListInput;
}>;


export type RenameAndCreateMutation = { updateList:
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'ListTitleError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UpdateListSuccess', list: { name: string, client: { lists: Array<{ name: string }> | null } | null } | null }
   | null, createList:
    | { __typename: 'ClientNotFoundError' }
    | { __typename: 'CreateListSuccess', list: { name: string, client: { lists: Array<{ name: string }> | null } | null } | null }
    | { __typename: 'InputError' }
    | { __typename: 'ListTitleError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type CreateCustomFieldMutationVariables = Exact<{
  input: CreateCustomFieldInput;
}>;


export type CreateCustomFieldMutation = { createCustomField:
    | { __typename: 'CreateCustomFieldSuccess', list: { id: string } | null, customField: { key: string, fieldName: string, dataType: CustomFieldDataType | null, options: Array<string> } | null }
    | { __typename: 'CustomFieldError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null }
   | null };

export type DeleteCustomFieldMutationVariables = Exact<{
  input: DeleteCustomFieldInput;
}>;


export type DeleteCustomFieldMutation = { deleteCustomField:
    | { __typename: 'CustomFieldError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'DeleteCustomFieldSuccess', key: string, list: { customFields: Array<{ key: string }> | null } | null }
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null }
   | null };

export type AddSubscriberMutationVariables = Exact<{
  input: AddSubscriberInput;
}>;


export type AddSubscriberMutation = { addSubscriber:
    | { __typename: 'AddSubscriberSuccess', email: string, resubscribe: boolean, list: { id: string, stats: { totalActiveSubscribers: number | null } | null } | null, subscriber: { email: string, name: string, state: SubscriberState | null, customFields: Array<{ key: string, value: string }> } | null }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'SubscriberSuppressedError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, message: string, operation: string }
   | null };

export type AddTwiceMutationVariables = Exact<{
  first: AddSubscriberInput;
  second: AddSubscriberInput;
}>;


export type AddTwiceMutation = { first:
    | { __typename: 'AddSubscriberSuccess', list: { stats: { totalActiveSubscribers: number | null } | null } | null }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError' }
    | { __typename: 'SubscriberSuppressedError' }
    | { __typename: 'UnexpectedResultError' }
   | null, second:
    | { __typename: 'AddSubscriberSuccess', list: { stats: { totalActiveSubscribers: number | null } | null } | null }
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError' }
    | { __typename: 'SubscriberSuppressedError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type UnsubscribeMutationVariables = Exact<{
  input: UnsubscribeInput;
}>;


export type UnsubscribeMutation = { unsubscribe:
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'ListNotFoundError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'NotSubscribedError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError', code: number, reason: LegacyErrorReason | null, operation: string }
    | { __typename: 'UnsubscribeSuccess', email: string, list: { id: string } | null }
   | null };

export type OverviewQueryVariables = Exact<{ [key: string]: never; }>;


export type OverviewQuery = { clients: Array<{ id: string, name: string, lists: Array<{ id: string, name: string, stats: { totalActiveSubscribers: number | null, totalUnsubscribes: number | null, totalBounced: number | null } | null, customFields: Array<{ key: string, fieldName: string, dataType: CustomFieldDataType | null, options: Array<string> }> | null }> | null, campaigns: Array<{ id: string, subject: string, sentDate: string | null, summary: { recipients: number | null, uniqueOpened: number | null, clicks: number | null, bounced: number | null, unsubscribed: number | null } | null }> | null }> | null };

export type OwnedAddSubscriberMutationVariables = Exact<{
  input: AddSubscriberInput;
}>;


export type OwnedAddSubscriberMutation = { addSubscriber:
    | { __typename: 'AddSubscriberSuccess', subscriber: { customFields: Array<{ key: string, value: string }> } | null }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule }> }
    | { __typename: 'InvalidEmailError', code: number }
    | { __typename: 'ListNotFoundError', code: number }
    | { __typename: 'OwnershipError', field: string, ownershipRule: OwnershipRule, message: string }
    | { __typename: 'SubscriberInactiveError', code: number }
    | { __typename: 'SubscriberSuppressedError', code: number }
    | { __typename: 'UnexpectedResultError', code: number }
   | null };

export type OwnedUnsubscribeMutationVariables = Exact<{
  input: UnsubscribeInput;
}>;


export type OwnedUnsubscribeMutation = { unsubscribe:
    | { __typename: 'InputError' }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'NotSubscribedError' }
    | { __typename: 'OwnershipError', field: string, ownershipRule: OwnershipRule }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UnsubscribeSuccess' }
   | null };

export type OwnedUpdateListMutationVariables = Exact<{
  input: UpdateListInput;
}>;


export type OwnedUpdateListMutation = { updateList:
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'ListTitleError' }
    | { __typename: 'OwnershipError', field: string, ownershipRule: OwnershipRule }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UpdateListSuccess' }
   | null };

export type OwnedDeleteFieldMutationVariables = Exact<{
  input: DeleteCustomFieldInput;
}>;


export type OwnedDeleteFieldMutation = { deleteCustomField:
    | { __typename: 'CustomFieldError' }
    | { __typename: 'DeleteCustomFieldSuccess' }
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError', field: string, ownershipRule: OwnershipRule }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type OwnedCreateFieldMutationVariables = Exact<{
  input: CreateCustomFieldInput;
}>;


export type OwnedCreateFieldMutation = { createCustomField:
    | { __typename: 'CreateCustomFieldSuccess' }
    | { __typename: 'CustomFieldError' }
    | { __typename: 'InputError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError', field: string, ownershipRule: OwnershipRule }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type PeopleContactQueryVariables = Exact<{
  email: string;
  lists?: Array<string> | string | null | undefined;
}>;


export type PeopleContactQuery = { contact: { email: string, memberships: Array<{ backend: Backend, listId: string, clientId: string | null, state: MembershipState, list: { name: string } | null }>, failures: Array<{ backend: Backend, listId: string | null, clientId: string | null, code: string, message: string }> } | null };

export type PeopleContactTwiceQueryVariables = Exact<{
  email: string;
  lists?: Array<string> | string | null | undefined;
}>;


export type PeopleContactTwiceQuery = { first: { memberships: Array<{ listId: string, state: MembershipState }> } | null, again: { memberships: Array<{ listId: string, state: MembershipState }> } | null };

export type PeopleLookupsByOwnIdsQueryVariables = Exact<{
  clientId: string;
  listId: string;
  campaignId: string;
  templateId: string;
}>;


export type PeopleLookupsByOwnIdsQuery = { client: { id: string, clientId: string } | null, list: { id: string, listId: string, name: string } | null, campaign: { id: string, campaignId: string } | null, template: { id: string, templateId: string } | null };

export type PeopleListLookupQueryVariables = Exact<{
  id?: string | number | null | undefined;
  listId?: string | null | undefined;
  clientId?: string | null | undefined;
}>;


export type PeopleListLookupQuery = { list: { listId: string } | null };

export type PeopleClientLookupQueryVariables = Exact<{
  id?: string | number | null | undefined;
  clientId?: string | null | undefined;
}>;


export type PeopleClientLookupQuery = { client: { clientId: string } | null };

export type PeopleTemplateLookupQueryVariables = Exact<{
  templateId?: string | null | undefined;
}>;


export type PeopleTemplateLookupQuery = { template: { templateId: string } | null };

export type PeopleSubscriberByEmailQueryVariables = Exact<{
  list: string | number;
  email: string;
}>;


export type PeopleSubscriberByEmailQuery = { list: { subscriber: { email: string } | null } | null };

export type PeopleNodeByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type PeopleNodeByIdQuery = { node:
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
    | { id: string }
   | null };

export type PeopleSegmentsOnInterfaceQueryVariables = Exact<{
  clientId: string;
}>;


export type PeopleSegmentsOnInterfaceQuery = { client: { segments: Array<{ __typename: 'LegacySegment', id: string, name: string, backend: Backend, listId: string }> | null } | null };

export type PeopleSegmentByIdQueryVariables = Exact<{
  id: string | number;
}>;


export type PeopleSegmentByIdQuery = { node:
    | { __typename: 'AsyncJob', id: string }
    | { __typename: 'Campaign', id: string }
    | { __typename: 'Client', id: string }
    | { __typename: 'CommerceSegment', name: string, backend: Backend, id: string }
    | { __typename: 'Coupon', id: string }
    | { __typename: 'CustomerList', id: string }
    | { __typename: 'LegacySegment', name: string, backend: Backend, id: string }
    | { __typename: 'List', id: string }
    | { __typename: 'Subscriber', id: string }
    | { __typename: 'Template', id: string }
   | null };

export type PeopleSegmentsOfBothQueryVariables = Exact<{
  clientId: string;
}>;


export type PeopleSegmentsOfBothQuery = { client: { segments: Array<{ __typename: 'LegacySegment', id: string, name: string, backend: Backend }> | null } | null, store: { segments: Array<{ __typename: 'CommerceSegment', id: string, name: string, backend: Backend }> | null } };

type SharedSegment_CommerceSegment_Fragment = { __typename: 'CommerceSegment', id: string, name: string, backend: Backend };

type SharedSegment_LegacySegment_Fragment = { __typename: 'LegacySegment', id: string, name: string, backend: Backend };

export type SharedSegmentFragment =
  | SharedSegment_CommerceSegment_Fragment
  | SharedSegment_LegacySegment_Fragment
;

export type PeopleSegmentNodesQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type PeopleSegmentNodesQuery = { nodes: Array<
    | { __typename: 'CommerceSegment', name: string, backend: Backend }
    | { __typename: 'LegacySegment', name: string, backend: Backend }
    | Record<PropertyKey, never>
   | null> };

export type PeopleUnsubscribeEverywhereMutationVariables = Exact<{
  input: UnsubscribeEverywhereInput;
}>;


export type PeopleUnsubscribeEverywhereMutation = { unsubscribeEverywhere: { email: string, results: Array<{ backend: Backend, listId: string | null, clientId: string | null, outcome: UnsubscribeOutcome, message: string | null, code: string | null }> } | null };

export type PeopleContactAfterUnsubscribeQueryVariables = Exact<{
  email: string;
  lists?: Array<string> | string | null | undefined;
}>;


export type PeopleContactAfterUnsubscribeQuery = { contact: { memberships: Array<{ backend: Backend, listId: string, state: MembershipState }>, failures: Array<{ listId: string | null }> } | null };

export type ClientDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type ClientDetailQuery = { client: { id: string, clientId: string, name: string, basicDetails: { companyName: string, contactName: string, emailAddress: string, country: string, timeZone: string, utcOffsetMinutes: number | null } | null, accessAndBilling: { accessLevel: AccessLevel | null, permissions: Array<AccessPermission> | null, username: string | null, billingType: BillingType | null, currency: Currency | null, deliveryFee: string | null, costPerRecipient: string | null, designAndSpamTestFee: string | null } | null, segments: Array<{ id: string, name: string, listId: string, list: { id: string, name: string } | null }> | null, templates: Array<{ id: string, templateId: string, name: string, previewUrl: string | null, screenshotUrl: string | null }> | null } | null };

export type ListDetailQueryVariables = Exact<{
  id: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ListDetailQuery = { list: { id: string, listId: string, name: string, client: { id: string, name: string } | null, stats: { totalActiveSubscribers: number | null, totalUnsubscribes: number | null, totalDeleted: number | null, totalBounced: number | null, newActiveSubscribers: { today: number | null, yesterday: number | null, thisWeek: number | null, thisMonth: number | null, thisYear: number | null }, unsubscribes: { thisYear: number | null }, deleted: { thisYear: number | null }, bounced: { thisYear: number | null } } | null, customFields: Array<{ key: string, fieldName: string, dataType: CustomFieldDataType | null, options: Array<string> }> | null, activeSubscribers: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null }, edges: Array<{ cursor: string, node: { id: string, email: string, name: string, date: string | null, state: SubscriberState | null, customFields: Array<{ key: string, value: string }>, list: { id: string } | null } }> } | null } | null };

export type SubscribersSinceQueryVariables = Exact<{
  id: string | number;
  since?: string | null | undefined;
  last?: number | null | undefined;
  before?: string | null | undefined;
}>;


export type SubscribersSinceQuery = { list: { activeSubscribers: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean }, edges: Array<{ node: { email: string, date: string | null } }> } | null } | null };

export type OneSubscriberQueryVariables = Exact<{
  id: string | number;
  email: string;
}>;


export type OneSubscriberQuery = { list: { subscriber: { id: string, email: string, state: SubscriberState | null, name: string } | null } | null };

export type CampaignDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type CampaignDetailQuery = { campaign: { id: string, campaignId: string, subject: string, name: string, sentDate: string | null, totalRecipients: number | null, client: { id: string } | null, summary: { recipients: number | null, totalOpened: number | null, uniqueOpened: number | null, clicks: number | null, unsubscribed: number | null, bounced: number | null } | null, lists: Array<{ id: string, name: string }> | null, bounces: { totalCount: number, edges: Array<{ node: { email: string, listId: string, bounceType: BounceType | null, list: { id: string } | null } }> } | null, opens: { totalCount: number, edges: Array<{ node: { email: string, listId: string, numberOfOpens: number | null } }> } | null, unsubscribes: { totalCount: number, edges: Array<{ node: { email: string, listId: string, list: { name: string } | null } }> } | null } | null };

export type CampaignRecordsPageQueryVariables = Exact<{
  id: string | number;
  first: number;
  bounces?: string | null | undefined;
  opens?: string | null | undefined;
  unsubscribes?: string | null | undefined;
}>;


export type CampaignRecordsPageQuery = { campaign: { bounces: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { email: string, listId: string } }> } | null, opens: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { email: string, listId: string, list: { id: string } | null } }> } | null, unsubscribes: { totalCount: number, pageInfo: { hasNextPage: boolean, hasPreviousPage: boolean, endCursor: string | null }, edges: Array<{ cursor: string, node: { email: string, listId: string } }> } | null } | null };

export type TemplateDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type TemplateDetailQuery = { template: { id: string, templateId: string, name: string, previewUrl: string | null, screenshotUrl: string | null } | null };

export type NodesQueryVariables = Exact<{
  ids: Array<string | number> | string | number;
}>;


export type NodesQuery = { nodes: Array<
    | { __typename: 'AsyncJob', id: string }
    | { __typename: 'Campaign', subject: string, id: string }
    | { __typename: 'Client', name: string, id: string }
    | { __typename: 'CommerceSegment', name: string, id: string }
    | { __typename: 'Coupon', id: string }
    | { __typename: 'CustomerList', id: string }
    | { __typename: 'LegacySegment', name: string, id: string }
    | { __typename: 'List', name: string, id: string }
    | { __typename: 'Subscriber', email: string, id: string }
    | { __typename: 'Template', templateId: string, id: string }
   | null> };

export type OneNodeQueryVariables = Exact<{
  id: string | number;
}>;


export type OneNodeQuery = { node:
    | { __typename: 'AsyncJob', id: string }
    | { __typename: 'Campaign', id: string }
    | { __typename: 'Client', id: string }
    | { __typename: 'CommerceSegment', id: string }
    | { __typename: 'Coupon', id: string }
    | { __typename: 'CustomerList', id: string }
    | { __typename: 'LegacySegment', id: string }
    | { __typename: 'List', id: string }
    | { __typename: 'Subscriber', id: string }
    | { __typename: 'Template', id: string }
   | null };

export type LookupsQueryVariables = Exact<{
  client: string | number;
  list: string | number;
  campaign: string | number;
  template: string | number;
}>;


export type LookupsQuery = { client: { id: string } | null, list: { id: string } | null, campaign: { id: string } | null, template: { id: string } | null };

export type UnreadableCampaignsQueryVariables = Exact<{
  clientId: string | number;
}>;


export type UnreadableCampaignsQuery = { node:
    | { campaigns: Array<{ campaignId: string, name: string, sentDate: string | null, totalRecipients: number | null }> | null }
    | Record<PropertyKey, never>
   | null };

export type UnreadableSubscribersQueryVariables = Exact<{
  listId: string | number;
}>;


export type UnreadableSubscribersQuery = { node:
    | { activeSubscribers: { totalCount: number, edges: Array<{ node: { email: string, name: string, date: string | null, state: SubscriberState | null } }> } | null }
    | Record<PropertyKey, never>
   | null };

export type UnreadableListDetailsQueryVariables = Exact<{
  listId: string | number;
}>;


export type UnreadableListDetailsQuery = { node:
    | { name: string, customFields: Array<{ key: string, fieldName: string, dataType: CustomFieldDataType | null }> | null, stats: { totalActiveSubscribers: number | null, totalBounced: number | null, newActiveSubscribers: { today: number | null, thisYear: number | null } } | null }
    | Record<PropertyKey, never>
   | null };

export type UnreadableCampaignReportQueryVariables = Exact<{
  campaignId: string | number;
}>;


export type UnreadableCampaignReportQuery = { node:
    | { name: string, summary: { recipients: number | null, clicks: number | null } | null, bounces: { totalCount: number, edges: Array<{ node: { email: string, bounceType: BounceType | null } }> } | null, opens: { totalCount: number, edges: Array<{ node: { email: string, numberOfOpens: number | null } }> } | null }
    | Record<PropertyKey, never>
   | null };

export type UnreadableAccessQueryVariables = Exact<{
  clientId: string;
}>;


export type UnreadableAccessQuery = { client: { name: string, accessAndBilling: { accessLevel: AccessLevel | null, permissions: Array<AccessPermission> | null, billingType: BillingType | null, currency: Currency | null, username: string | null } | null } | null };

export type ValidateAddSubscriberMutationVariables = Exact<{
  input: AddSubscriberInput;
}>;


export type ValidateAddSubscriberMutation = { result:
    | { __typename: 'AddSubscriberSuccess' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SubscriberInactiveError' }
    | { __typename: 'SubscriberSuppressedError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type ValidateUnsubscribeMutationVariables = Exact<{
  input: UnsubscribeInput;
}>;


export type ValidateUnsubscribeMutation = { result:
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'NotSubscribedError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UnsubscribeSuccess' }
   | null };

export type ValidateCreateListMutationVariables = Exact<{
  input: CreateListInput;
}>;


export type ValidateCreateListMutation = { result:
    | { __typename: 'ClientNotFoundError' }
    | { __typename: 'CreateListSuccess' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'ListTitleError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type ValidateUpdateListMutationVariables = Exact<{
  input: UpdateListInput;
}>;


export type ValidateUpdateListMutation = { result:
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'ListTitleError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UpdateListSuccess' }
   | null };

export type ValidateCreateCustomFieldMutationVariables = Exact<{
  input: CreateCustomFieldInput;
}>;


export type ValidateCreateCustomFieldMutation = { result:
    | { __typename: 'CreateCustomFieldSuccess' }
    | { __typename: 'CustomFieldError' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type ValidateDeleteCustomFieldMutationVariables = Exact<{
  input: DeleteCustomFieldInput;
}>;


export type ValidateDeleteCustomFieldMutation = { result:
    | { __typename: 'CustomFieldError' }
    | { __typename: 'DeleteCustomFieldSuccess' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'ListNotFoundError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type ValidateCreateClientMutationVariables = Exact<{
  input: CreateClientInput;
}>;


export type ValidateCreateClientMutation = { result:
    | { __typename: 'ClientCreationLimitError' }
    | { __typename: 'ClientDetailsError' }
    | { __typename: 'CreateClientSuccess' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type ValidateUpdateClientBasicsMutationVariables = Exact<{
  input: UpdateClientBasicsInput;
}>;


export type ValidateUpdateClientBasicsMutation = { result:
    | { __typename: 'ClientDetailsError' }
    | { __typename: 'ClientNotFoundError' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'InvalidEmailError' }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UpdateClientBasicsSuccess' }
   | null };

export type ValidateUpdateAccessMutationVariables = Exact<{
  input: UpdateClientAccessAndBillingInput;
}>;


export type ValidateUpdateAccessMutation = { result:
    | { __typename: 'ClientAccessError' }
    | { __typename: 'ClientBillingError' }
    | { __typename: 'ClientNotFoundError' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UpdateClientAccessAndBillingSuccess' }
   | null };

export type ValidateSendCampaignMutationVariables = Exact<{
  input: SendCampaignInput;
}>;


export type ValidateSendCampaignMutation = { result:
    | { __typename: 'CampaignAlreadySentError' }
    | { __typename: 'CampaignNotFoundError' }
    | { __typename: 'CampaignPaymentError' }
    | { __typename: 'CampaignPendingApprovalError' }
    | { __typename: 'CampaignRecipientsError' }
    | { __typename: 'ClientNotFoundError' }
    | { __typename: 'ConfirmationEmailError' }
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'InvalidDateError' }
    | { __typename: 'OwnershipError' }
    | { __typename: 'SendCampaignSuccess' }
    | { __typename: 'SendDateInPastError' }
    | { __typename: 'UnexpectedResultError' }
   | null };

export type ValidateUpdateTemplateMutationVariables = Exact<{
  input: UpdateTemplateInput;
}>;


export type ValidateUpdateTemplateMutation = { result:
    | { __typename: 'InputError', field: string, rule: InputRule, message: string, issues: Array<{ field: string, rule: InputRule, message: string }> }
    | { __typename: 'TemplateContentError' }
    | { __typename: 'TemplateDetailsError' }
    | { __typename: 'TemplateNotFoundError' }
    | { __typename: 'UnexpectedResultError' }
    | { __typename: 'UpdateTemplateSuccess' }
   | null };

export const SharedSegmentFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SharedSegment"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Segment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"backend"}}]}}]} as unknown as DocumentNode<SharedSegmentFragment, unknown>;
export const ManySubscribersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ManySubscribers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"newsletter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"vip"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"a"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"b"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"c"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"d"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"newsletter"},"name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"newsletter"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"a"},"name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"a"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"b"},"name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"b"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"c"},"name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"c"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activeSubscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"1"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"vip"},"name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"vip"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"d"},"name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"d"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<ManySubscribersQuery, ManySubscribersQueryVariables>;
export const SubscriberTwiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubscriberTwice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"node"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"list"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"node"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Subscriber"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"list"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<SubscriberTwiceQuery, SubscriberTwiceQueryVariables>;
export const StatsOfEveryListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StatsOfEveryList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}}]}},{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]}}]}}]} as unknown as DocumentNode<StatsOfEveryListQuery, StatsOfEveryListQueryVariables>;
export const ListsBesideCampaignsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListsBesideCampaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<ListsBesideCampaignsQuery, ListsBesideCampaignsQueryVariables>;
export const BudgetContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BudgetContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memberships"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"failures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<BudgetContactQuery, BudgetContactQueryVariables>;
export const BudgetListStatsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BudgetListStats"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}}]}}]}}]}}]}}]} as unknown as DocumentNode<BudgetListStatsQuery, BudgetListStatsQueryVariables>;
export const CommerceSubscribeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CommerceSubscribe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SubscribeToCustomerListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribeToCustomerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SubscribeToCustomerListSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriptionId"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"properties"}},{"kind":"Field","name":{"kind":"Name","value":"customerList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommerceRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"details"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommerceNotFoundError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CommerceSubscribeMutation, CommerceSubscribeMutationVariables>;
export const CommerceUnsubscribeEmailsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CommerceUnsubscribeEmails"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeCustomerEmailsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribeCustomerEmails"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeCustomerEmailsSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}},{"kind":"Field","name":{"kind":"Name","value":"failedReasons"}}]}},{"kind":"Field","name":{"kind":"Name","value":"customerList"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}}]}}]}}]} as unknown as DocumentNode<CommerceUnsubscribeEmailsMutation, CommerceUnsubscribeEmailsMutationVariables>;
export const CommerceMembersForWritesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommerceMembersForWrites"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"listId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"listId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"3"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CommerceMembersForWritesQuery, CommerceMembersForWritesQueryVariables>;
export const CommerceUnsubscribeSegmentDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CommerceUnsubscribeSegment"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeCustomerSegmentInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribeCustomerSegment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeCustomerSegmentSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"report"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}},{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"job"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommerceRejectedError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"httpStatus"}}]}}]}}]}}]} as unknown as DocumentNode<CommerceUnsubscribeSegmentMutation, CommerceUnsubscribeSegmentMutationVariables>;
export const CommerceExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CommerceExport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"segmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportSegment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"segmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"segmentId"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExportSegmentSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"job"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommerceNotFoundError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CommerceExportMutation, CommerceExportMutationVariables>;
export const StoreSegmentsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StoreSegments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"segmentId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"editable"}},{"kind":"Field","name":{"kind":"Name","value":"uses"}},{"kind":"Field","name":{"kind":"Name","value":"usedBy"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"modelName"}},{"kind":"Field","name":{"kind":"Name","value":"models"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"again"},"name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segmentId"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"vip"},"name":{"kind":"Name","value":"segment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"segmentId"},"value":{"kind":"StringValue","value":"seg_vip_tier","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","alias":{"kind":"Name","value":"none"},"name":{"kind":"Name","value":"segment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"segmentId"},"value":{"kind":"StringValue","value":"seg_nope","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]} as unknown as DocumentNode<StoreSegmentsQuery, StoreSegmentsQueryVariables>;
export const CommerceNodeOfDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommerceNodeOf"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CommerceSegment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segmentId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CustomerList"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Coupon"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"couponId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AsyncJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}}]}}]}}]}}]} as unknown as DocumentNode<CommerceNodeOfQuery, CommerceNodeOfQueryVariables>;
export const StoreCouponsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StoreCoupons"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"coupons"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"couponId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"details"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<StoreCouponsQuery, StoreCouponsQueryVariables>;
export const StoreSubscribersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StoreSubscribers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"listId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"CommerceSubscriberStatus"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"listId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"subscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}},{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"customerId"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<StoreSubscribersQuery, StoreSubscribersQueryVariables>;
export const SubscribersTwiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubscribersTwice"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"a"},"name":{"kind":"Name","value":"customerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"StringValue","value":"cl_newsletter","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"b"},"name":{"kind":"Name","value":"customerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"StringValue","value":"cl_newsletter","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"5"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SubscribersTwiceQuery, SubscribersTwiceQueryVariables>;
export const StoreJobDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StoreJob"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"jobId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"asyncJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"jobId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"jobId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"kind"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SegmentExportResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"status"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<StoreJobQuery, StoreJobQueryVariables>;
export const StoreJobStatusDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"StoreJobStatus"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"jobId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"asyncJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"jobId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"jobId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]}}]}}]} as unknown as DocumentNode<StoreJobStatusQuery, StoreJobStatusQueryVariables>;
export const JobRowsByNodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"JobRowsByNodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AsyncJob"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobId"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SegmentExportResult"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rows"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<JobRowsByNodesQuery, JobRowsByNodesQueryVariables>;
export const ExportForReadDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ExportForRead"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"segmentId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportSegment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"segmentId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"segmentId"}}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ExportSegmentSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"job"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobId"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ExportForReadMutation, ExportForReadMutationVariables>;
export const PartnerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Partner"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"partnerRoot"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"appId"}},{"kind":"Field","name":{"kind":"Name","value":"appName"}},{"kind":"Field","name":{"kind":"Name","value":"userCount"}}]}}]}}]} as unknown as DocumentNode<PartnerQuery, PartnerQueryVariables>;
export const ScopedReadsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ScopedReads"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segmentId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"customerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"StringValue","value":"cl_newsletter","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"subscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"2"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"asyncJob"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"jobId"},"value":{"kind":"StringValue","value":"job_whatever","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"jobId"}}]}}]}}]}}]} as unknown as DocumentNode<ScopedReadsQuery, ScopedReadsQueryVariables>;
export const ScopedExportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ScopedExport"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"exportSegment"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"segmentId"},"value":{"kind":"StringValue","value":"seg_all","block":false}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<ScopedExportMutation, ScopedExportMutationVariables>;
export const ScopedSubscribeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ScopedSubscribe"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribeToCustomerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"listId"},"value":{"kind":"StringValue","value":"cl_newsletter","block":false}},{"kind":"ObjectField","name":{"kind":"Name","value":"email"},"value":{"kind":"StringValue","value":"scoped@example.org","block":false}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<ScopedSubscribeMutation, ScopedSubscribeMutationVariables>;
export const ScopedBadInputDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ScopedBadInput"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscribeToCustomerList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"ObjectValue","fields":[{"kind":"ObjectField","name":{"kind":"Name","value":"listId"},"value":{"kind":"StringValue","value":"cl_newsletter","block":false}},{"kind":"ObjectField","name":{"kind":"Name","value":"email"},"value":{"kind":"StringValue","value":"not an address","block":false}}]}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<ScopedBadInputMutation, ScopedBadInputMutationVariables>;
export const CommerceScopeDescriptionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CommerceScopeDescriptions"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__type"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"StringValue","value":"Store","block":false}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}}]}}]}}]}}]} as unknown as DocumentNode<CommerceScopeDescriptionsQuery, CommerceScopeDescriptionsQueryVariables>;
export const CredentialsClientsAndListsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CredentialsClientsAndLists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<CredentialsClientsAndListsQuery, CredentialsClientsAndListsQueryVariables>;
export const CredentialsCreateClientDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CredentialsCreateClient"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateClientInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createClient"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateClientSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]} as unknown as DocumentNode<CredentialsCreateClientMutation, CredentialsCreateClientMutationVariables>;
export const EverythingDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Everything"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"client"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"list"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"template"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"client"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"list"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"template"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"template"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<EverythingQuery, EverythingQueryVariables>;
export const FailureOverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FailureOverview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipients"}}]}}]}}]}}]}}]} as unknown as DocumentNode<FailureOverviewQuery, FailureOverviewQueryVariables>;
export const FailureAddOneDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FailureAddOne"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}}]}}]}}]} as unknown as DocumentNode<FailureAddOneMutation, FailureAddOneMutationVariables>;
export const FailureKeyScopeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"FailureKeyScope"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"garbage"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"garbage"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<FailureKeyScopeQuery, FailureKeyScopeQueryVariables>;
export const FailureAddCheckedDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"FailureAddChecked"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}}]}}]}}]} as unknown as DocumentNode<FailureAddCheckedMutation, FailureAddCheckedMutationVariables>;
export const LimitedNodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"LimitedNodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<LimitedNodesQuery, LimitedNodesQueryVariables>;
export const SubscriberByEmailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubscriberByEmail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<SubscriberByEmailQuery, SubscriberByEmailQueryVariables>;
export const ClientFormDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClientForm"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"countries"}},{"kind":"Field","name":{"kind":"Name","value":"timeZones"}}]}}]} as unknown as DocumentNode<ClientFormQuery, ClientFormQueryVariables>;
export const SegmentIdsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SegmentIds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}}]}}]} as unknown as DocumentNode<SegmentIdsQuery, SegmentIdsQueryVariables>;
export const SegmentNodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SegmentNode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacySegment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}}]}}]} as unknown as DocumentNode<SegmentNodeQuery, SegmentNodeQueryVariables>;
export const SubscriberNodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubscriberNode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Subscriber"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]} as unknown as DocumentNode<SubscriberNodeQuery, SubscriberNodeQueryVariables>;
export const MainClientNamesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MainClientNames"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<MainClientNamesQuery, MainClientNamesQueryVariables>;
export const OutcomeAddSubscriberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeAddSubscriber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeAddSubscriberMutation, OutcomeAddSubscriberMutationVariables>;
export const OutcomeUnsubscribeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeUnsubscribe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"unsubscribe"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeUnsubscribeMutation, OutcomeUnsubscribeMutationVariables>;
export const OutcomeCreateListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeCreateList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"createList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeCreateListMutation, OutcomeCreateListMutationVariables>;
export const OutcomeUpdateListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeUpdateList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeUpdateListMutation, OutcomeUpdateListMutationVariables>;
export const OutcomeCreateCustomFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeCreateCustomField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"createCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeCreateCustomFieldMutation, OutcomeCreateCustomFieldMutationVariables>;
export const OutcomeDeleteCustomFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeDeleteCustomField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"deleteCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeDeleteCustomFieldMutation, OutcomeDeleteCustomFieldMutationVariables>;
export const OutcomeCreateClientDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeCreateClient"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateClientInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"createClient"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeCreateClientMutation, OutcomeCreateClientMutationVariables>;
export const OutcomeUpdateClientBasicsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeUpdateClientBasics"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientBasicsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateClientBasics"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeUpdateClientBasicsMutation, OutcomeUpdateClientBasicsMutationVariables>;
export const OutcomeUpdateAccessDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeUpdateAccess"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientAccessAndBillingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateClientAccessAndBilling"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeUpdateAccessMutation, OutcomeUpdateAccessMutationVariables>;
export const OutcomeSendCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeSendCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"sendCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeSendCampaignMutation, OutcomeSendCampaignMutationVariables>;
export const OutcomeUpdateTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OutcomeUpdateTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<OutcomeUpdateTemplateMutation, OutcomeUpdateTemplateMutationVariables>;
export const SendCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"SendCampaignSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"immediately"}},{"kind":"Field","name":{"kind":"Name","value":"scheduledFor"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OwnershipError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipRule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<SendCampaignMutation, SendCampaignMutationVariables>;
export const SentCampaignsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SentCampaigns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"sentDate"}}]}}]}}]}}]} as unknown as DocumentNode<SentCampaignsQuery, SentCampaignsQueryVariables>;
export const UpdateTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTemplateSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"template"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"screenshotUrl"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateTemplateMutation, UpdateTemplateMutationVariables>;
export const CreateClientDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateClient"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateClientInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createClient"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateClientSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"accessAndBilling"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessLevel"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<CreateClientMutation, CreateClientMutationVariables>;
export const UpdateClientBasicsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateClientBasics"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientBasicsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateClientBasics"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientBasicsSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"basicDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"utcOffsetMinutes"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateClientBasicsMutation, UpdateClientBasicsMutationVariables>;
export const UpdateAccessDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateAccess"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientAccessAndBillingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateClientAccessAndBilling"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientAccessAndBillingSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessAndBilling"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessLevel"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"billingType"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"deliveryFee"}},{"kind":"Field","name":{"kind":"Name","value":"costPerRecipient"}},{"kind":"Field","name":{"kind":"Name","value":"designAndSpamTestFee"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateAccessMutation, UpdateAccessMutationVariables>;
export const CreateListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateListSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<CreateListMutation, CreateListMutationVariables>;
export const UpdateListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateListSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<UpdateListMutation, UpdateListMutationVariables>;
export const ListsOfDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListsOf"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<ListsOfQuery, ListsOfQueryVariables>;
export const RenameAndCreateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RenameAndCreate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"update"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateListInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"create"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"update"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateListSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"createList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"create"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateListSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<RenameAndCreateMutation, RenameAndCreateMutationVariables>;
export const CreateCustomFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateCustomField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomFieldSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"customField"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"fieldName"}},{"kind":"Field","name":{"kind":"Name","value":"dataType"}},{"kind":"Field","name":{"kind":"Name","value":"options"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<CreateCustomFieldMutation, CreateCustomFieldMutationVariables>;
export const DeleteCustomFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteCustomField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteCustomFieldSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}}]}}]}}]}}]} as unknown as DocumentNode<DeleteCustomFieldMutation, DeleteCustomFieldMutationVariables>;
export const AddSubscriberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddSubscriber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"resubscribe"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"subscriber"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<AddSubscriberMutation, AddSubscriberMutationVariables>;
export const AddTwiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"AddTwice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"second"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"first"},"name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}}]}}]}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"second"},"name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"second"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<AddTwiceMutation, AddTwiceMutationVariables>;
export const UnsubscribeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Unsubscribe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribe"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"reason"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}}]}}]}}]}}]} as unknown as DocumentNode<UnsubscribeMutation, UnsubscribeMutationVariables>;
export const OverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Overview"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clients"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}},{"kind":"Field","name":{"kind":"Name","value":"totalUnsubscribes"}},{"kind":"Field","name":{"kind":"Name","value":"totalBounced"}}]}},{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"fieldName"}},{"kind":"Field","name":{"kind":"Name","value":"dataType"}},{"kind":"Field","name":{"kind":"Name","value":"options"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"sentDate"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipients"}},{"kind":"Field","name":{"kind":"Name","value":"uniqueOpened"}},{"kind":"Field","name":{"kind":"Name","value":"clicks"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}}]}}]}}]}}]}}]} as unknown as DocumentNode<OverviewQuery, OverviewQueryVariables>;
export const OwnedAddSubscriberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OwnedAddSubscriber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberSuccess"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriber"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OwnershipError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipRule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}}]}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"LegacyError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<OwnedAddSubscriberMutation, OwnedAddSubscriberMutationVariables>;
export const OwnedUnsubscribeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OwnedUnsubscribe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribe"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OwnershipError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipRule"}}]}}]}}]}}]} as unknown as DocumentNode<OwnedUnsubscribeMutation, OwnedUnsubscribeMutationVariables>;
export const OwnedUpdateListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OwnedUpdateList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OwnershipError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipRule"}}]}}]}}]}}]} as unknown as DocumentNode<OwnedUpdateListMutation, OwnedUpdateListMutationVariables>;
export const OwnedDeleteFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OwnedDeleteField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OwnershipError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipRule"}}]}}]}}]}}]} as unknown as DocumentNode<OwnedDeleteFieldMutation, OwnedDeleteFieldMutationVariables>;
export const OwnedCreateFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"OwnedCreateField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OwnershipError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"ownershipRule"}}]}}]}}]}}]} as unknown as DocumentNode<OwnedCreateFieldMutation, OwnedCreateFieldMutationVariables>;
export const PeopleContactDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleContact"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lists"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"customerListIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lists"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"memberships"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backend"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"failures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backend"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"code"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleContactQuery, PeopleContactQueryVariables>;
export const PeopleContactTwiceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleContactTwice"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lists"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"first"},"name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"customerListIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lists"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memberships"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}},{"kind":"Field","alias":{"kind":"Name","value":"again"},"name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"customerListIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lists"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memberships"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleContactTwiceQuery, PeopleContactTwiceQueryVariables>;
export const PeopleLookupsByOwnIdsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleLookupsByOwnIds"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"listId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"listId"}}},{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"campaignId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}},{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}}]}},{"kind":"Field","name":{"kind":"Name","value":"template"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"templateId"}}]}}]}}]} as unknown as DocumentNode<PeopleLookupsByOwnIdsQuery, PeopleLookupsByOwnIdsQueryVariables>;
export const PeopleListLookupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleListLookup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"listId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"listId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"listId"}}},{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}}]} as unknown as DocumentNode<PeopleListLookupQuery, PeopleListLookupQueryVariables>;
export const PeopleClientLookupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleClientLookup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"clientId"}}]}}]}}]} as unknown as DocumentNode<PeopleClientLookupQuery, PeopleClientLookupQueryVariables>;
export const PeopleTemplateLookupDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleTemplateLookup"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"templateId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"templateId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}}]}}]}}]} as unknown as DocumentNode<PeopleTemplateLookupQuery, PeopleTemplateLookupQueryVariables>;
export const PeopleSubscriberByEmailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleSubscriberByEmail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"list"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"list"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleSubscriberByEmailQuery, PeopleSubscriberByEmailQueryVariables>;
export const PeopleNodeByIdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleNodeById"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<PeopleNodeByIdQuery, PeopleNodeByIdQueryVariables>;
export const PeopleSegmentsOnInterfaceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleSegmentsOnInterface"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Segment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"backend"}}]}},{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleSegmentsOnInterfaceQuery, PeopleSegmentsOnInterfaceQueryVariables>;
export const PeopleSegmentByIdDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleSegmentById"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Segment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"backend"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleSegmentByIdQuery, PeopleSegmentByIdQueryVariables>;
export const PeopleSegmentsOfBothDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleSegmentsOfBoth"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SharedSegment"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"store"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"SharedSegment"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"SharedSegment"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Segment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"backend"}}]}}]} as unknown as DocumentNode<PeopleSegmentsOfBothQuery, PeopleSegmentsOfBothQueryVariables>;
export const PeopleSegmentNodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleSegmentNodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Segment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"backend"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleSegmentNodesQuery, PeopleSegmentNodesQueryVariables>;
export const PeopleUnsubscribeEverywhereDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"PeopleUnsubscribeEverywhere"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeEverywhereInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"unsubscribeEverywhere"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"results"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backend"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"outcome"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"code"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleUnsubscribeEverywhereMutation, PeopleUnsubscribeEverywhereMutationVariables>;
export const PeopleContactAfterUnsubscribeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"PeopleContactAfterUnsubscribe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"lists"}},"type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"contact"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}},{"kind":"Argument","name":{"kind":"Name","value":"customerListIds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"lists"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"memberships"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"backend"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}},{"kind":"Field","name":{"kind":"Name","value":"failures"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}}]}}]} as unknown as DocumentNode<PeopleContactAfterUnsubscribeQuery, PeopleContactAfterUnsubscribeQueryVariables>;
export const ClientDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ClientDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"clientId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"basicDetails"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"companyName"}},{"kind":"Field","name":{"kind":"Name","value":"contactName"}},{"kind":"Field","name":{"kind":"Name","value":"emailAddress"}},{"kind":"Field","name":{"kind":"Name","value":"country"}},{"kind":"Field","name":{"kind":"Name","value":"timeZone"}},{"kind":"Field","name":{"kind":"Name","value":"utcOffsetMinutes"}}]}},{"kind":"Field","name":{"kind":"Name","value":"accessAndBilling"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessLevel"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"username"}},{"kind":"Field","name":{"kind":"Name","value":"billingType"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"deliveryFee"}},{"kind":"Field","name":{"kind":"Name","value":"costPerRecipient"}},{"kind":"Field","name":{"kind":"Name","value":"designAndSpamTestFee"}}]}},{"kind":"Field","name":{"kind":"Name","value":"segments"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"templates"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"screenshotUrl"}}]}}]}}]}}]} as unknown as DocumentNode<ClientDetailQuery, ClientDetailQueryVariables>;
export const ListDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ListDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}},{"kind":"Field","name":{"kind":"Name","value":"totalUnsubscribes"}},{"kind":"Field","name":{"kind":"Name","value":"totalDeleted"}},{"kind":"Field","name":{"kind":"Name","value":"totalBounced"}},{"kind":"Field","name":{"kind":"Name","value":"newActiveSubscribers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"today"}},{"kind":"Field","name":{"kind":"Name","value":"yesterday"}},{"kind":"Field","name":{"kind":"Name","value":"thisWeek"}},{"kind":"Field","name":{"kind":"Name","value":"thisMonth"}},{"kind":"Field","name":{"kind":"Name","value":"thisYear"}}]}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribes"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"thisYear"}}]}},{"kind":"Field","name":{"kind":"Name","value":"deleted"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"thisYear"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bounced"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"thisYear"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"fieldName"}},{"kind":"Field","name":{"kind":"Name","value":"dataType"}},{"kind":"Field","name":{"kind":"Name","value":"options"}}]}},{"kind":"Field","name":{"kind":"Name","value":"activeSubscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"startCursor"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<ListDetailQuery, ListDetailQueryVariables>;
export const SubscribersSinceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"SubscribersSince"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"since"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"LocalDateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"last"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"before"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activeSubscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"since"},"value":{"kind":"Variable","name":{"kind":"Name","value":"since"}}},{"kind":"Argument","name":{"kind":"Name","value":"last"},"value":{"kind":"Variable","name":{"kind":"Name","value":"last"}}},{"kind":"Argument","name":{"kind":"Name","value":"before"},"value":{"kind":"Variable","name":{"kind":"Name","value":"before"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"date"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<SubscribersSinceQuery, SubscribersSinceQueryVariables>;
export const OneSubscriberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OneSubscriber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"email"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"email"},"value":{"kind":"Variable","name":{"kind":"Name","value":"email"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"state"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<OneSubscriberQuery, OneSubscriberQueryVariables>;
export const CampaignDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"subject"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sentDate"}},{"kind":"Field","name":{"kind":"Name","value":"totalRecipients"}},{"kind":"Field","name":{"kind":"Name","value":"client"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipients"}},{"kind":"Field","name":{"kind":"Name","value":"totalOpened"}},{"kind":"Field","name":{"kind":"Name","value":"uniqueOpened"}},{"kind":"Field","name":{"kind":"Name","value":"clicks"}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribed"}},{"kind":"Field","name":{"kind":"Name","value":"bounced"}}]}},{"kind":"Field","name":{"kind":"Name","value":"lists"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bounces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"bounceType"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"opens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"numberOfOpens"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CampaignDetailQuery, CampaignDetailQueryVariables>;
export const CampaignRecordsPageDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CampaignRecordsPage"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"bounces"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"opens"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"unsubscribes"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"bounces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"bounces"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"opens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"opens"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}},{"kind":"Field","name":{"kind":"Name","value":"list"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"unsubscribes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"unsubscribes"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"pageInfo"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"hasNextPage"}},{"kind":"Field","name":{"kind":"Name","value":"hasPreviousPage"}},{"kind":"Field","name":{"kind":"Name","value":"endCursor"}}]}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"cursor"}},{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"listId"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<CampaignRecordsPageQuery, CampaignRecordsPageQueryVariables>;
export const TemplateDetailDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TemplateDetail"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"template"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"templateId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"previewUrl"}},{"kind":"Field","name":{"kind":"Name","value":"screenshotUrl"}}]}}]}}]} as unknown as DocumentNode<TemplateDetailQuery, TemplateDetailQueryVariables>;
export const NodesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Nodes"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"ids"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"nodes"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"ids"},"value":{"kind":"Variable","name":{"kind":"Name","value":"ids"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Client"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"List"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Segment"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"subject"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Subscriber"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}}]}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Template"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"templateId"}}]}}]}}]}}]} as unknown as DocumentNode<NodesQuery, NodesQueryVariables>;
export const OneNodeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OneNode"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<OneNodeQuery, OneNodeQueryVariables>;
export const LookupsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Lookups"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"client"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"list"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaign"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"template"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"client"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"list"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"list"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"campaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaign"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}},{"kind":"Field","name":{"kind":"Name","value":"template"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"template"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}}]}}]}}]} as unknown as DocumentNode<LookupsQuery, LookupsQueryVariables>;
export const UnreadableCampaignsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UnreadableCampaigns"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Client"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaigns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"campaignId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"sentDate"}},{"kind":"Field","name":{"kind":"Name","value":"totalRecipients"}}]}}]}}]}}]}}]} as unknown as DocumentNode<UnreadableCampaignsQuery, UnreadableCampaignsQueryVariables>;
export const UnreadableSubscribersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UnreadableSubscribers"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"listId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"listId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"List"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"activeSubscribers"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"500"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"state"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<UnreadableSubscribersQuery, UnreadableSubscribersQueryVariables>;
export const UnreadableListDetailsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UnreadableListDetails"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"listId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"listId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"List"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"customFields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key"}},{"kind":"Field","name":{"kind":"Name","value":"fieldName"}},{"kind":"Field","name":{"kind":"Name","value":"dataType"}}]}},{"kind":"Field","name":{"kind":"Name","value":"stats"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalActiveSubscribers"}},{"kind":"Field","name":{"kind":"Name","value":"totalBounced"}},{"kind":"Field","name":{"kind":"Name","value":"newActiveSubscribers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"today"}},{"kind":"Field","name":{"kind":"Name","value":"thisYear"}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<UnreadableListDetailsQuery, UnreadableListDetailsQueryVariables>;
export const UnreadableCampaignReportDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UnreadableCampaignReport"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"campaignId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Campaign"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"summary"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"recipients"}},{"kind":"Field","name":{"kind":"Name","value":"clicks"}}]}},{"kind":"Field","name":{"kind":"Name","value":"bounces"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"bounceType"}}]}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"opens"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"IntValue","value":"100"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"totalCount"}},{"kind":"Field","name":{"kind":"Name","value":"edges"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"node"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"email"}},{"kind":"Field","name":{"kind":"Name","value":"numberOfOpens"}}]}}]}}]}}]}}]}}]}}]} as unknown as DocumentNode<UnreadableCampaignReportQuery, UnreadableCampaignReportQueryVariables>;
export const UnreadableAccessDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"UnreadableAccess"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"client"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"clientId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"clientId"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"accessAndBilling"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"accessLevel"}},{"kind":"Field","name":{"kind":"Name","value":"permissions"}},{"kind":"Field","name":{"kind":"Name","value":"billingType"}},{"kind":"Field","name":{"kind":"Name","value":"currency"}},{"kind":"Field","name":{"kind":"Name","value":"username"}}]}}]}}]}}]} as unknown as DocumentNode<UnreadableAccessQuery, UnreadableAccessQueryVariables>;
export const ValidateAddSubscriberDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateAddSubscriber"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"AddSubscriberInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"addSubscriber"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateAddSubscriberMutation, ValidateAddSubscriberMutationVariables>;
export const ValidateUnsubscribeDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateUnsubscribe"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UnsubscribeInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"unsubscribe"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateUnsubscribeMutation, ValidateUnsubscribeMutationVariables>;
export const ValidateCreateListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateCreateList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"createList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateCreateListMutation, ValidateCreateListMutationVariables>;
export const ValidateUpdateListDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateUpdateList"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateListInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateList"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateUpdateListMutation, ValidateUpdateListMutationVariables>;
export const ValidateCreateCustomFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateCreateCustomField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"createCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateCreateCustomFieldMutation, ValidateCreateCustomFieldMutationVariables>;
export const ValidateDeleteCustomFieldDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateDeleteCustomField"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DeleteCustomFieldInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"deleteCustomField"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateDeleteCustomFieldMutation, ValidateDeleteCustomFieldMutationVariables>;
export const ValidateCreateClientDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateCreateClient"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateClientInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"createClient"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateCreateClientMutation, ValidateCreateClientMutationVariables>;
export const ValidateUpdateClientBasicsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateUpdateClientBasics"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientBasicsInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateClientBasics"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateUpdateClientBasicsMutation, ValidateUpdateClientBasicsMutationVariables>;
export const ValidateUpdateAccessDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateUpdateAccess"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateClientAccessAndBillingInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateClientAccessAndBilling"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateUpdateAccessMutation, ValidateUpdateAccessMutationVariables>;
export const ValidateSendCampaignDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateSendCampaign"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"SendCampaignInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"sendCampaign"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateSendCampaignMutation, ValidateSendCampaignMutationVariables>;
export const ValidateUpdateTemplateDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ValidateUpdateTemplate"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTemplateInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","alias":{"kind":"Name","value":"result"},"name":{"kind":"Name","value":"updateTemplate"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"__typename"}},{"kind":"InlineFragment","typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"InputError"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}},{"kind":"Field","name":{"kind":"Name","value":"issues"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"rule"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]}}]} as unknown as DocumentNode<ValidateUpdateTemplateMutation, ValidateUpdateTemplateMutationVariables>;