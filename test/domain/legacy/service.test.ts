/** The per-request legacy service against a real client and sandbox. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LegacyClient } from "../../../src/backends/legacy/client.js";
import { loadConfig } from "../../../src/config.js";
import { CredentialsError, NotFoundError } from "../../../src/domain/errors.js";
import { LegacyOutcome } from "../../../src/domain/legacy/outcome.js";
import { OwnershipError } from "../../../src/domain/legacy/ownership-error.js";
import type { LegacyCaller } from "../../../src/domain/legacy/loaders.js";
import { createLegacyService } from "../../../src/domain/legacy/service.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { must } from "../../support/must.js";

let sandbox: LegacySandbox;
let client: LegacyClient;
beforeAll(async () => {
  sandbox = await startLegacySandbox();
  const { legacy } = loadConfig({ LEGACY_URL: sandbox.url, AUTH_MODE: "open" });
  client = new LegacyClient({
    url: sandbox.url,
    transport: "soap",
    namespace: legacy.namespace,
    limits: legacy.limits,
  });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});
beforeEach(() => sandbox.calls.reset());

const service = (apiKey: string | undefined = DEMO.apiKey) => createLegacyService(client, { apiKey, concurrency: 4 });
const keyless = () => createLegacyService(client, { apiKey: undefined, concurrency: 4 });
const { clients, lists, emails } = DEMO;

describe("LegacyService", () => {
  it("answers domain models and makes each read once per request", async () => {
    const legacy = service();
    const [a, b] = await Promise.all([
      legacy.listsOfClient(clients.northwind),
      legacy.list(clients.northwind, lists.newsletter),
    ]);
    expect(a.every((l) => l.clientId === clients.northwind && typeof l.listId === "string")).toBe(true);
    expect(b).toMatchObject({ clientId: clients.northwind, listId: lists.newsletter });
    const stats = await legacy.listStats(lists.vip);
    await legacy.listStats(lists.vip);
    expect(typeof stats.totalActiveSubscribers).toBe("number");
    expect(sandbox.calls.count("Client.GetLists")).toBe(1);
    expect(sandbox.calls.count("List.GetStats")).toBe(1);
  });

  it("keeps nothing between requests", async () => {
    await service().clients();
    await service().clients();
    expect(sandbox.calls.count("User.GetClients")).toBe(2);
  });

  it("throws NotFoundError for a record its collection lacks, and LegacyOutcome for a Result code", async () => {
    const legacy = service();
    await expect(legacy.list(clients.northwind, "29999")).rejects.toBeInstanceOf(NotFoundError);
    const outcome = await legacy.listsOfClient("19999").catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(LegacyOutcome);
    expect(outcome).toMatchObject({ code: 102, operation: "Client.GetLists", write: false });
  });

  it("reads a template from its client's templates without another call (priming)", async () => {
    const legacy = service();
    const first = must((await legacy.templatesOfClient(clients.northwind))[0], "a Northwind template");
    expect(await legacy.template(first.templateId)).toEqual(first);
    expect(sandbox.calls.count("Template.GetDetail")).toBe(0);
  });

  it("batches subscriber lookups into one call per list, matching email in any case", async () => {
    const legacy = service();
    const found = await Promise.all([
      legacy.subscriber(clients.northwind, lists.newsletter, emails.active.toUpperCase()),
      legacy.subscriber(clients.northwind, lists.newsletter, "nobody@example.com"),
      legacy.subscriber(clients.northwind, lists.newsletter, ` ${emails.activeNonAscii} `),
    ]);
    expect(found.map((s) => s?.email ?? null)).toEqual([emails.active, null, emails.activeNonAscii]);
    expect(sandbox.calls.count("Subscribers.GetActive")).toBe(1);
    await expect(
      legacy.requireSubscriber(clients.northwind, lists.newsletter, "nobody@example.com"),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it("answers each read when its own call does, not with the slowest call of its batch", async () => {
    // The VIP list's Subscribers.GetActive is held back until released; the rest goes through.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding: LegacyCaller = {
      async call(op, params, options) {
        if (op === "Subscribers.GetActive" && (params as { ListID?: unknown }).ListID === lists.vip) await gate;
        return client.call(op, params, options);
      },
    };
    const legacy = createLegacyService(holding, { apiKey: DEMO.apiKey, concurrency: 4 });
    // Asked in one tick: the reads and the lookups each make one batch.
    const held = legacy.subscriber(clients.northwind, lists.vip, emails.active);
    const [stats, found] = await Promise.all([
      legacy.listStats(lists.newsletter),
      legacy.subscriber(clients.northwind, lists.newsletter, emails.active),
    ]);
    expect(typeof stats.totalActiveSubscribers).toBe("number");
    expect(found?.email).toBe(emails.active);
    expect(sandbox.calls.count("Subscribers.GetActive")).toBe(1);
    release();
    await held;
    expect(sandbox.calls.count("Subscribers.GetActive")).toBe(2);
  });

  it("forgets what a write changed: the subscriber added is found afterwards in the same request", async () => {
    const legacy = service();
    const email = "service-test@example.com";
    expect(await legacy.subscriber(clients.northwind, lists.newsletter, email)).toBeNull();
    await legacy.addSubscriber({
      clientId: clients.northwind,
      listId: lists.newsletter,
      email,
      name: "S",
      resubscribe: false,
    });
    expect(await legacy.subscriber(clients.northwind, lists.newsletter, email)).toMatchObject({
      email,
      name: "S",
      state: "Active",
    });
  });

  it("rejects a write's Result code as LegacyOutcome, and checks ownership before writing", async () => {
    const legacy = service();
    const add = (clientId: string) =>
      legacy.addSubscriber({ clientId, listId: lists.newsletter, email: emails.suppressed, resubscribe: false });
    await expect(add(clients.northwind)).rejects.toMatchObject({ code: 204, operation: "Subscriber.Add", write: true });
    sandbox.calls.reset();
    await expect(add(clients.contoso)).rejects.toBeInstanceOf(OwnershipError);
    expect(sandbox.calls.count("Subscriber.Add")).toBe(0);
  });

  it("refuses to call without an API key, and reports a refused key as CredentialsError", async () => {
    await expect(keyless().clients()).rejects.toMatchObject({ problem: "missing" });
    expect(sandbox.calls.total()).toBe(0);
    await expect(service("wrong").clients()).rejects.toBeInstanceOf(CredentialsError);
    await expect(
      service("wrong").updateList({
        clientId: clients.northwind,
        listId: lists.newsletter,
        title: "t",
        confirmOptIn: false,
      }),
    ).rejects.toMatchObject({ problem: "refused" });
  });
});
