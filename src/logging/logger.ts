/**
 * The gateway's logger: pino, one JSON object per line (ISO time, level name, message), with the
 * redact paths and the text scrub of ./redaction.ts applied to every line before it is written.
 * Lines go to stdout, or to a sink (a function taking each line, as tests use).
 */
import pino, { type Logger } from "pino";
import { CENSOR, REDACT_PATHS, textScrubber } from "./redaction.js";

export type { Logger } from "pino";

/** Levels LOG_LEVEL accepts, most to least verbose, and "silent". */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where the lines of a logger go instead of stdout. */
export type LogSink = (line: string) => void;

/**
 * A process-wide observer of every line logged (and of the secrets each logger was built to keep
 * out): the test suite installs one to check that no line of any test carries a secret or an
 * address. While one is installed, loggers without a sink write to it instead of stdout.
 */
export interface LogTap {
  line(line: string): void;
  secrets(values: readonly string[]): void;
}

let tap: LogTap | undefined;

/** Installs (or, with undefined, removes) the process-wide tap; loggers made afterwards use it. */
export function setLogTap(next: LogTap | undefined): void {
  tap = next;
}

export interface LoggerOptions {
  level: LogLevel;
  /** Each line (with its trailing newline) goes here instead of stdout. */
  sink?: LogSink;
  /** Values scrubbed wherever they appear (configured keys, secrets, tokens). */
  secrets?: readonly (string | undefined)[];
  /** Fields on every line (e.g. the service name). */
  base?: Record<string, unknown>;
}

/** A pino logger writing scrubbed JSON lines. */
export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === "string" && s.length > 0);
  const scrub = textScrubber(secrets);
  const observer = tap;
  observer?.secrets(secrets);
  const out: LogSink = options.sink ?? (observer ? () => {} : stdoutSink());
  const destination: pino.DestinationStream = {
    write(line: string) {
      const clean = scrub(line);
      out(clean);
      observer?.line(clean);
    },
  };
  return pino(
    {
      level: options.level,
      base: options.base ?? {},
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: CENSOR },
      // Errors keep their type, code and message; no stack (it can hold request text and paths).
      serializers: { err: errorFields, error: errorFields },
    },
    destination,
  );
}

/** The fields of an error worth a log line. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const out: Record<string, unknown> = { type: error.name, message: error.message };
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  return out;
}

// One asynchronous stdout writer per process, shared by every logger.
let stdout: pino.DestinationStream | undefined;
function stdoutSink(): LogSink {
  stdout ??= pino.destination({ dest: 1, sync: false });
  const target = stdout;
  return (line) => target.write(line);
}

/** Writes out whatever the stdout writer still holds (before the process exits). */
export function flushLogs(): void {
  try {
    (stdout as { flushSync?: () => void } | undefined)?.flushSync?.();
  } catch {
    // Nothing written yet (the writer is not open): nothing to flush.
  }
}
