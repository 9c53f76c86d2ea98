import { describe, expect, it } from "vitest";
import { DEFAULT_LEGACY_NAMESPACE as NS, operation, type OperationName } from "../../../src/backends/legacy/catalog.js";
import { decodeReply } from "../../../src/backends/legacy/codec.js";
import { LegacyError, LegacyResultError, LegacySoapFaultError } from "../../../src/backends/legacy/errors.js";
import type { WireParam } from "../../../src/backends/legacy/params.js";
import { redactorFor } from "../../../src/util/redact.js";

const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

function decode(
  name: OperationName,
  xml: string,
  options: { status?: number; contentType?: string; sent?: WireParam[] } = {},
) {
  return decodeReply(
    operation(name),
    {
      status: options.status ?? 200,
      contentType: options.contentType ?? "text/xml; charset=utf-8",
      body: Buffer.from(xml, "utf8"),
    },
    { sent: options.sent ?? [], redact: redactorFor("secret-key") },
  );
}

function failure(fn: () => unknown): LegacyError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(LegacyError);
    return err as LegacyError;
  }
  throw new Error("expected a LegacyError");
}

const soap = (name: string, result: string, resultAttrs = "") =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ${XSI}>` +
  `<soap:Body><${name}Response xmlns="${NS}"><${name}Result${resultAttrs}>${result}</${name}Result></${name}Response></soap:Body></soap:Envelope>`;

describe("status replies", () => {
  it("decode a SOAP Result and a bare Result root", () => {
    expect(decode("Subscriber.Add", soap("Subscriber.Add", "<Code>0</Code><Message>Success</Message>"))).toEqual({
      Code: "0",
      Message: "Success",
    });
    expect(decode("Subscriber.Add", `<Result xmlns="${NS}"><Code>0</Code><Message>Success</Message></Result>`)).toEqual(
      {
        Code: "0",
        Message: "Success",
      },
    );
  });

  it("turn a non-zero code into LegacyResultError", () => {
    const err = failure(() =>
      decode("Subscriber.Add", `<Result><Code>206</Code><Message>Is Unsubscribed</Message></Result>`),
    );
    expect(err).toBeInstanceOf(LegacyResultError);
    expect(err).toMatchObject({ resultCode: 206, resultMessage: "Is Unsubscribed", operation: "Subscriber.Add" });
  });

  it("ignore namespace prefixes and layout whitespace", () => {
    const xml = `<r:Result xmlns:r="${NS}">\n  <r:Code>0</r:Code>\n  <r:Message>Success</r:Message>\n</r:Result>`;
    expect(decode("List.Update", xml)).toEqual({ Code: "0", Message: "Success" });
  });

  it("Campaign.Send succeeds when Code is the campaign id sent, and fails otherwise", () => {
    const sent = [
      { name: "ApiKey", value: "k" },
      { name: "CampaignID", value: "4711" },
    ];
    expect(decode("Campaign.Send", `<Result><Code>4711</Code><Message>Success</Message></Result>`, { sent })).toEqual({
      Code: "4711",
      Message: "Success",
    });
    const err = failure(() =>
      decode("Campaign.Send", `<Result><Code>331</Code><Message>sent</Message></Result>`, { sent }),
    );
    expect(err).toMatchObject({ resultCode: 331 });
    const zero = failure(() =>
      decode("Campaign.Send", `<Result><Code>0</Code><Message>?</Message></Result>`, { sent }),
    );
    expect(zero).toMatchObject({ code: "LEGACY_RESULT", resultCode: 0 });
  });

  it("refuse a Result without a numeric Code", () => {
    expect(failure(() => decode("Subscriber.Add", `<Result><Message>x</Message></Result>`)).code).toBe(
      "LEGACY_MALFORMED_REPLY",
    );
    expect(failure(() => decode("Subscriber.Add", `<Result><Code>zero</Code><Message/></Result>`)).code).toBe(
      "LEGACY_MALFORMED_REPLY",
    );
  });
});

describe("value replies", () => {
  it("decode a create operation's string over SOAP and GET, keeping leading zeros", () => {
    expect(decode("List.Create", soap("List.Create", "007"))).toBe("007");
    expect(decode("List.Create", `<?xml version="1.0"?><string xmlns="${NS}">0042</string>`)).toBe("0042");
  });

  it("decode a Result in place of a value: typed, Result root, or exactly Code and Message", () => {
    const typed = soap("List.Create", "<Code>102</Code><Message>Invalid ClientID</Message>", ' xsi:type="Result"');
    expect(failure(() => decode("List.Create", typed))).toMatchObject({ resultCode: 102 });
    const root = `<Result xmlns="${NS}"><Code>101</Code><Message>Invalid ListID</Message></Result>`;
    expect(failure(() => decode("List.GetStats", root))).toMatchObject({ resultCode: 101 });
    const anyType = `<anyType ${XSI} xmlns:q="${NS}" xsi:type="q:Result"><Code>4001</Code><Message>Invalid TemplateID</Message></anyType>`;
    expect(failure(() => decode("Template.GetDetail", anyType))).toMatchObject({ resultCode: 4001 });
    const untyped = soap("Client.GetLists", "<Code>100</Code><Message>Invalid API Key</Message>");
    expect(failure(() => decode("Client.GetLists", untyped))).toMatchObject({ resultCode: 100 });
    const reversed = soap("Client.GetLists", "<Message>Invalid ClientID</Message><Code>102</Code>");
    expect(failure(() => decode("Client.GetLists", reversed))).toMatchObject({ resultCode: 102 });
    // Two records, or a Code beside something else, are no Result.
    const twoLists = "<List><ListID>1</ListID></List><List><ListID>2</ListID></List>";
    expect(decode("Client.GetLists", soap("Client.GetLists", twoLists))).toHaveLength(2);
    const notResult = soap("Client.GetDetail", "<Code>1</Code><AccessAndBilling />");
    expect(() => decode("Client.GetDetail", notResult)).not.toThrow(LegacyResultError);
  });

  it("decode arrays as arrays for zero, one and many items", () => {
    expect(decode("Client.GetLists", `<ArrayOfList xmlns="${NS}" />`)).toEqual([]);
    expect(decode("Client.GetLists", soap("Client.GetLists", ""))).toEqual([]);
    expect(
      decode("Client.GetLists", `<ArrayOfList><List><ListID>1</ListID><Name>A</Name></List></ArrayOfList>`),
    ).toEqual([{ ListID: "1", Name: "A" }]);
    const two = "<List><ListID>1</ListID><Name>A</Name></List><List><ListID>2</ListID></List>";
    expect(decode("Client.GetLists", soap("Client.GetLists", two))).toEqual([
      { ListID: "1", Name: "A" },
      { ListID: "2", Name: "" },
    ]);
  });

  it("keep nested lists arrays: FieldOptions, CustomFields", () => {
    const fields =
      `<ArrayOfListCustomField>` +
      `<ListCustomField><FieldName>Colour</FieldName><Key>[Colour]</Key><DataType>MultiSelectOne</DataType>` +
      `<FieldOptions><string>red</string></FieldOptions></ListCustomField>` +
      `<ListCustomField><FieldName>Age</FieldName><Key>[Age]</Key><DataType>Number</DataType><FieldOptions /></ListCustomField>` +
      `<ListCustomField><FieldName>N</FieldName></ListCustomField>` +
      `</ArrayOfListCustomField>`;
    expect(decode("List.GetCustomFields", fields)).toEqual([
      { FieldName: "Colour", Key: "[Colour]", DataType: "MultiSelectOne", FieldOptions: ["red"] },
      { FieldName: "Age", Key: "[Age]", DataType: "Number", FieldOptions: [] },
      { FieldName: "N", Key: "", DataType: "", FieldOptions: [] },
    ]);
    const subscribers =
      `<Subscriber><EmailAddress>a@example.com</EmailAddress><Name>A</Name><Date>2024-01-02 03:04:05</Date><State>Active</State>` +
      `<CustomFields><SubscriberCustomField><Key>[Colour]</Key><Value>red</Value></SubscriberCustomField></CustomFields></Subscriber>` +
      `<Subscriber><EmailAddress>b@example.com</EmailAddress><Name/><Date/><State>Active</State><CustomFields/></Subscriber>`;
    expect(decode("Subscribers.GetActive", soap("Subscribers.GetActive", subscribers))).toEqual([
      {
        EmailAddress: "a@example.com",
        Name: "A",
        Date: "2024-01-02 03:04:05",
        State: "Active",
        CustomFields: [{ Key: "[Colour]", Value: "red" }],
      },
      { EmailAddress: "b@example.com", Name: "", Date: "", State: "Active", CustomFields: [] },
    ]);
  });

  it("decode objects named after their type, nested groups filled when missing", () => {
    const detail = `<ClientDetail xmlns="${NS}"><BasicDetails><ClientID>9</ClientID><CompanyName>Acme</CompanyName></BasicDetails></ClientDetail>`;
    expect(decode("Client.GetDetail", detail)).toEqual({
      BasicDetails: {
        ClientID: "9",
        CompanyName: "Acme",
        ContactName: "",
        EmailAddress: "",
        Country: "",
        TimeZone: "",
      },
      AccessAndBilling: {
        AccessLevel: "",
        Username: "",
        Password: "",
        BillingType: "",
        Currency: "",
        DeliveryFee: "",
        CostPerRecipient: "",
        DesignAndSpamTestFee: "",
      },
    });
    const stats = decode(
      "List.GetStats",
      `<ListStatistics><TotalActiveSubscribers>12</TotalActiveSubscribers></ListStatistics>`,
    );
    expect(stats).toMatchObject({ TotalActiveSubscribers: "12", BouncedThisYear: "" });
    expect(Object.keys(stats as object)).toHaveLength(24);
  });

  it("decode a Template wrapped as anyType over GET and inside a SOAP result", () => {
    const template = "<TemplateID>t1</TemplateID><Name>Plain</Name><PreviewURL>http://x/p</PreviewURL><ScreenshotURL/>";
    const expected = { TemplateID: "t1", Name: "Plain", PreviewURL: "http://x/p", ScreenshotURL: "" };
    expect(
      decode("Template.GetDetail", `<anyType ${XSI} xsi:type="Template" xmlns="${NS}">${template}</anyType>`),
    ).toEqual(expected);
    expect(decode("Template.GetDetail", soap("Template.GetDetail", template))).toEqual(expected);
    // The SOAP sample shows an empty result element; a left-out one reads the same.
    expect(decode("Template.GetDetail", soap("Template.GetDetail", ""))).toEqual({
      TemplateID: "",
      Name: "",
      PreviewURL: "",
      ScreenshotURL: "",
    });
  });

  it("accept a SOAP-style envelope over GET/POST (Client.GetSegments, whatever the path name)", () => {
    const segments = soap("Campaign.GetSegments", "<List><ListID>3</ListID><Name>VIP</Name></List>");
    expect(decode("Client.GetSegments", segments)).toEqual([{ ListID: "3", Name: "VIP" }]);
  });

  it("refuse an unexpected root or type", () => {
    expect(failure(() => decode("Client.GetLists", `<ArrayOfCampaign />`)).code).toBe("LEGACY_MALFORMED_REPLY");
    expect(failure(() => decode("Template.GetDetail", `<anyType ${XSI} xsi:type="List" />`)).code).toBe(
      "LEGACY_MALFORMED_REPLY",
    );
    expect(failure(() => decode("List.Create", `<string><b>x</b></string>`)).code).toBe("LEGACY_MALFORMED_REPLY");
    expect(failure(() => decode("List.GetStats", `<Result><Code>0</Code><Message>ok</Message></Result>`)).code).toBe(
      "LEGACY_MALFORMED_REPLY",
    );
  });
});

describe("text values", () => {
  it("decode entities exactly once and keep whitespace inside values", () => {
    const xml = `<ArrayOfList><List><ListID> 01 </ListID><Name>&amp;lt; &lt;b&gt; &quot;q&quot; &apos;a&apos; &#65;&#x1F600;\n\tend </Name></List></ArrayOfList>`;
    expect(decode("Client.GetLists", xml)).toEqual([{ ListID: " 01 ", Name: `&lt; <b> "q" 'a' A😀\n\tend ` }]);
  });

  it("keep CDATA literally and whitespace-only values as they are", () => {
    const xml = `<ArrayOfList><List><ListID>   </ListID><Name><![CDATA[<&amp;>]]></Name></List></ArrayOfList>`;
    expect(decode("Client.GetLists", xml)).toEqual([{ ListID: "   ", Name: "<&amp;>" }]);
  });

  it("keep non-ASCII text exactly", () => {
    const name = "Zoë 😀 漢字 שלום עולם";
    expect(decode("List.Create", `<string>${name}</string>`)).toBe(name);
  });

  it("refuse undeclared entities, bare ampersands and references to forbidden characters", () => {
    for (const body of ["&nbsp;", "a & b", "&#0;", "&#xFFFE;", "&#1114112;", "\u0001"]) {
      expect(failure(() => decode("List.Create", `<string>${body}</string>`)).code).toBe("LEGACY_MALFORMED_REPLY");
    }
  });
});

