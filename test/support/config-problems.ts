/** The problems loadConfig lists for an environment; fails the test when it loads without any. */
import { expect } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error("expected a ConfigError");
}
