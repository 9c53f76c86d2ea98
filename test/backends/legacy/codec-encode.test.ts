import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LEGACY_NAMESPACE, operation } from "../../../src/backends/legacy/catalog.js";
import { encodeRequest, formEncode, soapEnvelope } from "../../../src/backends/legacy/codec.js";
import { LegacyInputError } from "../../../src/backends/legacy/errors.js";
import { prepareParams } from "../../../src/backends/legacy/params.js";
import { parseXml } from "../../../src/backends/legacy/xml.js";
import { must } from "../../support/must.js";
import { clientFor, scriptedServer, sendXml } from "./helpers.js";

const target = { basePath: "", namespace: DEFAULT_LEGACY_NAMESPACE };
const add = operation("Subscriber.Add");
const addCustom = operation("Subscriber.AddWithCustomFields");
const listCreate = operation("List.Create");

function inputError(fn: () => unknown): LegacyInputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LegacyInputError);
    return err as LegacyInputError;
  }
  throw new Error("expected a LegacyInputError");
}

describe("prepareParams", () => {
  it("orders parameters as the catalog does, ApiKey first, whatever the caller's order", () => {
    const wire = prepareParams(add, "k", { Name: "Ann", Email: "a@example.com", ListID: 7 });
    expect(wire).toEqual([
      { name: "ApiKey", value: "k" },
      { name: "ListID", value: "7" },
      { name: "Email", value: "a@example.com" },
      { name: "Name", value: "Ann" },
    ]);
  });

  it("sends booleans as true/false, numbers as decimal text, absent optionals as empty", () => {
    const wire = prepareParams(listCreate, "k", { ClientID: 1e21, Title: "T", ConfirmOptIn: false });
    expect(Object.fromEntries(wire.map((p) => [p.name, p.value]))).toEqual({
      ApiKey: "k",
      ClientID: "1000000000000000000000",
      Title: "T",
      UnsubscribePage: "",
      ConfirmOptIn: "false",
      ConfirmationSuccessPage: "",
    });
    expect(prepareParams(listCreate, "k", { ClientID: 0.5, Title: "T", ConfirmOptIn: true })[4]).toEqual({
      name: "ConfirmOptIn",
      value: "true",
    });
    const decimal = (n: number) =>
      prepareParams(listCreate, "k", { ClientID: n, Title: "T", ConfirmOptIn: true })[1]?.value;
    expect(decimal(1e-7)).toBe("0.0000001");
    expect(decimal(-1.5e-7)).toBe("-0.00000015");
    expect(decimal(-2.5e22)).toBe("-25000000000000000000000");
    expect(decimal(42)).toBe("42");
  });

  it("refuses unknown parameter names so that a typo cannot vanish", () => {
    const err = inputError(() => prepareParams(add, "k", { ListID: 1, Email: "a@b.c", Name: "", Nmae: "x" }));
    expect(err.field).toBe("Nmae");
    expect(err.code).toBe("LEGACY_INVALID_INPUT");
  });

  it("refuses ApiKey among the params and a missing key", () => {
    expect(inputError(() => prepareParams(add, "k", { ApiKey: "x", ListID: 1, Email: "e", Name: "" })).field).toBe(
      "ApiKey",
    );
    expect(inputError(() => prepareParams(add, undefined, { ListID: 1, Email: "e", Name: "" })).field).toBe("ApiKey");
  });

  it("refuses a missing required parameter but accepts an empty one", () => {
    expect(inputError(() => prepareParams(add, "k", { ListID: 1, Email: "e" })).field).toBe("Name");
    expect(inputError(() => prepareParams(add, "k", { ListID: null, Email: "e", Name: "" })).field).toBe("ListID");
    expect(prepareParams(add, "k", { ListID: 1, Email: "e", Name: "" })[3]?.value).toBe("");
  });

  it("refuses a non-finite number and a list where a scalar belongs, and the reverse", () => {
    expect(inputError(() => prepareParams(add, "k", { ListID: Number.NaN, Email: "e", Name: "" })).field).toBe(
      "ListID",
    );
    expect(inputError(() => prepareParams(add, "k", { ListID: 1, Email: [], Name: "" })).field).toBe("Email");
    const bad = { ListID: 1, Email: "e", Name: "", CustomFields: "x" };
    expect(inputError(() => prepareParams(addCustom, "k", bad)).field).toBe("CustomFields");
  });

  it.each([
    ["NUL", "\u0000"],
    ["a C0 control", "\u0001"],
    ["ESC", "\u001b"],
    ["U+FFFE", "\uFFFE"],
    ["U+FFFF", "\uFFFF"],
    ["a lone high surrogate", "\uD800"],
    ["a lone low surrogate", "x\uDC00y"],
  ])("refuses %s, naming the parameter", (_label, bad) => {
    expect(inputError(() => prepareParams(add, "k", { ListID: 1, Email: "e", Name: `a${bad}` })).field).toBe("Name");
    const custom = { ListID: 1, Email: "e", Name: "", CustomFields: [{ Key: "k", Value: bad }] };
    const err = inputError(() => prepareParams(addCustom, "k", custom));
    expect(err.field).toBe("CustomFields");
    expect(err.message).toContain("item 0 Value");
  });

  it("accepts tab, LF, CR and astral characters", () => {
    const name = "a\tb\nc\rd 😀 漢字 שלום";
    expect(prepareParams(add, "k", { ListID: 1, Email: "e", Name: name })[3]?.value).toBe(name);
  });
});

