/**
 * Large replies (decodeReplyInSlices) and the call they answer: a call aborted while its reply is
 * read stops at the next turn and rejects as aborted, and the process decodes at most
 * SLICED_DECODES_AT_ONCE large replies at a time, the others waiting their turn (an aborted one
 * leaving the queue unread) as long as they hold no more than SLICED_DECODE_WAITING_BYTES.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_LEGACY_NAMESPACE as NS, operation } from "../../../src/backends/legacy/catalog.js";
import {
  decodeReply,
  decodeReplyInSlices,
  LARGE_REPLY_BYTES,
  SLICED_DECODE_WAITING_BYTES,
  SLICED_DECODES_AT_ONCE,
  slicedDecodeGauge,
} from "../../../src/backends/legacy/codec.js";
import { LegacyTransportError } from "../../../src/backends/legacy/errors.js";
import type * as Xml from "../../../src/backends/legacy/xml.js";
import { redactorFor } from "../../../src/util/redact.js";
import { RequestAbortedError } from "../../../src/domain/errors.js";
import { LegacyLoaders } from "../../../src/domain/legacy/loaders.js";
import { CallAbort } from "../../../src/util/call-abort.js";
import { clientFor, scriptedServer } from "./helpers.js";

/**
 * What the reader is seen to do from inside: the documents it is reading now, the most at once,
 * the documents it has started on, and its turns (slices after the first) so far.
 */
const probe = vi.hoisted(() => ({
  reading: 0,
  mostReading: 0,
  parses: 0,
  turns: 0,
  onParse: undefined as (() => void) | undefined,
}));

vi.mock("../../../src/backends/legacy/xml.js", async (importOriginal) => {
  const actual = await importOriginal<typeof Xml>();
  const { setImmediate: nextTurn } = await import("node:timers/promises");
  return {
    ...actual,
    parseXmlInSlices: (xml: string, slices?: Xml.XmlSlices, turn?: () => Promise<unknown>) => {
      probe.parses += 1;
      probe.reading += 1;
      probe.mostReading = Math.max(probe.mostReading, probe.reading);
      probe.onParse?.();
      return actual
        .parseXmlInSlices(xml, slices, async () => {
          probe.turns += 1;
          await (turn ?? nextTurn)();
        })
        .finally(() => (probe.reading -= 1));
    },
  };
});

beforeEach(() => {
  probe.reading = 0;
  probe.mostReading = 0;
  probe.parses = 0;
  probe.turns = 0;
  probe.onParse = undefined;
});
afterEach(() => {
  // Every decode has given its turn back.
  expect(slicedDecodeGauge()).toEqual({ decoding: 0, waiting: 0, waitingBytes: 0 });
});

const CONTEXT = { sent: [], redact: redactorFor("secret-key") };
const op = operation("Subscribers.GetActive");

