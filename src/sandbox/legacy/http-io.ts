/**
 * Small helpers for node:http: bounded body reading and writing complete replies.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** Bodies beyond this are refused with 413; the service's requests are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The request body is larger than MAX_BODY_BYTES. */
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body too large");
    this.name = "BodyTooLargeError";
  }
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
  return Buffer.concat(chunks);
}

/** Writes a complete reply. */
export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const bytes = Buffer.from(body, "utf8");
  res.writeHead(status, { ...headers, "content-type": contentType, "content-length": String(bytes.length) });
  res.end(bytes);
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
