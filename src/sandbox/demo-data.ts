/**
 * The legacy sandbox's demo data: five clients of different time zones, access levels and billing,
 * their lists (subscribers in every state, custom fields of every type), segments, sent campaigns
 * with reports, unsent ones set up to trigger each Campaign.Send outcome, and templates. The same on
 * every run (seeded; dates are offsets from the store's now()), so DEMO can name its ids.
 */
import { templateIdFor, type LegacyStore, type NewSubscriber } from "./legacy/store.js";
import type { CampaignRecord, ClientRecord, ListRecord } from "./legacy/records.js";
import { createCustomField } from "./legacy/operations/custom-fields.js";
import { seededRandom, type Random } from "./random.js";
import { generatePeople, type StateMix } from "./legacy/demo-people.js";
import { attributeDemoStateChanges, sendDemoCampaign } from "./legacy/demo-reports.js";
import { DEMO_FILES } from "./legacy/demo-files.js";

/** Well-known ids and addresses of the demo data, for tests and the README (seeding checks them). */
export const DEMO = {
  apiKey: "demo-legacy-key",
  clients: {
    /** Sydney; full access; ClientPaysWithMarkup (AUD) with a saved card; 3 test campaigns. */
    northwind: "10001",
    /** New York; ClientPaysAtStandardRate (USD) without a saved card; no test campaigns left. */
    contoso: "10002",
    /** London; UserPaysOnClientsBehalf; approved for at most 10 recipients. */
    fabrikam: "10003",
    /** Berlin; ClientPaysAtStandardRate (EUR); the saved card is declined. */
    tailspin: "10004",
    /** Auckland; access level 0; the monthly payment failed. */
    wingtip: "10005",
  },
  lists: {
    /** Northwind; every state, custom fields of every type; unsubscribes join the suppression list. */
    newsletter: "20001",
    /** Northwind; double opt-in. */
    productUpdates: "20002",
    /** Northwind; 3 active subscribers. */
    vip: "20003",
    /** Northwind; no active subscriber. */
    lapsed: "20004",
    customers: "20005",
    /** Contoso; 4 active subscribers. */
    pilot: "20006",
    /** Fabrikam; 30 active subscribers (above its approval). */
    members: "20007",
    events: "20008",
    collectors: "20009",
    retailers: "20010",
    travellers: "20011",
    deals: "20012",
  },
  campaigns: {
    /** Sent (Northwind newsletter, 20 days ago). */
    sent: "30001",
    /** Sent (Northwind newsletter and a segment, 5 days ago). */
    sentRecently: "30002",
    /** Sent (Contoso customers, 12 days ago). */
    sentContoso: "30003",
    /** Sent (Fabrikam events, 40 days ago). */
    sentFabrikam: "30004",
    /** Unsent; sends successfully (more than 5 recipients, paid by card). */
    ready: "30005",
    /** Unsent; sends successfully on the test quota (3 recipients). */
    readySmall: "30006",
    /** Unsent; no lists or segments → 332. */
    noLists: "30007",
    /** Unsent; its list holds no active subscriber → 340. */
    emptyLists: "30008",
    /** Unsent; 4 recipients, no test campaigns left → 333. */
    noTestQuota: "30009",
    /** Unsent; client pays but has no saved card → 335. */
    noSavedCard: "30010",
    /** Unsent; more recipients than the client is approved for → 334. */
    pendingApproval: "30011",
    /** Unsent; the client's card is declined → 336. */
    paymentFails: "30012",
    /** Unsent; the client's monthly payment failed → 355. */
    monthlyPaymentFailed: "30013",
    /** No campaign has this id → 301. */
    unknown: "39999",
  },
  segments: { newsletterOrg: "40001", productFans: "40002", contosoNet: "40003", eventRegulars: "40004" },
  templates: {
    newsletter: templateIdFor(1),
    productLaunch: templateIdFor(2),
    pharmacyNotice: templateIdFor(3),
    outdoorDigest: templateIdFor(4),
    toyCatalogue: templateIdFor(5),
  },
  /** Addresses of the Northwind newsletter in each state. */
  emails: {
    active: "ada.lovelace@example.com",
    activeNonAscii: "jose.muller@example.com",
    unsubscribed: "grace.hopper@example.com",
    deleted: "alan.turing@example.com",
    bounced: "edsger.dijkstra@example.org",
    unconfirmed: "barbara.liskov@example.net",
    /** On Northwind's suppression list (and on none of its lists). */
    suppressed: "ken.thompson@example.com",
  },
  /** Custom field keys of the Northwind newsletter. */
  fields: {
    city: "[City]",
    age: "[Age]",
    interests: "[Interests]",
    membership: "[Membership]",
    country: "[Country]",
    homeState: "[Homestate]",
    birthday: "[Birthday]",
  },
  /** File names hosted at /files/<name>. */
  files: Object.keys(DEMO_FILES),
} as const;

