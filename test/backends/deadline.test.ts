/**
 * Every backend call has a total deadline, whatever the backend does: a reply dripping one byte
 * every 200 ms never trips undici's body timeout (an idle timer), so only the deadline ends it.
 * Both clients run against real node:http servers on port 0. A caller that goes away gets its
 * own quiet error, never a timeout.
 */
import { getEventListeners } from "node:events";
import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeySigner } from "../../src/backends/commerce/auth.js";
import { CommerceClient } from "../../src/backends/commerce/client.js";
import { CommerceError } from "../../src/backends/commerce/errors.js";
import { isCallerAbort } from "../../src/backends/http.js";
import { DEFAULT_LEGACY_NAMESPACE } from "../../src/backends/legacy/catalog.js";
import { LegacyClient } from "../../src/backends/legacy/client.js";
import { LegacyError } from "../../src/backends/legacy/errors.js";
import type { HttpLimits } from "../../src/config.js";
import { listen, type Listening } from "../../src/util/listen.js";

const DEADLINE_MS = 500;
const API_KEY = "deadline-test-api-key-0001";

/** Idle timeouts far longer than the deadline, so only the deadline can end a call in time. */
const limits = (over: Partial<HttpLimits> = {}): HttpLimits => ({
  connectTimeoutMs: 3_000,
  headersTimeoutMs: 3_000,
  bodyTimeoutMs: 3_000,
  maxResponseBytes: 1024 * 1024,
  connections: 4,
  deadlineMs: DEADLINE_MS,
  ...over,
});

type Behaviour = "drip" | "silent";
let behaviour: Behaviour = "drip";
const open = new Set<ServerResponse>();
const timers = new Set<NodeJS.Timeout>();
let server: Listening;

