/**
 * The sandbox's own endpoints, beside the service:
 * - GET /__sandbox/calls → `{ total, byOperation }`; POST /__sandbox/calls/reset;
 * - GET /__sandbox/outbox → `{ emails: [{ kind, to, listId?, campaignId?, at }] }`, the emails the
 *   service would have sent, oldest first;
 * - POST /__sandbox/files with JSON `{name, kind, content?, entries?, format?, width?}` hosts a file;
 * - GET /files/<name> serves a hosted file (HTML as a page; zips and images as a JSON description,
 *   since the sandbox keeps only what the template checks read).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RecordingCallLog } from "./call-log.js";
import { JSON_TYPE, readBody, requestOrigin, send } from "./http-io.js";
import { FILES_PATH } from "./operations/templates.js";
import type { SandboxFile } from "./rules/template-update.js";
import type { LegacyStore } from "./store.js";

const json = (res: ServerResponse, status: number, body: unknown): void =>
  send(res, status, JSON_TYPE, JSON.stringify(body));

const isText = (v: unknown): v is string => typeof v === "string";

/** A SandboxFile from an upload body, or the reason it is not one. */
export function fileFromJson(body: Record<string, unknown>): SandboxFile | string {
  switch (body.kind) {
    case "html":
      return isText(body.content) ? { kind: "html", content: body.content } : "html files need a text content";
    case "zip":
      return Array.isArray(body.entries) && body.entries.every(isText)
        ? { kind: "zip", entries: body.entries }
        : "zip files need entries, a list of file names";
    case "image":
      if (body.format !== "jpeg" && body.format !== "png" && body.format !== "gif") {
        return "image files need a format: jpeg, png or gif";
      }
      return typeof body.width === "number" && Number.isInteger(body.width) && body.width > 0
        ? { kind: "image", format: body.format, width: body.width }
        : "image files need a positive whole width";
    default:
      return "kind must be html, zip or image";
  }
}

async function uploadFile(store: LegacyStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)).toString("utf8"));
  } catch {
    json(res, 400, { error: "the body must be JSON" });
    return;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    json(res, 400, { error: "the body must be a JSON object" });
    return;
  }
  const fields = body as Record<string, unknown>;
  if (!isText(fields.name) || fields.name === "" || fields.name.includes("/")) {
    json(res, 400, { error: "name must be a non-empty file name without slashes" });
    return;
  }
  const file = fileFromJson(fields);
  if (typeof file === "string") {
    json(res, 400, { error: file });
    return;
  }
  store.putFile(fields.name, file);
  json(res, 201, { url: `${requestOrigin(req)}${FILES_PATH}${encodeURIComponent(fields.name)}` });
}

function serveFile(store: LegacyStore, res: ServerResponse, encodedName: string): void {
  let name: string;
  try {
    name = decodeURIComponent(encodedName);
  } catch {
    name = "";
  }
  const file = store.file(name);
  if (!file) json(res, 404, { error: "no such file" });
  else if (file.kind === "html") send(res, 200, "text/html; charset=utf-8", file.content);
  else json(res, 200, file);
}

/** Answers the sandbox's own endpoints; false when the path is none of them. */
export async function handleControl(
  store: LegacyStore,
  calls: RecordingCallLog,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const route = `${req.method} ${url.pathname}`;
  if (route === "GET /__sandbox/calls") json(res, 200, calls.summary());
  else if (route === "POST /__sandbox/calls/reset") {
    calls.reset();
    json(res, 200, calls.summary());
  } else if (route === "GET /__sandbox/outbox") json(res, 200, { emails: store.outbox() });
  else if (route === "POST /__sandbox/files") await uploadFile(store, req, res);
  else if (req.method === "GET" && url.pathname.startsWith(FILES_PATH)) {
    serveFile(store, res, url.pathname.slice(FILES_PATH.length));
  } else return false;
  return true;
}
