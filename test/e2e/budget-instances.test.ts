/**
 * One caller's budget holds across two gateway instances on one Redis (support/budget-instances.ts;
 * test/redis/cluster-budget.test.ts runs the same suite on a three-node cluster).
 */
import { Redis } from "ioredis";
import { budgetAcrossInstances } from "./support/budget-instances.js";

const REDIS_URL = "redis://127.0.0.1:6379/12";
const PREFIX = `test-budget-instances-${process.pid}:`;

budgetAcrossInstances("one caller, two instances, one budget", {
  url: () => REDIS_URL,
  prefix: PREFIX,
  async cleanUp() {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  },
});
