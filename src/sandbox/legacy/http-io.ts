/**
 * Small helpers for node:http: bounded body reading and writing complete replies.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ReplyDelay } from "./reply-delay.js";

/** Bodies beyond this are refused with 413; the service's requests are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The request body is larger than MAX_BODY_BYTES. */
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
    this.name = "BodyTooLargeError";
  }
}

/** The latency each request's reply is held back by, when its sandbox has one. */
const delays = new WeakMap<IncomingMessage, ReplyDelay>();

/** Holds the reply to `req` back by `delay` (see reply-delay.ts); call when it arrives. */
export function delayReply(req: IncomingMessage, delay: ReplyDelay): void {
  delays.set(req, delay);
  delay.arrived(req);
}

/** The request's own work stops (it waits for its turn or for its body) until resumeWork. */
export function pauseWork(req: IncomingMessage): void {
  delays.get(req)?.pause(req);
}

/** Work on the request goes on. */
export function resumeWork(req: IncomingMessage): void {
  delays.get(req)?.resume(req);
}

/** Reads the whole body; rejects with BodyTooLargeError past the cap. */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      // Discard the rest instead of stalling the sender, so it gets to read the 413.
      req.resume();
      throw new BodyTooLargeError();
    }
    chunks.push(chunk as Buffer);
  }
  delays.get(req)?.resume(req);
  return Buffer.concat(chunks);
}

/**
 * Writes a complete reply. The body goes to end() as a string so node sends the head and the
 * body in one write.
 */
export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const write = (): void => {
    res.writeHead(status, {
      ...headers,
      "content-type": contentType,
      "content-length": String(Buffer.byteLength(body, "utf8")),
    });
    res.end(body, "utf8");
  };
  const delay = delays.get(res.req);
  if (delay) delay.send(res.req, write);
  else write();
}

export const XML_TYPE = "text/xml; charset=utf-8";
export const TEXT_TYPE = "text/plain; charset=utf-8";
export const JSON_TYPE = "application/json; charset=utf-8";

/** The media type of a request without parameters, lower-cased. */
export function mediaType(req: IncomingMessage): string {
  const [type = ""] = (req.headers["content-type"] ?? "").split(";");
  return type.trim().toLowerCase();
}

/** The origin the caller used to reach us (for absolute URLs in replies). */
export function requestOrigin(req: IncomingMessage): string {
  return `http://${req.headers.host ?? "127.0.0.1"}`;
}
