/**
 * A three-node Redis Cluster of real redis-server processes on ports of its own (no replicas), for
 * suites that must show the gateway's keys and scripts work on a cluster. One per test file: start
 * it in beforeAll, stop it in afterAll. Nodes are joined with CLUSTER MEET and ADDSLOTSRANGE (no
 * redis-cli needed), and the cluster is handed over once every node reports `cluster_state:ok` and
 * the same three slot ranges. stopNodes and startNodes take the whole cluster down and bring it back
 * (same ports, same cluster config, no data), for suites that show how the gateway lives through an
 * outage.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { freePort } from "./child-process.js";

/** A running cluster. */
export interface RedisCluster {
  /** REDIS_URL of the cluster: `redis+cluster://127.0.0.1:<p1>,127.0.0.1:<p2>,127.0.0.1:<p3>/`. */
  readonly url: string;
  /** The nodes' client ports. */
  readonly ports: readonly number[];
  /** Kills every node, keeping its cluster config: the cluster is down until startNodes. */
  stopNodes(): Promise<void>;
  /** Starts the stopped nodes again on their ports and waits until they serve every slot again. */
  startNodes(): Promise<void>;
  /** Stops every node and removes its files. */
  stop(): Promise<void>;
}

const SLOTS: readonly [number, number][] = [
  [0, 5460],
  [5461, 10922],
  [10923, 16383],
];
const READY_WITHIN_MS = 20_000;

/** Starts three cluster nodes on free ports, joins them and waits until they serve every slot. */
export async function startRedisCluster(): Promise<RedisCluster> {
  const dir = await mkdtemp(join(tmpdir(), "mailgraph-cluster-"));
  const ports: number[] = [];
  const busPorts: number[] = [];
  let processes: ChildProcess[] = [];
  let clients: Redis[] = [];
  const stopNodes = async (): Promise<void> => {
    for (const client of clients) client.disconnect();
    clients = [];
    await Promise.all(
      processes.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGKILL"); // nothing of a test cluster needs saving
          }),
      ),
    );
    processes = [];
  };
  const stop = async (): Promise<void> => {
    await stopNodes();
    await rm(dir, { recursive: true, force: true });
  };
  /** Starts the node of `ports[at]` (its cluster config file, if any, makes it rejoin) and waits for its PING. */
  const startNode = async (at: number): Promise<void> => {
    const port = ports[at] as number;
    // The arguments `redis-server --cluster-enabled yes --port <p> --save "" --appendonly no` would get.
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--cluster-port",
        String(busPorts[at]),
        "--bind",
        "127.0.0.1",
        "--cluster-enabled",
        "yes",
        "--cluster-config-file",
        join(dir, `nodes-${port}.conf`),
        "--cluster-node-timeout",
        "5000",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "no",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    // What it said, for the error when it does not come up (redis-server writes config errors to stdout).
    let said = "";
    let failed = false;
    const hear = (chunk: Buffer) => void (said = (said + chunk.toString()).slice(-2000));
    child.stdout?.on("data", hear);
    child.stderr?.on("data", hear);
    child.once("error", (error) => {
      failed = true;
      said += `${error.message} (redis-server 7 or later must be on the PATH)`;
    });
    processes.push(child);
    const client = new Redis(port, "127.0.0.1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    client.on("error", () => undefined);
    clients.push(client);
    await until(async () => {
      if (failed || child.exitCode !== null) throw new Error(`redis-server on port ${port} did not start: ${said}`);
      await client.connect().catch(() => undefined);
      return (await client.ping().catch(() => "")) === "PONG";
    }, `redis-server on port ${port} answers`);
  };
  const serving = () =>
    until(async () => {
      for (const client of clients) {
        const info = String(await client.call("CLUSTER", "INFO"));
        if (!/cluster_state:ok/.test(info) || !/cluster_known_nodes:3\b/.test(info)) return false;
        const slots = (await client.call("CLUSTER", "SLOTS")) as unknown[];
        if (slots.length !== SLOTS.length) return false;
      }
      return true;
    }, "the three nodes agree on the slots");
  const startNodes = async (): Promise<void> => {
    if (processes.length > 0) throw new Error("startNodes: the nodes are running (stopNodes first)");
    try {
      for (const at of ports.keys()) await startNode(at);
      await serving();
    } catch (error) {
      await stopNodes();
      throw error;
    }
  };
  try {
    // Ports taken one after another, all kept apart: the bus ports are named (cluster-port), not port + 10000.
    while (ports.length < SLOTS.length) {
      const port = await freePort();
      const bus = await freePort();
      if (new Set([...ports, ...busPorts, port, bus]).size !== ports.length + busPorts.length + 2) continue;
      ports.push(port);
      busPorts.push(bus);
    }
    for (const at of ports.keys()) await startNode(at);
    const [first] = clients as [Redis, ...Redis[]];
    for (const [at, port] of ports.entries()) {
      const [from, to] = SLOTS[at] as [number, number];
      await clients[at]?.call("CLUSTER", "ADDSLOTSRANGE", from, to);
      if (at > 0) await first.call("CLUSTER", "MEET", "127.0.0.1", port, busPorts[at] as number);
    }
    await serving();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `redis+cluster://${ports.map((port) => `127.0.0.1:${port}`).join(",")}/`,
    ports,
    stopNodes,
    startNodes,
    stop,
  };
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline)
      throw new Error(`the test cluster did not come up: ${what} (within ${READY_WITHIN_MS} ms)`);
    await sleep(50);
  }
}