const DAY = 86_400_000;
const ALL_ACTIVE: StateMix = [1, 0, 0, 0, 0];

function expectId(actual: string, expected: string): void {
  // The README and the tests name these ids; a change in seeding order must not move them silently.
  if (actual !== expected) throw new Error(`demo data drifted: got id ${actual}, expected ${expected}`);
}

/** expectId over records made in order, against the ids they must get. */
function expectIds(made: readonly { id: string }[], expected: readonly string[]): void {
  const actual = made.map((record) => record.id);
  if (actual.length !== expected.length || actual.some((id, i) => id !== expected[i])) {
    throw new Error(`demo data drifted: got ids ${actual.join(", ")}, expected ${expected.join(", ")}`);
  }
}

/** Loads the demo data into an empty store. */
export function seedLegacyDemo(store: LegacyStore): void {
  const now = store.now();
  const ago = (days: number): Date => new Date(Math.floor((now.getTime() - days * DAY) / 1000) * 1000);
  const random = seededRandom(20_240_601);
  store.designer.credits = 1000;

  const clients = seedClients(store, ago(700));
  seedLists(store, clients, random, now);
  seedNewsletterRegulars(store, ago);
  seedSegments(store);
  seedCampaigns(store, clients, random, ago);
  attributeDemoStateChanges(store);
  seedTemplates(store, clients);
}

function seedClients(store: LegacyStore, createdAt: Date): Record<keyof typeof DEMO.clients, ClientRecord> {
  const base = { createdAt, card: "valid" as const, testCampaignsRemaining: 3 };
  const made = {
    northwind: store.addClient({
      ...base,
      companyName: "Northwind Traders",
      contactName: "Nancy Davolio",
      emailAddress: "nancy@northwind.example.com",
      country: "Australia",
      timeZone: "(GMT+10:00) Canberra, Melbourne, Sydney",
      accessLevel: 63,
      username: "northwind",
      billingType: "ClientPaysWithMarkup",
      currency: "AUD",
      deliveryFee: "9",
      costPerRecipient: "2",
      designAndSpamTestFee: "8",
    }),
    contoso: store.addClient({
      ...base,
      companyName: "Contoso Pharmacy",
      contactName: "Kim Abercrombie",
      emailAddress: "kim@contoso.example.com",
      country: "United States of America",
      timeZone: "(GMT-05:00) Eastern Time (US & Canada)",
      accessLevel: 23,
      username: "contoso",
      billingType: "ClientPaysAtStandardRate",
      currency: "USD",
      card: "none",
      testCampaignsRemaining: 0,
    }),
    fabrikam: store.addClient({
      ...base,
      companyName: "Fabrikam Outdoor",
      contactName: "Rhys Evans",
      emailAddress: "rhys@fabrikam.example.com",
      country: "United Kingdom",
      timeZone: "(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London",
      accessLevel: 7,
      username: "fabrikam",
      billingType: "UserPaysOnClientsBehalf",
      approvedRecipients: 10,
    }),
    tailspin: store.addClient({
      ...base,
      companyName: "Tailspin Toys",
      contactName: "Jürgen Weiß",
      emailAddress: "juergen@tailspin.example.com",
      country: "Germany",
      timeZone: "(GMT+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna",
      accessLevel: 15,
      username: "tailspin",
      billingType: "ClientPaysAtStandardRate",
      currency: "EUR",
      card: "declined",
    }),
    wingtip: store.addClient({
      ...base,
      companyName: "Wingtip Travel",
      contactName: "Aroha Ngata",
      emailAddress: "aroha@wingtip.example.com",
      country: "New Zealand",
      timeZone: "(GMT+12:00) Auckland, Wellington",
      monthlyPaymentFailed: true,
    }),
  };
  for (const [key, client] of Object.entries(made)) expectId(client.id, DEMO.clients[key as keyof typeof made]);
  store.suppress(made.northwind.id, DEMO.emails.suppressed);
  store.suppress(made.northwind.id, "spam.complaint@example.org");
  return made;
}

type ListPlan = {
  key: keyof typeof DEMO.lists;
  client: keyof typeof DEMO.clients;
  title: string;
  count: number;
  mix: StateMix;
  confirmOptIn?: boolean;
  suppressUnsubscribes?: boolean;
};

