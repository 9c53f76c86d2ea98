/**
 * What a REDIS_URL names: one server (`redis://`, `rediss://`) or the seed nodes of a Redis Cluster
 * (`redis+cluster://host:port,host:port/`, `rediss+cluster://…`). Apart from connect.ts, so the
 * config can check a URL without loading ioredis.
 */

const CLUSTER_URL = /^(rediss?)\+cluster:\/\/(?:([^@/]*)@)?([^/?#]+)\/?$/;

/** Whether `url` names a Redis Cluster (`redis+cluster://` or `rediss+cluster://`). */
export function isClusterUrl(url: string): boolean {
  return /^rediss?\+cluster:\/\//.test(url);
}

/** The seed nodes and credentials of a cluster URL; a message naming what is wrong otherwise. */
export function parseClusterUrl(
  url: string,
): { nodes: { host: string; port: number }[]; username?: string; password?: string; tls: boolean } | string {
  const match = CLUSTER_URL.exec(url);
  if (!match)
    return "must be redis+cluster://[user:password@]host:port,host:port/ (no database number: a cluster has one)";
  const [, scheme, auth, hosts] = match as unknown as [string, string, string | undefined, string];
  const nodes: { host: string; port: number }[] = [];
  for (const hostPort of hosts.split(",")) {
    let parsed: URL;
    try {
      parsed = new URL(`redis://${hostPort.trim()}`);
    } catch {
      return "names a node that is not host:port";
    }
    if (!parsed.hostname || parsed.username || parsed.pathname !== "") return "names a node that is not host:port";
    // IPv6 hosts come back in brackets; net.connect wants them bare.
    nodes.push({ host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"), port: Number(parsed.port || 6379) });
  }
  let username: string | undefined;
  let password: string | undefined;
  if (auth !== undefined) {
    const cut = auth.indexOf(":");
    username = decodeURIComponent(cut < 0 ? auth : auth.slice(0, cut)) || undefined;
    password = cut < 0 ? undefined : decodeURIComponent(auth.slice(cut + 1));
  }
  return { nodes, username, password, tls: scheme === "rediss" };
}
