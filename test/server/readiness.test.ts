/**
 * /readyz of a running gateway: ready with both sandboxes up, circuits closed and Redis (database
 * 14) answering; 503 when a backend's circuit breaker is open even though the backend's probe
 * answers, when Redis does not answer, and at once after setDraining(); 503 when LEGACY_URL
 * reaches a host but not the service (a wrong path, a catch-all page). The report names states
 * only: no URL, no key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCommerceSandbox, type CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { listen } from "../../src/util/listen.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";
import { startFaultProxy, type FaultProxy } from "../faults/proxy.js";
import { codes, post, send } from "./support.js";

const REDIS = "redis://127.0.0.1:6379/14";

let legacy: LegacySandbox;
let commerce: CommerceSandbox;
let commerceProxy: FaultProxy;
beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  commerce = await startCommerceSandbox({ rateLimit: 0 });
  commerceProxy = await startFaultProxy(new URL(commerce.baseUrl).origin, 7);
});
afterAll(async () => {
  await commerceProxy.close();
  await commerce.close();
  await legacy.close();
});

async function withGateway(env: Record<string, string>, run: (gateway: Gateway) => Promise<void>): Promise<void> {
  const gateway = await startGateway(legacy.url, {
    AUTH_MODE: "open",
    COMMERCE_URL: commerce.baseUrl,
    COMMERCE_API_KEY: commerce.demo.apiKey,
    ...env,
  });
  try {
    await run(gateway);
  } finally {
    await gateway.close();
  }
}

async function readyz(gateway: Gateway): Promise<{ status: number; report: Record<string, unknown>; text: string }> {
  const res = await send(`${gateway.url}/readyz`);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return { status: res.status, report: JSON.parse(res.text) as Record<string, unknown>, text: res.text };
}

function expectNoSecrets(text: string): void {
  for (const secret of ["127.0.0.1", "redis://", DEMO.apiKey, commerce.demo.apiKey]) expect(text).not.toContain(secret);
}

describe("/readyz", () => {
  it("is ready with both backends up, their circuits closed and Redis answering", async () => {
    await withGateway({ REDIS_URL: REDIS }, async (gateway) => {
      const { status, report, text } = await readyz(gateway);
      expect(status).toBe(200);
      expect(report).toMatchObject({
        status: "ready",
        backends: {
          legacy: { status: "up", circuit: "closed" },
          commerce: { status: "up", circuit: "closed" },
        },
        redis: { status: "up" },
      });
      expectNoSecrets(text);
    });
  });

  it("is 503 while Redis does not answer, naming only Redis", async () => {
    const closed = await listen((_req, res) => res.end());
    const port = closed.port;
    await closed.close();
    await withGateway({ REDIS_URL: `redis://127.0.0.1:${port}/14` }, async (gateway) => {
      const { status, report, text } = await readyz(gateway);
      expect(status).toBe(503);
      expect(report).toMatchObject({
        status: "unavailable",
        backends: { legacy: { status: "up" }, commerce: { status: "up" } },
        redis: { status: "down", reason: "no answer to PING" },
      });
      expectNoSecrets(text);
    });
  });

  it("says Redis is not configured without REDIS_URL, and stays ready", async () => {
    await withGateway({}, async (gateway) => {
      const { status, report } = await readyz(gateway);
      expect(status).toBe(200);
      expect(report).toMatchObject({ status: "ready", redis: { status: "not configured" } });
    });
  });

  it("is 503 while a backend's breaker is open though its probe answers, and ready once it closes", async () => {
    await withGateway(
      {
        COMMERCE_URL: `${commerceProxy.url}/api/v1`,
        COMMERCE_BREAKER_FAILURES: "2",
        COMMERCE_BREAKER_HALF_OPEN_MS: "300",
        COMMERCE_RETRY_ATTEMPTS: "0",
      },
      async (gateway) => {
        expect((await readyz(gateway)).status).toBe(200);
        // Coupon reads fail; the probe (GET /segments without a key, 401) still answers.
        commerceProxy.set("500", (req) => (req.url ?? "").includes("/coupons"));
        const query = "query ReadyCoupons { store { coupons(first: 1) { totalCount } } }";
        await post(gateway.url, query);
        await post(gateway.url, query);
        expect(codes(await post(gateway.url, query))).toEqual(["UPSTREAM_CIRCUIT_OPEN"]);
        const open = await readyz(gateway);
        expect(open.status).toBe(503);
        expect(open.report).toMatchObject({
          status: "unavailable",
          backends: {
            legacy: { status: "up", circuit: "closed" },
            commerce: { status: "down", circuit: "open", reason: "circuit breaker open after repeated failures" },
          },
        });
        // After the wait the breaker lets a probe through: half-open counts as ready.
        await new Promise((r) => setTimeout(r, 350));
        expect(await readyz(gateway)).toMatchObject({
          status: 200,
          report: { backends: { commerce: { circuit: "half-open" } } },
        });
        commerceProxy.set("pass");
        expect(codes(await post(gateway.url, query))).toEqual([]);
        expect(await readyz(gateway)).toMatchObject({
          status: 200,
          report: { backends: { commerce: { circuit: "closed" } } },
        });
      },
    );
  });

  it("is 503 when LEGACY_URL's path is not the service's, though the host answers", async () => {
    const legacyUrl = `${legacy.url}/wrong-prefix`;
    await withGateway({ LEGACY_URL: legacyUrl }, async (gateway) => {
      const { status, report, text } = await readyz(gateway);
      expect(status).toBe(503);
      expect(report).toMatchObject({
        status: "unavailable",
        backends: {
          legacy: { status: "down", reason: "HTTP 404 at the service path: is LEGACY_URL the service's base URL?" },
        },
      });
      expectNoSecrets(text);
    });
  });

  it("is 503 when the legacy host answers every path with a page rather than the service's reply", async () => {
    const catchAll = await listen((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<p>hi</p>"));
    try {
      await withGateway({ LEGACY_URL: catchAll.url }, async (gateway) => {
        const { status, report } = await readyz(gateway);
        expect(status).toBe(503);
        expect(report).toMatchObject({
          backends: { legacy: { status: "down", reason: expect.stringMatching(/^no reply of the legacy service/) } },
        });
      });
    } finally {
      await catchAll.close();
    }
  });

  it("takes a LEGACY_URL ending in /api/api.asmx as the base: ready, and the legacy fields answer", async () => {
    await withGateway({ LEGACY_URL: `${legacy.url}/api/api.asmx` }, async (gateway) => {
      expect(await readyz(gateway)).toMatchObject({ status: 200, report: { backends: { legacy: { status: "up" } } } });
      const res = await post(gateway.url, "query ReadyClients { clients { id } }");
      expect(codes(res)).toEqual([]);
      expect((res.body as { data: { clients: unknown[] } }).data.clients.length).toBeGreaterThan(0);
    });
  });

  it("answers 503 draining at once after setDraining(), whatever the cached probes say", async () => {
    await withGateway({}, async (gateway) => {
      expect((await readyz(gateway)).status).toBe(200);
      expect(gateway.readiness.draining).toBe(false);
      gateway.readiness.setDraining();
      expect(gateway.readiness.draining).toBe(true);
      const { status, report } = await readyz(gateway);
      expect(status).toBe(503);
      expect(report).toMatchObject({ status: "draining", backends: { legacy: { status: "up" } } });
    });
  });
});