describe("SOAP envelope", () => {
  it("has the operation as body element in the namespace, one child per parameter, escaped", () => {
    const wire = prepareParams(addCustom, "k&<>", {
      ListID: "007",
      Email: `a"b'c@example.com`,
      Name: "<Ann & Bob>",
      CustomFields: [
        { Key: "[Colour]", Value: "red & <blue>" },
        { Key: "[Colour]", Value: "green" },
      ],
    });
    const xml = soapEnvelope(addCustom, wire, DEFAULT_LEGACY_NAMESPACE);
    expect(xml).toContain(
      `<soap:Body><Subscriber.AddWithCustomFields xmlns="${DEFAULT_LEGACY_NAMESPACE}"><ApiKey>k&amp;&lt;&gt;</ApiKey>`,
    );
    expect(xml).toContain(
      "<CustomFields><SubscriberCustomField><Key>[Colour]</Key><Value>red &amp; &lt;blue&gt;</Value></SubscriberCustomField>" +
        "<SubscriberCustomField><Key>[Colour]</Key><Value>green</Value></SubscriberCustomField></CustomFields>",
    );
    const body = must(parseXml(xml).children[0]?.children[0], "the SOAP body element");
    expect(body.name).toBe("Subscriber.AddWithCustomFields");
    expect(body.children.map((c) => c.name)).toEqual(["ApiKey", "ListID", "Email", "Name", "CustomFields"]);
    expect(body.children.map((c) => c.text).slice(0, 4)).toEqual(["k&<>", "007", `a"b'c@example.com`, "<Ann & Bob>"]);
  });

  it("is sent with the SOAP 1.1 headers to /api/api.asmx under the base path", () => {
    const request = encodeRequest(add, "soap", prepareParams(add, "k", { ListID: 1, Email: "e", Name: "" }), {
      basePath: "/prefix",
      namespace: DEFAULT_LEGACY_NAMESPACE,
    });
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/prefix/api/api.asmx");
    expect(request.headers).toEqual({
      "content-type": "text/xml; charset=utf-8",
      soapaction: `"${DEFAULT_LEGACY_NAMESPACE}Subscriber.Add"`,
    });
  });
});

describe("GET and POST forms", () => {
  it("encode custom fields as indexed pairs in order", () => {
    const wire = prepareParams(addCustom, "k", {
      ListID: 1,
      Email: "a+b@example.com",
      Name: "Zoë & 😀",
      CustomFields: [
        { Key: "A", Value: "1" },
        { Key: "A", Value: "2 3" },
      ],
    });
    const form = formEncode(wire);
    const entries = [...new URLSearchParams(form)];
    expect(entries).toEqual([
      ["ApiKey", "k"],
      ["ListID", "1"],
      ["Email", "a+b@example.com"],
      ["Name", "Zoë & 😀"],
      ["CustomFields[0].Key", "A"],
      ["CustomFields[0].Value", "1"],
      ["CustomFields[1].Key", "A"],
      ["CustomFields[1].Value", "2 3"],
    ]);
  });

  it("use the documented operation name as the path", () => {
    const segments = operation("Client.GetSegments");
    const wire = prepareParams(segments, "k", { ClientID: 3 });
    expect(encodeRequest(segments, "get", wire, target).path).toBe(
      "/api/api.asmx/Client.GetSegments?ApiKey=k&ClientID=3",
    );
    const post = encodeRequest(segments, "post", wire, target);
    expect(post).toEqual({
      method: "POST",
      path: "/api/api.asmx/Client.GetSegments",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "ApiKey=k&ClientID=3",
    });
  });
});

describe("requests on the wire", () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  beforeAll(async () => {
    server = await scriptedServer((_req, res) =>
      sendXml(
        res,
        `<?xml version="1.0"?><Result xmlns="${DEFAULT_LEGACY_NAMESPACE}"><Code>0</Code><Message>Success</Message></Result>`,
      ),
    );
  });
  afterAll(() => server.close());

  it("reach the server exactly as built, for a base URL with a prefix", async () => {
    const client = clientFor(`${server.url}/svc/`, "post", { apiKey: "key-1" });
    try {
      const result = await client.call("Subscriber.Add", { ListID: 5, Email: "ü@example.com", Name: "漢字" });
      expect(result).toEqual({ Code: "0", Message: "Success" });
      const got = server.received.at(-1);
      expect(got?.method).toBe("POST");
      expect(got?.url).toBe("/svc/api/api.asmx/Subscriber.Add");
      expect(got?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(Object.fromEntries(new URLSearchParams(got?.body))).toEqual({
        ApiKey: "key-1",
        ListID: "5",
        Email: "ü@example.com",
        Name: "漢字",
      });
      // A per-call key and transport override the defaults.
      await client.call("Subscriber.Add", { ListID: 5, Email: "e", Name: "" }, { apiKey: "key-2", transport: "get" });
      expect(server.received.at(-1)?.url).toBe("/svc/api/api.asmx/Subscriber.Add?ApiKey=key-2&ListID=5&Email=e&Name=");
    } finally {
      await client.close();
    }
  });

  it("refuses bad input before sending anything", async () => {
    const client = clientFor(server.url, "soap", { apiKey: "k" });
    try {
      const before = server.received.length;
      await expect(client.call("Subscriber.Add", { ListID: 1, Email: "e", Name: "\u0007" })).rejects.toMatchObject({
        code: "LEGACY_INVALID_INPUT",
        field: "Name",
      });
      // The compiler refuses the unknown parameter too; this checks the run-time guard behind it.
      // @ts-expect-error Extra is no parameter of Subscriber.Add
      await expect(client.call("Subscriber.Add", { ListID: 1, Email: "e", Name: "", Extra: 1 })).rejects.toMatchObject({
        field: "Extra",
      });
      expect(server.received.length).toBe(before);
    } finally {
      await client.close();
    }
  });
});
