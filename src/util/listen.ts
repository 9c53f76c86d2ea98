/**
 * Starts a node:http server and returns its URL and a close() that also ends idle keep-alive
 * connections, so tests and `npm start` shut down promptly. Port 0 picks a free port.
 */
import { createServer, type RequestListener, type Server } from "node:http";

/** A listening HTTP server. */
export interface Listening {
  readonly server: Server;
  /** Origin of the server, e.g. http://127.0.0.1:4101 (no trailing slash). */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function listen(
  handler: RequestListener,
  options: { port?: number; host?: string } = {},
): Promise<Listening> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    server,
    port,
    url: `http://${shownHost}:${port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Streams (SSE, long polls) would hold close() forever; a short grace, then cut them.
        setTimeout(() => server.closeAllConnections(), 250).unref();
      });
      return closing;
    },
  };
}
