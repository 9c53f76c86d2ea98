import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LEGACY_NAMESPACE } from "../../../src/backends/legacy/catalog.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { createCallLog } from "../../../src/sandbox/legacy/call-log.js";
import { createRequestListener } from "../../../src/sandbox/legacy/handler.js";
import {
  LegacyStore,
  LegacyWebhooks,
  startLegacySandbox,
  type LegacySandbox,
} from "../../../src/sandbox/legacy/index.js";
import { ReplyDelay, type DelayClock } from "../../../src/sandbox/legacy/reply-delay.js";
import { send, testClock, type Params } from "./legacy-support.js";

/** A clock whose time and timers only move when the test says so. */
function manualClock(early = 0): DelayClock & { advance(ms: number): void; timers(): number } {
  let t = 1_000;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => t,
    /** A timer fires `early` ms before its time, as millisecond-step timers may. */
    setTimeout(run, ms) {
      timers.push({ at: t + ms - early, run });
    },
    advance(ms) {
      const end = t + ms;
      for (;;) {
        const next = timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((x) => x !== next);
        t = Math.max(t, next.at);
        next.run();
      }
      t = end;
    },
    timers: () => timers.length,
  };
}

const request = (): IncomingMessage => ({}) as IncomingMessage;

describe("the legacy sandbox's reply delay", () => {
  it("sends a reply its delay plus its own work's time after the request arrived, never before", () => {
    const clock = manualClock();
    const delay = new ReplyDelay(20, clock);
    const req = request();
    const sent: number[] = [];
    delay.arrived(req);
    clock.advance(1); // the listener's own work
    delay.pause(req);
    clock.advance(5); // waiting for the body: not the request's work
    delay.resume(req);
    clock.advance(2); // parsing, running and building the reply
    delay.send(req, () => sent.push(clock.now()));
    clock.advance(14.9);
    expect(sent).toEqual([]);
    clock.advance(0.2);
    expect(sent).toEqual([1_000 + 20 + 1 + 2]);
  });

  it("spreads each reply's latency over the delay ± the jitter, from its seeded source", () => {
    const clock = manualClock();
    const draws = [0, 0.5, 0.75];
    const delay = new ReplyDelay(20, clock, { jitterMs: 10, random: () => draws.shift()! });
    const sent: string[] = [];
    for (const name of ["low", "middle", "high"]) {
      const req = request();
      delay.arrived(req);
      delay.send(req, () => sent.push(`${name}@${clock.now()}`));
    }
    clock.advance(9.9);
    expect(sent).toEqual([]);
    clock.advance(40);
    expect(sent).toEqual(["low@1010", "middle@1020", "high@1025"]);
    expect(() => new ReplyDelay(20, clock, { jitterMs: 21 })).toThrow(RangeError);
    expect(() => new ReplyDelay(20, clock, { jitterMs: -1 })).toThrow(RangeError);
  });

  it("does not make a request wait for the work of requests that arrived with it", () => {
    const clock = manualClock();
    const delay = new ReplyDelay(20, clock);
    const [a, b] = [request(), request()];
    const sent: string[] = [];
    delay.arrived(a);
    delay.pause(a);
    delay.arrived(b);
    delay.pause(b);
    delay.resume(a);
    clock.advance(3);
    delay.send(a, () => sent.push(`a@${clock.now()}`));
    delay.resume(b);
    clock.advance(3);
    delay.send(b, () => sent.push(`b@${clock.now()}`));
    clock.advance(30);
    // b's reply is due 20 ms plus its own 3 ms after it arrived, not after a's work as well.
    expect(sent).toEqual(["a@1023", "b@1023"]);
  });

  it("sends at once a reply that is already due, and every reply when there is no delay", () => {
    const clock = manualClock();
    const late = new ReplyDelay(5, clock);
    const req = request();
    late.arrived(req);
    late.pause(req);
    clock.advance(8); // waiting for its body, longer than the delay
    late.resume(req);
    const sent: string[] = [];
    late.send(req, () => sent.push("late"));
    const none = new ReplyDelay(0, clock);
    const other = request();
    none.arrived(other);
    none.send(other, () => sent.push("none"));
    expect(sent).toEqual(["late", "none"]);
    expect(clock.timers()).toBe(0);
  });

  it("waits again when its timer wakes it before the reply is due", () => {
    const clock = manualClock(0.7);
    const delay = new ReplyDelay(10, clock);
    const req = request();
    const sent: number[] = [];
    delay.arrived(req);
    delay.send(req, () => sent.push(clock.now()));
    clock.advance(9.9);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeGreaterThanOrEqual(1_010);
    expect(sent[0]).toBeLessThan(1_011);
  });
});

describe("a legacy sandbox with a reply delay", () => {
  let plain: LegacySandbox;
  let delayed: LegacySandbox;
  beforeAll(async () => {
    plain = await startLegacySandbox({ now: testClock().now });
    delayed = await startLegacySandbox({ now: testClock().now, replyDelayMs: 5 });
  });
  afterAll(async () => {
    await plain.close();
    await delayed.close();
  });

  it("answers every transport with the same replies as one without", async () => {
    for (const transport of ["soap", "get", "post"] as const) {
      for (const op of ["User.GetClients", "List.GetStats"] as const) {
        const params: Params = op === "List.GetStats" ? { ListID: "no-such-list" } : {};
        const [a, b] = await Promise.all([
          send(plain.url, transport, op, params),
          send(delayed.url, transport, op, params),
        ]);
        expect(b.status).toBe(a.status);
        expect(b.contentType).toBe(a.contentType);
        expect(b.text).toBe(a.text);
      }
    }
  });
});

describe("the listener of a sandbox with a reply delay", () => {
  it("notes each request as it arrives and works on it only after the loop has read the others", async () => {
    const calls = createCallLog();
    const clock = manualClock();
    const listener = createRequestListener({
      store: new LegacyStore(),
      calls,
      apiKey: DEMO.apiKey,
      namespace: DEFAULT_LEGACY_NAMESPACE,
      webhooks: new LegacyWebhooks({ now: () => new Date(), autoDeliver: false }),
      replyDelay: new ReplyDelay(20, clock),
    });
    const written: number[] = [];
    const exchange = (): [IncomingMessage, ServerResponse] => {
      const req = {
        method: "GET",
        url: `/api/api.asmx/User.GetClients?ApiKey=${DEMO.apiKey}`,
        headers: { host: "sandbox.test" },
      } as unknown as IncomingMessage;
      const res = {
        req,
        headersSent: false,
        writeHead: () => res,
        end: () => written.push(clock.now()),
      } as unknown as ServerResponse;
      return [req, res];
    };
    // An HTTP GET needs no body, so an undeferred listener would run it at once.
    listener(...exchange());
    listener(...exchange());
    expect(calls.total()).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls.total()).toBe(2);
    expect(written).toEqual([]);
    clock.advance(20);
    expect(written).toEqual([1_020, 1_020]);
  });
});