const LIST_PLANS: readonly ListPlan[] = [
  {
    key: "newsletter",
    client: "northwind",
    title: "Newsletter",
    count: 110,
    mix: [70, 10, 6, 8, 6],
    suppressUnsubscribes: true,
  },
  {
    key: "productUpdates",
    client: "northwind",
    title: "Product updates",
    count: 40,
    mix: [60, 10, 5, 5, 20],
    confirmOptIn: true,
  },
  { key: "vip", client: "northwind", title: "VIP preview", count: 3, mix: ALL_ACTIVE },
  { key: "lapsed", client: "northwind", title: "Lapsed customers", count: 6, mix: [0, 1, 1, 0, 0] },
  { key: "customers", client: "contoso", title: "Customers", count: 40, mix: [75, 10, 5, 10, 0] },
  { key: "pilot", client: "contoso", title: "Pilot group", count: 4, mix: ALL_ACTIVE },
  { key: "members", client: "fabrikam", title: "Members", count: 30, mix: ALL_ACTIVE },
  { key: "events", client: "fabrikam", title: "Events", count: 8, mix: ALL_ACTIVE },
  { key: "collectors", client: "tailspin", title: "Collectors", count: 12, mix: ALL_ACTIVE },
  { key: "retailers", client: "tailspin", title: "Retailers", count: 10, mix: [6, 1, 1, 1, 1] },
  { key: "travellers", client: "wingtip", title: "Travellers", count: 10, mix: ALL_ACTIVE },
  { key: "deals", client: "wingtip", title: "Last-minute deals", count: 8, mix: [5, 1, 0, 1, 1] },
];

const CITIES = ["Sydney", "Melbourne", "Perth", "Auckland", "London", "São Paulo", "Zürich", "Kraków"];
const INTERESTS = ["Hiking", "Cooking", "Travel", "Music"];
const MEMBERSHIP = ["Bronze", "Silver", "Gold"];
const PLACES = ["Australia", "New Zealand", "United Kingdom", "Germany", "Japan"];
const STATES = ["California", "New York", "Texas", "Washington"];

function newsletterFields(list: ListRecord): void {
  const fields: [string, string, string][] = [
    ["City", "Text", ""],
    ["Age", "Number", ""],
    ["Interests", "MultiSelectMany", INTERESTS.join("||")],
    ["Membership", "MultiSelectOne", MEMBERSHIP.join("||")],
    ["Country", "Country", ""],
    ["Home state", "USState", ""],
    ["Birthday", "Date", ""],
  ];
  for (const [name, type, options] of fields) {
    if (createCustomField(list, name, type, options) !== 0) throw new Error(`demo custom field ${name} refused`);
  }
}

function newsletterValues(random: Random): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  const f = DEMO.fields;
  if (random.chance(0.8)) values[f.city] = random.pick(CITIES);
  if (random.chance(0.7)) values[f.age] = String(random.int(18, 80));
  if (random.chance(0.6)) values[f.interests] = random.some(INTERESTS, 3);
  if (random.chance(0.6)) values[f.membership] = random.pick(MEMBERSHIP);
  if (random.chance(0.5)) values[f.country] = random.pick(PLACES);
  if (random.chance(0.3)) values[f.homeState] = random.pick(STATES);
  if (random.chance(0.4)) values[f.birthday] = `19${random.int(50, 99)}-0${random.int(1, 9)}-1${random.int(0, 9)}`;
  return values;
}

function seedLists(
  store: LegacyStore,
  clients: Record<keyof typeof DEMO.clients, ClientRecord>,
  random: Random,
  now: Date,
): Record<string, ListRecord> {
  const lists: Record<string, ListRecord> = {};
  for (const plan of LIST_PLANS) {
    const list = store.addList({
      clientId: clients[plan.client].id,
      title: plan.title,
      confirmOptIn: plan.confirmOptIn ?? false,
      suppressUnsubscribes: plan.suppressUnsubscribes ?? false,
      unsubscribePage: "",
      confirmationSuccessPage: "",
    });
    expectId(list.id, DEMO.lists[plan.key]);
    if (plan.key === "newsletter") newsletterFields(list);
    if (plan.key === "productUpdates") createCustomField(list, "Favourite colour", "Text", "");
    for (const person of generatePeople(random, now, plan.count, plan.key, plan.mix)) {
      const customFields = plan.key === "newsletter" ? newsletterValues(random) : undefined;
      store.putSubscriber(list.id, { ...person, customFields });
    }
    lists[plan.key] = list;
  }
  return lists;
}

