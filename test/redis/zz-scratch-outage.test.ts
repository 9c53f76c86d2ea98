import { expect, it } from "vitest";
import { RedisEventLog } from "../../src/events/log/index.js";
import { startRedisCluster } from "../support/redis-cluster.js";
it("append during a cluster outage", async () => {
  const c = await startRedisCluster();
  const log = new RedisEventLog({ url: c.url, keyPrefix: "o:", blockMs: 1000, onError: () => undefined });
  await log.append("legacy", [{ dedupeKey: "a:1", event: { n: 1 } }]);
  await c.stop();
  const t = Date.now();
  const r = await Promise.race([
    log.append("legacy", [{ dedupeKey: "a:2", event: { n: 2 } }]).then(() => "ok", (e) => `failed: ${e.message}`),
    new Promise((res) => setTimeout(() => res("still waiting after 8 s"), 8000)),
  ]);
  console.log("append:", r, Date.now() - t, "ms");
  const p = await Promise.race([log.ping(1000).then(() => "up", (e) => `down: ${e.message}`)]);
  console.log("ping:", p);
  await log.close();
}, 30000);
