/**
 * Deterministic demo data (seeded PRNG): three customer lists with hundreds of subscribers,
 * default and custom segments, coupons, one partner app and one user. COMMERCE_DEMO holds the
 * well-known values the README and tests name.
 */
import type { Customer, CustomerList, Segment, SubscriptionStatus } from "./model.js";
import { seededRandom, type Random } from "../random.js";
import { DEMO } from "../demo-data.js";
import { inferType } from "./properties.js";
import type { CommerceStore } from "./store.js";

/** The well-known ids and credentials of the demo store. */
export interface CommerceDemo {
  /** The store owner's API key (every scope). */
  apiKey: string;
  lists: { newsletter: string; vip: string; launch: string };
  segments: { all: string; vipTier: string; exampleOrg: string; earlyAdopters: string; exampleOrgRegulars: string };
  /** The registered partner application. */
  app: { clientId: string; clientSecret: string; redirectUri: string; name: string };
  /** The store's user, signed in on the OAuth pages. */
  user: { id: string; email: string; name: string };
  /**
   * People who are also active on the legacy sandbox's Northwind newsletter: `ada` is subscribed
   * to cl_newsletter and cl_vip, `jose` pending on cl_newsletter.
   */
  people: { ada: string; jose: string };
}

export const COMMERCE_DEMO: CommerceDemo = {
  apiKey: "demo-commerce-key",
  lists: { newsletter: "cl_newsletter", vip: "cl_vip", launch: "cl_launch" },
  segments: {
    all: "seg_all",
    vipTier: "seg_vip_tier",
    exampleOrg: "seg_example_org",
    earlyAdopters: "seg_early_adopters",
    exampleOrgRegulars: "seg_example_org_regulars",
  },
  app: {
    clientId: "demo-partner-app",
    clientSecret: "dcs_7f3a9c1e5b8d2f4a6c0e9b7d5f3a1c8e2b4d6f0a9c7e5b3d1f8a6c4e",
    // The gateway's own callback at its default address (npm start registers its actual one).
    redirectUri: "http://127.0.0.1:4000/auth/commerce/callback",
    name: "Demo Partner App",
  },
  user: { id: "usr_demo", email: "owner@demo-store.test", name: "Dana Demo" },
  people: { ada: DEMO.emails.active, jose: DEMO.emails.activeNonAscii },
};

/** Registers the partner app and the signed-in user (needed even without demo data). */
export function registerIdentities(store: CommerceStore, demo: CommerceDemo = COMMERCE_DEMO): void {
  const { app, user } = demo;
  store.apps.set(app.clientId, {
    id: app.clientId,
    name: app.name,
    secret: app.clientSecret,
    redirectUri: app.redirectUri,
  });
  store.users.set(user.id, { ...user });
  store.signedInUserId = user.id;
}

const FIRST = [
  "ada",
  "ben",
  "cleo",
  "dev",
  "emil",
  "fay",
  "gus",
  "hana",
  "ivo",
  "jun",
  "kai",
  "lea",
  "milo",
  "nia",
  "otto",
  "pia",
  "quin",
  "rosa",
  "sam",
  "tove",
];
const LAST = [
  "archer",
  "berg",
  "costa",
  "diaz",
  "ek",
  "fischer",
  "gray",
  "holm",
  "ito",
  "jansen",
  "kovac",
  "lund",
  "moreau",
  "novak",
  "olsen",
  "park",
];
const DOMAINS = ["example.com", "example.com", "example.org", "example.net", "shop.test"];
const CITIES = ["Lisbon", "Oslo", "Lyon", "Ghent", "Turin", "Porto", "Malmo"];
const INTERESTS = ["shoes", "outdoor", "kitchen", "books", "garden", "audio"];
const YEAR_START = Date.UTC(2024, 0, 1);
const YEAR_SECONDS = 366 * 24 * 3600;

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

function makeCustomers(store: CommerceStore, rng: Random, count: number): Customer[] {
  const out: Customer[] = [];
  for (let i = 1; i <= count; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(LAST);
    const customer = store.addCustomer(
      `${first}.${last}${i}@${rng.pick(DOMAINS)}`,
      `${capitalize(first)} ${capitalize(last)}`,
      new Date(YEAR_START).toISOString(),
    );
    customer.properties = {
      tier: rng.next() < 0.15 ? "vip" : "regular",
      orders_count: rng.int(0, 40),
      signup_at: Math.floor(YEAR_START / 1000) + rng.int(0, YEAR_SECONDS),
      city: rng.pick(CITIES),
      interests: [rng.pick(INTERESTS), rng.pick(INTERESTS)],
    };
    out.push(customer);
  }
  // The account's property types, inferred as a first subscription would have.
  const first = out[0];
  if (first)
    for (const [key, value] of Object.entries(first.properties)) store.propertyTypes.set(key, inferType(key, value));
  return out;
}

function shuffled<T extends object>(items: readonly T[], rng: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    const [a, b] = [copy[i], copy[j]];
    if (a && b) [copy[i], copy[j]] = [b, a];
  }
  return copy;
}

