/** Talking to a gateway by persisted document id, over HTTP, SSE and graphql-ws. */
import type { TypedDocumentNode } from "@graphql-typed-document-node/core";
import type { Client } from "graphql-ws";
import { send, type RawResponse } from "../server/support.js";

/** The id the client preset put on a generated document. */
export function idOf(document: TypedDocumentNode<unknown, never> | { __meta__?: { hash?: string } }): string {
  const hash = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
  if (!hash) throw new Error("the document carries no persisted id: run `npm run codegen`");
  return hash;
}

/** POSTs a body (documentId, query, extensions, variables) as JSON. */
export function postBody(origin: string, body: Record<string, unknown>): Promise<RawResponse> {
  return send(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify(body),
  });
}

/** GETs /graphql with the given search parameters (objects as JSON), as a non-simple request. */
export function getWith(origin: string, params: Record<string, unknown>): Promise<RawResponse> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    search.set(name, typeof value === "string" ? value : JSON.stringify(value));
  }
  return send(`${origin}/graphql?${search}`, {
    headers: { accept: "application/graphql-response+json", "x-graphql-yoga-csrf": "1" },
  });
}

/** What an SSE request delivered. */
export interface SseStream {
  status: Promise<number>;
  /** Parsed `data:` of each `next` event (or of an error answer). */
  results: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] }[];
  /** Resolves when the stream ends: "complete" (a complete event), "end" (the body ended without one). */
  ended: Promise<"complete" | "end">;
  stop(): void;
}

/**
 * Asks for text/event-stream and reads the events as they come: a POST of `body` as JSON, or with
 * `method: "GET"` the same parameters in the URL (objects as JSON).
 */
export function sse(origin: string, body: Record<string, unknown>, method: "POST" | "GET" = "POST"): SseStream {
  const controller = new AbortController();
  let resolveStatus!: (status: number) => void;
  const status = new Promise<number>((resolve) => (resolveStatus = resolve));
  const results: SseStream["results"] = [];
  const ended = (async (): Promise<"complete" | "end"> => {
    const search = new URLSearchParams(
      Object.entries(body).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]),
    );
    const res =
      method === "GET"
        ? await fetch(`${origin}/graphql?${search}`, {
            headers: { accept: "text/event-stream", "x-graphql-yoga-csrf": "1" },
            signal: controller.signal,
          })
        : await fetch(`${origin}/graphql`, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "text/event-stream" },
            body: JSON.stringify(body),
            signal: controller.signal,
          });
    resolveStatus(res.status);
    if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      results.push(JSON.parse(await res.text()) as SseStream["results"][number]);
      return "end";
    }
    const decoder = new TextDecoder();
    let buffer = "";
    let complete = false;
    for await (const chunk of res.body!) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(message)?.[1];
        const data = /^data: (.*)$/m.exec(message)?.[1];
        if (event === "complete") complete = true;
        else if (data) results.push(JSON.parse(data) as SseStream["results"][number]);
      }
    }
    return complete ? "complete" : "end";
  })();
  ended.catch(() => resolveStatus(0));
  return { status, results, ended, stop: () => controller.abort() };
}

/** One graphql-ws operation by payload, collecting what arrives. */
export interface WsOperation {
  results: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] }[];
  /** The errors of an operation the server refused (graphql-ws `error` message). */
  refused?: { message: string; extensions?: { code?: string } }[];
  done: Promise<void>;
  stop(): void;
}

/** Subscribes (or runs a query) over graphql-ws with a raw payload (query may be "" with an id). */
export function wsOperation(client: Client, payload: Record<string, unknown>): WsOperation {
  const op: WsOperation = { results: [], done: Promise.resolve(), stop: () => undefined };
  op.done = new Promise<void>((resolve) => {
    op.stop = client.subscribe(payload as { query: string }, {
      next: (result) => void op.results.push(result as WsOperation["results"][number]),
      error: (error) => {
        op.refused = Array.isArray(error) ? (error as WsOperation["refused"]) : [{ message: String(error) }];
        resolve();
      },
      complete: () => resolve(),
    });
  });
  return op;
}
