/**
 * A legacy service with two accounts: it reads the ApiKey of each request (SOAP element, query
 * string or form field) and forwards the request to the sandbox that owns that key. Each sandbox
 * accepts only its own key, so a request that reached an account with another caller's key
 * would be refused there (code 100) and show up in the wrong sandbox's call log.
 */
import type { IncomingMessage } from "node:http";
import { listen } from "../../../src/util/listen.js";

/** The router and what it saw. */
export interface KeyRouter {
  url: string;
  /** Requests that carried `key`. */
  requestsWith(key: string): number;
  /** Forgets the counts. */
  reset(): void;
  close(): Promise<void>;
}

function apiKeyOf(req: IncomingMessage, body: string): string | undefined {
  const query = new URL(req.url ?? "/", "http://router").searchParams.get("ApiKey");
  if (query !== null) return query;
  if (String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
    return new URLSearchParams(body).get("ApiKey") ?? undefined;
  }
  return /<(?:[\w.-]+:)?ApiKey>([^<]*)<\/(?:[\w.-]+:)?ApiKey>/.exec(body)?.[1];
}

/** Starts a router sending each key's requests to `targets[key]` (a sandbox origin); other keys go to `fallback`. */
export async function startKeyRouter(targets: Record<string, string>, fallback: string): Promise<KeyRouter> {
  const counts = new Map<string, number>();
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const key = apiKeyOf(req, body.toString("utf8")) ?? "";
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "soapaction"]) {
        const value = req.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      fetch(`${targets[key] ?? fallback}${req.url ?? "/"}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
      })
        .then(async (upstream) => {
          res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "text/plain" });
          res.end(Buffer.from(await upstream.arrayBuffer()));
        })
        .catch(() => {
          if (!res.headersSent) res.writeHead(502);
          res.end();
        });
    });
  });
  return {
    url: server.url,
    requestsWith: (key) => counts.get(key) ?? 0,
    reset: () => counts.clear(),
    close: () => server.close(),
  };
}
