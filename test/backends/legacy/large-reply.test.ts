/**
 * Large replies are read a slice per turn of the event loop (decodeReplyInSlices): the same value
 * or the same error as decodeReply, every check kept, and other work of the instance runs while a
 * multi-megabyte reply is read. The client takes that path from LARGE_REPLY_BYTES on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_LEGACY_NAMESPACE as NS, operation, type OperationName } from "../../../src/backends/legacy/catalog.js";
import {
  decodeReply,
  decodeReplyInSlices,
  LARGE_REPLY_BYTES,
  type ReplySlices,
} from "../../../src/backends/legacy/codec.js";
import { LegacyError } from "../../../src/backends/legacy/errors.js";
import type * as Reply from "../../../src/backends/legacy/reply.js";
import { MAX_XML_DEPTH, parseXml, parseXmlInSlices } from "../../../src/backends/legacy/xml.js";
import { redactorFor } from "../../../src/util/redact.js";
import { clientFor, scriptedServer } from "./helpers.js";

// The client's choice of path is observed through these two, which otherwise do what they do.
vi.mock("../../../src/backends/legacy/reply.js", async (importOriginal) => {
  const actual = await importOriginal<typeof Reply>();
  return { ...actual, decodeReply: vi.fn(actual.decodeReply), decodeReplyInSlices: vi.fn(actual.decodeReplyInSlices) };
});
beforeEach(() => vi.clearAllMocks());

const CONTEXT = { sent: [], redact: redactorFor("secret-key") };
/** Slices a few characters (elements) long: every boundary falls somewhere awkward. */
const TINY: ReplySlices = { scan: 5, read: 7, elements: 2 };

const envelope = (name: string, result: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ` +
  `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body><${name}Response xmlns="${NS}">` +
  `<${name}Result>${result}</${name}Result></${name}Response></soap:Body></soap:Envelope>`;

/** A subscriber record; every few carry references, CDATA, custom fields and characters beyond ASCII. */
function subscriber(n: number): string {
  const name = n % 7 === 0 ? `Zoë &amp; 😀 Ω&#x1F600;<![CDATA[<b>]]> ${n}` : `Person ${n}`;
  const fields =
    n % 5 === 0
      ? `<CustomFields><SubscriberCustomField><Key>[tier]</Key><Value>gold ${n}</Value></SubscriberCustomField></CustomFields>`
      : "<CustomFields />";
  return (
    `<Subscriber>\n  <EmailAddress>p${n}@example.com</EmailAddress><Name>${name}</Name>` +
    `<Date>2026-01-01 00:00:00</Date><State>Active</State>${fields}</Subscriber>`
  );
}

function getActive(records: number): Buffer {
  const parts: string[] = [];
  for (let n = 0; n < records; n++) parts.push(subscriber(n));
  return Buffer.from(envelope("Subscribers.GetActive", parts.join("")), "utf8");
}

const reply = (body: Buffer | string, status = 200, contentType = "text/xml; charset=utf-8") => ({
  status,
  contentType,
  body: typeof body === "string" ? Buffer.from(body, "utf8") : body,
});

type Outcome = { value: unknown } | { error: { name: string; code: string; message: string } };

function outcome(fn: () => unknown): Outcome {
  try {
    return { value: fn() };
  } catch (err) {
    if (!(err instanceof LegacyError)) throw err;
    return { error: { name: err.name, code: err.code, message: err.message } };
  }
}

async function outcomeOf(promise: Promise<unknown>): Promise<Outcome> {
  try {
    return { value: await promise };
  } catch (err) {
    if (!(err instanceof LegacyError)) throw err;
    return { error: { name: err.name, code: err.code, message: err.message } };
  }
}

