import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LEGACY_NAMESPACE as NS, operation } from "../../../src/backends/legacy/catalog.js";
import { decodeReply, formEncode, soapEnvelope } from "../../../src/backends/legacy/codec.js";
import { LegacyInputError } from "../../../src/backends/legacy/errors.js";
import { prepareParams } from "../../../src/backends/legacy/params.js";
import { redactorFor } from "../../../src/util/redact.js";
import { escapeXml, findForbiddenXmlChar, parseXml } from "../../../src/backends/legacy/xml.js";
import { must } from "../../support/must.js";
import { forbiddenText, legalText, unicodeEmail } from "./arbitraries.js";

const add = operation("Subscriber.AddWithCustomFields");
const getActive = operation("Subscribers.GetActive");

describe("codec round trip (property)", () => {
  it("any XML-legal name, email and custom field survives the SOAP envelope", () => {
    fc.assert(
      fc.property(legalText, unicodeEmail, legalText, (name, email, value) => {
        const wire = prepareParams(add, "k", {
          ListID: 1,
          Email: email,
          Name: name,
          CustomFields: [{ Key: "[K]", Value: value }],
        });
        const body = must(parseXml(soapEnvelope(add, wire, NS)).children[0]?.children[0], "the SOAP body element");
        const text = (field: string) => body.children.find((c) => c.name === field)?.text;
        expect(text("Name")).toBe(name);
        expect(text("Email")).toBe(email);
        const custom = body.children.find((c) => c.name === "CustomFields")?.children[0];
        expect(custom?.children.map((c) => c.text)).toEqual(["[K]", value]);
      }),
      { numRuns: 300 },
    );
  });

  it("any XML-legal name and email survives the GET/POST form", () => {
    fc.assert(
      fc.property(legalText, unicodeEmail, (name, email) => {
        const form = new URLSearchParams(
          formEncode(prepareParams(add, "k", { ListID: 1, Email: email, Name: name, CustomFields: [] })),
        );
        expect(form.get("Name")).toBe(name);
        expect(form.get("Email")).toBe(email);
      }),
      { numRuns: 300 },
    );
  });

  it("any XML-legal name and email survives a reply", () => {
    fc.assert(
      fc.property(legalText, unicodeEmail, fc.boolean(), (name, email, soap) => {
        const item =
          `<Subscriber><EmailAddress>${escapeXml(email)}</EmailAddress><Name>${escapeXml(name)}</Name>` +
          `<Date>2024-01-01 00:00:00</Date><State>Active</State><CustomFields /></Subscriber>`;
        const xml = soap
          ? `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><Subscribers.GetActiveResponse xmlns="${NS}">` +
            `<Subscribers.GetActiveResult>${item}</Subscribers.GetActiveResult></Subscribers.GetActiveResponse></soap:Body></soap:Envelope>`
          : `<?xml version="1.0" encoding="utf-8"?><ArrayOfSubscriber xmlns="${NS}">${item}</ArrayOfSubscriber>`;
        const decoded = decodeReply(
          getActive,
          { status: 200, contentType: "text/xml; charset=utf-8", body: Buffer.from(xml, "utf8") },
          { sent: [], redact: redactorFor("k") },
        );
        expect(decoded).toEqual([
          { EmailAddress: email, Name: name, Date: "2024-01-01 00:00:00", State: "Active", CustomFields: [] },
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it("any text holding a character XML forbids is refused, naming the parameter", () => {
    fc.assert(
      fc.property(forbiddenText, fc.constantFrom("Name", "Email"), (bad, field) => {
        expect(findForbiddenXmlChar(bad)).not.toBe(-1);
        const params = { ListID: 1, Email: "a@example.com", Name: "", CustomFields: [], [field]: bad };
        let caught: unknown;
        try {
          prepareParams(add, "k", params);
        } catch (err) {
          caught = err;
        }
        expect(caught).toBeInstanceOf(LegacyInputError);
        expect((caught as LegacyInputError).field).toBe(field);
      }),
      { numRuns: 300 },
    );
  });
});
