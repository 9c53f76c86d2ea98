/**
 * A legacy sandbox with a small, known data set of its own (no demo seed), on a fake clock, so
 * sandbox-backed tests can assert exact decoded values.
 */
import type { LegacyTransport } from "../../../src/backends/legacy/catalog.js";
import type { LegacyClient } from "../../../src/backends/legacy/client.js";
import type { LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { startStack } from "../../support/stack.js";
import { clientFor } from "./helpers.js";

export const SANDBOX_KEY = "fixture-legacy-key";
/** The fake clock: a Saturday noon in June, GMT. */
export const NOW = new Date("2024-06-15T12:00:00Z");
export const GMT = "(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London";
/** The HTML page of Template.Update: outside the sandbox, so accepted without content checks. */
export const OUTSIDE_PAGE = "https://templates.example.com/page.html";

/** Ids of the records the fixture creates. */
export interface FixtureIds {
  clientId: string;
  otherClientId: string;
  listId: string;
  optInListId: string;
  segmentListId: string;
  sentCampaignId: string;
  unsentCampaignId: string;
  templateId: string;
}

/** A sandbox, its fixture ids, and a client factory bound to it. */
export interface Fixture {
  sandbox: LegacySandbox;
  ids: FixtureIds;
  /** A client of the sandbox (one per transport and key, closed with the fixture). */
  client(transport: LegacyTransport, apiKey?: string): LegacyClient;
  close(): Promise<void>;
}

const at = (iso: string) => new Date(`${iso}Z`);

/** Starts a sandbox and fills it with the fixture records. */
export async function startFixture(): Promise<Fixture> {
  const stack = await startStack({
    legacy: { port: 0, apiKey: SANDBOX_KEY, now: () => NOW, seed: false },
    gateway: false,
  });
  const sandbox = stack.legacy;
  const { store } = sandbox;
  const acme = store.addClient({
    companyName: "Acme & Söhne",
    contactName: "Ann Öberg",
    emailAddress: "ann@acme.example",
    country: "United Kingdom",
    timeZone: GMT,
    createdAt: at("2024-01-01T00:00:00"),
  });
  const other = store.addClient({
    companyName: "Beta 漢字",
    contactName: "Bo",
    emailAddress: "bo@beta.example",
    country: "Germany",
    timeZone: GMT,
    createdAt: at("2024-01-01T00:00:00"),
  });
  const list = store.addList({ clientId: acme.id, title: "Newsletter" });
  const optIn = store.addList({ clientId: acme.id, title: "Double opt-in", confirmOptIn: true });
  const segmentList = store.addList({ clientId: other.id, title: "Customers" });
  list.customFields.push({
    fieldName: "Colour",
    key: "[Colour]",
    dataType: "MultiSelectMany",
    options: ["Red", "Green"],
  });
  store.putSubscriber(list.id, {
    email: "zoë@acme.example",
    name: "Zoë 😀",
    date: at("2024-06-10T08:00:00"),
    customFields: { "[Colour]": ["Red", "Green"] },
  });
  store.putSubscriber(list.id, {
    email: "gone@acme.example",
    name: "Gone",
    state: "Unsubscribed",
    date: at("2024-05-01T00:00:00"),
  });
  store.putSubscriber(segmentList.id, { email: "vip@beta.example", name: "VIP", date: at("2024-06-01T00:00:00") });
  store.addSegment({ listId: segmentList.id, name: "VIPs", emailDomain: "beta.example" });
  const sent = store.addCampaign({
    clientId: acme.id,
    subject: "June <news>",
    name: "June",
    listIds: [list.id],
    sentDate: at("2024-06-14T09:30:00"),
    recipients: [{ email: "zoë@acme.example", listId: list.id }],
    bounces: [{ email: "bad@acme.example", listId: list.id, type: "Hard" }],
    opens: [{ email: "zoë@acme.example", listId: list.id, count: 3 }],
    clicks: 2,
    unsubscribes: [{ email: "gone@acme.example", listId: list.id }],
  });
  const unsent = store.addCampaign({ clientId: acme.id, subject: "July", name: "July", listIds: [list.id] });
  const template = store.addTemplate({
    clientId: acme.id,
    name: "Plain",
    htmlPageUrl: OUTSIDE_PAGE,
    previewUrl: OUTSIDE_PAGE,
  });
  const opened = new Map<string, LegacyClient>();
  return {
    sandbox,
    ids: {
      clientId: acme.id,
      otherClientId: other.id,
      listId: list.id,
      optInListId: optIn.id,
      segmentListId: segmentList.id,
      sentCampaignId: sent.id,
      unsentCampaignId: unsent.id,
      templateId: template.id,
    },
    client(transport, apiKey = SANDBOX_KEY) {
      const id = JSON.stringify([transport, apiKey]);
      let client = opened.get(id);
      if (!client) opened.set(id, (client = clientFor(sandbox.url, transport, { apiKey })));
      return client;
    },
    async close() {
      await Promise.all([...opened.values()].map((c) => c.close()));
      await stack.close();
    },
  };
}
