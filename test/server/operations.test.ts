/**
 * What a newcomer and an operator meet around the graph: `/` leads to GraphiQL, liveness and
 * readiness tell different things, a taken port says which server and which setting, start-up
 * says what a half-made configuration will do, an abandoned request stops and logs one line, and
 * a request ends by its deadline however slowly a backend answers.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { configWarnings, loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway, OVERVIEW_QUERY, type Gateway } from "../../src/server.js";
import { listen } from "../../src/util/listen.js";
import { startGateway } from "../support/stack.js";
import { post, send } from "./support.js";

let sandbox: LegacySandbox;
beforeAll(async () => {
  sandbox = await startLegacySandbox();
});
afterAll(() => sandbox.close());

function gatewayConfig(legacyUrl: string, env: Record<string, string> = {}) {
  return loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    LEGACY_URL: legacyUrl,
    LEGACY_API_KEY: DEMO.apiKey,
    AUTH_MODE: "open",
    ...env,
  });
}

/** A stand-in for the legacy service that forwards to the sandbox after `delayMs`, counting operations. */
async function slowLegacy(target: string, delayMs: number) {
  const seen: string[] = [];
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const action = String(req.headers.soapaction ?? "").replace(/"/g, "");
      seen.push(action.slice(action.lastIndexOf("/") + 1));
      const forward = async () => {
        try {
          const upstream = await fetch(`${target}${req.url}`, {
            method: req.method,
            headers: {
              "content-type": String(req.headers["content-type"]),
              soapaction: String(req.headers.soapaction ?? ""),
            },
            body: Buffer.concat(chunks),
          });
          res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "text/xml" });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        } catch {
          res.destroy();
        }
      };
      setTimeout(() => void forward(), delayMs);
    });
  });
  return { url: server.url, seen, close: () => server.close() };
}

describe("routes", () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(sandbox.url);
  });
  afterAll(() => gateway.close());

  it("redirects / to GraphiQL", async () => {
    const res = await fetch(`${gateway.url}/`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/graphql");
  });

  it("is live and ready while the backend answers", async () => {
    expect((await send(`${gateway.url}/health`)).body).toEqual({ status: "ok" });
    expect((await send(`${gateway.url}/livez`)).status).toBe(200);
    const ready = await send(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: "ready",
      backends: { legacy: { status: "up" }, commerce: { status: "not configured" } },
    });
  });

  it("is live but not ready while the backend is unreachable, and says so without its address", async () => {
    const closed = await listen(() => undefined);
    const deadUrl = closed.url;
    await closed.close();
    const gatewayOnDead = await createGateway(gatewayConfig(deadUrl));
    try {
      expect((await send(`${gatewayOnDead.url}/health`)).status).toBe(200);
      const ready = await send(`${gatewayOnDead.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        status: "unavailable",
        backends: { legacy: { status: "down", reason: "unreachable" } },
      });
      expect(ready.text).not.toContain(deadUrl.replace("http://", ""));
    } finally {
      await gatewayOnDead.close();
    }
  });
});

describe("start-up", () => {
  it("names the server and the setting when the port is taken", async () => {
    const taken = await listen(() => undefined);
    try {
      await expect(createGateway(gatewayConfig(sandbox.url, { PORT: String(taken.port) }))).rejects.toThrow(
        `the gateway could not listen on 127.0.0.1:${taken.port}: the port is already in use (set PORT to another port)`,
      );
      await expect(startLegacySandbox({ port: taken.port })).rejects.toThrow(
        /the legacy sandbox .* \(set SANDBOX_LEGACY_PORT/,
      );
    } finally {
      await taken.close();
    }
  });

  it("warns that LEGACY_URL without LEGACY_API_KEY fails every field unless callers send a key", () => {
    const config = loadConfig({ LEGACY_URL: "https://lists.example.com", AUTH_MODE: "open" });
    expect(configWarnings(config)).toEqual([
      expect.stringMatching(
        /^LEGACY_URL is set without LEGACY_API_KEY: every legacy field fails as UNAUTHENTICATED unless the caller sends X-Legacy-Api-Key/,
      ),
    ]);
    expect(
      configWarnings(loadConfig({ LEGACY_URL: "https://lists.example.com", LEGACY_API_KEY: "k", AUTH_MODE: "open" })),
    ).toEqual([]);
  });

  it("warns when listening beyond loopback without ALLOWED_HOSTS", () => {
    expect(configWarnings(loadConfig({ HOST: "0.0.0.0" }))).toEqual([expect.stringMatching(/ALLOWED_HOSTS/)]);
    expect(configWarnings(loadConfig({ HOST: "0.0.0.0", ALLOWED_HOSTS: "mailgraph.example.com" }))).toEqual([]);
  });
});

describe("abandoned and slow requests", () => {
  it.each([
    ["before the first reply", 100],
    ["while the per-client reads are under way", 450],
  ])("stops resolving when the caller hangs up %s, and logs one line for it", async (_when, abortAfterMs) => {
    const slow = await slowLegacy(sandbox.url, 300);
    const lines: string[] = [];
    const gateway = await createGateway(gatewayConfig(slow.url), { log: (line) => lines.push(line) });
    // Anything else the process would print for this request (yoga's logger writes to the console).
    const printed = [
      vi.spyOn(console, "error"),
      vi.spyOn(console, "warn"),
      vi.spyOn(console, "debug"),
      vi.spyOn(console, "info"),
    ];
    try {
      const controller = new AbortController();
      const pending = fetch(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: OVERVIEW_QUERY }),
        signal: controller.signal,
      }).catch((error: unknown) => error);
      // User.GetClients is answered at 300 ms, the per-client reads at 600 ms.
      await new Promise((r) => setTimeout(r, abortAfterMs));
      controller.abort();
      await pending;
      // Calls already on their way when the caller hung up may still land; give them a moment.
      await new Promise((r) => setTimeout(r, 150));
      const seenAtAbort = slow.seen.length;
      await new Promise((r) => setTimeout(r, 1_000));
      // The reads already sent finish at the backend; nothing new is started (no List.GetStats,
      // which only follows Client.GetLists).
      expect(slow.seen.length).toBe(seenAtAbort);
      expect(slow.seen).not.toContain("List.GetStats");
      // One JSON line for the request, saying it was abandoned (no status: nothing was answered).
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({
        level: "warn",
        msg: "request abandoned by the caller",
        method: "POST",
        path: "/graphql",
        operationName: "Overview",
        abandoned: true,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        durationMs: expect.any(Number),
      });
      expect(JSON.parse(lines[0]!)).not.toHaveProperty("status");
      expect(printed.flatMap((spy) => spy.mock.calls)).toEqual([]);
    } finally {
      for (const spy of printed) spy.mockRestore();
      await gateway.close();
      await slow.close();
    }
  });

  it("ends a request at REQUEST_DEADLINE_MS with the rest of the response, whatever the backend does", async () => {
    const hanging: Server = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((r) => hanging.listen(0, "127.0.0.1", () => r()));
    const port = (hanging.address() as { port: number }).port;
    const gateway = await createGateway(
      // The call's own deadline (20 s by default) is longer: the request's ends it.
      gatewayConfig(`http://127.0.0.1:${port}`, { REQUEST_DEADLINE_MS: "500" }),
    );
    try {
      const res = await post(gateway.url, "{ __typename clients { name } }");
      expect(res.ms).toBeLessThan(3_000);
      expect(res.body?.data).toEqual({ __typename: "Query", clients: null });
      expect(res.body?.errors?.[0]?.path).toEqual(["clients"]);
    } finally {
      await gateway.close();
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});
