/**
 * The API key on every operation and transport, the faults and HTTP errors of requests the
 * service cannot process, and call counting.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LEGACY_TRANSPORTS, OPERATIONS, type OperationSpec } from "../../../src/backends/legacy/catalog.js";
import { childNamed } from "../../../src/backends/legacy/xml.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import {
  codeOf,
  NS,
  resultOf,
  send,
  SOAP_NS,
  soapRequest,
  testClock,
  type Params,
  type RawReply,
} from "./legacy-support.js";

let sandbox: LegacySandbox;
beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: testClock().now });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.calls.reset());

/** Plausible values for every parameter of an operation (ids of the demo data). */
function paramsFor(op: OperationSpec): Params {
  const params: Params = {};
  for (const p of op.params) {
    if (p.array) params[p.name] = [{ Key: "[City]", Value: "Oslo" }];
    else if (p.type === "boolean") params[p.name] = "false";
    else if (p.name === "ListID") params[p.name] = DEMO.lists.newsletter;
    else if (p.name === "ClientID") params[p.name] = DEMO.clients.northwind;
    else if (p.name === "CampaignID") params[p.name] = DEMO.campaigns.ready;
    else if (p.name === "TemplateID") params[p.name] = DEMO.templates.newsletter;
    else params[p.name] = "x";
  }
  return params;
}

function fault(r: RawReply): { code: string; message: string } {
  expect(r.status).toBe(500);
  expect(r.doc?.name).toBe("Envelope");
  const f = childNamed(childNamed(r.doc!, "Body")!, "Fault")!;
  return { code: childNamed(f, "faultcode")!.text, message: childNamed(f, "faultstring")!.text };
}

const envelope = (inner: string, envNs = SOAP_NS): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${envNs}"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const action = (op: string): string => `"${NS}${op}"`;

describe("API key", () => {
  it("answers 100 for a wrong key on every catalog operation over every transport, and counts each call", async () => {
    const ops = OPERATIONS as readonly OperationSpec[];
    for (const op of ops) {
      const replies = await Promise.all(
        LEGACY_TRANSPORTS.map((t) => send(sandbox.url, t, op.name, paramsFor(op), { apiKey: "wrong-key" })),
      );
      replies.forEach((r, i) => {
        expect(r.status, `${op.name} over ${LEGACY_TRANSPORTS[i]}`).toBe(200);
        expect(codeOf(resultOf(r, op.name)), `${op.name} over ${LEGACY_TRANSPORTS[i]}`).toBe(100);
      });
    }
    expect(sandbox.calls.total()).toBe(ops.length * 3);
    for (const op of ops) expect(sandbox.calls.count(op.name)).toBe(3);
    // Nothing changed: the key is checked before anything else.
    expect(sandbox.store.campaign(DEMO.campaigns.ready)?.sentDate).toBeUndefined();
  });

  it("never records the key in the call log", async () => {
    await send(sandbox.url, "get", "User.GetClients", {}, { apiKey: "secret-looking-key" });
    expect(JSON.stringify(sandbox.calls.entries())).not.toContain("secret-looking-key");
    expect(sandbox.calls.entries()).toEqual([{ operation: "User.GetClients", transport: "get", params: {} }]);
  });
});

describe("SOAP faults", () => {
  const getClients = `<User.GetClients xmlns="${NS}"><ApiKey>${DEMO.apiKey}</ApiKey></User.GetClients>`;

  it("accepts a well-formed request (the baseline for the cases below)", async () => {
    const r = await soapRequest(sandbox.url, envelope(getClients), action("User.GetClients"));
    expect(resultOf(r, "User.GetClients").children).toHaveLength(5);
  });

  it("refuses an unknown or missing SOAPAction with soap:Client", async () => {
    const unknown = fault(await soapRequest(sandbox.url, envelope(getClients), action("User.GetNothing")));
    expect(unknown.code).toBe("soap:Client");
    expect(unknown.message).toContain("SOAPAction");
    expect(fault(await soapRequest(sandbox.url, envelope(getClients), undefined)).code).toBe("soap:Client");
    expect(
      fault(await soapRequest(sandbox.url, envelope(getClients), '"http://other.example/User.GetClients"')).code,
    ).toBe("soap:Client");
  });

  it("refuses malformed XML, a DOCTYPE, a body that does not match SOAPAction, and a missing parameter", async () => {
    expect(fault(await soapRequest(sandbox.url, "<soap:Envelope", action("User.GetClients"))).code).toBe("soap:Client");
    expect(fault(await soapRequest(sandbox.url, "not xml at all", action("User.GetClients"))).code).toBe("soap:Client");
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;">]>${envelope(getClients)}`;
    const dtd = fault(await soapRequest(sandbox.url, bomb, action("User.GetClients")));
    expect(dtd.message).toContain("DTD");
    const mismatch = fault(await soapRequest(sandbox.url, envelope(getClients), action("Client.GetLists")));
    expect(mismatch.message).toContain("does not match");
    const missing = envelope(`<Client.GetLists xmlns="${NS}"><ApiKey>${DEMO.apiKey}</ApiKey></Client.GetLists>`);
    expect(fault(await soapRequest(sandbox.url, missing, action("Client.GetLists"))).message).toBe(
      "Missing parameter: ClientID.",
    );
    const undeclared = envelope(`<x:User.GetClients><ApiKey>k</ApiKey></x:User.GetClients>`);
    expect(fault(await soapRequest(sandbox.url, undeclared, action("User.GetClients"))).code).toBe("soap:Client");
  });

  it("refuses references XML without a DTD cannot carry, naming each kind", async () => {
    const withKey = (key: string) =>
      envelope(`<User.GetClients xmlns="${NS}"><ApiKey>${key}</ApiKey></User.GetClients>`);
    const cases: Array<[string, string]> = [
      ["&nope;", "Reference to undeclared entity 'nope'."],
      ["a & b", "The request is not well-formed XML (line 1)."],
      ["&#0;", "Invalid character reference."],
    ];
    for (const [key, message] of cases) {
      expect(fault(await soapRequest(sandbox.url, withKey(key), action("User.GetClients")))).toEqual({
        code: "soap:Client",
        message,
      });
    }
  });

  it("refuses a body that is not UTF-8", async () => {
    const latin1 = Buffer.from(envelope(getClients).replace("<ApiKey>", "<ApiKey>\u00e9"), "latin1");
    const r = await fetch(`${sandbox.url}/api/api.asmx`, {
      method: "POST",
      headers: { "content-type": "text/xml; charset=utf-8", soapaction: action("User.GetClients") },
      body: latin1,
    });
    const text = await r.text();
    expect(r.status).toBe(500);
    expect(text).toContain(
      "<faultcode>soap:Client</faultcode><faultstring>The request is not valid UTF-8.</faultstring>",
    );
  });

  it("answers a SOAP 1.2 envelope with soap:VersionMismatch and a non-XML content type with 415", async () => {
    const soap12 = envelope(getClients, "http://www.w3.org/2003/05/soap-envelope");
    expect(fault(await soapRequest(sandbox.url, soap12, action("User.GetClients"))).code).toBe("soap:VersionMismatch");
    const json = await soapRequest(sandbox.url, envelope(getClients), action("User.GetClients"), "application/json");
    expect(json.status).toBe(415);
  });

  it("counts requests that named an operation, also when they failed", async () => {
    await soapRequest(sandbox.url, "<broken", action("Client.GetLists"));
    await soapRequest(sandbox.url, envelope(getClients), action("User.GetNothing"));
    expect(sandbox.calls.total()).toBe(1);
    expect(sandbox.calls.entries()).toEqual([{ operation: "Client.GetLists", transport: "soap", params: {} }]);
  });
});

