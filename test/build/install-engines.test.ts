/**
 * A newcomer's first command installs quietly on every supported Node version: `npm ci` of the
 * lockfile warns of no package whose engines leave out the Node running it (EBADENGINE). Checked
 * as a dry run on a copy of package.json and package-lock.json, so node_modules stays untouched.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const run = promisify(execFile);

describe("npm ci", () => {
  it("warns of no dependency whose engines leave out this Node", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mailgraph-ci-"));
    try {
      for (const file of ["package.json", "package-lock.json"]) await copyFile(join(ROOT, file), join(dir, file));
      const { stdout, stderr } = await run("npm", ["ci", "--dry-run", "--no-audit", "--no-fund"], { cwd: dir });
      const unsupported = [...`${stdout}${stderr}`.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((m) => m[1]);
      expect({ node: process.version, unsupported: [...new Set(unsupported)] }).toEqual({
        node: process.version,
        unsupported: [],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
