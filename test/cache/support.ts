/**
 * Rigs of the cache suites: gateways sharing one Redis (each run under its own key prefix), a Redis
 * that can be cut off (a TCP relay to 127.0.0.1:6379 that drops every connection while stopped),
 * and a legacy relay that holds chosen replies until released, for reads in flight across a write.
 */
import { randomUUID } from "node:crypto";
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

export const CACHE_SECRET = "a cache secret of at least thirty-two bytes";

/** The env of a gateway caching in the Redis of `redisUrl` under `prefix`. */
export function cachedEnv(redisUrl: string, prefix: string): Record<string, string> {
  return { CACHE: "on", CACHE_SECRET, REDIS_URL: redisUrl, EVENT_LOG_KEY_PREFIX: prefix };
}

/** A fresh key prefix, so runs never see each other's entries. */
export function freshPrefix(): string {
  return `cachetest-${randomUUID().slice(0, 8)}:`;
}

/** Posts `text` to `origin` and returns the whole answer, extensions included. */
export async function post(
  origin: string,
  text: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<{
  data?: Record<string, unknown> | null;
  errors?: { extensions?: { code?: string } }[];
  extensions?: Record<string, unknown>;
}> {
  const res = await fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", ...headers },
    body: JSON.stringify({ query: text, variables }),
  });
  return (await res.json()) as never;
}

/** A TCP relay to a Redis: `stop()` drops every connection and refuses new ones until `start()`. */
export class RedisRelay {
  #server: net.Server | undefined;
  readonly #sockets = new Set<net.Socket>();
  port = 0;

  constructor(readonly target = { host: "127.0.0.1", port: 6379 }) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on("close", () => this.#sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(db = 12): string {
    return `redis://127.0.0.1:${this.port}/${db}`;
  }
}

/** An HTTP relay to a legacy service that holds replies to operations `hold` names until released. */
export class HoldingRelay {
  readonly #server: Server;
  #held: (() => void)[] = [];
  #waiters: (() => void)[] = [];
  hold: string | undefined;
  url = "";

  constructor(readonly target: string) {
    this.#server = createServer((req, res) => void this.#relay(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  /** Resolves once a reply is being held. */
  held(): Promise<void> {
    if (this.#held.length > 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  release(): void {
    const held = this.#held;
    this.#held = [];
    this.hold = undefined;
    for (const go of held) go();
  }

  close(): Promise<void> {
    this.release();
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  async #relay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const target = new URL(req.url ?? "/", this.target);
    const upstream = await new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>(
      (resolve, reject) => {
        const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (reply) => {
          const parts: Buffer[] = [];
          reply.on("data", (c: Buffer) => parts.push(c));
          reply.on("end", () =>
            resolve({ status: reply.statusCode ?? 502, headers: reply.headers, body: Buffer.concat(parts) }),
          );
        });
        out.on("error", reject);
        out.end(body);
      },
    );
    const names = `${req.url ?? ""} ${String(req.headers.soapaction ?? "")} ${body.toString("utf8", 0, 2000)}`;
    if (this.hold && names.includes(this.hold)) {
      await new Promise<void>((resolve) => {
        this.#held.push(resolve);
        for (const w of this.#waiters.splice(0)) w();
      });
    }
    res.writeHead(upstream.status, upstream.headers);
    res.end(upstream.body);
  }
}
