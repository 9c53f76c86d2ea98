/** The per-request legacy loaders against a real client and sandbox. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LegacyClient } from "../../../src/backends/legacy/client.js";
import { LegacyResultError } from "../../../src/backends/legacy/errors.js";
import { loadConfig } from "../../../src/config.js";
import { createLegacyLoaders } from "../../../src/domain/legacy/loaders.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";

let sandbox: LegacySandbox;
let client: LegacyClient;
beforeAll(async () => {
  sandbox = await startLegacySandbox();
  const { legacy } = loadConfig({ LEGACY_URL: sandbox.url });
  client = new LegacyClient({ url: sandbox.url, transport: "soap", namespace: legacy.namespace, limits: legacy.limits });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});
beforeEach(() => sandbox.calls.reset());

const loaders = (apiKey: string | undefined = DEMO.apiKey) => createLegacyLoaders(client, { apiKey, concurrency: 4 });
const keyless = () => createLegacyLoaders(client, { apiKey: undefined, concurrency: 4 });

describe("legacy loaders", () => {
  it("make a read once per operation and parameters, however the parameters are written", async () => {
    const legacy = loaders();
    const [a, b] = await Promise.all([
      legacy.read("List.GetStats", { ListID: DEMO.lists.vip }),
      legacy.read("List.GetStats", { ListID: Number(DEMO.lists.vip) }),
    ]);
    await legacy.read("List.GetStats", { ListID: DEMO.lists.vip });
    expect(a).toBe(b);
    expect(sandbox.calls.count("List.GetStats")).toBe(1);
    await legacy.read("List.GetStats", { ListID: DEMO.lists.pilot });
    expect(sandbox.calls.count("List.GetStats")).toBe(2);
  });

  it("keep nothing between requests", async () => {
    await loaders().read("User.GetClients", {});
    await loaders().read("User.GetClients", {});
    expect(sandbox.calls.count("User.GetClients")).toBe(2);
  });

  it("read again after invalidate (one key or all), and not at all after prime", async () => {
    const legacy = loaders();
    await legacy.read("Client.GetLists", { ClientID: DEMO.clients.northwind });
    await legacy.read("Client.GetLists", { ClientID: DEMO.clients.contoso });
    legacy.invalidate("Client.GetLists", { ClientID: DEMO.clients.northwind });
    await legacy.read("Client.GetLists", { ClientID: DEMO.clients.northwind });
    await legacy.read("Client.GetLists", { ClientID: DEMO.clients.contoso });
    expect(sandbox.calls.count("Client.GetLists")).toBe(3);
    legacy.invalidate("Client.GetLists");
    await legacy.read("Client.GetLists", { ClientID: DEMO.clients.contoso });
    expect(sandbox.calls.count("Client.GetLists")).toBe(4);

    const template = { TemplateID: "t-1", Name: "Primed", PreviewURL: "", ScreenshotURL: "" };
    legacy.prime("Template.GetDetail", { TemplateID: "t-1" }, template);
    expect(await legacy.read("Template.GetDetail", { TemplateID: "t-1" })).toBe(template);
    expect(sandbox.calls.count("Template.GetDetail")).toBe(0);
  });

  it("never cache writes, and hand their Result codes over untouched", async () => {
    const legacy = loaders();
    const add = () => legacy.write("Subscriber.Add", { ListID: DEMO.lists.newsletter, Email: DEMO.emails.suppressed, Name: "" });
    await expect(add()).rejects.toBeInstanceOf(LegacyResultError);
    await expect(add()).rejects.toMatchObject({ resultCode: 204 });
    expect(sandbox.calls.count("Subscriber.Add")).toBe(2);
  });

  it("answer batched subscriber lookups with one call per list, matching email in any case", async () => {
    const legacy = loaders();
    const found = await legacy.activeSubscribers([
      { listId: DEMO.lists.newsletter, email: DEMO.emails.active.toUpperCase() },
      { listId: DEMO.lists.newsletter, email: "nobody@example.com" },
      { listId: DEMO.lists.newsletter, email: ` ${DEMO.emails.activeNonAscii} ` },
    ]);
    expect(found.map((s) => s?.EmailAddress ?? null)).toEqual([DEMO.emails.active, null, DEMO.emails.activeNonAscii]);
    expect(sandbox.calls.count("Subscribers.GetActive")).toBe(1);
  });

  it("refuse to call without an API key, and report a refused key as UNAUTHENTICATED", async () => {
    await expect(keyless().read("User.GetClients", {})).rejects.toMatchObject({ extensions: { code: "UNAUTHENTICATED" } });
    expect(sandbox.calls.total()).toBe(0);
    await expect(loaders("wrong").read("User.GetClients", {})).rejects.toMatchObject({ extensions: { code: "UNAUTHENTICATED" } });
    await expect(loaders("wrong").write("List.Update", { ListID: "1", Title: "t", UnsubscribePage: "", ConfirmOptIn: false, ConfirmationSuccessPage: "" })).rejects.toMatchObject({
      extensions: { code: "UNAUTHENTICATED" },
    });
  });
});
