/**
 * `kill <pid of npm start>` stops the gateway. npm passes SIGTERM to the shell it runs the script
 * in; without `exec` that shell dies and leaves tsx and the gateway running, orphaned, on their
 * ports. The script's process group is the test's to clean up whatever happens.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exit, output } from "../support/child-process.js";
import { tapChildOutput } from "../support/log-capture.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Whether anything still accepts connections at `url`, asked until it stops or `tries` run out. */
async function stillListening(url: string, tries = 100): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED") return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe("npm start", () => {
  it("stops the gateway and its sandboxes when npm gets SIGTERM", async () => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^(LEGACY|COMMERCE|SANDBOX|PORT|HOST|NODE_ENV|npm_)/.test(k)),
    );
    const npm = spawn("npm", ["start", "--silent"], {
      cwd: ROOT,
      env: { ...clean, PORT: "0", SANDBOX_LEGACY_PORT: "0", SANDBOX_COMMERCE_PORT: "0" },
      // Its own process group, so that cleanup reaches whatever npm leaves behind.
      detached: true,
    });
    tapChildOutput(npm);
    const group = npm.pid;
    if (group === undefined) throw new Error("npm did not start");
    try {
      const banner = await output(npm, /commerce REST sandbox\s+http:\S+/);
      const gateway = /GraphiQL\s+(http:\/\/\S+)\/graphql/.exec(banner)?.[1];
      const sandbox = /legacy list service sandbox\s+(http:\/\/\S+)\/api\/api\.asmx/.exec(banner)?.[1];
      expect(gateway).toBeDefined();
      expect(sandbox).toBeDefined();
      const exited = exit(npm);
      npm.kill("SIGTERM");
      await exited;
      expect(await stillListening(`${gateway}/health`)).toBe(false);
      expect(await stillListening(`${sandbox}/api/api.asmx`)).toBe(false);
    } finally {
      try {
        process.kill(-group, "SIGKILL");
      } catch {
        // The group is gone: everything in it stopped.
      }
    }
  }, 120_000);
});
