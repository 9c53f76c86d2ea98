/**
 * GraphiQL's renderer (tens of MB of inline scripts and styles) is imported on the page's first
 * request, not when the gateway starts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway, type Gateway } from "../../src/server.js";

const imported = vi.hoisted(() => ({ count: 0 }));
vi.mock("@graphql-yoga/render-graphiql", async (importOriginal) => {
  imported.count++;
  return importOriginal();
});

describe("GraphiQL's page", () => {
  let sandbox: LegacySandbox;
  let gateway: Gateway;
  beforeAll(async () => {
    sandbox = await startLegacySandbox();
    gateway = await createGateway(
      loadConfig({
        HOST: "127.0.0.1",
        PORT: "0",
        LEGACY_URL: sandbox.url,
        LEGACY_API_KEY: DEMO.apiKey,
        AUTH_MODE: "open",
      }),
      { log: () => undefined },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  it("is rendered by a module imported on its first request, once", async () => {
    const answer = await fetch(`${gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(answer.status).toBe(200);
    expect(imported.count).toBe(0);
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${gateway.url}/graphql`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>mailgraph</title>");
    }
    expect(imported.count).toBe(1);
  });
});
