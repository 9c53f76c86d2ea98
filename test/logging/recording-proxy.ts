/**
 * A pass-through HTTP proxy in front of a sandbox that records the headers of every request it
 * forwards: how tests see what the gateway sends to a backend (request ids, traceparent).
 */
import { createServer, request, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordingProxy {
  /** Origin of the proxy, e.g. http://127.0.0.1:40123. */
  readonly url: string;
  /** Method, path and headers of each request forwarded, in arrival order. */
  readonly seen: { method: string; path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Starts a proxy on a free loopback port forwarding everything to `target` (an origin). */
export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const seen: RecordingProxy["seen"] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers });
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
