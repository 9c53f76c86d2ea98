/** The event log: Redis Streams when a Redis URL is configured, memory (one instance) otherwise. */
import { MemoryEventLog } from "./memory-log.js";
import { RedisEventLog } from "./redis-log.js";
import type { EventLog, EventLogLimits } from "./types.js";

export * from "./types.js";
export { MemoryEventLog, type MemoryEventLogOptions } from "./memory-log.js";
export { RedisEventLog, type RedisEventLogOptions } from "./redis-log.js";

/** The log for REDIS_URL: shared through Redis when set, in memory for a single instance when not. */
export function createEventLog(
  redisUrl: string | undefined,
  limits: EventLogLimits & { readonly keyPrefix?: string | undefined } = {},
): EventLog {
  return redisUrl === undefined || redisUrl === ""
    ? new MemoryEventLog(limits)
    : new RedisEventLog({ ...limits, url: redisUrl });
}