/** The well-known addresses of DEMO.emails, with dates that place them in the reports. */
function seedNewsletterRegulars(store: LegacyStore, ago: (days: number) => Date): void {
  const f = DEMO.fields;
  const e = DEMO.emails;
  const regulars: NewSubscriber[] = [
    {
      email: e.active,
      name: "Ada Lovelace",
      date: ago(30),
      customFields: {
        [f.city]: "London",
        [f.age]: "36",
        [f.interests]: ["Music", "Travel"],
        [f.membership]: "Gold",
        [f.country]: "United Kingdom",
        [f.birthday]: "1815-12-10",
      },
    },
    {
      email: e.activeNonAscii,
      name: "José Müller-Łukasiewicz 渡辺",
      date: ago(60),
      customFields: { [f.city]: "São Paulo" },
    },
    { email: e.unsubscribed, name: "Grace Hopper", date: ago(200), state: "Unsubscribed", stateDate: ago(3) },
    { email: e.deleted, name: "Alan Turing", date: ago(150), state: "Deleted", stateDate: ago(1) },
    { email: e.bounced, name: "Edsger Dijkstra", date: ago(100), state: "Bounced", stateDate: ago(19.9) },
    { email: e.unconfirmed, name: "Barbara Liskov", date: ago(2), state: "Unconfirmed", stateDate: ago(2) },
  ];
  for (const s of regulars) store.putSubscriber(DEMO.lists.newsletter, s);
}

function seedSegments(store: LegacyStore): void {
  const l = DEMO.lists;
  const made = [
    store.addSegment({ listId: l.newsletter, name: "Readers at example.org", emailDomain: "example.org" }),
    store.addSegment({ listId: l.productUpdates, name: "Product fans" }),
    store.addSegment({ listId: l.customers, name: "Customers at example.net", emailDomain: "example.net" }),
    store.addSegment({ listId: l.events, name: "Event regulars" }),
  ];
  expectIds(made, Object.values(DEMO.segments));
}

function seedCampaigns(
  store: LegacyStore,
  clients: Record<keyof typeof DEMO.clients, ClientRecord>,
  random: Random,
  ago: (days: number) => Date,
): void {
  const l = DEMO.lists;
  const c = (
    client: keyof typeof clients,
    name: string,
    subject: string,
    listIds: string[],
    segmentIds: string[] = [],
  ) => store.addCampaign({ clientId: clients[client].id, name, subject, listIds, segmentIds });
  const sent: [CampaignRecord, Date][] = [
    [c("northwind", "March newsletter", "News for March", [l.newsletter]), ago(20)],
    [c("northwind", "Spring sale", "20% off everything ✨", [l.newsletter], [DEMO.segments.productFans]), ago(5)],
    [c("contoso", "Flu season reminder", "Book your flu shot", [l.customers]), ago(12)],
    [c("fabrikam", "Trail guide", "Five trails for the weekend", [l.events]), ago(40)],
  ];
  const unsent = [
    c("northwind", "Winter preview", "A first look at winter", [l.newsletter]),
    c("northwind", "VIP early access", "Just for you", [l.vip]),
    c("northwind", "Untargeted draft", "Draft", []),
    c("northwind", "Win-back", "We miss you", [l.lapsed]),
    c("contoso", "Pilot test", "Pilot programme", [l.pilot]),
    c("contoso", "Loyalty launch", "Our loyalty card is here", [l.customers]),
    c("fabrikam", "Summer push", "Summer gear sale", [l.members]),
    c("tailspin", "Holiday catalogue", "The holiday catalogue", [l.collectors]),
    c("wingtip", "Autumn getaways", "Autumn getaways", [l.travellers]),
  ];
  const expected = Object.values(DEMO.campaigns).filter((id) => id !== DEMO.campaigns.unknown);
  expectIds([...sent.map(([campaign]) => campaign), ...unsent], expected);
  for (const [campaign, date] of sent) sendDemoCampaign(store, random, campaign, date);
}

function seedTemplates(store: LegacyStore, clients: Record<keyof typeof DEMO.clients, ClientRecord>): void {
  for (const [name, file] of Object.entries(DEMO_FILES)) store.putFile(name, file);
  const page = { htmlPageUrl: "/files/newsletter.html", previewUrl: "/files/newsletter.html" };
  const made = [
    store.addTemplate({
      clientId: clients.northwind.id,
      name: "Monthly newsletter",
      ...page,
      zipFileUrl: "/files/newsletter.zip",
      screenshotUrl: "/files/screenshot.jpg",
    }),
    store.addTemplate({ clientId: clients.northwind.id, name: "Product launch", ...page }),
    store.addTemplate({ clientId: clients.contoso.id, name: "Pharmacy notice", ...page }),
    store.addTemplate({ clientId: clients.fabrikam.id, name: "Outdoor digest", ...page }),
    store.addTemplate({ clientId: clients.tailspin.id, name: "Toy catalogue", ...page }),
  ];
  expectIds(made, Object.values(DEMO.templates));
}
