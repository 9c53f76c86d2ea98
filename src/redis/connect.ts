/**
 * Connections to Redis and the names of the gateway's keys, one place for both so every user of
 * Redis runs unchanged on a single server and on Redis Cluster. REDIS_URL `redis://…` (or
 * `rediss://…`) is one server; `redis+cluster://host:port,host:port/` (or `rediss+cluster://…`)
 * names seed nodes of a cluster, from which ioredis learns the rest and routes each command by key.
 * On a cluster, a script or transaction may only touch keys of one hash slot: redisKey puts the part
 * that decides the slot in braces (a hash tag), so keys used together share a tag.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from "ioredis";
import { isClusterUrl, parseClusterUrl } from "./url.js";

export { isClusterUrl, parseClusterUrl };

/** A connection to one Redis server or to a cluster: both speak the commands the gateway sends. */
export type RedisConnection = Redis | Cluster;

/**
 * A connection to the Redis (or cluster) of `url`, with `options` for every connection it opens.
 * On a cluster, `lazyConnect` and `enableOfflineQueue` apply to the cluster, the rest to each node.
 */
export function connectRedis(url: string, options: RedisOptions = {}): RedisConnection {
  if (!isClusterUrl(url)) return new Redis(url, options);
  const parsed = parseClusterUrl(url);
  // The message names the rule, never the URL (it may carry a password).
  if (typeof parsed === "string") throw new Error(`REDIS_URL ${parsed}`);
  const { lazyConnect, enableOfflineQueue, retryStrategy: _ignored, ...perNode } = options;
  const clusterOptions: ClusterOptions = {
    lazyConnect,
    enableOfflineQueue,
    redisOptions: {
      ...perNode,
      ...(parsed.username === undefined ? {} : { username: parsed.username }),
      ...(parsed.password === undefined ? {} : { password: parsed.password }),
      ...(parsed.tls ? { tls: perNode.tls ?? {} } : {}),
    },
  };
  return new Cluster(parsed.nodes, clusterOptions);
}

/**
 * The name of a key: `<prefix>{<tag>}:<part>:<part>…` (`<prefix>{<tag>}` without parts). Redis
 * Cluster hashes only the tag, so keys one script or transaction touches together must share it;
 * keys never used together should not (each tag lands on one node).
 */
export function redisKey(prefix: string, tag: string, ...parts: readonly string[]): string {
  const tagged = `${prefix}{${tag}}`;
  return parts.length === 0 ? tagged : `${tagged}:${parts.join(":")}`;
}
