/** When the request's signal aborts, the service starts nothing more and every waiting call fails alike. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LegacyClient } from "../../../src/backends/legacy/client.js";
import { loadConfig } from "../../../src/config.js";
import { RequestAbortedError } from "../../../src/domain/errors.js";
import { createLegacyService } from "../../../src/domain/legacy/service.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../../src/sandbox/legacy/index.js";
import { soapResult, startLegacyProxy, type LegacyProxy } from "../../e2e/support/legacy-proxy.js";

let sandbox: LegacySandbox;
let proxy: LegacyProxy;
let client: LegacyClient;
beforeAll(async () => {
  sandbox = await startLegacySandbox();
  proxy = await startLegacyProxy(sandbox.url);
  const { legacy } = loadConfig({ LEGACY_URL: proxy.url, AUTH_MODE: "open" });
  client = new LegacyClient({ url: proxy.url, transport: "soap", namespace: legacy.namespace, limits: legacy.limits });
});
afterAll(async () => {
  await client.close();
  await proxy.close();
  await sandbox.close();
});

describe("an aborted request", () => {
  it("rejects the call in flight and the queued ones with one RequestAbortedError, starting nothing more", async () => {
    proxy.script("List.GetStats", { body: soapResult("List.GetStats", 101), delayMs: 5_000 });
    proxy.resetCounts();
    try {
      const controller = new AbortController();
      const legacy = createLegacyService(client, { apiKey: DEMO.apiKey, concurrency: 1, signal: controller.signal });
      const inFlight = legacy.listStats(DEMO.lists.vip);
      const queued = legacy.clients();
      const settled = Promise.allSettled([inFlight, queued]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      controller.abort();
      const [a, b] = await settled;
      expect(a.status).toBe("rejected");
      expect(b.status).toBe("rejected");
      const error = (a as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(RequestAbortedError);
      expect((b as PromiseRejectedResult).reason).toBe(error);
      // A read asked for after the abort fails the same way without a call.
      await expect(legacy.listsOfClient(DEMO.clients.northwind)).rejects.toBe(error);
      expect(proxy.seen("User.GetClients")).toBe(0);
      expect(proxy.seen("Client.GetLists")).toBe(0);
    } finally {
      proxy.clear();
    }
  });
});
