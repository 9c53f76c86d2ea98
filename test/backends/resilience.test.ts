/**
 * The backend policy through the shared HTTP layer, against a real node:http server whose replies
 * each test scripts: reads are retried (full jitter, Retry-After, within the deadline) and writes
 * never are; the breaker opens after consecutive backend failures, fails fast, lets one probe
 * through once its wait is over and closes or reopens on the probe's outcome; the bulkhead bounds
 * calls in flight and waiting. Counts are taken at the server, so a retry cannot hide.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BackendHttp, BackendHttpError, type BackendReply, type BackendRequest } from "../../src/backends/http.js";
import { redactorFor } from "../../src/util/redact.js";
import {
  BackendPolicy,
  BackendShedError,
  legacyReplyFails,
  retryAfterMs,
  type AttemptObservation,
  type BackendName,
  type ResilienceSettings,
} from "../../src/backends/resilience.js";
import type { HttpLimits } from "../../src/config.js";
import { commerceRoute } from "../../src/backends/commerce/routes.js";
import { listen, type Listening } from "../../src/util/listen.js";

type Script = (req: IncomingMessage, res: ServerResponse) => void;

let server: Listening;
/** Requests the server saw, with the time each arrived. */
let seen: { method: string; path: string; at: number }[] = [];
/** What the next requests get; the last entry repeats. */
let script: Script[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = await listen((req, res) => {
    req.resume();
    seen.push({ method: req.method ?? "", path: req.url ?? "", at: performance.now() });
    const next = script.length > 1 ? script.shift()! : script[0];
    if (next) next(req, res);
    else res.end("ok");
  });
});
afterEach(() => {
  seen = [];
  script = [];
  for (const res of held.splice(0)) res.end("late");
});
afterAll(() => server.close());

const ok: Script = (_req, res) => res.end("ok");
const status =
  (code: number, headers: Record<string, string> = {}, body = ""): Script =>
  (_req, res) => {
    res.writeHead(code, headers);
    res.end(body);
  };
const reset: Script = (req) => req.socket.resetAndDestroy();
const hold: Script = (_req, res) => void held.push(res);

const limits = (deadlineMs = 5_000): HttpLimits => ({
  connectTimeoutMs: 1_000,
  headersTimeoutMs: 5_000,
  bodyTimeoutMs: 5_000,
  maxResponseBytes: 64 * 1024,
  connections: 8,
  deadlineMs,
});

const settings = (over: Partial<ResilienceSettings> = {}): ResilienceSettings => ({
  retryAttempts: 2,
  retryBaseDelayMs: 10,
  retryMaxDelayMs: 2_000,
  breakerFailures: 1_000,
  breakerHalfOpenMs: 10_000,
  bulkheadLimit: 8,
  bulkheadQueue: 16,
  ...over,
});

