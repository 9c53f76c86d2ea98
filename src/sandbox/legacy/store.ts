/**
 * The sandbox's state: clients, lists, subscribers, segments, campaigns, templates, hosted files
 * and the designer account. It holds data and hands out identifiers; the rules of the
 * operations live in operations/. Tests reach it through `sandbox.store` to set up scenarios.
 */
import { createHash } from "node:crypto";
import type { ListEvent } from "./list-events.js";
import type { SandboxFile } from "./rules/template-update.js";
import type {
  CampaignRecord,
  ClientRecord,
  DesignerAccount,
  ListRecord,
  SegmentRecord,
  SentEmail,
  SubscriberRecord,
  SubscriberState,
  TemplateRecord,
} from "./records.js";

/** A client to add; omitted settings get the values of a fresh client without access. */
export type NewClient = Pick<ClientRecord, "companyName" | "contactName" | "emailAddress" | "country" | "timeZone"> &
  Partial<Omit<ClientRecord, "id" | "suppression">>;

/** A list to add. */
export type NewList = Pick<ListRecord, "clientId" | "title"> &
  Partial<Pick<ListRecord, "unsubscribePage" | "confirmOptIn" | "confirmationSuccessPage" | "suppressUnsubscribes">>;

/** A subscriber to put on a list; dates default to now, state to Active. */
export interface NewSubscriber {
  email: string;
  name?: string;
  date?: Date;
  state?: SubscriberState;
  stateDate?: Date;
  /** Values by key (`[Key]`); several values for a multi-valued field. */
  customFields?: Record<string, string | string[]>;
}

/** A campaign to add (unsent unless `sentDate` is given). */
export type NewCampaign = Pick<CampaignRecord, "clientId" | "subject" | "name"> &
  Partial<Omit<CampaignRecord, "id" | "clientId" | "subject" | "name">>;

/** A template to add. */
export type NewTemplate = Pick<TemplateRecord, "clientId" | "name"> &
  Partial<Omit<TemplateRecord, "id" | "clientId" | "name">>;

/** The id of the n-th template a store creates (1-based): opaque text, like the real service's. */
export function templateIdFor(n: number): string {
  return createHash("md5").update(`template-${n}`).digest("hex");
}

// Separate ranges keep ids of different kinds apart; campaign ids start above every error code
// so a Campaign.Send success code can never be mistaken for an error (docs/decisions.md).
const FIRST_ID = { client: 10001, list: 20001, campaign: 30001, segment: 40001, template: 1 } as const;

/** The in-memory state of one sandbox. */
export class LegacyStore {
  readonly designer: DesignerAccount = { username: "designer", credits: 0, card: "valid" };
  private readonly next: Record<keyof typeof FIRST_ID, number> = { ...FIRST_ID };
  private readonly clientsById = new Map<string, ClientRecord>();
  private readonly listsById = new Map<string, ListRecord>();
  private readonly segmentsById = new Map<string, SegmentRecord>();
  private readonly campaignsById = new Map<string, CampaignRecord>();
  private readonly templatesById = new Map<string, TemplateRecord>();
  private readonly filesByName = new Map<string, SandboxFile>();
  private readonly sent: SentEmail[] = [];
  private readonly listEventListeners: ((listId: string, event: ListEvent) => void)[] = [];

  constructor(readonly now: () => Date = () => new Date()) {}

  private id(kind: keyof typeof FIRST_ID): string {
    const n = this.next[kind]++;
    return kind === "template" ? templateIdFor(n) : String(n);
  }

  // Clients

  clients(): ClientRecord[] {
    return [...this.clientsById.values()];
  }

  client(id: string): ClientRecord | undefined {
    return this.clientsById.get(id.trim());
  }

  addClient(input: NewClient): ClientRecord {
    const client: ClientRecord = {
      accessLevel: 0,
      username: "",
      billingType: "",
      currency: "",
      deliveryFee: "",
      costPerRecipient: "",
      designAndSpamTestFee: "",
      card: "none",
      monthlyPaymentFailed: false,
      testCampaignsRemaining: 3,
      approvedRecipients: Number.POSITIVE_INFINITY,
      createdAt: this.now(),
      ...input,
      id: this.id("client"),
      suppression: new Set(),
    };
    this.clientsById.set(client.id, client);
    return client;
  }

  /** Adds an address to the client's suppression list. */
  suppress(clientId: string, email: string): void {
    this.client(clientId)?.suppression.add(email.toLowerCase());
  }

  // Lists and subscribers

  lists(clientId?: string): ListRecord[] {
    const all = [...this.listsById.values()];
    return clientId === undefined ? all : all.filter((l) => l.clientId === clientId);
  }

