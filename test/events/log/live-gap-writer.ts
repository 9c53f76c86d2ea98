/**
 * Another gateway instance appending to the event log while the test process is held (its event
 * loop blocked by execFileSync, as a long GC pause or a stalled reader would): argv is the Redis URL,
 * the key prefix, EVENT_LOG_MAX_LENGTH, then the size of each batch to append, in order. Prints the
 * ids appended, as JSON.
 */
import { RedisEventLog } from "../../../src/events/log/index.js";

const [url = "", keyPrefix = "", maxLength = "", ...batches] = process.argv.slice(2);
const log = new RedisEventLog({ url, keyPrefix, maxLength: Number(maxLength), onError: () => undefined });
const ids: string[] = [];
let n = 0;
try {
  for (const size of batches) {
    const entries = Array.from({ length: Number(size) }, () => {
      n += 1;
      return { dedupeKey: `writer-${n}`, event: { n, from: "writer" } };
    });
    ids.push(...(await log.append("legacy", entries)).appended);
  }
} finally {
  await log.close();
}
process.stdout.write(JSON.stringify(ids));