beforeAll(async () => {
  server = await listen((req, res) => {
    req.resume();
    open.add(res);
    res.on("close", () => open.delete(res));
    if (behaviour === "silent") return; // headers never come
    res.writeHead(200, {
      "content-type": req.url?.startsWith("/api/v1") ? "application/json" : "text/xml; charset=utf-8",
    });
    res.write(req.url?.startsWith("/api/v1") ? "{" : "<");
    // One byte every 200 ms: each chunk resets the body timeout, so it never fires.
    const timer = setInterval(() => {
      if (!res.writableEnded && !res.destroyed) res.write(" ");
    }, 200);
    timers.add(timer);
    res.on("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
});
afterEach(() => {
  behaviour = "drip";
  for (const res of open) res.destroy();
});
afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await server.close();
});

async function settle(promise: Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const start = performance.now();
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { error, ms: performance.now() - start };
}

/** Close enough to the deadline to show it, far from the 3 s idle timeouts and the 40 s drip. */
function expectNearDeadline(ms: number): void {
  expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
  expect(ms).toBeLessThan(DEADLINE_MS + 1_000);
}

describe("legacy client", () => {
  let client: LegacyClient;
  beforeAll(() => {
    client = new LegacyClient({
      url: server.url,
      transport: "get",
      namespace: DEFAULT_LEGACY_NAMESPACE,
      apiKey: API_KEY,
      limits: limits(),
    });
  });
  afterAll(() => client.close());

  it("a reply dripping one byte every 200 ms → LEGACY_TIMEOUT at the deadline", async () => {
    const { error, ms } = await settle(client.call("Client.GetLists", { ClientID: 1 }));
    expect(error).toBeInstanceOf(LegacyError);
    expect(error).toMatchObject({ code: "LEGACY_TIMEOUT", message: "Client.GetLists: the call's deadline passed" });
    expect(String((error as Error).message)).not.toContain(API_KEY);
    expectNearDeadline(ms);
  });

  it("headers that never come → LEGACY_TIMEOUT at the deadline, not the 3 s headers timeout", async () => {
    behaviour = "silent";
    const { error, ms } = await settle(client.call("Client.GetLists", { ClientID: 1 }));
    expect(error).toMatchObject({ code: "LEGACY_TIMEOUT" });
    expectNearDeadline(ms);
  });

  it("a call queued behind a full pool still ends at its deadline", async () => {
    behaviour = "silent";
    const single = new LegacyClient({
      url: server.url,
      transport: "get",
      namespace: DEFAULT_LEGACY_NAMESPACE,
      apiKey: API_KEY,
      limits: limits({ connections: 1 }),
    });
    try {
      const results = await Promise.all([1, 2].map((id) => settle(single.call("Client.GetLists", { ClientID: id }))));
      for (const { error, ms } of results) {
        expect(error).toMatchObject({ code: "LEGACY_TIMEOUT" });
        expectNearDeadline(ms);
      }
    } finally {
      await single.close();
    }
  });

  it("a caller that goes away → LEGACY_ABORTED at once, not a timeout", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error, ms } = await settle(client.call("Client.GetLists", { ClientID: 1 }, { signal: controller.signal }));
    expect(error).toMatchObject({ code: "LEGACY_ABORTED" });
    expect(isCallerAbort(error)).toBe(true);
    expect(ms).toBeLessThan(DEADLINE_MS);
  });

  it("a caller's own deadline signal → LEGACY_TIMEOUT", async () => {
    const { error, ms } = await settle(
      client.call("Client.GetLists", { ClientID: 1 }, { signal: AbortSignal.timeout(150) }),
    );
    expect(error).toMatchObject({ code: "LEGACY_TIMEOUT" });
    expect(isCallerAbort(error)).toBe(false);
    expect(ms).toBeLessThan(DEADLINE_MS);
  });

  it("30 calls at once under one caller signal put one listener on it, and all end when it aborts", async () => {
    const caller = new AbortController();
    behaviour = "silent";
    const calls = Array.from({ length: 30 }, (_, i) =>
      settle(client.call("Client.GetLists", { ClientID: i + 1 }, { signal: caller.signal })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Node warns of a leak past 10 listeners on one signal.
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(1);
    caller.abort();
    const ended = await Promise.all(calls);
    expect(ended.every(({ error }) => (error as { code?: string }).code === "LEGACY_ABORTED")).toBe(true);
    expect(Math.max(...ended.map(({ ms }) => ms))).toBeLessThan(DEADLINE_MS);
  });

  it("calls that end under a long-lived caller signal leave no listener on it, and no abort", async () => {
    const caller = new AbortController();
    behaviour = "silent";
    // Both end at their own deadline while the caller stays.
    for (let round = 0; round < 2; round++) {
      const ended = await Promise.all([
        settle(client.call("Client.GetLists", { ClientID: 1 }, { signal: caller.signal })),
        settle(client.call("Client.GetLists", { ClientID: 2 }, { signal: caller.signal })),
      ]);
      expect(ended.map(({ error }) => (error as { code?: string }).code)).toEqual(["LEGACY_TIMEOUT", "LEGACY_TIMEOUT"]);
    }
    expect(getEventListeners(caller.signal, "abort")).toHaveLength(0);
    expect(caller.signal.aborted).toBe(false);
  });

  it("a signal aborted before the call → LEGACY_ABORTED without waiting", async () => {
    const { error, ms } = await settle(
      client.call("Client.GetLists", { ClientID: 1 }, { signal: AbortSignal.abort(new Error("gone")) }),
    );
    expect(error).toMatchObject({ code: "LEGACY_ABORTED" });
    expect(ms).toBeLessThan(DEADLINE_MS);
  });
});

describe("commerce client", () => {
  const auth = apiKeySigner(API_KEY);
  let client: CommerceClient;
  beforeAll(() => {
    client = new CommerceClient({ baseUrl: `${server.url}/api/v1`, limits: limits() });
  });
  afterAll(() => client.close());

  it("a reply dripping one byte every 200 ms → COMMERCE_TIMEOUT at the deadline", async () => {
    const { error, ms } = await settle(client.listSegments(auth));
    expect(error).toBeInstanceOf(CommerceError);
    expect(error).toMatchObject({
      code: "COMMERCE_TIMEOUT",
      message: "GET /api/v1/segments: timed out (the call's deadline passed)",
    });
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expectNearDeadline(ms);
  });

  it("headers that never come → COMMERCE_TIMEOUT at the deadline", async () => {
    behaviour = "silent";
    const { error, ms } = await settle(client.listSegments(auth));
    expect(error).toMatchObject({ code: "COMMERCE_TIMEOUT" });
    expectNearDeadline(ms);
  });

  it("a caller that goes away → COMMERCE_ABORTED; a caller's deadline → COMMERCE_TIMEOUT", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const aborted = await settle(client.listSegments(auth, { signal: controller.signal }));
    expect(aborted.error).toMatchObject({ code: "COMMERCE_ABORTED" });
    expect(isCallerAbort(aborted.error)).toBe(true);
    expect(aborted.ms).toBeLessThan(DEADLINE_MS);

    const timedOut = await settle(client.listSegments(auth, { signal: AbortSignal.timeout(150) }));
    expect(timedOut.error).toMatchObject({ code: "COMMERCE_TIMEOUT" });
    expect(timedOut.ms).toBeLessThan(DEADLINE_MS);
  });
});
