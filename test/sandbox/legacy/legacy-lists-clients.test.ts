/** Lists (titles, update), custom fields (253-259) and clients (validations, 172, detail view). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childNamed } from "../../../src/backends/legacy/xml.js";
import { COUNTRIES, US_STATES } from "../../../src/backends/legacy/reference.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { call, codeFrom, codeOf, fieldsOf, records, send, testClock, textOf, type Params } from "./legacy-support.js";

let sandbox: LegacySandbox;
beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: testClock().now });
});
afterAll(() => sandbox.close());

const listParams = (clientId: string, title: string): Params => ({
  ClientID: clientId,
  Title: title,
  UnsubscribePage: "",
  ConfirmOptIn: "false",
  ConfirmationSuccessPage: "https://example.com/ignored",
});

async function createList(clientId: string, title: string): Promise<{ id?: string; code?: number }> {
  const r = await send(sandbox.url, "post", "List.Create", listParams(clientId, title));
  return r.doc?.name === "string" ? { id: r.doc.text } : { code: codeOf(r.doc!) };
}

describe("List.Create and List.Update", () => {
  it("creates a list the client then lists; ConfirmationSuccessPage is dropped without ConfirmOptIn", async () => {
    const { id } = await createList(DEMO.clients.wingtip, "Cruises");
    expect(id).toMatch(/^\d+$/);
    const lists = records(await call(sandbox.url, "get", "Client.GetLists", { ClientID: DEMO.clients.wingtip }));
    expect(lists).toContainEqual({ ListID: id, Name: "Cruises" });
    expect(sandbox.store.list(id!)?.confirmationSuccessPage).toBe("");
  });

  it("answers 250 for a title the client already has (ignoring case), 251 for an empty one, 102 for an unknown client", async () => {
    expect(await createList(DEMO.clients.northwind, "  newsletter ")).toEqual({ code: 250 });
    expect(await createList(DEMO.clients.northwind, "   ")).toEqual({ code: 251 });
    expect(await createList("1", "Anything")).toEqual({ code: 102 });
    // Titles are unique per client, not across clients.
    expect((await createList(DEMO.clients.contoso, "Newsletter")).id).toBeDefined();
  });

  it("updates every field, refusing 101, 250 and 251", async () => {
    const update = (listId: string, title: string) =>
      codeFrom(sandbox.url, "soap", "List.Update", {
        ListID: listId,
        Title: title,
        UnsubscribePage: "https://example.com/bye",
        ConfirmOptIn: "true",
        ConfirmationSuccessPage: "https://example.com/welcome",
      });
    expect(await update(DEMO.lists.lapsed, "Former customers")).toBe(0);
    expect(sandbox.store.list(DEMO.lists.lapsed)).toMatchObject({
      title: "Former customers",
      unsubscribePage: "https://example.com/bye",
      confirmOptIn: true,
      confirmationSuccessPage: "https://example.com/welcome",
    });
    expect(await update(DEMO.lists.lapsed, "Former customers")).toBe(0);
    expect(await update(DEMO.lists.lapsed, "VIP PREVIEW")).toBe(250);
    expect(await update(DEMO.lists.lapsed, "")).toBe(251);
    expect(await update("5", "x")).toBe(101);
  });
});

describe("custom fields", () => {
  let listId: string;
  beforeAll(async () => {
    listId = (await createList(DEMO.clients.tailspin, "Field lab")).id!;
  });
  const create = (FieldName: string, DataType: string, Options = "") =>
    codeFrom(sandbox.url, "get", "List.CreateCustomField", { ListID: listId, FieldName, DataType, Options });
  const fields = async () => call(sandbox.url, "get", "List.GetCustomFields", { ListID: listId });

  it("generates the key from the field name in brackets and refuses a second field with that key (255)", async () => {
    expect(await create("Favourite colour", "Text")).toBe(0);
    expect(records(await fields())).toContainEqual({
      FieldName: "Favourite colour",
      Key: "[Favouritecolour]",
      DataType: "Text",
      FieldOptions: "",
    });
    expect(await create("favourite-colour!", "Number")).toBe(255);
  });

  it("splits options on || and checks 254, 256, 257 and 259", async () => {
    expect(await create("Size", "MultiSelectOne", "S|| M ||L||||M")).toBe(0);
    const size = (await fields()).children.find((f) => textOf(f, "Key") === "[Size]")!;
    expect(childNamed(size, "FieldOptions")!.children.map((o) => o.text)).toEqual(["S", "M", "L"]);
    expect(await create("", "Text")).toBe(254);
    expect(await create("?!", "Text")).toBe(254);
    expect(await create("Notes", "Text", "a||b")).toBe(256);
    expect(await create("Age", "Number", "1")).toBe(256);
    expect(await create("Home", "Country", "Narnia")).toBe(256);
    expect(await create("Region", "USState", "Gondor")).toBe(256);
    expect(await create("Tags", "MultiSelectMany", " || ")).toBe(257);
    expect(await create("Pick", "MultiSelectOne")).toBe(257);
    expect(await create("Odd", "Boolean")).toBe(259);
    expect(await create("Lower", "text")).toBe(259);
  });

  it("reads Country and USState as MultiSelectOne with generated options and Date as Text", async () => {
    expect(await create("Country", "Country")).toBe(0);
    expect(await create("State", "USState")).toBe(0);
    expect(await create("Joined on", "Date", "ignored||options")).toBe(0);
    const byKey = new Map((await fields()).children.map((f) => [textOf(f, "Key"), f]));
    const options = (key: string) => childNamed(byKey.get(key)!, "FieldOptions")!.children.map((o) => o.text);
    expect(textOf(byKey.get("[Country]")!, "DataType")).toBe("MultiSelectOne");
    expect(options("[Country]")).toEqual(COUNTRIES);
    expect(textOf(byKey.get("[State]")!, "DataType")).toBe("MultiSelectOne");
    expect(options("[State]")).toEqual(US_STATES);
    expect(textOf(byKey.get("[Joinedon]")!, "DataType")).toBe("Text");
    expect(options("[Joinedon]")).toEqual([]);
  });

  it("deletes a field by key (with or without brackets) with its values; 253 for an unknown key", async () => {
    await codeFrom(sandbox.url, "get", "Subscriber.AddWithCustomFields", {
      ListID: listId,
      Email: "fields@example.com",
      Name: "F",
      CustomFields: [
        { Key: "[Size]", Value: "m" },
        { Key: "[Country]", Value: "Japan" },
      ],
    });
    expect(Object.fromEntries(sandbox.store.subscriber(listId, "fields@example.com")!.customFields)).toEqual({
      "[Size]": ["M"],
      "[Country]": ["Japan"],
    });
    expect(await codeFrom(sandbox.url, "post", "List.DeleteCustomField", { ListID: listId, Key: "Size" })).toBe(0);
    expect((await fields()).children.map((f) => textOf(f, "Key"))).not.toContain("[Size]");
    expect(sandbox.store.subscriber(listId, "fields@example.com")!.customFields.has("[Size]")).toBe(false);
    expect(await codeFrom(sandbox.url, "post", "List.DeleteCustomField", { ListID: listId, Key: "[Size]" })).toBe(253);
    expect(await codeFrom(sandbox.url, "post", "List.DeleteCustomField", { ListID: "9", Key: "[Size]" })).toBe(101);
  });
});

const basics = (overrides: Partial<Record<string, string>> = {}): Params => ({
  CompanyName: "Acme Widgets",
  ContactName: "Wile E.",
  EmailAddress: "wile@acme.example.com",
  Country: "Australia",
  Timezone: "(GMT+10:00) Brisbane",
  ...overrides,
});

describe("clients", () => {
  it("creates a client without application access", async () => {
    const r = await send(sandbox.url, "soap", "Client.Create", basics());
    const id = r.doc && textOf(childNamed(childNamed(r.doc, "Body")!, "Client.CreateResponse")!, "Client.CreateResult");
    expect(id).toMatch(/^\d+$/);
    const detail = await call(sandbox.url, "get", "Client.GetDetail", { ClientID: id! });
    expect(fieldsOf(childNamed(detail, "BasicDetails")!)).toEqual({
      ClientID: id,
      CompanyName: "Acme Widgets",
      ContactName: "Wile E.",
      EmailAddress: "wile@acme.example.com",
      Country: "Australia",
      TimeZone: "(GMT+10:00) Brisbane",
    });
    expect(fieldsOf(childNamed(detail, "AccessAndBilling")!)).toMatchObject({
      AccessLevel: "0",
      Username: "",
      Password: "Deprecated",
      BillingType: "",
    });
    expect(records(await call(sandbox.url, "post", "User.GetClients"))).toContainEqual({
      ClientID: id,
      Name: "Acme Widgets",
    });
  });

  it("validates basic details: 154, 155, 1, 150, 157, 152", async () => {
    const create = (o: Partial<Record<string, string>>) => codeFrom(sandbox.url, "post", "Client.Create", basics(o));
    expect(await create({ CompanyName: " " })).toBe(154);
    expect(await create({ ContactName: "" })).toBe(155);
    expect(await create({ EmailAddress: "nope" })).toBe(1);
    expect(await create({ EmailAddress: "NANCY@northwind.example.com" })).toBe(150);
    expect(await create({ EmailAddress: "x@acme.example.com", Country: "Atlantis" })).toBe(157);
    expect(await create({ EmailAddress: "x@acme.example.com", Timezone: "GMT+10" })).toBe(152);
    expect(await create({ EmailAddress: "x@acme.example.com", Timezone: "(GMT+10:00) Atlantis" })).toBe(152);
  });

  it("allows five creations in 30 minutes (172 for the sixth), then frees slots as they age", async () => {
    const own = testClock();
    const local = await startLegacySandbox({ now: own.now, seed: false });
    try {
      const create = (n: number) =>
        codeFrom(
          local.url,
          "get",
          "Client.Create",
          basics({ CompanyName: `Co ${n}`, EmailAddress: `co${n}@example.com` }),
        );
      const firstAt = own.now().getTime();
      for (let n = 1; n <= 5; n++) {
        const r = await send(
          local.url,
          "get",
          "Client.Create",
          basics({ CompanyName: `Co ${n}`, EmailAddress: `co${n}@example.com` }),
        );
        expect(r.doc?.name).toBe("string");
        own.advance(60_000);
      }
      expect(await create(6)).toBe(172);
      expect(await create(6)).toBe(172);
      own.set(firstAt + 30 * 60_000);
      const sixth = await send(
        local.url,
        "get",
        "Client.Create",
        basics({ CompanyName: "Co 6", EmailAddress: "co6@example.com" }),
      );
      expect(sixth.doc?.name).toBe("string");
      expect(await create(7)).toBe(172);
      expect(local.store.clients()).toHaveLength(6);
    } finally {
      await local.close();
    }
  });

  it("updates basic details (102 unknown client; its own address is no conflict)", async () => {
    const update = (id: string, o: Partial<Record<string, string>> = {}) =>
      codeFrom(sandbox.url, "soap", "Client.UpdateBasics", {
        ClientID: id,
        ...basics({ EmailAddress: "kim@contoso.example.com", ...o }),
      });
    expect(await update("77")).toBe(102);
    expect(await update(DEMO.clients.contoso, { CompanyName: "Contoso Health" })).toBe(0);
    expect(sandbox.store.client(DEMO.clients.contoso)?.companyName).toBe("Contoso Health");
    expect(await update(DEMO.clients.contoso, { EmailAddress: "rhys@fabrikam.example.com" })).toBe(150);
    expect(await update(DEMO.clients.contoso, { Country: "" })).toBe(157);
    expect(await update(DEMO.clients.contoso, { CompanyName: "" })).toBe(154);
    expect(await update(DEMO.clients.contoso, { ContactName: " " })).toBe(155);
    expect(await update(DEMO.clients.contoso, { EmailAddress: "kim-at-contoso" })).toBe(1);
    expect(await update(DEMO.clients.contoso, { Timezone: "(GMT+25:00) Nowhere" })).toBe(152);
    expect(sandbox.store.client(DEMO.clients.contoso)).toMatchObject({
      companyName: "Contoso Health",
      emailAddress: "kim@contoso.example.com",
    });
  });

  it("updates access and billing through the rules module and shows it by the detail rules", async () => {
    const update = (level: string, o: Partial<Record<string, string>> = {}) =>
      codeFrom(sandbox.url, "get", "Client.UpdateAccessAndBilling", {
        ClientID: DEMO.clients.wingtip,
        AccessLevel: level,
        Username: "wingtip",
        Password: "secret1",
        BillingType: "ClientPaysWithMarkup",
        Currency: "NZD",
        DeliveryFee: "10",
        CostPerRecipient: "2",
        DesignAndSpamTestFee: "9",
        ...o,
      });
    const billing = async () =>
      fieldsOf(
        childNamed(
          await call(sandbox.url, "get", "Client.GetDetail", { ClientID: DEMO.clients.wingtip }),
          "AccessAndBilling",
        )!,
      );

    expect(
      await codeFrom(sandbox.url, "get", "Client.UpdateAccessAndBilling", { ClientID: "3", AccessLevel: "0" }),
    ).toBe(102);
    expect(await update("4")).toBe(153);
    expect(await update("63", { Username: "designer" })).toBe(151);
    expect(await update("63", { Username: "northwind" })).toBe(151);
    expect(await update("63", { Password: "abc" })).toBe(159);

    expect(await update("63")).toBe(0);
    expect(await billing()).toEqual({
      AccessLevel: "63",
      Username: "wingtip",
      Password: "Deprecated",
      BillingType: "ClientPaysWithMarkup",
      Currency: "NZD",
      DeliveryFee: "10",
      CostPerRecipient: "2",
      DesignAndSpamTestFee: "9",
    });
    // Without design and spam tests (bit 32) that fee is not shown.
    expect(await update("31")).toBe(0);
    expect((await billing()).DesignAndSpamTestFee).toBe("");
    // Without campaign access (bit 4) billing is blank.
    expect(await update("3")).toBe(0);
    expect(await billing()).toMatchObject({
      AccessLevel: "3",
      Username: "wingtip",
      BillingType: "",
      Currency: "",
      DeliveryFee: "",
    });
    expect(await update("0", { Username: "" })).toBe(0);
    expect(await billing()).toMatchObject({ AccessLevel: "0", Username: "", Password: "Deprecated" });
  });

  it("shows markup fees only for ClientPaysWithMarkup", async () => {
    const fabrikam = fieldsOf(
      childNamed(
        await call(sandbox.url, "post", "Client.GetDetail", { ClientID: DEMO.clients.fabrikam }),
        "AccessAndBilling",
      )!,
    );
    expect(fabrikam).toMatchObject({
      BillingType: "UserPaysOnClientsBehalf",
      DeliveryFee: "",
      CostPerRecipient: "",
      DesignAndSpamTestFee: "",
    });
    expect(await codeFrom(sandbox.url, "post", "Client.GetDetail", { ClientID: "0" })).toBe(102);
  });
});
