/**
 * The legacy sandbox's own endpoints beside the service, for tests and demos: the calls it received,
 * the emails it would have sent, hosted files, list webhooks (the spec's management paths are "not
 * shown") and generated subscribers (handleControl lists them).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RecordingCallLog } from "./call-log.js";
import { JSON_TYPE, readBody, requestOrigin, send } from "./http-io.js";
import { LIST_EVENT_TYPES, type ListEventType } from "./list-events.js";
import { importSubscribers, MAX_IMPORT } from "./import.js";
import { FILES_PATH } from "./operations/templates.js";
import type { SandboxFile } from "./rules/template-update.js";
import type { LegacyStore } from "./store.js";
import type { LegacyWebhooks } from "./webhooks.js";
import { isWebhookUrl } from "../webhook-post.js";

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

/** The JSON object of a request body, or undefined once a 400 has been answered. */
async function readObject(req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | undefined> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)).toString("utf8"));
  } catch {
    json(res, 400, { error: "the body must be JSON" });
    return undefined;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    json(res, 400, { error: "the body must be a JSON object" });
    return undefined;
  }
  return body as Record<string, unknown>;
}

async function uploadFile(store: LegacyStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const fields = await readObject(req, res);
  if (!fields) return;
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

const isEventType = (v: unknown): v is ListEventType => LIST_EVENT_TYPES.some((t) => t === v);

async function registerWebhook(
  store: LegacyStore,
  webhooks: LegacyWebhooks,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const fields = await readObject(req, res);
  if (!fields) return;
  const { listId, url, format, events } = fields;
  if (!isText(listId) || !store.list(listId)) json(res, 400, { error: "listId must name a list" });
  else if (!isWebhookUrl(url)) json(res, 400, { error: "url must be an absolute http(s) URL" });
  else if (format !== "json" && format !== "xml") json(res, 400, { error: "format must be json or xml" });
  else if (!Array.isArray(events) || events.length === 0 || !events.every(isEventType)) {
    json(res, 400, { error: `events must be a non-empty list of ${LIST_EVENT_TYPES.join(", ")}` });
  } else {
    try {
      json(res, 201, webhooks.add({ listId: listId.trim(), url, format, events }));
    } catch (error) {
      json(res, 409, { error: error instanceof Error ? error.message : "refused" });
    }
  }
}

async function importList(store: LegacyStore, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const fields = await readObject(req, res);
  if (!fields) return;
  const { listId, count } = fields;
  if (!isText(listId) || !store.list(listId)) json(res, 400, { error: "listId must name a list" });
  else if (typeof count !== "number" || !Number.isInteger(count) || count < 1 || count > MAX_IMPORT) {
    json(res, 400, { error: `count must be a whole number from 1 to ${MAX_IMPORT}` });
  } else {
    const added = importSubscribers(store, listId, count);
    json(res, 200, { listId: listId.trim(), imported: added.length, first: added[0], last: added.at(-1) });
  }
}

const WEBHOOK_PATH = /^\/__sandbox\/webhooks\/([^/]+)(\/activate)?$/;

async function handleWebhooks(
  store: LegacyStore,
  webhooks: LegacyWebhooks,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const route = `${req.method} ${url.pathname}`;
  if (route === "POST /__sandbox/webhooks") await registerWebhook(store, webhooks, req, res);
  else if (route === "GET /__sandbox/webhooks") {
    json(res, 200, { webhooks: webhooks.list(url.searchParams.get("listId") ?? undefined) });
  } else if (route === "POST /__sandbox/webhooks/deliver") {
    await webhooks.deliverDue();
    json(res, 200, { webhooks: webhooks.list() });
  } else if (route === "POST /__sandbox/import") await importList(store, req, res);
  else {
    const match = WEBHOOK_PATH.exec(url.pathname);
    const id = match?.[1];
    if (id === undefined) return false;
    const activate = match?.[2] !== undefined;
    if (req.method === "GET" && !activate) {
      const view = webhooks.get(id);
      if (view) json(res, 200, view);
      else json(res, 404, { error: "no such webhook" });
    } else if (req.method === "DELETE" && !activate) {
      if (webhooks.remove(id)) send(res, 204, JSON_TYPE, "");
      else json(res, 404, { error: "no such webhook" });
    } else if (req.method === "POST" && activate) {
      const view = webhooks.activate(id);
      if (view) json(res, 200, view);
      else json(res, 404, { error: "no such webhook" });
    } else return false;
  }
  return true;
}

/**
 * Answers the sandbox's own endpoints; false when the path is none of them:
 * - GET /__sandbox/calls → `{ total, byOperation }`; POST /__sandbox/calls/reset;
 * - GET /__sandbox/outbox → `{ emails: [{ kind, to, listId?, campaignId?, at }] }`, the emails the
 *   service would have sent, oldest first;
 * - POST /__sandbox/files with JSON `{name, kind, content?, entries?, format?, width?}` hosts a file;
 * - GET /files/<name> serves a hosted file (HTML as a page; zips and images as a JSON description,
 *   since the sandbox keeps only what the template checks read);
 * - list webhooks (the spec's management paths are "not shown"): POST /__sandbox/webhooks with
 *   `{listId, url, format: "json"|"xml", events: ["Subscribe"|"Update"|"Deactivate", …]}` → 201;
 *   GET /__sandbox/webhooks[?listId=]; GET or DELETE /__sandbox/webhooks/<id>;
 *   POST /__sandbox/webhooks/<id>/activate; POST /__sandbox/webhooks/deliver delivers what is due;
 * - POST /__sandbox/import with `{listId, count}` adds `count` generated subscribers to a list.
 */
export async function handleControl(
  store: LegacyStore,
  calls: RecordingCallLog,
  webhooks: LegacyWebhooks,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (await handleWebhooks(store, webhooks, req, res, url)) return true;
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
