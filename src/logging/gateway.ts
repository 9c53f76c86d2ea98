/**
 * The gateway's logger as createGateway makes it: LOG_LEVEL, every configured secret scrubbed
 * wherever it might appear, and yoga's own messages (unexpected errors, warnings) routed into it.
 */
import type { YogaLogger } from "graphql-yoga";
import type { Config } from "../config.js";
import { createLogger, type LogSink, type Logger } from "./logger.js";

/** The secrets of a configuration: never logged, whatever text they turn up in. */
export function configSecrets(config: Config): string[] {
  const { legacy, commerce, sandbox, events, auth } = config;
  return [
    legacy.apiKey,
    commerce.apiKey,
    commerce.clientSecret,
    commerce.accessToken,
    sandbox.legacyApiKey,
    sandbox.commerceApiKey,
    events.ingressToken,
    events.commerceWebhookSecret,
    auth.secret,
    redisPassword(events.redisUrl),
  ].filter((s): s is string => typeof s === "string" && s.length > 0);
}

/** The password of a redis:// URL (a Redis error may echo its connection options). */
function redisPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

/** The logger of one gateway, writing to `sink` or stdout. */
export function gatewayLogger(config: Config, sink?: LogSink): Logger {
  return createLogger({ level: config.logging.level, sink, secrets: configSecrets(config) });
}

/** yoga's logger interface over pino: messages and errors, never request bodies. */
export function yogaLogging(logger: Logger): YogaLogger {
  const child = logger.child({ component: "yoga" });
  const write =
    (level: "debug" | "info" | "warn" | "error") =>
    (...args: unknown[]): void => {
      // yoga writes debug lines on every request: below the log level they cost nothing.
      if (!child.isLevelEnabled(level)) return;
      const error = args.find((a): a is Error => a instanceof Error);
      const text = args
        .filter((a) => typeof a === "string")
        .join(" ")
        .slice(0, 500);
      if (error) child[level]({ err: error }, text || error.message);
      else child[level](text);
    };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
