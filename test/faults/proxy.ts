/**
 * A fault-injecting HTTP proxy for tests, between the gateway and a sandbox. Each request it
 * receives gets one fault, fixed or drawn from weights with a seeded PRNG (the same seed gives
 * the same sequence):
 *
 * - `pass`: forwarded to the target, its reply relayed;
 * - `hang`: never answered (the connection stays open until the proxy closes);
 * - `reset`: the connection is reset (TCP RST) without an answer;
 * - `garbage`: random bytes instead of an HTTP reply, then the connection closes;
 * - `500`: an HTML error page with status 500, as a crashing server or a proxy sends;
 * - `429`: too many requests, with `Retry-After: 0`;
 * - `drop-reply`: forwarded, and once the target has answered the connection is reset: the
 *   backend did the work and the caller never hears of it (a retried write would show twice).
 *
 * It counts requests by fault and by method, so tests can tell what reached the proxy from what
 * reached the sandbox behind it.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { listen, type Listening } from "../../src/util/listen.js";

export const FAULTS = ["pass", "hang", "reset", "garbage", "500", "429", "drop-reply"] as const;
export type Fault = (typeof FAULTS)[number];

/** Weights of the faults to draw from; a fault without a weight is never drawn. */
export type FaultWeights = Partial<Record<Fault, number>>;

/** mulberry32: a small seeded PRNG with a uniform output in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One request the proxy received. */
export interface ProxiedRequest {
  readonly method: string;
  readonly path: string;
  /** The legacy operation a SOAP request names ("" otherwise). */
  readonly soapAction: string;
  readonly fault: Fault;
}

export interface FaultProxy {
  /** Origin of the proxy (put it where the sandbox's origin would go). */
  readonly url: string;
  /**
   * Every request from now on gets this fault, or one drawn from these weights; with `when`, only
   * the requests it matches (the others pass).
   */
  set(mode: Fault | FaultWeights, when?: (req: IncomingMessage) => boolean): void;
  /** Every request received: method, path without the query, SOAPAction, and the fault it got. */
  readonly log: readonly ProxiedRequest[];
  /** Requests received, by the fault they got. */
  readonly byFault: Record<Fault, number>;
  /** Requests received, by method. */
  readonly byMethod: Record<string, number>;
  /** Requests received in all. */
  total(): number;
  /** Forgets the counts. */
  resetCounts(): void;
  close(): Promise<void>;
}

function pick(weights: FaultWeights, random: () => number): Fault {
  const entries = FAULTS.map((f) => [f, weights[f] ?? 0] as const).filter(([, w]) => w > 0);
  const sum = entries.reduce((s, [, w]) => s + w, 0);
  let r = random() * sum;
  for (const [fault, weight] of entries) {
    r -= weight;
    if (r < 0) return fault;
  }
  return entries[entries.length - 1]?.[0] ?? "pass";
}

/** Starts a proxy to `target` (an origin) with `seed` for its draws; every request passes until `set`. */
export async function startFaultProxy(target: string, seed: number): Promise<FaultProxy> {
  const random = seededRandom(seed);
  const origin = new URL(target);
  let mode: Fault | FaultWeights = "pass";
  let when: ((req: IncomingMessage) => boolean) | undefined;
  const log: ProxiedRequest[] = [];
  const byFault = Object.fromEntries(FAULTS.map((f) => [f, 0])) as Record<Fault, number>;
  const byMethod: Record<string, number> = {};
  const hanging = new Set<ServerResponse>();

  const forward = (req: IncomingMessage, res: ServerResponse, dropReply: boolean) => {
    const upstream = httpRequest(
      {
        host: origin.hostname,
        port: origin.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: origin.host },
      },
      (reply) => {
        if (dropReply) {
          // The backend answered; the caller never learns what.
          reply.resume();
          reply.once("end", () => req.socket.resetAndDestroy());
          return;
        }
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on("error", () => req.socket.destroy());
    req.pipe(upstream);
  };

  const proxy: Listening = await listen((req, res) => {
    const fault = when && !when(req) ? "pass" : typeof mode === "string" ? mode : pick(mode, random);
    byFault[fault] += 1;
    const action = req.headers.soapaction;
    log.push({
      method: req.method ?? "",
      path: (req.url ?? "").split("?")[0] ?? "",
      soapAction: typeof action === "string" ? (action.replace(/"/g, "").split("/").pop() ?? "") : "",
      fault,
    });
    byMethod[req.method ?? ""] = (byMethod[req.method ?? ""] ?? 0) + 1;
    switch (fault) {
      case "pass":
      case "drop-reply":
        forward(req, res, fault === "drop-reply");
        return;
      case "hang":
        req.resume();
        hanging.add(res);
        res.once("close", () => hanging.delete(res));
        return;
      case "reset":
        req.socket.resetAndDestroy();
        return;
      case "garbage": {
        req.resume();
        const bytes = Buffer.alloc(64 + Math.floor(random() * 512));
        for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
        req.socket.end(bytes);
        return;
      }
      case "500":
        req.resume();
        res.writeHead(500, { "content-type": "text/html; charset=utf-8", connection: "close" });
        res.end("<html><body><h1>500 Internal Server Error</h1></body></html>");
        return;
      case "429":
        req.resume();
        res.writeHead(429, { "content-type": "application/json", "retry-after": "0" });
        res.end(JSON.stringify({ error: { code: "too_many_requests", message: "Slow down." } }));
        return;
    }
  });

  return {
    url: proxy.url,
    set(next, match) {
      mode = next;
      when = match;
    },
    log,
    byFault,
    byMethod,
    total: () => Object.values(byFault).reduce((s, n) => s + n, 0),
    resetCounts() {
      for (const f of FAULTS) byFault[f] = 0;
      for (const m of Object.keys(byMethod)) delete byMethod[m];
      log.length = 0;
    },
    async close() {
      for (const res of hanging) res.socket?.destroy();
      await proxy.close();
    },
  };
}
