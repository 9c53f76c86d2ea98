/** The generated WSDL, and the invariants of the demo data. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS, type OperationSpec } from "../../../src/backends/legacy/catalog.js";
import { childNamed, parseXml, type XmlElement } from "../../../src/backends/legacy/xml.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { createLegacySandbox, startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import type { SubscriberState } from "../../../src/sandbox/legacy/records.js";
import { call, NS, send, testClock, type Params } from "./legacy-support.js";

const clock = testClock();
let sandbox: LegacySandbox;
beforeAll(async () => {
  sandbox = await startLegacySandbox({ now: clock.now });
});
afterAll(() => sandbox.close());

const named = (el: XmlElement, name: string): XmlElement[] => el.children.filter((c) => c.name === name);
const ops = OPERATIONS as readonly OperationSpec[];

describe("WSDL", () => {
  let wsdl: XmlElement;
  beforeAll(async () => {
    const r = await fetch(`${sandbox.url}/api/api.asmx?WSDL`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/xml; charset=utf-8");
    wsdl = parseXml(await r.text());
  });

  it("is well-formed, in the service namespace, and also served for ?wsdl", async () => {
    expect(wsdl.name).toBe("definitions");
    expect(wsdl.attributes.targetNamespace).toBe(NS);
    const lower = await (await fetch(`${sandbox.url}/api/api.asmx?wsdl`)).text();
    expect(parseXml(lower).name).toBe("definitions");
  });

  it("lists every catalog operation in the port type and the SOAP binding with its soapAction", () => {
    const portOps = named(childNamed(wsdl, "portType")!, "operation").map((o) => o.attributes.name);
    expect(portOps).toEqual(ops.map((op) => op.name));
    const binding = childNamed(wsdl, "binding")!;
    expect(childNamed(binding, "binding")?.attributes.transport).toBe("http://schemas.xmlsoap.org/soap/http");
    for (const op of named(binding, "operation")) {
      const soapOp = childNamed(op, "operation")!;
      expect(soapOp.attributes).toEqual({ soapAction: `${NS}${op.attributes.name}`, style: "document" });
      expect(childNamed(childNamed(op, "input")!, "body")?.attributes.use).toBe("literal");
    }
    expect(named(binding, "operation")).toHaveLength(ops.length);
    const address = childNamed(childNamed(childNamed(wsdl, "service")!, "port")!, "address");
    expect(address?.attributes.location).toBe(`${sandbox.url}/api/api.asmx`);
  });

  it("declares each operation's parameters in wire order (ApiKey first) and its result type", () => {
    const schema = childNamed(childNamed(wsdl, "types")!, "schema")!;
    const elements = new Map(named(schema, "element").map((e) => [e.attributes.name, e]));
    const members = (el: XmlElement) => childNamed(childNamed(el, "complexType")!, "sequence")!.children;
    for (const op of ops) {
      const request = elements.get(op.name);
      expect(request, op.name).toBeDefined();
      expect(members(request!).map((m) => m.attributes.name)).toEqual(["ApiKey", ...op.params.map((p) => p.name)]);
      // Required exactly when the sandbox answers a missing one with a fault.
      expect(
        members(request!).map((m) => m.attributes.minOccurs),
        op.name,
      ).toEqual(["1", ...op.params.map((p) => (p.optional || p.array ? "0" : "1"))]);
      const [result] = members(elements.get(`${op.name}Response`)!);
      expect(result?.attributes.name).toBe(`${op.name}Result`);
      expect(result?.attributes.type).toBe(op.result.kind === "status" ? "tns:Result" : "s:anyType");
    }
    const types = new Set(named(schema, "complexType").map((t) => t.attributes.name));
    for (const t of [
      "Result",
      "Subscriber",
      "ListStatistics",
      "ArrayOfSubscriber",
      "ArrayOfSubscriberCustomField",
      "ArrayOfString",
      "Template",
    ]) {
      expect(types.has(t), t).toBe(true);
    }
    // Every tns: reference resolves to a declared type or element.
    const refs = new Set<string>();
    const walk = (el: XmlElement) => {
      for (const v of Object.values(el.attributes)) if (v.startsWith("tns:")) refs.add(v.slice(4));
      el.children.forEach(walk);
    };
    walk(schema);
    for (const ref of refs) expect(types.has(ref) || elements.has(ref), ref).toBe(true);
  });
});

/** Demo parameters of every read operation (each one names a record that exists). */
const READ_PARAMS: Record<string, Params> = {
  ListID: { ListID: DEMO.lists.newsletter },
  ClientID: { ClientID: DEMO.clients.northwind },
  CampaignID: { CampaignID: DEMO.campaigns.sentRecently },
  TemplateID: { TemplateID: DEMO.templates.newsletter },
};
const readParams = (op: OperationSpec): Params => {
  const params: Params = {};
  for (const p of op.params)
    Object.assign(params, p.name === "Date" ? { Date: "2000-01-01 00:00:00" } : READ_PARAMS[p.name]);
  return params;
};

