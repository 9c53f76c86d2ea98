/**
 * Connections to Redis and the names of the gateway's keys, one place for both so every user of
 * Redis runs unchanged on a single server and on Redis Cluster. REDIS_URL `redis://…` (or
 * `rediss://…`) is one server; `redis+cluster://host:port,host:port/` (or `rediss+cluster://…`)
 * names seed nodes of a cluster, from which ioredis learns the rest and routes each command by key.
 * On a cluster, a script or transaction may only touch keys of one hash slot: redisKey puts the part
 * that decides the slot in braces (a hash tag), so keys used together share a tag. A command on a
 * cluster that cannot answer fails when it would on one server (maxRetriesPerRequest,
 * commandTimeout): ioredis's Cluster would otherwise hold it until the cluster is back.
 */
import { Cluster, Redis, type ClusterNode, type ClusterOptions, type Command, type RedisOptions } from "ioredis";
import { isClusterUrl, parseClusterUrl } from "./url.js";

export { isClusterUrl, parseClusterUrl };

/** A connection to one Redis server or to a cluster: both speak the commands the gateway sends. */
export type RedisConnection = Redis | Cluster;

/**
 * A connection to the Redis (or cluster) of `url`, with `options` for every connection it opens.
 * On a cluster, `lazyConnect` and `enableOfflineQueue` apply to the cluster, the rest to each node;
 * `maxRetriesPerRequest` and `commandTimeout` also bound how long a command waits for the cluster
 * (WaitBoundedCluster).
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
  const { maxRetriesPerRequest = ONE_SERVER_MAX_RETRIES, commandTimeout } = perNode;
  return new WaitBoundedCluster(parsed.nodes, clusterOptions, { maxRetriesPerRequest, commandTimeout });
}

/** ioredis's maxRetriesPerRequest on one server when none is given. */
const ONE_SERVER_MAX_RETRIES = 20;

/**
 * A Cluster whose commands wait for it no longer than they would for one server. While the cluster
 * is not ready (starting, or every node lost), ioredis queues a command at the cluster and sends it
 * once the cluster is back; the nodes' own maxRetriesPerRequest and commandTimeout never see it.
 * Here, as on one server, the commands waiting fail each time `maxRetriesPerRequest` + 1 attempts
 * to reach the cluster have failed (null: they wait, as the event log's blocking reader must), and
 * `commandTimeout` counts from the call, not from when a node took the command. The cluster keeps
 * trying to reconnect (ioredis's default delays), so it recovers without a restart.
 */
class WaitBoundedCluster extends Cluster {
  readonly #commandTimeout: number | undefined;

  constructor(
    nodes: ClusterNode[],
    options: ClusterOptions,
    bounds: { maxRetriesPerRequest: number | null; commandTimeout: number | undefined },
  ) {
    const { maxRetriesPerRequest } = bounds;
    // Set once super() has returned; the strategy is first called after a failed attempt, later.
    let flush: (error: Error) => void = () => undefined;
    super(nodes, {
      ...options,
      clusterRetryStrategy: (attempts) => {
        if (maxRetriesPerRequest !== null && maxRetriesPerRequest >= 0 && attempts % (maxRetriesPerRequest + 1) === 0) {
          flush(
            new Error(
              `no Redis Cluster node could be reached in ${maxRetriesPerRequest + 1} attempts (maxRetriesPerRequest ${maxRetriesPerRequest})`,
            ),
          );
        }
        return Math.min(100 + attempts * 2, 2000); // ioredis's default
      },
    });
    // The offline queue is ioredis's own (private: it has no public way to give up on it); it
    // must exist, or commands would wait for the cluster again with nothing to say so.
    const cluster = this as unknown as { flushQueue?: (error: Error) => void };
    if (typeof cluster.flushQueue !== "function")
      throw new Error("ioredis's Cluster has no flushQueue: connectRedis cannot bound how long commands wait");
    flush = (error) => cluster.flushQueue?.(error);
    this.#commandTimeout = bounds.commandTimeout;
  }

  override sendCommand(command: Command, stream?: Parameters<Cluster["sendCommand"]>[1], node?: unknown): unknown {
    // The node sets the same timer when it sends the command; the first one set is the one kept.
    if (this.#commandTimeout !== undefined) command.setTimeout(this.#commandTimeout);
    return super.sendCommand(command, stream, node);
  }
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
