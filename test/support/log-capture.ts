/**
 * Setup file of every test file (vitest.config.ts setupFiles): sends every line any logger of
 * the gateway writes, and the secrets each logger was built to keep out, to files in the run's
 * log directory (provided by log-global-setup.ts), for the suite-wide check at the end.
 */
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { threadId } from "node:worker_threads";
import { inject } from "vitest";
import { setLogTap } from "../../src/logging/logger.js";
import { LINES_SUFFIX, SECRETS_SUFFIX } from "./log-check.js";

const dir = inject("logDir");
if (dir) {
  const base = join(
    dir,
    `${process.pid}-${threadId}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
  );
  // Synchronous appends: nothing is lost when a worker ends right after its last test.
  setLogTap({
    line: (line) => appendFileSync(`${base}${LINES_SUFFIX}`, line.endsWith("\n") ? line : `${line}\n`),
    secrets: (values) => {
      if (values.length > 0) appendFileSync(`${base}${SECRETS_SUFFIX}`, `${JSON.stringify(values)}\n`);
    },
  });
}