describe("SOAP replies against the WSDL", () => {
  let types: Map<string | undefined, XmlElement>;
  beforeAll(async () => {
    const wsdl = parseXml(await (await fetch(`${sandbox.url}/api/api.asmx?WSDL`)).text());
    const schema = childNamed(childNamed(wsdl, "types")!, "schema")!;
    types = new Map(named(schema, "complexType").map((t) => [t.attributes.name, t]));
  });

  /** Checks an element against a complex type of the WSDL: members in order, arrays, ints. */
  function conforms(el: XmlElement, typeName: string, path: string): void {
    const type = types.get(typeName);
    expect(type, `${path}: type ${typeName} is declared`).toBeDefined();
    const members = childNamed(type!, "sequence")!.children;
    const [only] = members;
    if (members.length === 1 && only?.attributes.maxOccurs === "unbounded") {
      const item = only.attributes;
      for (const [i, child] of el.children.entries()) {
        expect(child.name, `${path}[${i}]`).toBe(item.name);
        if (item.type?.startsWith("tns:")) conforms(child, item.type.slice(4), `${path}[${i}]`);
      }
      return;
    }
    expect(
      el.children.map((c) => c.name),
      path,
    ).toEqual(members.map((m) => m.attributes.name));
    members.forEach((m, i) => {
      const { type: memberType, name } = m.attributes;
      const child = el.children.at(i);
      if (child === undefined) throw new Error(`${path}: no element for member ${name}`);
      if (memberType?.startsWith("tns:")) conforms(child, memberType.slice(4), `${path}.${name}`);
      else if (memberType === "s:int") expect(child.text, `${path}.${name}`).toMatch(/^-?\d+$/);
    });
  }

  it("type every read's result with xsi:type, holding exactly what that type declares", async () => {
    const reads = ops.filter((op) => !op.write);
    expect(reads.length).toBeGreaterThan(10);
    for (const op of reads) {
      const result = await call(sandbox.url, "soap", op.name, readParams(op));
      const declared = op.result.kind === "array" ? `ArrayOf${op.result.type}` : (op.result as { type: string }).type;
      expect(result.attributes.type, op.name).toBe(declared);
      expect(result.children.length, op.name).toBeGreaterThan(0);
      conforms(result, declared, op.name);
    }
  });

  it("answer a status operation with a Result and a failing read with a Result typed as such", async () => {
    const status = await call(sandbox.url, "soap", "Subscriber.Unsubscribe", {
      ListID: DEMO.lists.newsletter,
      Email: "nobody@example.com",
    });
    expect(status.attributes.type).toBeUndefined();
    conforms(status, "Result", "Subscriber.Unsubscribe");
    const failed = await call(sandbox.url, "soap", "Client.GetDetail", { ClientID: "1" });
    expect(failed.attributes.type).toBe("Result");
    conforms(failed, "Result", "Client.GetDetail");
  });

  it("answer a create operation with plain text", async () => {
    const r = await send(sandbox.url, "soap", "List.Create", {
      ClientID: DEMO.clients.wingtip,
      Title: "Typed by the WSDL",
      UnsubscribePage: "",
      ConfirmOptIn: "false",
      ConfirmationSuccessPage: "",
    });
    expect(r.text).toMatch(/<List\.CreateResult>\d+<\/List\.CreateResult>/);
  });
});