const open: BackendHttp[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

function client(
  over: Partial<ResilienceSettings> = {},
  options: { backend?: BackendName; deadlineMs?: number; random?: () => number } = {},
) {
  const attempts: AttemptObservation[] = [];
  let retries = 0;
  const circuits: string[] = [];
  const policy = new BackendPolicy(options.backend ?? "commerce", settings(over), {
    random: options.random,
    observer: {
      attempt: (o) => attempts.push(o),
      retry: () => void retries++,
      circuit: (_b, state) => circuits.push(state),
    },
  });
  const http = new BackendHttp({ ...limits(options.deadlineMs), policy });
  open.push(http);
  return { http, policy, attempts, circuits, retries: () => retries };
}

const send = (
  http: BackendHttp,
  method: BackendRequest["method"] = "GET",
  extra: { idempotent?: boolean; signal?: AbortSignal; path?: string; headers?: Record<string, string> } = {},
): Promise<BackendReply> =>
  sendNamed(
    http,
    {
      method,
      origin: server.url,
      path: extra.path ?? "/api/v1/customer-lists/42/subscribers?x=1",
      headers: extra.headers ?? {},
    },
    extra,
  );

/** Sends as the commerce client does: the call named by its route. */
const sendNamed = (
  http: BackendHttp,
  request: BackendRequest,
  extra: { idempotent?: boolean; signal?: AbortSignal } = {},
): Promise<BackendReply> =>
  http.send(request, {
    redact: redactorFor("k"),
    idempotent: extra.idempotent,
    signal: extra.signal,
    operation: commerceRoute(request),
  });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

describe("retries", () => {
  it("sends a read again after 503 and a reset, and answers with the reply that worked", async () => {
    const c = client();
    script = [status(503), reset, ok];
    const reply = await send(c.http);
    expect(reply.status).toBe(200);
    expect(seen).toHaveLength(3);
    expect(c.retries()).toBe(2);
    expect(c.attempts.map((a) => a.outcome)).toEqual(["503", "unavailable", "200"]);
    expect(c.attempts.every((a) => a.operation === "GET /customer-lists/{id}/subscribers")).toBe(true);
  });

  it("gives the last reply back once the attempts are used up", async () => {
    const c = client({ retryAttempts: 1 });
    script = [status(502)];
    expect((await send(c.http)).status).toBe(502);
    expect(seen).toHaveLength(2);
  });

  it("never sends a write twice: POST, PUT and DELETE, whatever the failure", async () => {
    const c = client();
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      script = [status(503)];
      expect((await send(c.http, method)).status).toBe(503);
      script = [reset];
      expect(await rejection(send(c.http, method))).toMatchObject({ kind: "unavailable" });
    }
    expect(seen.map((s) => s.method)).toEqual(["POST", "POST", "PUT", "PUT", "DELETE", "DELETE"]);
    expect(c.retries()).toBe(0);
  });

  it("retries a POST that says it is a read (a legacy SOAP read), and not a GET that says it is not", async () => {
    const c = client();
    script = [status(503), ok];
    expect((await send(c.http, "POST", { idempotent: true })).status).toBe(200);
    expect(seen).toHaveLength(2);
    seen = [];
    script = [status(503)];
    expect((await send(c.http, "GET", { idempotent: false })).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it("does not retry what another attempt cannot fix: 4xx, 501, a reply too large", async () => {
    const c = client();
    for (const code of [400, 401, 404, 422, 501]) {
      script = [status(code)];
      expect((await send(c.http)).status).toBe(code);
    }
    expect(seen).toHaveLength(5);
    seen = [];
    script = [(_req, res) => res.end("x".repeat(70 * 1024))];
    expect(await rejection(send(c.http))).toMatchObject({ kind: "too-large" });
    expect(seen).toHaveLength(1);
  });

  it("waits full-jitter delays: [0, base·2ⁿ) for the n-th retry", async () => {
    // The random source at its top: each delay is just under its ceiling, 100 then 200 ms.
    const c = client({ retryBaseDelayMs: 100 }, { random: () => 0.999 });
    script = [status(503), status(503), ok];
    await send(c.http);
    const [a, b, d] = seen.map((s) => s.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(95);
    expect(b - a).toBeLessThan(180);
    expect(d - b).toBeGreaterThanOrEqual(190);
    expect(d - b).toBeLessThan(320);
    // At the bottom: no wait at all.
    seen = [];
    const quick = client({ retryBaseDelayMs: 5_000 }, { random: () => 0 });
    script = [status(503), ok];
    const started = performance.now();
    await send(quick.http);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("honours Retry-After (seconds or a date) when it is longer than the jitter, and not past the max delay", async () => {
    const c = client({ retryBaseDelayMs: 1 });
    script = [status(429, { "retry-after": "1" }), ok];
    expect((await send(c.http)).status).toBe(200);
    const [first, second] = seen.map((s) => s.at) as [number, number];
    expect(second - first).toBeGreaterThanOrEqual(990);

    seen = [];
    script = [status(503, { "retry-after": "3" })];
    expect((await send(c.http)).status).toBe(503);
    expect(seen).toHaveLength(1);

    expect(retryAfterMs("120")).toBe(120_000);
    const now = Date.parse("2026-03-18T03:00:00Z");
    expect(retryAfterMs("Wed, 18 Mar 2026 03:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it("keeps every retry within the call's deadline", async () => {
    const c = client(
      { retryAttempts: 10, retryBaseDelayMs: 400, retryMaxDelayMs: 400 },
      { deadlineMs: 1_000, random: () => 0.999 },
    );
    script = [status(503)];
    const started = performance.now();
    const reply = await send(c.http);
    const elapsed = performance.now() - started;
    expect(reply.status).toBe(503);
    // 400 ms waits with a tenth of the deadline kept for the attempt: two retries fit, a third does not.
    expect(seen.length).toBeLessThanOrEqual(3);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(elapsed).toBeLessThan(1_000);
  });

  it("stops at once when the caller goes away, and sends nothing after", async () => {
    const c = client({ retryBaseDelayMs: 300, retryMaxDelayMs: 300 }, { random: () => 0.999 });
    script = [status(503)];
    const caller = new AbortController();
    const pending = send(c.http, "GET", { signal: caller.signal });
    await new Promise((r) => setTimeout(r, 100));
    caller.abort(new DOMException("gone", "AbortError"));
    expect(await rejection(pending)).toMatchObject({ kind: "aborted" });
    await new Promise((r) => setTimeout(r, 500));
    expect(seen).toHaveLength(1);
  });
});

describe("a call's budget", () => {
  /** A budget of `left` requests, counting what it refused. */
  const budget = (left: number) => {
    const state = { left, refused: 0 };
    return Object.assign(state, {
      take() {
        if (state.left <= 0) {
          state.refused += 1;
          throw new RangeError("budget spent");
        }
        state.left -= 1;
      },
    });
  };
  const paid = (http: BackendHttp, pays: ReturnType<typeof budget>, method: BackendRequest["method"] = "GET") =>
    http.send(
      { method, origin: server.url, path: "/api/v1/coupons", headers: {} },
      { redact: redactorFor("k"), budget: pays },
    );

  it("pays for every attempt: a retry it refuses is not made, and the call gives back the last reply", async () => {
    const c = client({ retryBaseDelayMs: 1 });
    script = [status(429, { "retry-after": "0" })];
    const pays = budget(2);
    expect((await paid(c.http, pays)).status).toBe(429);
    expect(seen).toHaveLength(2);
    expect(pays).toMatchObject({ left: 0, refused: 1 });
    // Only the retries made are counted as such.
    expect(c.retries()).toBe(1);

    seen = [];
    script = [status(503), ok];
    const enough = budget(5);
    expect((await paid(c.http, enough)).status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(enough.left).toBe(3);
  });

  it("a failure whose retry it refuses is given back as itself", async () => {
    const c = client({ retryBaseDelayMs: 1 });
    script = [reset];
    expect(await rejection(paid(c.http, budget(1)))).toMatchObject({ kind: "unavailable" });
    expect(seen).toHaveLength(1);
  });

  it("refuses the first attempt with its own error, before anything is sent", async () => {
    const c = client();
    const spent = budget(0);
    const error = await rejection(paid(c.http, spent));
    expect(error).toBeInstanceOf(RangeError);
    expect(error).toMatchObject({ message: "budget spent" });
    expect(seen).toHaveLength(0);
    expect(c.attempts).toHaveLength(0);
  });

  it("pays for the resend after a stale socket, and without it the first failure stands", async () => {
    // No retries: the HTTP layer itself resends a read once after a reset keep-alive socket.
    const c = client({ retryAttempts: 0 });
    const read = (pays: ReturnType<typeof budget>) =>
      c.http.send(
        { method: "GET", origin: server.url, path: "/api/v1/coupons", headers: {} },
        { redact: redactorFor("k"), budget: pays, retryStaleSocket: true },
      );
    script = [reset, ok];
    const enough = budget(2);
    expect((await read(enough)).status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(enough.left).toBe(0);

    seen = [];
    script = [reset, ok];
    const one = budget(1);
    expect(await rejection(read(one))).toMatchObject({ kind: "unavailable" });
    expect(seen).toHaveLength(1);
    expect(one.refused).toBe(1);
  });
});

describe("the circuit breaker", () => {
  it("opens after consecutive failures, fails fast while open, probes once and closes", async () => {
    const c = client({ retryAttempts: 0, breakerFailures: 3, breakerHalfOpenMs: 250 });
    script = [status(500)];
    for (let i = 0; i < 3; i++) expect((await send(c.http)).status).toBe(500);
    expect(c.policy.circuit).toBe("open");
    const shed = await rejection(send(c.http));
    expect(shed).toBeInstanceOf(BackendShedError);
    expect(shed).toMatchObject({
      code: "BREAKER_OPEN",
      backend: "commerce",
      operation: "GET /customer-lists/{id}/subscribers",
    });
    expect((shed as BackendShedError).retryInMs).toBeGreaterThan(0);
    expect(seen).toHaveLength(3);

    await new Promise((r) => setTimeout(r, 300));
    expect(c.policy.circuit).toBe("half-open");
    script = [ok];
    expect((await send(c.http)).status).toBe(200);
    expect(c.policy.circuit).toBe("closed");
    expect(c.circuits).toEqual(["open", "half-open", "closed"]);
    expect(c.attempts.filter((a) => a.outcome === "circuit_open")).toHaveLength(1);
  });

  it("reopens when the probe fails, and calls waiting on the probe do not reach the backend", async () => {
    const c = client({ retryAttempts: 0, breakerFailures: 2, breakerHalfOpenMs: 200 });
    script = [reset];
    for (let i = 0; i < 2; i++) await rejection(send(c.http));
    await new Promise((r) => setTimeout(r, 250));
    seen = [];
    script = [status(503)];
    const [probe, waiting] = await Promise.all([send(c.http), rejection(send(c.http))]);
    expect(probe.status).toBe(503);
    expect(waiting).toMatchObject({ code: "BREAKER_OPEN" });
    expect(seen).toHaveLength(1);
    expect(c.policy.circuit).toBe("open");
  });

  it("a retry the open breaker refuses gives back what the previous attempt met", async () => {
    const c = client({ breakerFailures: 2, retryBaseDelayMs: 300 }, { random: () => 0.999 });
    script = [status(503)];
    // A fails once and waits ~300 ms to retry; meanwhile B's failure opens the breaker.
    const a = send(c.http);
    await new Promise((r) => setTimeout(r, 50));
    const b = await send(c.http);
    expect(b.status).toBe(503);
    expect(c.policy.circuit).toBe("open");
    expect((await a).status).toBe(503);
    expect(seen).toHaveLength(2);
    expect(c.attempts.map((x) => x.outcome)).toEqual(["503", "503", "circuit_open"]);
  });

  it("a retry the open breaker refuses after a reset gives back the reset, not the refusal", async () => {
    const c = client({ breakerFailures: 2, retryBaseDelayMs: 300 }, { random: () => 0.999 });
    script = [reset];
    // A's socket is reset and it waits ~300 ms to retry; meanwhile B's reset opens the breaker.
    const a = rejection(send(c.http));
    await new Promise((r) => setTimeout(r, 50));
    expect(await rejection(send(c.http))).toMatchObject({ kind: "unavailable" });
    expect(c.policy.circuit).toBe("open");
    const failure = await a;
    expect(failure).toMatchObject({ kind: "unavailable" });
    expect(failure).not.toMatchObject({ code: "BREAKER_OPEN" });
    expect(seen).toHaveLength(2);
    expect(c.attempts.map((x) => x.outcome).at(-1)).toBe("circuit_open");
  });

  it("counts only the backend's own failures: not 4xx, not 429, not a request it never got, not a caller that went away", async () => {
    const c = client({ retryAttempts: 0, breakerFailures: 2 });
    script = [status(404), status(429), status(500), status(400), status(500), status(422)];
    for (let i = 0; i < 6; i++) await send(c.http);
    // A request undici will not send as built is the gateway's fault: not retried, not counted.
    seen = [];
    const retrying = client({ breakerFailures: 2 });
    for (let i = 0; i < 3; i++) {
      expect(await rejection(send(retrying.http, "GET", { path: "/a path with spaces" }))).toMatchObject({
        kind: "failed",
        code: "UND_ERR_INVALID_ARG",
      });
    }
    expect(seen).toHaveLength(0);
    expect(retrying.retries()).toBe(0);
    expect(retrying.policy.circuit).toBe("closed");
    const caller = new AbortController();
    script = [hold];
    const gone = send(c.http, "GET", { signal: caller.signal });
    await new Promise((r) => setTimeout(r, 50));
    caller.abort(new DOMException("gone", "AbortError"));
    await rejection(gone);
    expect(c.policy.circuit).toBe("closed");
    // Nor the caller's own deadline (REQUEST_DEADLINE_MS): a heavy request's many calls cut short at
    // once must not open the breaker for every other caller.
    const late = new AbortController();
    const cut = [0, 1, 2, 3].map(() => send(c.http, "GET", { signal: late.signal }));
    await new Promise((r) => setTimeout(r, 50));
    late.abort(new DOMException("The request's deadline passed.", "TimeoutError"));
    for (const call of cut) expect(await rejection(call)).toMatchObject({ kind: "timeout", code: "REQUEST_DEADLINE" });
    expect(c.policy.circuit).toBe("closed");
  });

  it("for the legacy service, a soap:Client fault or a plain-text 500 is the caller's; soap:Server, HTML and 502-504 are the service's", () => {
    const reply = (code: number, type: string, body: string): BackendReply => ({
      status: code,
      headers: { "content-type": type },
      body: Buffer.from(body),
    });
    const fault = (who: string) =>
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:${who}</faultcode><faultstring>x</faultstring></soap:Fault></soap:Body></soap:Envelope>`;
    expect(legacyReplyFails(reply(500, "text/xml", fault("Client")))).toBe(false);
    expect(legacyReplyFails(reply(500, "text/plain", "Missing parameter: ListID."))).toBe(false);
    expect(legacyReplyFails(reply(500, "text/xml", fault("Server")))).toBe(true);
    expect(legacyReplyFails(reply(500, "text/html", "<html><body>Internal Server Error</body></html>"))).toBe(true);
    expect(legacyReplyFails(reply(503, "text/plain", "down"))).toBe(true);
    expect(legacyReplyFails(reply(200, "text/xml", "<x/>"))).toBe(false);
  });
});

describe("the bulkhead", () => {
  it("lets `limit` calls run and `queue` wait, and refuses the next at once", async () => {
    const c = client({ bulkheadLimit: 1, bulkheadQueue: 1 });
    script = [hold];
    const first = send(c.http);
    await new Promise((r) => setTimeout(r, 50));
    const second = send(c.http);
    const started = performance.now();
    const third = await rejection(send(c.http));
    expect(performance.now() - started).toBeLessThan(50);
    expect(third).toMatchObject({ code: "BULKHEAD_FULL", backend: "commerce" });
    expect(c.policy.load).toEqual({ active: 1, queued: 1 });
    script = [ok];
    held.shift()!.end("first");
    expect((await first).body.toString()).toBe("first");
    expect((await second).body.toString()).toBe("ok");
    expect(seen).toHaveLength(2);
    expect(c.policy.load).toEqual({ active: 0, queued: 0 });
  });

  it("a waiting call whose caller goes away leaves the queue moving for the next", async () => {
    const c = client({ bulkheadLimit: 1, bulkheadQueue: 2 });
    script = [hold];
    const first = send(c.http);
    await new Promise((r) => setTimeout(r, 50));
    const caller = new AbortController();
    const leaving = rejection(send(c.http, "GET", { signal: caller.signal }));
    const next = send(c.http);
    caller.abort(new DOMException("gone", "AbortError"));
    expect(await leaving).toMatchObject({ kind: "aborted" });
    script = [ok];
    held.shift()!.end("first");
    expect((await first).body.toString()).toBe("first");
    expect((await next).body.toString()).toBe("ok");
    expect(c.policy.load).toEqual({ active: 0, queued: 0 });
  });

  it("a call waiting for a slot still ends at its deadline", async () => {
    const c = client({ bulkheadLimit: 1, bulkheadQueue: 4 }, { deadlineMs: 300 });
    script = [hold];
    const first = rejection(send(c.http));
    const waiting = rejection(send(c.http));
    const started = performance.now();
    expect(await waiting).toMatchObject({ kind: "timeout", code: "DEADLINE" });
    expect(performance.now() - started).toBeLessThan(600);
    expect(await first).toBeInstanceOf(BackendHttpError);
  });
});

describe("labels", () => {
  it("names commerce routes without ids or queries", () => {
    const route = (method: BackendRequest["method"], path: string) => commerceRoute({ method, path });
    expect(route("GET", "/api/v1/customer-lists/abc%40x/subscribers?searchAfter[]=a@b.c")).toBe(
      "GET /customer-lists/{id}/subscribers",
    );
    expect(route("DELETE", "/api/v1/customer-lists/7/subscribers?emails[]=a@b.c")).toBe(
      "DELETE /customer-lists/{id}/subscribers",
    );
    expect(route("GET", "/api/v1/partners/")).toBe("GET /partners/");
    expect(route("POST", "/oauth/access-token")).toBe("POST /oauth/access-token");
    expect(route("GET", "/api/v1/async-jobs/123/result")).toBe("GET /async-jobs/{id}/result");
  });
});