describe("faults and bad replies", () => {
  const fault = (code: string, text: string) =>
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>` +
    `<faultcode>${code}</faultcode><faultstring>${text}</faultstring></soap:Fault></soap:Body></soap:Envelope>`;

  it("turn a SOAP Fault into LegacySoapFaultError with its status, redacting the key", () => {
    const err = failure(() => decode("Subscriber.Add", fault("soap:Client", "bad key secret-key"), { status: 500 }));
    expect(err).toBeInstanceOf(LegacySoapFaultError);
    expect(err).toMatchObject({ faultCode: "soap:Client", faultString: "bad key [redacted]", status: 500 });
    expect(err.message).not.toContain("secret-key");
  });

  it("classify status, HTML, empty, malformed and unsafe replies", () => {
    const code = (xml: string, status = 200, contentType?: string) =>
      failure(() => decode("Client.GetLists", xml, { status, contentType })).code;
    expect(code("Missing parameter: ClientID.", 500, "text/plain")).toBe("LEGACY_HTTP_STATUS");
    expect(code("", 404)).toBe("LEGACY_HTTP_STATUS");
    expect(code(`<ArrayOfList />`, 503)).toBe("LEGACY_HTTP_STATUS");
    expect(code("<html><body>Bad gateway</body></html>", 502)).toBe("LEGACY_HTML_REPLY");
    expect(code("<!DOCTYPE html><html></html>", 200)).toBe("LEGACY_HTML_REPLY");
    expect(code("<p>hi</p>", 200, "text/html")).toBe("LEGACY_HTML_REPLY");
    expect(code("", 200)).toBe("LEGACY_EMPTY_REPLY");
    expect(code("  \n", 200)).toBe("LEGACY_EMPTY_REPLY");
    expect(code("not xml")).toBe("LEGACY_MALFORMED_REPLY");
    expect(code("<ArrayOfList><List>")).toBe("LEGACY_MALFORMED_REPLY");
    expect(code("<ArrayOfList/><ArrayOfList/>")).toBe("LEGACY_MALFORMED_REPLY");
    expect(code(`<!DOCTYPE a [<!ENTITY x "y">]><ArrayOfList>&x;</ArrayOfList>`)).toBe("LEGACY_UNSAFE_XML");
    expect(code(`${"<a>".repeat(65)}${"</a>".repeat(65)}`)).toBe("LEGACY_UNSAFE_XML");
    // 64 levels are within the bound.
    const deepest = `<ArrayOfList><List><ListID>1</ListID><Name>${"<a>".repeat(61)}${"</a>".repeat(61)}</Name></List></ArrayOfList>`;
    expect(code(deepest)).toBe("LEGACY_MALFORMED_REPLY"); // a Name holding elements, not too deep
    const shallow = `<ArrayOfList><List><ListID>1</ListID>${"<x>".repeat(61)}${"</x>".repeat(61)}</List></ArrayOfList>`;
    expect(decode("Client.GetLists", shallow)).toEqual([{ ListID: "1", Name: "" }]);
  });

  it("keep the hint of a plain-text status reply, without the key", () => {
    const err = failure(() =>
      decode("Client.GetLists", "Invalid key secret-key.\nmore", { status: 500, contentType: "text/plain" }),
    );
    expect(err.message).toBe("Client.GetLists: HTTP 500: Invalid key [redacted].");
  });

  it("refuse a reply that is not UTF-8", () => {
    const reply = {
      status: 200,
      contentType: "text/xml",
      body: Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]),
    };
    const run = () => decodeReply(operation("List.Create"), reply, { sent: [], redact: redactorFor("k") });
    expect(failure(run).code).toBe("LEGACY_MALFORMED_REPLY");
  });
});