  list(id: string): ListRecord | undefined {
    return this.listsById.get(id.trim());
  }

  addList(input: NewList): ListRecord {
    const list: ListRecord = {
      unsubscribePage: "",
      confirmOptIn: false,
      confirmationSuccessPage: "",
      suppressUnsubscribes: false,
      ...input,
      id: this.id("list"),
      customFields: [],
      subscribers: new Map(),
    };
    this.listsById.set(list.id, list);
    return list;
  }

  /** The client owning a list (every list has one). */
  owner(list: ListRecord): ClientRecord {
    const client = this.clientsById.get(list.clientId);
    if (!client) throw new Error(`list ${list.id} has no client`);
    return client;
  }

  subscriber(listId: string, email: string): SubscriberRecord | undefined {
    return this.list(listId)?.subscribers.get(email.trim().toLowerCase());
  }

  /** Puts (or replaces) an address on a list exactly as given; no rules are applied. */
  putSubscriber(listId: string, input: NewSubscriber): SubscriberRecord {
    const list = this.list(listId);
    if (!list) throw new Error(`no list ${listId}`);
    const now = this.now();
    const record: SubscriberRecord = {
      email: input.email,
      name: input.name ?? "",
      date: input.date ?? now,
      state: input.state ?? "Active",
      stateDate: input.stateDate ?? input.date ?? now,
      customFields: new Map(
        Object.entries(input.customFields ?? {}).map(([key, v]) => [key, Array.isArray(v) ? v : [v]]),
      ),
    };
    list.subscribers.set(input.email.toLowerCase(), record);
    return record;
  }

  /** Calls `listener` with every list event (the webhooks listen). */
  onListEvent(listener: (listId: string, event: ListEvent) => void): void {
    this.listEventListeners.push(listener);
  }

  /** Announces a change of a list's subscriber (spec "Event types"). */
  emitListEvent(listId: string, event: ListEvent): void {
    for (const listener of this.listEventListeners) listener(listId, event);
  }

  // Segments

  segments(clientId?: string): SegmentRecord[] {
    const all = [...this.segmentsById.values()];
    return clientId === undefined ? all : all.filter((s) => this.list(s.listId)?.clientId === clientId);
  }

  segment(id: string): SegmentRecord | undefined {
    return this.segmentsById.get(id);
  }

  addSegment(input: Omit<SegmentRecord, "id">): SegmentRecord {
    const segment: SegmentRecord = { ...input, id: this.id("segment") };
    this.segmentsById.set(segment.id, segment);
    return segment;
  }

  // Campaigns

  campaigns(clientId?: string): CampaignRecord[] {
    const all = [...this.campaignsById.values()];
    return clientId === undefined ? all : all.filter((c) => c.clientId === clientId);
  }

  campaign(id: string): CampaignRecord | undefined {
    return this.campaignsById.get(id.trim());
  }

  addCampaign(input: NewCampaign): CampaignRecord {
    const campaign: CampaignRecord = {
      listIds: [],
      segmentIds: [],
      recipients: [],
      bounces: [],
      opens: [],
      clicks: 0,
      unsubscribes: [],
      ...input,
      id: this.id("campaign"),
    };
    this.campaignsById.set(campaign.id, campaign);
    return campaign;
  }

  // Outbox

  /** Records an email the service sends (the sandbox delivers none). */
  sendEmail(email: Omit<SentEmail, "at">): void {
    this.sent.push({ ...email, at: this.now() });
  }

  /** The emails sent so far, oldest first. */
  outbox(): SentEmail[] {
    return this.sent.map((email) => ({ ...email }));
  }

  // Templates and hosted files

  templates(clientId?: string): TemplateRecord[] {
    const all = [...this.templatesById.values()];
    return clientId === undefined ? all : all.filter((t) => t.clientId === clientId);
  }

  template(id: string): TemplateRecord | undefined {
    return this.templatesById.get(id.trim());
  }

  addTemplate(input: NewTemplate): TemplateRecord {
    const template: TemplateRecord = {
      htmlPageUrl: "",
      zipFileUrl: "",
      screenshotUrl: "",
      previewUrl: "",
      ...input,
      id: this.id("template"),
    };
    this.templatesById.set(template.id, template);
    return template;
  }

  /** Hosts a file at `/files/<name>` (replacing one of that name). */
  putFile(name: string, file: SandboxFile): void {
    this.filesByName.set(name, file);
  }

  file(name: string): SandboxFile | undefined {
    return this.filesByName.get(name);
  }

  fileNames(): string[] {
    return [...this.filesByName.keys()];
  }
}
