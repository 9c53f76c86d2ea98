/**
 * Upper bounds of every text and list the graph accepts. They keep a request within what the
 * service's transports carry (a GET request puts every value in its URL, a SOAP body is capped)
 * and are refused as MAX_LENGTH / MAX_COUNT before anything is sent; the schema's descriptions
 * quote them, so a form can enforce them too.
 */
export const MAX_LENGTH = {
  /** RFC 5321's limit of a forward path. */
  email: 254,
  /** Person, company and contact names, list titles, usernames. */
  name: 200,
  /** Custom field names: the key is generated from them. */
  fieldName: 100,
  /** Custom field keys as CustomField.key gives them. */
  fieldKey: 102,
  /** One custom field value. */
  fieldValue: 500,
  /** One option of a multi-select custom field. */
  option: 200,
  /** The service keeps only 30 characters of a template name; longer is refused, not cut. */
  templateName: 30,
  url: 2048,
  password: 128,
  /** Decimal amounts such as a delivery fee. */
  decimal: 20,
  /** The service's own ids (CampaignID). */
  serviceId: 32,
  /** Country names and time-zone texts (the longest the service lists is well below this). */
  reference: 100,
  /**
   * Global ids and connection cursors. The longest the graph issues are a subscriber's: an address
   * of 254 characters, each up to three bytes of UTF-8 (or two characters once JSON-escaped), with
   * its client and list ids, as base64url (4 characters per 3 bytes): about 1,150 characters. The
   * bound is well past that, so every id and cursor the graph gives out is taken back.
   */
  globalId: 2048,
} as const;

export const MAX_COUNT = {
  /** Entries of addSubscriber's customFields. */
  customFields: 50,
  /** Options of a new multi-select custom field. */
  options: 100,
} as const;

/** `nodes(ids:)` takes at most this many ids unless the server configures another number. */
export const DEFAULT_MAX_NODE_IDS = 100;