describe("demo data", () => {
  const { store } = createLegacySandbox({ now: clock.now });
  const subscribers = store.lists().flatMap((l) => [...l.subscribers.values()]);

  it("holds 200+ subscribers in every state, and suppressed addresses", () => {
    expect(subscribers.length).toBeGreaterThanOrEqual(200);
    const count = (state: SubscriberState) => subscribers.filter((s) => s.state === state).length;
    for (const state of ["Active", "Unsubscribed", "Deleted", "Bounced", "Unconfirmed"] as const) {
      expect(count(state), state).toBeGreaterThanOrEqual(5);
    }
    expect(store.clients().reduce((n, c) => n + c.suppression.size, 0)).toBeGreaterThanOrEqual(1);
    const e = DEMO.emails;
    const state = (email: string) => store.subscriber(DEMO.lists.newsletter, email)?.state;
    expect([e.active, e.activeNonAscii, e.unsubscribed, e.deleted, e.bounced, e.unconfirmed].map(state)).toEqual([
      "Active",
      "Active",
      "Unsubscribed",
      "Deleted",
      "Bounced",
      "Unconfirmed",
    ]);
    expect(store.client(DEMO.clients.northwind)?.suppression.has(e.suppressed)).toBe(true);
  });

  it("has clients in different time zones, access levels and billing types, each with 2+ lists", () => {
    const clients = store.clients();
    expect(clients.length).toBeGreaterThanOrEqual(3);
    expect(new Set(clients.map((c) => c.timeZone)).size).toBe(clients.length);
    expect(new Set(clients.map((c) => c.accessLevel)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(clients.map((c) => c.billingType)).size).toBeGreaterThanOrEqual(3);
    for (const c of clients) expect(store.lists(c.id).length, c.companyName).toBeGreaterThanOrEqual(2);
  });

  it("has custom fields of every data type with values on subscribers", () => {
    const newsletter = store.list(DEMO.lists.newsletter)!;
    expect(newsletter.customFields.map((f) => f.dataType).sort()).toEqual([
      "Country",
      "Date",
      "MultiSelectMany",
      "MultiSelectOne",
      "Number",
      "Text",
      "USState",
    ]);
    for (const field of newsletter.customFields) {
      const withValue = [...newsletter.subscribers.values()].filter((s) => s.customFields.has(field.key));
      expect(withValue.length, field.key).toBeGreaterThan(0);
    }
    expect(Object.values(DEMO.fields).sort()).toEqual(newsletter.customFields.map((f) => f.key).sort());
  });

  it("has sent campaigns with reports, unsent ones, segments and templates", () => {
    const sent = store.campaigns().filter((c) => c.sentDate);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const c of sent) {
      expect(c.recipients.length, c.name).toBeGreaterThan(0);
      expect(c.opens.length, c.name).toBeGreaterThan(0);
    }
    const bounces = sent.flatMap((c) => c.bounces.map((b) => b.type));
    expect(new Set(bounces)).toEqual(new Set(["Hard", "Soft"]));
    expect(sent.some((c) => c.unsubscribes.length > 0)).toBe(true);
    // Every reported unsubscribe is an Unsubscribed record of that list.
    for (const c of sent) {
      for (const u of c.unsubscribes) expect(store.subscriber(u.listId, u.email)?.state).toBe("Unsubscribed");
    }
    expect(store.campaigns().filter((c) => !c.sentDate).length).toBeGreaterThanOrEqual(1);
    for (const s of store.segments()) expect(store.list(s.listId), s.name).toBeDefined();
    expect(store.templates().map((t) => t.id)).toEqual(Object.values(DEMO.templates));
  });

  it("is the same on every run", () => {
    const again = createLegacySandbox({ now: clock.now }).store;
    const snapshot = (s: typeof store) =>
      JSON.stringify(
        s
          .lists()
          .map((l) => [
            l.id,
            l.title,
            [...l.subscribers.values()].map((r) => [r.email, r.name, r.state, r.date, [...r.customFields]]),
          ]),
      ) + JSON.stringify(s.campaigns());
    expect(snapshot(again)).toBe(snapshot(store));
  });

  it("starts empty with seed: false", () => {
    const empty = createLegacySandbox({ seed: false }).store;
    expect([empty.clients().length, empty.lists().length, empty.campaigns().length]).toEqual([0, 0, 0]);
  });
});
