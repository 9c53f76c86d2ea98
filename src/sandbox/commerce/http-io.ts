/**
 * Small request/response helpers of the sandbox: bounded body reading, JSON and HTML replies,
 * and the origin absolute URLs are built from.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { badRequest } from "./api-error.js";

/** Bodies above this are refused; the interface never needs more. */
const MAX_BODY_BYTES = 1024 * 1024;

/** A handler's answer, written by the dispatcher. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Serialized as JSON unless `text` is given. */
  json?: unknown;
  text?: string;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw badRequest(`request body exceeds ${MAX_BODY_BYTES} bytes`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Parses a JSON request body; an empty or non-JSON body is a 400. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("request body is not valid JSON");
  }
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let body = "";
  if (reply.text !== undefined) {
    body = reply.text;
    headers["content-type"] ??= "text/plain; charset=utf-8";
  } else if (reply.json !== undefined) {
    body = JSON.stringify(reply.json);
    headers["content-type"] = "application/json; charset=utf-8";
  }
  headers["content-length"] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}

/** A JSON reply with status 200 unless given. */
export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  json: body,
  ...(headers ? { headers } : {}),
});

/** An HTML page that may not be framed (the consent page must not be clickjackable). */
export const html = (page: string, status = 200): Reply => ({
  status,
  text: page,
  headers: {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
  },
});

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origin clients reached us at, so absolute URLs (nextPage, job results) work behind a port
 * mapping too. A Host header that is not a plain host[:port] falls back to the listening address.
 */
export function requestOrigin(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host && HOST_PATTERN.test(host) ? `http://${host}` : fallback;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