describe("HTTP GET and POST errors", () => {
  const base = (): string => `${sandbox.url}/api/api.asmx`;

  it("answers an unknown operation with HTTP 500 text", async () => {
    const r = await fetch(`${base()}/List.Nothing?ApiKey=${DEMO.apiKey}`);
    expect(r.status).toBe(500);
    expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await r.text()).toBe("List.Nothing Web Service method name is not valid.");
  });

  it("answers a missing parameter or an unconvertible boolean with HTTP 500", async () => {
    const missing = await fetch(`${base()}/List.GetStats?ApiKey=${DEMO.apiKey}`);
    expect(missing.status).toBe(500);
    expect(await missing.text()).toBe("Missing parameter: ListID.");
    const noKey = await fetch(`${base()}/User.GetClients`);
    expect(await noKey.text()).toBe("Missing parameter: ApiKey.");
    const update = await send(sandbox.url, "post", "List.Update", {
      ListID: DEMO.lists.vip,
      Title: "VIP",
      UnsubscribePage: "",
      ConfirmationSuccessPage: "",
    });
    expect(update.status).toBe(500);
    expect(update.text).toBe("Missing parameter: ConfirmOptIn.");
    const badBool = await send(sandbox.url, "get", "List.Update", {
      ListID: DEMO.lists.vip,
      Title: "VIP",
      UnsubscribePage: "",
      ConfirmOptIn: "maybe",
      ConfirmationSuccessPage: "",
    });
    expect(badBool.status).toBe(500);
    expect(sandbox.store.list(DEMO.lists.vip)?.title).toBe("VIP preview");
  });

  it("refuses text XML cannot carry", async () => {
    const r = await send(sandbox.url, "get", "Subscriber.Add", {
      ListID: DEMO.lists.vip,
      Email: "a@example.com",
      Name: "bell\u0007",
    });
    expect(r.status).toBe(500);
    expect(sandbox.store.subscriber(DEMO.lists.vip, "a@example.com")).toBeUndefined();
  });

  it("answers a POST that is not form-encoded with 415, unknown paths with 404", async () => {
    const json = await fetch(`${base()}/User.GetClients`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ApiKey: DEMO.apiKey }),
    });
    expect(json.status).toBe(415);
    expect((await fetch(`${base()}/User.GetClients/extra`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/elsewhere`)).status).toBe(404);
  });

  it("refuses bodies over 1 MiB with 413", async () => {
    const r = await fetch(`${base()}/User.GetClients`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `ApiKey=${"k".repeat(1024 * 1024 + 10)}`,
    });
    expect(r.status).toBe(413);
  });

  it("serves a help page listing every operation at the bare path", async () => {
    const r = await fetch(base());
    const html = await r.text();
    expect(r.status).toBe(200);
    for (const op of OPERATIONS) expect(html).toContain(`<li>${op.name}</li>`);
  });
});

describe("call log over HTTP", () => {
  it("reports counts per operation and resets", async () => {
    await send(sandbox.url, "get", "User.GetClients");
    await send(sandbox.url, "post", "User.GetClients");
    await send(sandbox.url, "soap", "Client.GetLists", { ClientID: DEMO.clients.wingtip });
    const summary: unknown = await (await fetch(`${sandbox.url}/__sandbox/calls`)).json();
    expect(summary).toEqual({ total: 3, byOperation: { "User.GetClients": 2, "Client.GetLists": 1 } });
    expect(sandbox.calls.entries().map((c) => c.transport)).toEqual(["get", "post", "soap"]);
    const reset = await fetch(`${sandbox.url}/__sandbox/calls/reset`, { method: "POST" });
    expect(reset.status).toBe(200);
    expect(sandbox.calls.total()).toBe(0);
  });
});
