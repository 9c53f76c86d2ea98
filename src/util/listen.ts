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

/** Where to listen, and what to call the server (and its port setting) when that fails. */
export interface ListenOptions {
  port?: number;
  host?: string;
  /** e.g. "the gateway"; named in the error when the port cannot be had. */
  name?: string;
  /** The setting that chooses the port, e.g. "PORT". */
  portSetting?: string;
  /**
   * How long a client may take to send a whole request, headers and body (node:http answers 408
   * and closes after), and its headers alone. node:http's defaults (300 s and 60 s) let a client
   * that trickles a body hold the buffer it fills for five minutes. A response (an SSE stream) is
   * not bound by either.
   */
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
}

export async function listen(handler: RequestListener, options: ListenOptions = {}): Promise<Listening> {
  const host = options.host ?? "127.0.0.1";
  const { requestTimeoutMs, headersTimeoutMs } = options;
  const server = createServer(
    {
      ...(requestTimeoutMs !== undefined ? { requestTimeout: requestTimeoutMs } : {}),
      ...(headersTimeoutMs !== undefined ? { headersTimeout: headersTimeoutMs } : {}),
      // node:http looks for requests past their time this often (default 30 s, so a 408 could come
      // that much late); a quarter of the shortest timeout keeps it close.
      ...(requestTimeoutMs !== undefined || headersTimeoutMs !== undefined
        ? {
            connectionsCheckingInterval: Math.max(
              50,
              Math.min(30_000, Math.floor(Math.min(requestTimeoutMs ?? Infinity, headersTimeoutMs ?? Infinity) / 4)),
            ),
          }
        : {}),
    },
    handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, host, options)));
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

/** An error that says which server could not listen where, and what to change. */
function listenError(error: NodeJS.ErrnoException, host: string, options: ListenOptions): Error {
  const who = options.name ?? "a server";
  const where = `${host.includes(":") ? `[${host}]` : host}:${options.port ?? 0}`;
  const change = options.portSetting ? ` (set ${options.portSetting} to another port)` : "";
  if (error.code === "EADDRINUSE")
    return new Error(`${who} could not listen on ${where}: the port is already in use${change}`, { cause: error });
  if (error.code === "EACCES")
    return new Error(`${who} may not listen on ${where}: permission denied${change}`, { cause: error });
  if (error.code === "EADDRNOTAVAIL")
    return new Error(`${who} could not listen on ${where}: no such local address (check HOST)`, { cause: error });
  return new Error(`${who} could not listen on ${where}: ${error.message}`, { cause: error });
}
