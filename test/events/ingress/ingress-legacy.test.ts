import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LIST_EVENT_TYPES, type ListEvent } from "../../../src/events/ingress/index.js";
import { MemoryEventLog } from "../../../src/events/log/memory-log.js";
import {
  deactivateEvent,
  INGRESS_TOKEN,
  postBody,
  startIngress,
  subscribeEvent,
  updateEvent,
  type IngressServer,
} from "./ingress-support.js";

const JSON_TYPE = { "Content-Type": "application/json" };
const LIST_ID = "a1b2c3d4";

let server: IngressServer;
beforeAll(async () => {
  server = await startIngress({ maxBodyBytes: 512 * 1024, now: () => Date.parse("2024-03-04T10:00:00Z") });
});
afterAll(() => server.close());
beforeEach(() => {
  server.log.appended.length = 0;
});

const legacyEvents = () => server.log.appended.map(({ entry }) => entry.event as ListEvent);

describe("legacy webhooks: accepted", () => {
  it("takes a JSON batch of the three event types in, camelCase, ListID on each event", async () => {
    const body = JSON.stringify({ Events: [subscribeEvent(1), updateEvent, deactivateEvent], ListID: LIST_ID });
    const res = await postBody(server.legacyUrl, body, JSON_TYPE);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 3, duplicates: 0 });
    expect(server.log.appended.every(({ source }) => source === "legacy")).toBe(true);
    const receivedAt = "2024-03-04T10:00:00.000Z";
    expect(legacyEvents()).toEqual([
      {
        type: "Subscribe",
        listId: LIST_ID,
        receivedAt,
        date: "2024-03-01 12:34:56",
        email: "person1@example.com",
        name: "Person 1",
        signupIpAddress: "203.0.113.7",
        customFields: [{ key: "[Colour]", value: "blue" }],
      },
      {
        type: "Update",
        listId: LIST_ID,
        receivedAt,
        date: "2024-03-02 08:00:00",
        oldEmail: "old@example.com",
        email: "new@example.com",
        name: "Ada",
        state: "Active",
        customFields: [],
      },
      {
        type: "Deactivate",
        listId: LIST_ID,
        receivedAt,
        date: "2024-03-03 23:59:59",
        email: "gone@example.com",
        name: "Grace",
        state: "Unsubscribed",
        customFields: [{ key: "[Source]", value: "form" }],
      },
    ]);
  });

  it("takes an XML batch in, entities decoded, empty CustomFields as an empty list", async () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<ListEvents>
  <ListID>${LIST_ID}</ListID>
  <Events>
    <ListEvent>
      <Type>Subscribe</Type><Date>2024-03-01 12:34:56</Date><EmailAddress>tom&amp;jerry@example.com</EmailAddress>
      <Name>Tom &lt;T&gt;</Name><SignupIPAddress>Manual</SignupIPAddress>
      <CustomFields><SubscriberCustomField><Key>[Colour]</Key><Value>red</Value></SubscriberCustomField></CustomFields>
    </ListEvent>
    <ListEvent>
      <Type>Deactivate</Type><Date>2024-03-03 23:59:59</Date><EmailAddress>gone@example.com</EmailAddress>
      <Name/><State>Bounced</State><CustomFields/>
    </ListEvent>
  </Events>
</ListEvents>`;
    const res = await postBody(server.legacyUrl, xml, { "Content-Type": "text/xml; charset=utf-8" });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 2, duplicates: 0 });
    expect(legacyEvents()).toMatchObject([
      {
        type: "Subscribe",
        listId: LIST_ID,
        email: "tom&jerry@example.com",
        name: "Tom <T>",
        signupIpAddress: "Manual",
        customFields: [{ key: "[Colour]", value: "red" }],
      },
      { type: "Deactivate", listId: LIST_ID, name: "", state: "Bounced", customFields: [] },
    ]);
  });

  it("appends a byte-identical retry once, and a different body again", async () => {
    const body = JSON.stringify({ Events: [subscribeEvent(1), subscribeEvent(2)], ListID: LIST_ID });
    const first = await postBody(server.legacyUrl, body, JSON_TYPE);
    const retry = await postBody(server.legacyUrl, body, JSON_TYPE);
    expect([first.status, first.body]).toEqual([202, { accepted: 2, duplicates: 0 }]);
    expect([retry.status, retry.body]).toEqual([200, { accepted: 0, duplicates: 2 }]);
    expect(server.log.appended).toHaveLength(2);
    // The same events in other bytes are a new delivery: only the exact body is a retry.
    const respaced = JSON.stringify({ Events: [subscribeEvent(1), subscribeEvent(2)], ListID: LIST_ID }, null, 1);
    expect((await postBody(server.legacyUrl, respaced, JSON_TYPE)).body).toEqual({ accepted: 2, duplicates: 0 });
    expect(server.log.appended).toHaveLength(4);
  });

  it("takes a batch of exactly 1,000 events", async () => {
    const events = Array.from({ length: 1000 }, (_, i) => subscribeEvent(i));
    const res = await postBody(server.legacyUrl, JSON.stringify({ Events: events, ListID: LIST_ID }), JSON_TYPE);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 1000, duplicates: 0 });
    expect(legacyEvents().map((e) => e.email)).toEqual(events.map((e) => e.EmailAddress));
  });
});

describe("legacy webhooks: refused, nothing appended", () => {
  const valid = JSON.stringify({ Events: [subscribeEvent(1)], ListID: LIST_ID });

  async function refused(
    url: string,
    body: string | Uint8Array<ArrayBuffer>,
    headers: Record<string, string> = JSON_TYPE,
  ) {
    const res = await postBody(url, body, headers);
    expect(server.log.appended).toEqual([]);
    expect(res.text).not.toContain(INGRESS_TOKEN);
    return { status: res.status, code: res.body.error?.code, message: res.body.error?.message ?? "" };
  }

  it("401 for a wrong token, also one that differs only in length", async () => {
    const base = `${server.url}/webhooks/legacy/`;
    for (const token of ["wrong-token-wrong-token-xx", `${INGRESS_TOKEN}x`, INGRESS_TOKEN.slice(0, -1)]) {
      expect(await refused(base + token, valid)).toMatchObject({ status: 401, code: "bad_token" });
    }
  });

  it("is not served for other paths, and answers 405 to methods other than POST", async () => {
    expect((await fetch(`${server.url}/webhooks/legacy/`, { method: "POST", body: valid })).status).toBe(404);
    expect((await fetch(`${server.legacyUrl}/extra`, { method: "POST", body: valid })).status).toBe(404);
    const get = await fetch(server.legacyUrl);
    expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
    expect(((await get.json()) as { error: { code: string } }).error.code).toBe("method_not_allowed");
  });

  it("413 for a body over the cap, by Content-Length or counted while streaming", async () => {
    const big = JSON.stringify({
      Events: Array.from({ length: 3000 }, (_, i) => subscribeEvent(i)),
      ListID: LIST_ID,
    });
    expect(big.length).toBeGreaterThan(512 * 1024);
    expect(await refused(server.legacyUrl, big)).toMatchObject({ status: 413, code: "payload_too_large" });
    // Without a Content-Length (chunked), the bytes are counted as they arrive.
    const chunks = [big.slice(0, 300_000), big.slice(300_000)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const res = await fetch(server.legacyUrl, {
      method: "POST",
      body: stream,
      headers: JSON_TYPE,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(server.log.appended).toEqual([]);
  });

  it("413 before the token is looked at; 401 before the body is parsed", async () => {
    const big = "x".repeat(600 * 1024);
    expect(await refused(`${server.url}/webhooks/legacy/wrong-token-wrong-token`, big)).toMatchObject({ status: 413 });
    expect(await refused(`${server.url}/webhooks/legacy/wrong-token-wrong-token`, "{not json")).toMatchObject({
      status: 401,
    });
  });

  it("415 for a content type other than JSON or XML, or a charset other than UTF-8", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"]) {
      expect(await refused(server.legacyUrl, valid, { "Content-Type": type })).toMatchObject({
        status: 415,
        code: "unsupported_media_type",
      });
    }
  });

  it("400 for malformed JSON or XML, a DOCTYPE, deep nesting, invalid UTF-8", async () => {
    const xml = { "Content-Type": "application/xml" };
    const cases: Array<[string | Uint8Array<ArrayBuffer>, Record<string, string>]> = [
      ["{", JSON_TYPE],
      ["[]", JSON_TYPE],
      ["not xml", xml],
      ["<a><b></a>", xml],
      [`<!DOCTYPE a [<!ENTITY x "y">]><a><ListID>&x;</ListID><Events/></a>`, xml],
      [`${"<e>".repeat(100)}${"</e>".repeat(100)}`, xml],
      [new Uint8Array([0x7b, 0xff, 0x7d]), JSON_TYPE],
      [`<a><ListID>1</ListID><ListID>1</ListID><Events/></a>`, xml],
    ];
    for (const [body, headers] of cases) {
      expect(await refused(server.legacyUrl, body, headers)).toMatchObject({ status: 400, code: "malformed_body" });
    }
  });

  it("400 when any event of the batch is invalid, naming the field", async () => {
    const cases: Array<[unknown, string]> = [
      [{ Events: "x", ListID: LIST_ID }, "Events"],
      [{ Events: [subscribeEvent(1)] }, "ListID"],
      [{ Events: [subscribeEvent(1), { ...subscribeEvent(2), Type: "Delete" }], ListID: LIST_ID }, "Events[1].Type"],
      [
        { Events: [subscribeEvent(1), { ...subscribeEvent(2), Date: "2024-02-30 10:00:00" }], ListID: LIST_ID },
        "Events[1].Date",
      ],
      [{ Events: [{ ...subscribeEvent(1), Date: "2024-03-01T12:34:56" }], ListID: LIST_ID }, "Events[0].Date"],
      [{ Events: [{ ...subscribeEvent(1), EmailAddress: "nobody" }], ListID: LIST_ID }, "Events[0].EmailAddress"],
      [{ Events: [{ ...updateEvent, OldEmailAddress: undefined }], ListID: LIST_ID }, "Events[0].OldEmailAddress"],
      [{ Events: [{ ...deactivateEvent, State: 3 }], ListID: LIST_ID }, "Events[0].State"],
      [
        { Events: [{ ...deactivateEvent, CustomFields: [{ Key: "k" }] }], ListID: LIST_ID },
        "Events[0].CustomFields[0]",
      ],
      [{ Events: [{ ...subscribeEvent(1), CustomFields: undefined }], ListID: LIST_ID }, "Events[0].CustomFields"],
    ];
    for (const [body, field] of cases) {
      const res = await refused(server.legacyUrl, JSON.stringify(body));
      expect(res).toMatchObject({ status: 400, code: "invalid_event" });
      expect(res.message.startsWith(field)).toBe(true);
    }
  });

  it("400 for every field of every event type the catalog lists, when it is missing", async () => {
    const samples: Record<string, Record<string, unknown>> = {
      Subscribe: subscribeEvent(1),
      Update: updateEvent,
      Deactivate: deactivateEvent,
    };
    for (const [type, fields] of Object.entries(LIST_EVENT_TYPES)) {
      for (const { wire } of fields) {
        const { [wire]: _dropped, ...rest } = samples[type] ?? {};
        const res = await refused(server.legacyUrl, JSON.stringify({ Events: [rest], ListID: LIST_ID }));
        expect([res.status, res.message]).toEqual([400, `Events[0].${wire} is required`]);
      }
    }
  });

  it("422 for more than 1,000 events or events of another ListID", async () => {
    const events = Array.from({ length: 1001 }, (_, i) => subscribeEvent(i));
    expect(await refused(server.legacyUrl, JSON.stringify({ Events: events, ListID: LIST_ID }))).toMatchObject({
      status: 422,
      code: "too_many_events",
    });
    const mixed = {
      Events: [subscribeEvent(1, { ListID: LIST_ID }), subscribeEvent(2, { ListID: "other" })],
      ListID: LIST_ID,
    };
    expect(await refused(server.legacyUrl, JSON.stringify(mixed))).toMatchObject({
      status: 422,
      code: "mixed_list_ids",
    });
    const xml = `<a><ListID>${LIST_ID}</ListID><Events><E><ListID>other</ListID><Type>Subscribe</Type></E></Events></a>`;
    expect(await refused(server.legacyUrl, xml, { "Content-Type": "text/xml" })).toMatchObject({
      status: 422,
      code: "mixed_list_ids",
    });
  });
});

describe("legacy webhooks over the in-memory event log", () => {
  it("appends through the real log's append, a retry once", async () => {
    const log = new MemoryEventLog();
    const real = await startIngress({ log });
    try {
      const body = JSON.stringify({ Events: [subscribeEvent(1), subscribeEvent(2)], ListID: LIST_ID });
      const first = await postBody(real.legacyUrl, body, JSON_TYPE);
      const retry = await postBody(real.legacyUrl, body, JSON_TYPE);
      expect([first.body, retry.body]).toEqual([
        { accepted: 2, duplicates: 0 },
        { accepted: 0, duplicates: 2 },
      ]);
      const seen: unknown[] = [];
      const unsubscribe = await log.subscribe("legacy", { after: "0-0" }, (event) => seen.push(event.event));
      unsubscribe();
      expect(seen).toMatchObject([
        { type: "Subscribe", email: "person1@example.com", listId: LIST_ID },
        { type: "Subscribe", email: "person2@example.com", listId: LIST_ID },
      ]);
    } finally {
      await real.close();
    }
  });
});
