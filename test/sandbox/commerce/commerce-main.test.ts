/**
 * `npm run sandbox` as a frontend developer runs it: the commerce sandbox listens on
 * SANDBOX_COMMERCE_PORT (4102 unless set), prints its {base_url} and OAuth URL, answers its API key
 * (SANDBOX_COMMERCE_API_KEY), and exits cleanly on SIGINT.
 */
import { describe, expect, it } from "vitest";
import { freePort, output, runEntry } from "../../support/child-process.js";
import { loadConfig } from "../../../src/config.js";

describe("npm run sandbox", () => {
  it("listens on SANDBOX_COMMERCE_PORT by default 4102", () => {
    expect(loadConfig({}).sandbox.commercePort).toBe(4102);
    expect(loadConfig({ SANDBOX_COMMERCE_PORT: "4999" }).sandbox.commercePort).toBe(4999);
  });

  it("serves the commerce sandbox on the configured port with the configured key, and stops on SIGINT", async () => {
    const port = await freePort();
    const child = runEntry("src/sandbox/main.ts", {
      SANDBOX_COMMERCE_PORT: String(port),
      SANDBOX_LEGACY_PORT: "0",
      SANDBOX_COMMERCE_API_KEY: "frontend-dev-key",
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    try {
      const out = await output(child, /commerce REST sandbox\s+\S+\s+\(OAuth: \S+\)/);
      const [, baseUrl, authorize] = /commerce REST sandbox\s+(\S+)\s+\(OAuth: (\S+)\)/.exec(out)!;
      expect(baseUrl).toBe(`http://127.0.0.1:${port}/api/v1`);
      expect(authorize).toBe(`http://127.0.0.1:${port}/oauth/authorize`);

      const segments = await fetch(`${baseUrl}/segments`, { headers: { "X-ApiKey": "frontend-dev-key" } });
      expect(segments.status).toBe(200);
      expect(((await segments.json()) as { data: { id: string }[] }).data.map((s) => s.id)).toContain("seg_all");
      expect((await fetch(`${baseUrl}/segments`, { headers: { "X-ApiKey": "demo-commerce-key" } })).status).toBe(401);
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
  });
});
