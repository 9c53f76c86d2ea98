/**
 * A tiny local HTTP server whose every reply a test scripts, to play a hostile or broken backend.
 * It records what it received so tests can assert that nothing (or exactly what) was sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { listen, type Listening } from "../../../../src/util/listen.js";

/** One request as the stub saw it. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** The client's port: the same port on two requests means one kept-alive connection. */
  remotePort: number | undefined;
}

export type StubHandler = (req: Received, res: ServerResponse) => unknown;

export interface Stub extends Listening {
  received: Received[];
  /** Replaces the handler for the following requests. */
  handle(handler: StubHandler): void;
}

export async function startStub(initial: StubHandler = (_req, res) => res.end()): Promise<Stub> {
  let handler = initial;
  const received: Received[] = [];
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      const r: Received = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body,
        remotePort: req.socket.remotePort,
      };
      received.push(r);
      void Promise.resolve(handler(r, res)).catch(() => res.destroy());
    });
  });
  return Object.assign(server, { received, handle: (h: StubHandler) => void (handler = h) });
}

/** Answers JSON with a status. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
