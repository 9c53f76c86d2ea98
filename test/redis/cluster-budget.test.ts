/**
 * One caller's budget holds across two gateway instances on a three-node Redis Cluster
 * (REDIS_URL=redis+cluster://…), by the suite test/e2e/budget-instances.test.ts runs on one Redis.
 * Each bucket's script touches one key, in a hash tag, so the cluster runs it on the node holding it.
 */
import { afterAll, beforeAll } from "vitest";
import { budgetAcrossInstances } from "../e2e/support/budget-instances.js";
import { startRedisCluster, type RedisCluster } from "../support/redis-cluster.js";

let cluster: RedisCluster;
beforeAll(async () => {
  cluster = await startRedisCluster();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

budgetAcrossInstances("one caller, two instances, one budget on Redis Cluster", {
  url: () => cluster.url,
  prefix: "cluster-budget-test:",
});
