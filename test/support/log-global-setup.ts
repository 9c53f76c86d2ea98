/**
 * Global setup of the test run (vitest.config.ts): makes the directory every test's log lines
 * are captured in (log-capture.ts), and at the end of the run checks them all (log-check.ts),
 * failing the run when any line carries a secret or an email address.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { checkLogDirectory, formatFindings } from "./log-check.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where log-capture.ts writes each test file's log lines. */
    logDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "mailgraph-logs-"));
  project.provide("logDir", dir);
  return () => {
    process.stdout.write(`${checkAndRemove(dir)}\n`);
  };
}

/**
 * The teardown: checks every captured line, removes the directory and says what it checked.
 * Vitest only reports an error thrown by a teardown, so a finding also sets the exit code: the
 * run fails.
 */
export function checkAndRemove(dir: string): string {
  const { lines, files, findings } = checkLogDirectory(dir);
  rmSync(dir, { recursive: true, force: true });
  if (findings.length > 0) {
    process.exitCode = 1;
    throw new Error(
      `log check: ${findings.length} of ${lines} log lines (${files} files) carry a secret or an address:\n${formatFindings(findings)}`,
    );
  }
  return `log check: ${lines} log lines in ${files} files, none carries a secret or an address`;
}
