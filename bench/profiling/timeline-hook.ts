/**
 * Loaded with `node --import` into a benchmark process (as bench/profiling/overview-timeline.ts
 * does): notes when each HTTP request reaches the process's server and is answered, and when each
 * undici call is created, written, and its reply's headers and end read, labelled by legacy
 * operation. Written as one JSON array to `$MAILGRAPH_TIMELINE_DIR/<pid>.json` at exit; nothing is
 * noted unless that variable is set.
 */
import { subscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { performance } from "node:perf_hooks";

/** One note: what happened, to which request of this process, and when. */
export interface TimelineNote {
  kind: "server-start" | "server-finish" | "call-create" | "call-write" | "call-headers" | "call-end";
  /** The request's number in this process. */
  id: number;
  /** The path a server request asked for, or the legacy operation a call makes ("" when unknown). */
  label: string;
  at: number;
}

/** The last segment of a SOAPAction (quoted URI) or of a path: the legacy operation it names. */
export function operationOf(soapAction: string | undefined, path: string): string {
  const source = soapAction ? soapAction.replace(/"/g, "") : (path.split("?")[0] ?? "");
  return source.slice(source.lastIndexOf("/") + 1);
}

const dir = process.env.MAILGRAPH_TIMELINE_DIR;
if (dir) {
  const notes: TimelineNote[] = [];
  // Wall clock at sub-millisecond resolution, so the notes of two processes on one host line up.
  const now = (): number => performance.timeOrigin + performance.now();
  const ids = new WeakMap<object, number>();
  let next = 0;
  const idOf = (object: object): number => {
    let id = ids.get(object);
    if (id === undefined) ids.set(object, (id = ++next));
    return id;
  };
  const server = (kind: "server-start" | "server-finish") => (message: unknown) => {
    const { request } = message as { request: IncomingMessage };
    const path = (request.url ?? "").split("?")[0] ?? "";
    const soapAction = request.headers.soapaction;
    const label =
      path === "/graphql" ? path : operationOf(typeof soapAction === "string" ? soapAction : undefined, path);
    notes.push({ kind, id: idOf(request), label, at: now() });
  };
  subscribe("http.server.request.start", server("server-start"));
  subscribe("http.server.response.finish", server("server-finish"));
  const labels = new WeakMap<object, string>();
  const call = (kind: "call-create" | "call-write" | "call-headers" | "call-end") => (message: unknown) => {
    const { request } = message as { request: { path: string; headers: unknown } };
    let label = labels.get(request);
    if (label === undefined) {
      // undici keeps a request's headers as one flat [name, value, …] array.
      const headers = Array.isArray(request.headers) ? (request.headers as unknown[]) : [];
      const at = headers.findIndex((h, i) => i % 2 === 0 && String(h).toLowerCase() === "soapaction");
      label = operationOf(at >= 0 ? String(headers[at + 1]) : undefined, request.path);
      labels.set(request, label);
    }
    notes.push({ kind, id: idOf(request), label, at: now() });
  };
  subscribe("undici:request:create", call("call-create"));
  subscribe("undici:client:sendHeaders", call("call-write"));
  subscribe("undici:request:headers", call("call-headers"));
  subscribe("undici:request:trailers", call("call-end"));
  process.once("exit", () => writeFileSync(`${dir}/${process.pid}.json`, JSON.stringify(notes)));
}