/** Runs a 10 ms timer and a chain of setImmediate callbacks (other requests' work) while `work` runs. */
async function countWhile(work: () => Promise<unknown>): Promise<{ timer: number; immediates: number }> {
  let timer = 0;
  let immediates = 0;
  let running = true;
  const interval = setInterval(() => (timer += 1), 10);
  const chain = () => {
    if (!running) return;
    immediates += 1;
    setImmediate(chain);
  };
  setImmediate(chain);
  try {
    await work();
  } finally {
    running = false;
    clearInterval(interval);
  }
  return { timer, immediates };
}

describe("decodeReplyInSlices gives what decodeReply gives", () => {
  it("a multi-MB Subscribers.GetActive reply: the same records, deeply", async () => {
    const body = getActive(20_000);
    expect(body.length).toBeGreaterThan(3 * 1024 * 1024);
    const op = operation("Subscribers.GetActive");
    const whole = decodeReply(op, reply(body), CONTEXT) as unknown[];
    expect(whole).toHaveLength(20_000);
    expect(await decodeReplyInSlices(op, reply(body), CONTEXT)).toEqual(whole);
  });

  it("with slices a few characters long, boundaries inside tags, references and surrogate pairs", async () => {
    const body = getActive(60);
    const op = operation("Subscribers.GetActive");
    const whole = decodeReply(op, reply(body), CONTEXT);
    expect(await decodeReplyInSlices(op, reply(body), CONTEXT, TINY)).toEqual(whole);
    // Every slice size from 1 to 12 characters, so each boundary lands on each position once.
    const text = body.toString("utf8");
    for (let size = 1; size <= 12; size++) {
      expect(await parseXmlInSlices(text, { scan: size, read: size })).toEqual(parseXml(text));
    }
  });

  it("with empty-element tags, comments, processing instructions and CDATA between records, in slices of any size", async () => {
    const records = [0, 1, 2, 3, 4, 5, 6, 7].map(subscriber);
    const between = ["<Subscriber/>", "<!-- next record -->", "<?audit row?>", "<![CDATA[ ]]>", "<Subscriber />"];
    const body = Buffer.from(
      envelope(
        "Subscribers.GetActive",
        records.map((record, i) => `${between[i % between.length]!}${record}`).join("<!--x--><?p?>"),
      ),
      "utf8",
    );
    const op = operation("Subscribers.GetActive");
    const whole = decodeReply(op, reply(body), CONTEXT) as unknown[];
    expect(whole).toHaveLength(8 + 3);
    expect(await decodeReplyInSlices(op, reply(body), CONTEXT, TINY)).toEqual(whole);
    const text = body.toString("utf8");
    for (let size = 1; size <= 24; size++) {
      expect(await parseXmlInSlices(text, { scan: size, read: size })).toEqual(parseXml(text));
    }
  });

  it("a lone surrogate (text only: UTF-8 cannot carry one) is refused alike, a pair across a boundary is not", async () => {
    const pair = "<a>\ud83d\ude00</a>";
    for (let size = 1; size <= 6; size++) {
      await expect(parseXmlInSlices("<a>x\ud83d y</a>", { scan: size, read: size })).rejects.toThrow(
        "the reply holds a character XML forbids",
      );
      expect(await parseXmlInSlices(pair, { scan: size, read: size })).toEqual(parseXml(pair));
    }
    expect(() => parseXml("<a>x\ud83d y</a>")).toThrow("the reply holds a character XML forbids");
  });

  // Each reply the reader or the decoder refuses, and the other outcomes of a reply: the same value
  // or the same typed error (class, code, message), whatever the slices.
  const subscribers = getActive(3).toString("utf8");
  const cases: [string, OperationName, string | Buffer, number?, string?][] = [
    ["a list of subscribers", "Subscribers.GetActive", subscribers],
    [
      "a list as a bare ArrayOf document",
      "Subscribers.GetActive",
      `<ArrayOfSubscriber>${subscriber(1)}</ArrayOfSubscriber>`,
    ],
    ["an object", "List.GetStats", envelope("List.GetStats", "<TotalActiveSubscribers>3</TotalActiveSubscribers>")],
    ["a string", "List.Create", envelope("List.Create", "a1b2")],
    ["a status Result", "Subscriber.Add", envelope("Subscriber.Add", "<Code>0</Code><Message>Success</Message>")],
    [
      "a Result code",
      "Subscribers.GetActive",
      envelope("Subscribers.GetActive", "<Code>101</Code><Message>Invalid ListID</Message>"),
    ],
    [
      "a success Result where a list was expected",
      "Subscribers.GetActive",
      envelope("Subscribers.GetActive", "<Code>0</Code><Message>ok</Message>"),
    ],
    ["bytes that are not UTF-8", "Subscribers.GetActive", Buffer.concat([getActive(2), Buffer.from([0xc3])])],
    ["a character cut at the end", "Subscribers.GetActive", getActive(2).subarray(0, getActive(2).indexOf("😀") + 2)],
    ["not UTF-8 with HTTP 500", "Subscribers.GetActive", Buffer.from([0x3c, 0xff, 0x3e]), 500],
    ["an empty body", "Subscribers.GetActive", "  \n "],
    ["an HTML page", "Subscribers.GetActive", "<html><body>Bad gateway</body></html>", 502, "text/html"],
    ["a DOCTYPE at the end", "Subscribers.GetActive", `${subscribers}<!DOCTYPE x [<!ENTITY a "b">]>`],
    ["nesting too deep", "Subscribers.GetActive", "<a>".repeat(MAX_XML_DEPTH + 1)],
    ["a forbidden character far in", "Subscribers.GetActive", subscribers.replace("Person 2", "Person\u0001 2")],
    ["a truncated reply", "Subscribers.GetActive", subscribers.slice(0, subscribers.length - 40)],
    ["a mismatched end tag", "Subscribers.GetActive", subscribers.replace("</Name>", "</Nome>")],
    ["text after the root", "Subscribers.GetActive", `${subscribers} trailing`],
    ["a second root", "Subscribers.GetActive", `${subscribers}<again/>`],
    ["an undeclared entity", "Subscribers.GetActive", subscribers.replace("Person 1", "&nbsp;")],
    ["]]> in text", "Subscribers.GetActive", subscribers.replace("Person 1", "a ]]> b")],
    ["a wrong root", "Subscribers.GetActive", `<ArrayOfList>${subscriber(1)}</ArrayOfList>`],
    [
      "elements where a field's text was expected",
      "Subscribers.GetActive",
      subscribers.replace("Person 1", "<b>x</b>"),
    ],
    [
      "a SOAP Fault with HTTP 500",
      "Subscribers.GetActive",
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>` +
        `<faultcode>soap:Server</faultcode><faultstring>key secret-key refused</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
      500,
    ],
    ["malformed XML with HTTP 503", "Subscribers.GetActive", "<a>secret-key", 503],
  ];

  it.each(cases)("%s", async (_name, name, body, status = 200, contentType = "text/xml; charset=utf-8") => {
    const op = operation(name);
    const expected = outcome(() => decodeReply(op, reply(body, status, contentType), CONTEXT));
    expect(await outcomeOf(decodeReplyInSlices(op, reply(body, status, contentType), CONTEXT, TINY))).toEqual(expected);
    expect(await outcomeOf(decodeReplyInSlices(op, reply(body, status, contentType), CONTEXT))).toEqual(expected);
  });
});

