/** HTTP limits for tests: short timeouts, a small size cap. */
import type { HttpLimits } from "../../../../src/config.js";

export const testLimits = (over: Partial<HttpLimits> = {}): HttpLimits => ({
  connectTimeoutMs: 2_000,
  headersTimeoutMs: 5_000,
  bodyTimeoutMs: 5_000,
  maxResponseBytes: 256 * 1024,
  connections: 4,
  deadlineMs: 20_000,
  ...over,
});

/** A secret of `length` characters, for HMAC key-length cases. */
export const secretOf = (length: number, fill = "s"): string => fill.repeat(length);
