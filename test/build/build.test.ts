/**
 * The production build as the image runs it: `npm run build` compiles src/ with tsconfig.build.json,
 * and `node main.js` from the output (no tsx) starts the gateway on its embedded sandboxes, answers
 * /health and GraphQL, and exits cleanly on SIGTERM.
 */
import { spawn, execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exit, output } from "../support/child-process.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);

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
  }, 60_000);

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

  it("starts without tsx, answers /health and a query, and exits 0 on SIGTERM", async () => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(LEGACY|COMMERCE|SANDBOX|PORT|HOST|NODE_OPTIONS)/.test(k)),
    );
    const child = spawn(process.execPath, [join(outDir, "main.js")], {
      cwd: ROOT,
      env: { ...clean, NODE_ENV: "production", PORT: "0", SANDBOX_LEGACY_PORT: "0", SANDBOX_COMMERCE_PORT: "0" },
    });
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
      expect(await query.json()).toEqual({ data: { __typename: "Query" } });
    } finally {
      child.kill("SIGTERM");
    }
    const { code, stderr } = await exited;
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  });
});