describe("the event loop while a large reply is read", () => {
  const body = getActive(40_000);
  const op = operation("Subscribers.GetActive");

  it("runs other work between slices; decodeReply, in one go, runs none", async () => {
    expect(body.length).toBeGreaterThan(7 * 1024 * 1024);
    const sliced = await countWhile(() => decodeReplyInSlices(op, reply(body), CONTEXT));
    const whole = await countWhile(() => Promise.resolve(decodeReply(op, reply(body), CONTEXT)));
    // About 7 MB / 64 Ki characters read per slice, plus the scan and record slices.
    expect(sliced.immediates).toBeGreaterThan(100);
    // A few hundred milliseconds of work: the 10 ms timer fires throughout (tens of times here).
    expect(sliced.timer).toBeGreaterThanOrEqual(3);
    expect(whole).toEqual({ timer: 0, immediates: 0 });
  });
});

describe("the reader pauses after any markup, not only after an end tag", () => {
  // One slice of the scan (it is not what is counted) and no turns for the records: every turn
  // counted is the reader's.
  const READ_ONLY: ReplySlices = { scan: Number.POSITIVE_INFINITY, read: 16 << 10, elements: Number.POSITIVE_INFINITY };
  const kinds: [string, string][] = [
    ["empty-element tags", "<Subscriber/>"],
    ["comments", "<!-- a record -->"],
    ["processing instructions", "<?record x?>"],
    ["CDATA sections", "<![CDATA[x]]>"],
  ];

  it.each(kinds)("a document of ~1 MB of %s is read in many turns, to the same tree", async (_kind, unit) => {
    const text = `<ArrayOfSubscriber>${unit.repeat(Math.ceil((1 << 20) / unit.length))}</ArrayOfSubscriber>`;
    let root: unknown;
    const { immediates } = await countWhile(async () => (root = await parseXmlInSlices(text, READ_ONLY)));
    // ~64 slices of 16 Ki characters; before, the reader went through it all in one turn.
    expect(immediates).toBeGreaterThan(text.length / READ_ONLY.read / 2);
    expect(root).toEqual(parseXml(text));
  });

  it("a multi-MB Subscribers.GetActive reply of self-closing records yields between slices", async () => {
    const body = Buffer.from(envelope("Subscribers.GetActive", "<Subscriber/>".repeat(300_000)), "utf8");
    expect(body.length).toBeGreaterThan(3.5 * 1024 * 1024);
    const op = operation("Subscribers.GetActive");
    const whole = decodeReply(op, reply(body), CONTEXT) as unknown[];
    let sliced: unknown;
    const { immediates } = await countWhile(
      async () => (sliced = await decodeReplyInSlices(op, reply(body), CONTEXT, READ_ONLY)),
    );
    expect(immediates).toBeGreaterThan(body.length / READ_ONLY.read / 2);
    expect(sliced).toEqual(whole);
    expect(whole).toHaveLength(300_000);
  });
});

