/**
 * A stand-in for the legacy service in front of the sandbox: it forwards every request, except
 * the operations a test scripts, which get a canned reply (a Result code, an HTML error page, a
 * reply that never comes in time) or the service's own reply with some text changed. Real HTTP on an ephemeral port; the gateway cannot tell it
 * from the service, which is the point: failures the sandbox never produces become reachable.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  DEFAULT_LEGACY_NAMESPACE,
  LEGACY_ERROR_NAMES,
  operation,
  type OperationName,
} from "../../../src/backends/legacy/catalog.js";
import { listen } from "../../../src/util/listen.js";

/** A canned reply. */
export interface ScriptedReply {
  status?: number;
  contentType?: string;
  body: string;
  /** Wait this long before answering (to run into the client's timeouts). */
  delayMs?: number;
}

/** The proxy and its script. */
export interface LegacyProxy {
  url: string;
  /** Answers `op` with `reply` from now on. */
  script(op: OperationName, reply: ScriptedReply): void;
  /** Answers `op` with a Result of `code` from now on. */
  scriptResult(op: OperationName, code: number): void;
  /** Forwards `op`, but passes the text of its replies through `edit` from now on. */
  rewrite(op: OperationName, edit: (body: string) => string): void;
  /**
   * Forwards `op` as before, but holds its replies back until the function returned is called
   * (then they, and any later ones, go on).
   */
  hold(op: OperationName): () => void;
  /** Forwards everything again, unchanged. */
  clear(): void;
  /** Requests per operation name the proxy saw (scripted or forwarded). */
  seen(op: string): number;
  /** The most requests that were open at the same time since the start (or the last reset). */
  maxInFlight(): number;
  resetCounts(): void;
  close(): Promise<void>;
}

/** The SOAP reply of `op` carrying a Result (typed as such where the operation returns more). */
export function soapResult(op: OperationName, code: number, namespace = DEFAULT_LEGACY_NAMESPACE): string {
  const typed = operation(op).result.kind === "status" ? "" : ' xsi:type="Result"';
  const message = LEGACY_ERROR_NAMES[code] ?? "Error";
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    `<soap:Body><${op}Response xmlns="${namespace}"><${op}Result${typed}>` +
    `<Code>${code}</Code><Message>${message.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</Message>` +
    `</${op}Result></${op}Response></soap:Body></soap:Envelope>`
  );
}

function operationOf(req: IncomingMessage, namespace: string): string {
  const action = String(req.headers.soapaction ?? "").replace(/^"|"$/g, "");
  if (action.startsWith(namespace)) return action.slice(namespace.length);
  // GET/POST: /api/api.asmx/<Operation>
  return decodeURIComponent((req.url ?? "").replace(/\?.*$/s, "").split("/").pop() ?? "");
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts a proxy forwarding to `target` (a sandbox origin). */
export async function startLegacyProxy(target: string, namespace = DEFAULT_LEGACY_NAMESPACE): Promise<LegacyProxy> {
  const scripted = new Map<string, ScriptedReply>();
  const rewrites = new Map<string, (body: string) => string>();
  /** Per held operation, the promise its replies wait for. */
  const held = new Map<string, Promise<void>>();
  const seen = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const op = operationOf(req, namespace);
    seen.set(op, (seen.get(op) ?? 0) + 1);
    const reply = scripted.get(op);
    if (reply) {
      const send = () => {
        res.writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "text/xml; charset=utf-8" });
        res.end(reply.body);
      };
      if (!reply.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send();
      }, reply.delayMs);
      timers.add(timer);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "soapaction"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const upstream = await fetch(`${target}${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
    });
    const edit = rewrites.get(op);
    const received = Buffer.from(await upstream.arrayBuffer());
    const answer = edit ? Buffer.from(edit(received.toString("utf8")), "utf8") : received;
    const release = held.get(op);
    if (release) {
      await release;
      if (res.destroyed) return;
    }
    res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "text/plain" });
    res.end(answer);
  };

  const server = await listen((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once("close", () => (inFlight -= 1));
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  return {
    url: server.url,
    script: (op, reply) => void scripted.set(op, reply),
    scriptResult: (op, code) => void scripted.set(op, { body: soapResult(op, code, namespace) }),
    hold(op) {
      let release = () => {};
      const waiting = new Promise<void>((resolve) => (release = resolve));
      held.set(op, waiting);
      // Idempotent, and it lets go of this hold only (not a later one of the same operation).
      return () => {
        if (held.get(op) === waiting) held.delete(op);
        release();
      };
    },
    rewrite: (op, edit) => void rewrites.set(op, edit),
    clear() {
      scripted.clear();
      rewrites.clear();
    },
    seen: (op) => seen.get(op) ?? 0,
    maxInFlight: () => maxInFlight,
    resetCounts() {
      seen.clear();
      maxInFlight = inFlight;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await server.close();
    },
  };
}
