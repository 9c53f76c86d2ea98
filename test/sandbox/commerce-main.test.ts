/**
 * `npm run sandbox` as a frontend developer runs it: the commerce sandbox listens on
 * SANDBOX_COMMERCE_PORT (4102 unless set), prints its {base_url} and OAuth URL, answers its API key
 * (SANDBOX_COMMERCE_API_KEY), and exits cleanly on SIGINT.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function runSandbox(env: Record<string, string>): ChildProcessWithoutNullStreams {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(LEGACY|COMMERCE|SANDBOX|PORT|HOST)/.test(k)));
  return spawn(process.execPath, ["--import", "tsx", "src/sandbox/main.ts"], { cwd: ROOT, env: { ...clean, ...env } });
}

/** Resolves with stdout once it matches `marker`; rejects if the process exits first. */
function output(child: ChildProcessWithoutNullStreams, marker: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (marker.test(out)) resolve(out);
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before printing ${marker}: ${out}${err}`)));
  });
}

describe("npm run sandbox", () => {
  it("listens on SANDBOX_COMMERCE_PORT by default 4102", () => {
    expect(loadConfig({}).sandbox.commercePort).toBe(4102);
    expect(loadConfig({ SANDBOX_COMMERCE_PORT: "4999" }).sandbox.commercePort).toBe(4999);
  });

  it("serves the commerce sandbox on the configured port with the configured key, and stops on SIGINT", async () => {
    const port = await freePort();
    const child = runSandbox({ SANDBOX_COMMERCE_PORT: String(port), SANDBOX_LEGACY_PORT: "0", SANDBOX_COMMERCE_API_KEY: "frontend-dev-key" });
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