describe("the client", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("reads a reply of LARGE_REPLY_BYTES or more in slices, a smaller one in one go", async () => {
    const large = getActive(4_000);
    const small = getActive(10);
    expect(large.length).toBeGreaterThanOrEqual(LARGE_REPLY_BYTES);
    expect(small.length).toBeLessThan(LARGE_REPLY_BYTES);
    let body = large;
    const server = await scriptedServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
      res.end(body);
    });
    const client = clientFor(server.url, "soap", { apiKey: "secret-key", limits: { maxResponseBytes: 8 << 20 } });
    close = async () => {
      await client.close();
      await server.close();
    };
    const op = operation("Subscribers.GetActive");
    const params = { ListID: "1", Date: "2000-01-01 00:00:00" };
    const expectedLarge = decodeReply(op, reply(large), CONTEXT);
    const expectedSmall = decodeReply(op, reply(small), CONTEXT);
    vi.mocked(decodeReply).mockClear();

    expect(await client.call("Subscribers.GetActive", params)).toEqual(expectedLarge);
    expect(vi.mocked(decodeReplyInSlices)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(decodeReply)).not.toHaveBeenCalled();

    body = small;
    expect(await client.call("Subscribers.GetActive", params)).toEqual(expectedSmall);
    expect(vi.mocked(decodeReplyInSlices)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(decodeReply)).toHaveBeenCalledTimes(1);
  });
});
