/**
 * A real HTTP server on port 0 that records every webhook request it gets and answers with the
 * status a test chooses.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as it arrived. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** The sandbox clock when it arrived, when the test gives one. */
  at?: number;
}

/** A listening receiver. */
export interface Receiver {
  url: string;
  received: Received[];
  /** The status of the next answers (default 200). */
  status: number;
  /** Resolves once `count` requests have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(clock?: () => number): Promise<Receiver> {
  const received: Received[] = [];
  const receiver: Receiver = {
    url: "",
    received,
    status: 200,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} requests arrived`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry: Received = { headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      if (clock) entry.at = clock();
      received.push(entry);
      res.writeHead(receiver.status, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