function makeList(
  id: string,
  name: string,
  doubleOptIn: boolean,
  pool: Customer[],
  counts: Record<SubscriptionStatus, number>,
  rng: Random,
): CustomerList {
  const list: CustomerList = { id, name, doubleOptIn, members: new Map() };
  const chosen = shuffled(pool, rng);
  let next = 0;
  for (const status of ["subscribed", "pending", "unsubscribed"] as const) {
    for (let i = 0; i < counts[status]; i++) {
      const customer = chosen[next++];
      if (!customer) throw new Error("demo customer pool too small");
      const subscribedMs = YEAR_START + rng.int(0, YEAR_SECONDS) * 1000;
      list.members.set(customer.id, {
        customerId: customer.id,
        status,
        subscribedAt: new Date(subscribedMs).toISOString(),
        unsubscribedAt:
          status === "unsubscribed" ? new Date(subscribedMs + rng.int(1, 90) * 86_400_000).toISOString() : null,
        origin: { source: "demo-store", sourceType: rng.pick(["popup", "footer-form", "checkout"]) },
      });
    }
  }
  return list;
}

function makeSegments(demo: CommerceDemo): Segment[] {
  const s = demo.segments;
  return [
    {
      id: s.all,
      name: "All customers",
      editable: false,
      criteria: [],
      uses: [{ modelName: "Campaign", models: [{ id: "cmp_welcome", enabled: true }] }],
    },
    {
      id: s.vipTier,
      name: "VIP tier",
      editable: false,
      criteria: [{ criteriaName: "property", negate: false, filters: [{ key: "tier", value: "vip" }] }],
      uses: [
        { modelName: "NewsletterTemplate", models: [{ id: "nlt_vip_preview", enabled: true }] },
        { modelName: "FollowUpTemplate", models: [{ id: "fut_vip_thanks", enabled: false }] },
      ],
    },
    {
      id: s.exampleOrg,
      name: "example.org customers",
      editable: true,
      criteria: [{ criteriaName: "emailDomain", negate: false, filters: [{ domain: "example.org" }] }],
      uses: [],
    },
    {
      id: s.earlyAdopters,
      name: "Early adopters",
      editable: true,
      criteria: [{ criteriaName: "subscribedBefore", negate: false, filters: [{ date: "2024-03-01" }] }],
      uses: [{ modelName: "ReceiptTemplate", models: [{ id: "rct_early_bird", enabled: true }] }],
    },
    {
      id: s.exampleOrgRegulars,
      name: "example.org, not VIP",
      editable: true,
      criteria: [
        { criteriaName: "inSegment", negate: false, filters: [{ segmentId: s.exampleOrg }] },
        { criteriaName: "inSegment", negate: true, filters: [{ segmentId: s.vipTier }] },
      ],
      uses: [{ modelName: "AsyncJob", models: [{ id: "job_seed_export", enabled: true }] }],
    },
  ];
}

const COUPON_CODES = [
  "WELCOME10",
  "SPRING15",
  "SUMMER20",
  "AUTUMN10",
  "WINTER25",
  "FREESHIP",
  "VIP30",
  "BDAY10",
  "COMEBACK15",
  "FIVEOFF",
  "TENOFF",
  "FLASH40",
];

function makeCoupons(store: CommerceStore, rng: Random): void {
  COUPON_CODES.forEach((code, i) => {
    const fixed = /OFF|SHIP/.test(code);
    store.coupons.push({
      id: `cpn_${String(i + 1).padStart(3, "0")}`,
      code,
      description: fixed ? `${code}: a fixed amount off the order` : `${code}: a percentage off the order`,
      discountType: fixed ? "fixed" : "percentage",
      value: fixed ? rng.pick([5, 10, 15]) : Number(code.replace(/\D/g, "") || 10),
      currency: fixed ? "EUR" : null,
      expiresAt: i % 4 === 3 ? null : new Date(Date.UTC(2026, i % 12, 28)).toISOString(),
      usageCount: rng.int(0, 500),
    });
  });
}

/** Fills the store with the demo lists, segments and coupons (same content on every call). */
export function seedDemoData(store: CommerceStore, demo: CommerceDemo = COMMERCE_DEMO): void {
  const rng = seededRandom(20240501);
  const pool = makeCustomers(store, rng, 460);
  const lists = [
    makeList(demo.lists.newsletter, "Newsletter", true, pool, { subscribed: 280, pending: 25, unsubscribed: 35 }, rng),
    makeList(demo.lists.vip, "VIP customers", false, pool, { subscribed: 60, pending: 0, unsubscribed: 8 }, rng),
    makeList(demo.lists.launch, "Product launch", true, pool, { subscribed: 120, pending: 12, unsubscribed: 15 }, rng),
  ];
  for (const list of lists) store.lists.set(list.id, list);
  for (const segment of makeSegments(demo)) store.segments.set(segment.id, segment);
  makeCoupons(store, rng);
  sharePeopleWithLegacy(store, demo);
}

/**
 * Gives two generated customers the addresses of people on the legacy sandbox, so one person can
 * be followed across both backends. Existing members are renamed rather than added, so every
 * list's counts and the random draws stay as they were.
 */
function sharePeopleWithLegacy(store: CommerceStore, demo: CommerceDemo): void {
  const [newsletter, vip] = [store.lists.get(demo.lists.newsletter), store.lists.get(demo.lists.vip)];
  if (!newsletter || !vip) throw new Error("demo lists missing");
  const statusIn = (list: CustomerList, customer: Customer) =>
    [...list.members.values()].find((m) => m.customerId === customer.id)?.status;
  const customers = [...store.customers.values()];
  const ada = customers.find((c) => statusIn(newsletter, c) === "subscribed" && statusIn(vip, c) === "subscribed");
  const jose = customers.find(
    (c) => c !== ada && statusIn(newsletter, c) === "pending" && statusIn(vip, c) === undefined,
  );
  if (!ada || !jose) throw new Error("demo data has no customer to share with the legacy sandbox");
  store.renameCustomer(ada, demo.people.ada, "Ada Lovelace");
  store.renameCustomer(jose, demo.people.jose, "José Müller");
}
