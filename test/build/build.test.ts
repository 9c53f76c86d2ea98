/**
 * The production build as the image runs it: `npm run build` compiles src/ with tsconfig.build.json,
 * and `NODE_ENV=production node main.js` from the output (no tsx) refuses to stand the demo
 * sandboxes in for unset backend URLs unless SANDBOX=true; with it, starts the gateway on them,
 * answers /health and GraphQL, and exits cleanly on SIGTERM.
 */
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exit, output } from "../support/child-process.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);

/**
 * The exit code and everything the process wrote. A gateway that starts after all (prints where
 * GraphiQL is) is sent SIGTERM, so the test ends with its outcome instead of leaving it running.
 */
function exitWithOutput(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    if (/GraphiQL/.test(stdout)) child.kill("SIGTERM");
  });
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("npm run build, then node main.js", () => {
  // Inside the repository so the compiled files resolve node_modules the way dist/ does, but not in
  // dist/ itself, which may be someone's real build. Under node_modules, so it needs its own
  // package.json to stay ESM (Node stops looking for "type" at a node_modules boundary).
  let outDir = "";

  beforeAll(async () => {
    const cache = join(ROOT, "node_modules", ".cache");
    await mkdir(cache, { recursive: true });
    outDir = await mkdtemp(join(cache, "mailgraph-build-"));
    await writeFile(join(outDir, "package.json"), JSON.stringify({ type: "module" }));
    await run("npm", ["run", "build", "--", "--outDir", outDir], { cwd: ROOT });
  }, 180_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it("emits JavaScript for src/ only", () => {
    expect(existsSync(join(outDir, "main.js"))).toBe(true);
    expect(existsSync(join(outDir, "server.js"))).toBe(true);
    expect(existsSync(join(outDir, "sandbox", "main.js"))).toBe(true);
    expect(existsSync(join(outDir, "test"))).toBe(false);
    expect(existsSync(join(outDir, "src"))).toBe(false);
  });

  /** `NODE_ENV=production node main.js` with `env`, on an environment without backend or port settings. */
  function startProduction(env: Record<string, string>) {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(LEGACY|COMMERCE|SANDBOX|PORT|HOST|NODE_OPTIONS)/.test(k)),
    );
    return spawn(process.execPath, [join(outDir, "main.js")], {
      cwd: ROOT,
      env: {
        ...clean,
        NODE_ENV: "production",
        PORT: "0",
        SANDBOX_LEGACY_PORT: "0",
        SANDBOX_COMMERCE_PORT: "0",
        ...env,
      },
    });
  }

  it("refuses, in production, to run the demo sandboxes for unset backend URLs unless SANDBOX=true", async () => {
    const none = startProduction({});
    const { stdout, ...refused } = await exitWithOutput(none);
    expect(refused).toEqual({
      code: 1,
      stderr:
        "invalid configuration:\n  - LEGACY_URL and COMMERCE_URL are unset with NODE_ENV=production: set them to the backends' URLs, or SANDBOX=true to run the embedded demo sandboxes instead (demo data and keys; open access unless AUTH_MODE=token)\n",
    });
    expect(stdout).not.toMatch(/sandbox/i);

    // One backend configured: the other one's URL is what is missing.
    const one = await exitWithOutput(startProduction({ LEGACY_URL: "http://127.0.0.1:9", AUTH_MODE: "open" }));
    expect(one.code).toBe(1);
    expect(one.stderr).toContain(
      "COMMERCE_URL is unset with NODE_ENV=production: set it to the backend's URL, or SANDBOX=true to run the embedded demo sandboxes instead",
    );
  });

  it("starts without tsx (with SANDBOX=true, on the sandboxes), answers /health and a query, and exits 0 on SIGTERM", async () => {
    const child = startProduction({ SANDBOX: "true" });
    const exited = exit(child);
    try {
      const out = await output(child, /commerce REST sandbox\s+http:\S+/);
      const gateway = /GraphiQL\s+(http:\/\/\S+)\/graphql/.exec(out)?.[1];
      expect(gateway).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const health = await fetch(`${gateway}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });

      const query = await fetch(`${gateway}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
      expect(query.status).toBe(200);
      expect(await query.json()).toMatchObject({ data: { __typename: "Query" } });
    } finally {
      child.kill("SIGTERM");
    }
    const { code, stderr } = await exited;
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });
});
