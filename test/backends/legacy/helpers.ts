/** Shared setup of the legacy client tests: limits, a client factory and a scripted reply server. */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpLimits } from "../../../src/config.js";
import { DEFAULT_LEGACY_NAMESPACE, type LegacyTransport } from "../../../src/backends/legacy/catalog.js";
import { LegacyClient } from "../../../src/backends/legacy/client.js";
import { listen, type Listening } from "../../../src/util/listen.js";

/** Generous limits for tests; override one to provoke a failure. */
export function testLimits(overrides: Partial<HttpLimits> = {}): HttpLimits {
  return {
    connectTimeoutMs: 5_000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
    maxResponseBytes: 1024 * 1024,
    connections: 4,
    deadlineMs: 20_000,
    ...overrides,
  };
}

/** A client of `url` with the sandbox namespace. */
export function clientFor(
  url: string,
  transport: LegacyTransport,
  options: { apiKey?: string; limits?: Partial<HttpLimits> } = {},
): LegacyClient {
  return new LegacyClient({
    url,
    transport,
    namespace: DEFAULT_LEGACY_NAMESPACE,
    apiKey: options.apiKey,
    limits: testLimits(options.limits),
  });
}

/** A request the scripted server received. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A node:http server answering each request with `reply`; records what it received. */
export async function scriptedServer(
  reply: (req: Received, res: ServerResponse) => void,
): Promise<Listening & { received: Received[] }> {
  const received: Received[] = [];
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(entry);
      reply(entry, res);
    });
  });
  return Object.assign(server, { received });
}

/** Sends an XML document with status 200. */
export function sendXml(res: ServerResponse, xml: string, status = 200): void {
  res.writeHead(status, { "content-type": "text/xml; charset=utf-8" });
  res.end(xml);
}