const envelope = (result: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">` +
  `<soap:Body><Subscribers.GetActiveResponse xmlns="${NS}"><Subscribers.GetActiveResult>${result}` +
  `</Subscribers.GetActiveResult></Subscribers.GetActiveResponse></soap:Body></soap:Envelope>`;

/** A Subscribers.GetActive reply of `records` subscribers (about 150 bytes each). */
function getActive(records: number): Buffer {
  const parts: string[] = [];
  for (let n = 0; n < records; n++) {
    parts.push(
      `<Subscriber><EmailAddress>p${n}@example.com</EmailAddress><Name>Person ${n}</Name>` +
        `<Date>2026-01-01 00:00:00</Date><State>Active</State><CustomFields /></Subscriber>`,
    );
  }
  return Buffer.from(envelope(parts.join("")), "utf8");
}

const reply = (body: Buffer) => ({ status: 200, contentType: "text/xml; charset=utf-8", body });

function decode(body: Buffer, signal?: CallAbort | AbortSignal): Promise<unknown> {
  return decodeReplyInSlices(op, reply(body), { ...CONTEXT, signal });
}

/** The error `promise` rejects with (fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection, the decode resolved");
}

describe("a call aborted while its large reply is read", () => {
  const body = getActive(20_000);

  it("stops at the next turn and rejects as LEGACY_ABORTED (aborted one turn in)", async () => {
    expect(body.length).toBeGreaterThan(2.5 * 1024 * 1024);
    const abort = new CallAbort();
    let turnsAtAbort = -1;
    probe.onParse = () =>
      setImmediate(() => {
        turnsAtAbort = probe.turns;
        abort.abort(new Error("the client went away"));
      });
    const error = await rejection(decode(body, abort));
    expect(error).toBeInstanceOf(LegacyTransportError);
    expect(error).toMatchObject({
      code: "LEGACY_ABORTED",
      message: "Subscribers.GetActive: the caller gave up on the call",
    });
    expect(turnsAtAbort).toBeGreaterThanOrEqual(0);
    // The turn it was in when the call was aborted, and no more (the whole reply is ~40 turns).
    expect(probe.turns - turnsAtAbort).toBeLessThanOrEqual(1);
  });

  it("rejects as LEGACY_TIMEOUT when the abort is a passed request deadline (an AbortSignal)", async () => {
    const controller = new AbortController();
    probe.onParse = () => setImmediate(() => controller.abort(new DOMException("deadline", "TimeoutError")));
    const error = await rejection(decode(body, controller.signal));
    expect(error).toMatchObject({
      code: "LEGACY_TIMEOUT",
      message: "Subscribers.GetActive: the request's deadline passed",
    });
    expect(probe.turns).toBeLessThanOrEqual(2);
  });

  it("an already aborted call's reply is not read at all", async () => {
    const abort = new CallAbort();
    abort.abort(new Error("gone"));
    expect(await rejection(decode(body, abort))).toMatchObject({ code: "LEGACY_ABORTED" });
    expect(probe.parses).toBe(0);
  });

  it("through the client and the request's loaders: the request's abort, not a value", async () => {
    const large = getActive(8_000);
    expect(large.length).toBeGreaterThanOrEqual(LARGE_REPLY_BYTES);
    const server = await scriptedServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
      res.end(large);
    });
    const client = clientFor(server.url, "soap", { apiKey: "secret-key", limits: { maxResponseBytes: 8 << 20 } });
    try {
      const params = { ListID: "1", Date: "2000-01-01 00:00:00" };
      let turnsAtAbort = -1;
      const abortOneTurnIn = (abort: CallAbort) => () =>
        setImmediate(() => {
          turnsAtAbort = probe.turns;
          abort.abort(new Error("the client went away"));
        });

      const callAbort = new CallAbort();
      probe.onParse = abortOneTurnIn(callAbort);
      const error = await rejection(client.call("Subscribers.GetActive", params, { signal: callAbort }));
      expect(error).toMatchObject({ code: "LEGACY_ABORTED" });
      expect(probe.turns - turnsAtAbort).toBeLessThanOrEqual(1);

      const requestAbort = new CallAbort();
      probe.onParse = abortOneTurnIn(requestAbort);
      const loaders = new LegacyLoaders(client, { apiKey: "secret-key", concurrency: 4, signal: requestAbort });
      expect(await rejection(loaders.read("Subscribers.GetActive", params))).toBeInstanceOf(RequestAbortedError);
      expect(probe.parses).toBe(2);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("large replies arriving together", () => {
  it(`are decoded ${SLICED_DECODES_AT_ONCE} at a time, first come first served, each to its own value`, async () => {
    expect(SLICED_DECODES_AT_ONCE).toBe(1);
    // Each ~10 reader turns or more: read all at once, they would overlap.
    const bodies = [4_000, 4_100, 4_200, 4_300, 4_400, 4_500].map(getActive);
    const expected = bodies.map((body) => decodeReply(op, reply(body), CONTEXT));
    const gauge = { decoding: 0, waiting: 0 };
    let polling = true;
    const poll = () => {
      const now = slicedDecodeGauge();
      gauge.decoding = Math.max(gauge.decoding, now.decoding);
      gauge.waiting = Math.max(gauge.waiting, now.waiting);
      if (polling) setImmediate(poll);
    };
    poll();
    const settled: number[] = [];
    const results = await Promise.all(
      bodies.map((body, i) =>
        decode(body).then((value) => {
          settled.push(i);
          return value;
        }),
      ),
    ).finally(() => (polling = false));
    expect(results).toEqual(expected);
    // Seen from inside the reader: one document read at a time, in the order they came.
    expect(probe.parses).toBe(bodies.length);
    expect(probe.mostReading).toBe(SLICED_DECODES_AT_ONCE);
    expect(settled).toEqual([0, 1, 2, 3, 4, 5]);
    expect({ decoding: gauge.decoding, waiting: gauge.waiting }).toEqual({
      decoding: SLICED_DECODES_AT_ONCE,
      waiting: bodies.length - SLICED_DECODES_AT_ONCE,
    });
  });

  it("one whose call is aborted while it waits leaves the queue at once, unread; the others go on", async () => {
    const first = getActive(6_000);
    const aborted = getActive(6_100);
    const last = getActive(6_200);
    const abort = new CallAbort();
    const order: string[] = [];
    const note = (name: string, promise: Promise<unknown>) =>
      promise.then(
        () => order.push(`${name} resolved`),
        (error: unknown) => order.push(`${name} rejected ${(error as { code?: string }).code}`),
      );
    const all = Promise.all([
      note("first", decode(first)),
      note("aborted", decode(aborted, abort)),
      note("last", decode(last)),
    ]);
    expect(slicedDecodeGauge()).toEqual({ decoding: 1, waiting: 2, waitingBytes: aborted.length + last.length });
    await new Promise((resolve) => setImmediate(resolve));
    abort.abort(new Error("the client went away"));
    expect(slicedDecodeGauge()).toEqual({ decoding: 1, waiting: 1, waitingBytes: last.length });
    await all;
    // Rejected while the first was still being read; never read itself.
    expect(order).toEqual(["aborted rejected LEGACY_ABORTED", "first resolved", "last resolved"]);
    expect(probe.parses).toBe(2);
    expect(probe.mostReading).toBe(1);
  });

  it("one that fails hands its turn on to the next", async () => {
    const broken = getActive(3_000);
    const truncated = broken.subarray(0, broken.length - 40);
    const good = getActive(3_100);
    const [failed, value] = await Promise.allSettled([decode(truncated), decode(good)]);
    expect(failed).toMatchObject({ status: "rejected", reason: { code: "LEGACY_MALFORMED_REPLY" } });
    expect(value).toEqual({ status: "fulfilled", value: decodeReply(op, reply(good), CONTEXT) });
    expect(probe.mostReading).toBe(1);
  });
});

describe("the bytes of large replies waiting their turn", () => {
  const note = (order: string[], name: string, promise: Promise<unknown>) =>
    promise.then(
      () => order.push(`${name} resolved`),
      (error: unknown) => order.push(`${name} rejected ${(error as { code?: string }).code}`),
    );

  it("are bounded: a reply that would take them past SLICED_DECODE_WAITING_BYTES is refused at once, unread", async () => {
    expect(SLICED_DECODE_WAITING_BYTES).toBe(64 * 1024 * 1024);
    const first = getActive(6_000);
    // Over the bound on its own, and let wait all the same: nothing else waits.
    const huge = Buffer.alloc(SLICED_DECODE_WAITING_BYTES + 1, 0x20);
    const hugeAbort = new CallAbort();
    const small = getActive(3_000);
    const order: string[] = [];
    let refusal: unknown;
    const all = Promise.all([
      note(order, "first", decode(first)),
      note(order, "huge", decode(huge, hugeAbort)),
      note(
        order,
        "refused",
        decode(small).catch((error: unknown) => {
          refusal = error;
          throw error;
        }),
      ),
    ]);
    expect(slicedDecodeGauge()).toEqual({ decoding: 1, waiting: 1, waitingBytes: huge.length });
    await new Promise((resolve) => setImmediate(resolve));
    // Refused while the first is still being read, without waiting for anything.
    expect(order).toEqual(["refused rejected LEGACY_BUSY"]);
    expect(refusal).toBeInstanceOf(LegacyTransportError);
    expect(refusal).toMatchObject({
      code: "LEGACY_BUSY",
      operation: "Subscribers.GetActive",
      message:
        "Subscribers.GetActive: too many large replies of the legacy list service are waiting to be read; this one was dropped",
    });

    // Once the huge one leaves (its call aborted), a reply finds room again and is read in its turn.
    hugeAbort.abort(new Error("the client went away"));
    const admitted = note(order, "admitted", decode(small));
    expect(slicedDecodeGauge()).toEqual({ decoding: 1, waiting: 1, waitingBytes: small.length });
    await Promise.all([all, admitted]);
    expect(order).toEqual([
      "refused rejected LEGACY_BUSY",
      "huge rejected LEGACY_ABORTED",
      "first resolved",
      "admitted resolved",
    ]);
    expect(probe.parses).toBe(2);
  });

  it("replies that fit wait together, however many", async () => {
    const first = getActive(4_000);
    const waiters = Array.from({ length: 12 }, (_, i) => getActive(500 + i));
    const order: string[] = [];
    const all = Promise.all([
      note(order, "first", decode(first)),
      ...waiters.map((body, i) => note(order, `waiter ${i}`, decode(body))),
    ]);
    const bytes = waiters.reduce((sum, body) => sum + body.length, 0);
    expect(slicedDecodeGauge()).toEqual({ decoding: 1, waiting: 12, waitingBytes: bytes });
    await all;
    expect(order).toEqual(["first resolved", ...waiters.map((_, i) => `waiter ${i} resolved`)]);
  });
});
