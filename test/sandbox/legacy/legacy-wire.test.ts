/** Wire shapes of the legacy sandbox per transport, checked on raw HTTP replies. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_TRANSPORTS, WIRE_TYPES } from "../../../src/backends/legacy/catalog.js";
import { childNamed } from "../../../src/backends/legacy/xml.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { call, codeOf, NS, records, resultOf, send, SOAP_NS, testClock, textOf } from "./legacy-support.js";

let sandbox: LegacySandbox;
beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: testClock().now });
});
afterAll(() => sandbox.close());

const SINCE_EVER = { Date: "2000-01-01 00:00:00" };

describe("SOAP 1.1 replies", () => {
  it("wrap a status Result in <OpResponse xmlns=ns><OpResult> inside a SOAP envelope", async () => {
    const r = await send(sandbox.url, "soap", "Subscriber.Add", {
      ListID: DEMO.lists.newsletter,
      Email: "soap.shape@example.com",
      Name: "Soap Shape",
    });
    expect(r.status).toBe(200);
    expect(r.contentType).toBe("text/xml; charset=utf-8");
    expect(r.text).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?><soap:Envelope /);
    expect(r.text).toContain(`xmlns:soap="${SOAP_NS}"`);
    expect(r.text).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
    expect(r.text).toContain('xmlns:xsd="http://www.w3.org/2001/XMLSchema"');
    expect(r.text).toContain(
      `<soap:Body><Subscriber.AddResponse xmlns="${NS}"><Subscriber.AddResult><Code>0</Code><Message>Success</Message></Subscriber.AddResult></Subscriber.AddResponse></soap:Body>`,
    );
  });

  it("put array items directly in <OpResult> and objects' fields in wire order", async () => {
    const lists = await call(sandbox.url, "soap", "Client.GetLists", { ClientID: DEMO.clients.northwind });
    expect(lists.children.map((c) => c.name)).toEqual(["List", "List", "List", "List"]);
    expect(records(lists)[0]).toEqual({ ListID: DEMO.lists.newsletter, Name: "Newsletter" });

    const detail = await call(sandbox.url, "soap", "Client.GetDetail", { ClientID: DEMO.clients.northwind });
    expect(detail.children.map((c) => c.name)).toEqual(["BasicDetails", "AccessAndBilling"]);
    const billing = childNamed(detail, "AccessAndBilling");
    expect(billing?.children.map((c) => c.name)).toEqual(WIRE_TYPES.ClientAccessAndBilling.map((f) => f.name));
  });

  it("answer a create operation with the plain string", async () => {
    const r = await send(sandbox.url, "soap", "List.Create", {
      ClientID: DEMO.clients.fabrikam,
      Title: "Soap created",
      UnsubscribePage: "",
      ConfirmOptIn: "false",
      ConfirmationSuccessPage: "",
    });
    const id = resultOf(r, "List.Create").text;
    expect(r.text).toContain(`<List.CreateResult>${id}</List.CreateResult>`);
    expect(sandbox.store.list(id)?.title).toBe("Soap created");
  });

  it("type a failing read operation's result as Result", async () => {
    const r = await send(sandbox.url, "soap", "List.GetStats", { ListID: "1" });
    expect(r.status).toBe(200);
    expect(r.text).toContain(
      '<List.GetStatsResult xsi:type="Result"><Code>101</Code><Message>Invalid ListID</Message>',
    );
    expect(codeOf(resultOf(r, "List.GetStats"))).toBe(101);
  });

  it("type Template.GetDetail's result as Template", async () => {
    const r = await send(sandbox.url, "soap", "Template.GetDetail", { TemplateID: DEMO.templates.newsletter });
    const result = resultOf(r, "Template.GetDetail");
    expect(result.attributes.type).toBe("Template");
    expect(textOf(result, "Name")).toBe("Monthly newsletter");
  });
});

describe("HTTP GET and POST documents", () => {
  it("answer status operations with a Result root in the namespace", async () => {
    for (const transport of ["get", "post"] as const) {
      const r = await send(sandbox.url, transport, "Subscriber.Add", {
        ListID: DEMO.lists.newsletter,
        Email: `root.${transport}@example.com`,
        Name: "",
      });
      expect(r.text).toMatch(
        /^<\?xml version="1\.0" encoding="utf-8"\?><Result [^>]*xmlns="http:\/\/api\.mailgraph\.dev\/api\/"/,
      );
      expect(r.doc?.name).toBe("Result");
      expect(codeOf(r.doc!)).toBe(0);
    }
  });

  it("answer create operations with a string root", async () => {
    const r = await send(sandbox.url, "post", "List.Create", {
      ClientID: DEMO.clients.fabrikam,
      Title: "Posted list",
      UnsubscribePage: "",
      ConfirmOptIn: "true",
      ConfirmationSuccessPage: "https://example.com/thanks",
    });
    expect(r.text).toMatch(new RegExp(`<string xmlns="${NS}">\\d+</string>$`));
    expect(sandbox.store.list(r.doc!.text)?.confirmOptIn).toBe(true);
  });

  it("name an object's root after its type, with ListStatistics' Bounced fields", async () => {
    const stats = await call(sandbox.url, "get", "List.GetStats", { ListID: DEMO.lists.newsletter });
    expect(stats.name).toBe("ListStatistics");
    expect(stats.children.map((c) => c.name)).toEqual(WIRE_TYPES.ListStatistics.map((f) => f.name));
    expect(stats.children.map((c) => c.name)).toContain("BouncedThisMonth");
    const detail = await call(sandbox.url, "post", "Client.GetDetail", { ClientID: DEMO.clients.contoso });
    expect(detail.name).toBe("ClientDetail");
  });

  it("wrap collections as ArrayOf<Type> with nested CustomFields and FieldOptions", async () => {
    const subscribers = await call(sandbox.url, "get", "Subscribers.GetActive", {
      ListID: DEMO.lists.newsletter,
      ...SINCE_EVER,
    });
    expect(subscribers.name).toBe("ArrayOfSubscriber");
    const ada = subscribers.children.find((s) => textOf(s, "EmailAddress") === DEMO.emails.active);
    const fields = childNamed(ada!, "CustomFields")!;
    expect(fields.children.every((f) => f.name === "SubscriberCustomField")).toBe(true);
    expect(records(fields)).toContainEqual({ Key: "[Interests]", Value: "Music" });
    expect(records(fields)).toContainEqual({ Key: "[Interests]", Value: "Travel" });

    const defs = await call(sandbox.url, "post", "List.GetCustomFields", { ListID: DEMO.lists.newsletter });
    expect(defs.name).toBe("ArrayOfListCustomField");
    const membership = defs.children.find((f) => textOf(f, "Key") === "[Membership]")!;
    const options = childNamed(membership, "FieldOptions")!;
    expect(options.children.map((o) => [o.name, o.text])).toEqual([
      ["string", "Bronze"],
      ["string", "Silver"],
      ["string", "Gold"],
    ]);
  });

  it('wrap Template.GetDetail as <anyType xsi:type="Template">', async () => {
    const r = await send(sandbox.url, "get", "Template.GetDetail", { TemplateID: DEMO.templates.newsletter });
    expect(r.doc?.name).toBe("anyType");
    expect(r.doc?.attributes.type).toBe("Template");
    expect(r.text).toContain('xsi:type="Template"');
    expect(textOf(r.doc!, "PreviewURL")).toBe(`${sandbox.url}/files/newsletter.html`);
  });

  it("answer a failing read or create operation with a Result root", async () => {
    const read = await send(sandbox.url, "get", "Client.GetLists", { ClientID: "999" });
    expect(read.doc?.name).toBe("Result");
    expect(codeOf(read.doc!)).toBe(102);
    const create = await send(sandbox.url, "post", "List.Create", {
      ClientID: "999",
      Title: "x",
      UnsubscribePage: "",
      ConfirmOptIn: "false",
      ConfirmationSuccessPage: "",
    });
    expect(create.doc?.name).toBe("Result");
    expect(codeOf(create.doc!)).toBe(102);
  });
});

describe("observed path aliases", () => {
  it("serve POST Campaign.GetCampaigns as Client.GetCampaigns, but not over GET", async () => {
    const params = { ClientID: DEMO.clients.northwind };
    const viaAlias = await call(sandbox.url, "post", "Client.GetCampaigns", params, { path: "Campaign.GetCampaigns" });
    const direct = await call(sandbox.url, "post", "Client.GetCampaigns", params);
    expect(viaAlias.name).toBe("ArrayOfCampaign");
    expect(records(viaAlias)).toEqual(records(direct));
    expect(records(direct).map((c) => c.CampaignID)).toEqual([DEMO.campaigns.sentRecently, DEMO.campaigns.sent]);
    const get = await send(sandbox.url, "get", "Client.GetCampaigns", params, { path: "Campaign.GetCampaigns" });
    expect(get.status).toBe(500);
  });

  it("answer Client.GetSegments with a SOAP-style envelope over GET and POST, by either path", async () => {
    for (const transport of ["get", "post"] as const) {
      for (const path of ["Campaign.GetSegments", "Client.GetSegments"]) {
        const r = await send(
          sandbox.url,
          transport,
          "Client.GetSegments",
          { ClientID: DEMO.clients.northwind },
          { path },
        );
        expect(r.doc?.name).toBe("Envelope");
        expect(r.text).toContain(
          `<Client.GetSegmentsResponse xmlns="${NS}"><Client.GetSegmentsResult xsi:type="ArrayOfList"><List>`,
        );
        expect(records(resultOf(r, "Client.GetSegments"))).toEqual([
          { ListID: DEMO.lists.newsletter, Name: "Readers at example.org" },
          { ListID: DEMO.lists.productUpdates, Name: "Product fans" },
        ]);
      }
    }
  });
});

describe("text on the wire", () => {
  const tricky = `José <Müller> & "渡辺" 'Łukasz' 😀`;

  it.each(LEGACY_TRANSPORTS)("round-trips non-ASCII and markup characters exactly over %s", async (transport) => {
    const email = `round.trip.${transport}@example.com`;
    const added = await call(sandbox.url, transport, "Subscriber.AddWithCustomFields", {
      ListID: DEMO.lists.newsletter,
      Email: email,
      Name: tricky,
      CustomFields: [
        { Key: "[City]", Value: "Kraków & <Łódź>" },
        { Key: "Interests", Value: "Hiking" },
        { Key: "[Interests]", Value: "Cooking" },
      ],
    });
    expect(codeOf(added)).toBe(0);
    const r = await send(sandbox.url, transport, "Subscribers.GetActive", {
      ListID: DEMO.lists.newsletter,
      ...SINCE_EVER,
    });
    expect(r.text).toContain("José &lt;Müller&gt; &amp; &quot;渡辺&quot; &apos;Łukasz&apos; 😀");
    const me = resultOf(r, "Subscribers.GetActive").children.find((s) => textOf(s, "EmailAddress") === email)!;
    expect(textOf(me, "Name")).toBe(tricky);
    expect(records(childNamed(me, "CustomFields")!)).toEqual([
      { Key: "[City]", Value: "Kraków & <Łódź>" },
      { Key: "[Interests]", Value: "Hiking" },
      { Key: "[Interests]", Value: "Cooking" },
    ]);
  });
});
