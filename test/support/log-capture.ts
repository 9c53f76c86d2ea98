/**
 * Setup file of every test file (vitest.config.ts setupFiles): sends every line any logger of
 * the gateway writes, and the secrets each logger was built to keep out, to files in the run's
 * log directory (provided by log-global-setup.ts), for the suite-wide check at the end; and, through
 * tapChildOutput, what child processes print.
 */
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { threadId } from "node:worker_threads";
import { inject } from "vitest";
import { setLogTap } from "../../src/logging/logger.js";
import { LINES_SUFFIX, SECRETS_SUFFIX } from "./log-check.js";

const dir = inject("logDir");
const base = dir
  ? join(dir, `${process.pid}-${threadId}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`)
  : undefined;
const writeLine = (line: string) => {
  // Synchronous appends: nothing is lost when a worker ends right after its last test.
  if (base) appendFileSync(`${base}${LINES_SUFFIX}`, line.endsWith("\n") ? line : `${line}\n`);
};
if (base) {
  setLogTap({
    line: writeLine,
    secrets: (values) => {
      if (values.length > 0) appendFileSync(`${base}${SECRETS_SUFFIX}`, `${JSON.stringify(values)}\n`);
    },
  });
}

/**
 * Adds every line a child process (`npm start` run by a test) writes to stdout or stderr to the
 * lines checked at the end of the run: its gateway logs there, out of reach of the tap.
 */
export function tapChildOutput(child: { stdout: Readable | null; stderr: Readable | null }): void {
  if (!base) return;
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on("line", writeLine);
  }
}
