/**
 * Reading an answer sent in parts (@defer, @stream) the way a client does: each payload as it
 * arrives from a multipart/mixed or text/event-stream body, and the parts merged into the one
 * result they make.
 */

/** One payload of an answer in parts: the first carries `data`, later ones `incremental`. */
export interface Part {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[];
  incremental?: {
    data?: Record<string, unknown> | null;
    items?: unknown[];
    path: (string | number)[];
    label?: string;
    errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[];
  }[];
  hasNext?: boolean;
}

/**
 * The payloads of `res` in the order they arrive, read from its body as it comes in: multipart/mixed
 * parts (each a JSON body after its headers, between `---` boundaries) or SSE `next` events.
 */
export async function* readParts(res: Response): AsyncGenerator<Part> {
  const type = res.headers.get("content-type") ?? "";
  const sse = type.startsWith("text/event-stream");
  if (!sse && !type.startsWith("multipart/mixed")) throw new Error(`not an answer in parts: ${type}`);
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) buffer += decoder.decode(value, { stream: true });
      // JSON bodies hold no raw line breaks, so the separators cannot occur inside one.
      const separator = sse ? "\n\n" : "\r\n---";
      let at: number;
      while ((at = buffer.indexOf(separator)) !== -1) {
        const chunk = buffer.slice(0, at);
        buffer = buffer.slice(at + separator.length);
        const part = sse ? sseData(chunk) : multipartBody(chunk);
        if (part !== undefined) yield JSON.parse(part) as Part;
      }
      if (done) return;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function sseData(event: string): string | undefined {
  const lines = event.split("\n");
  if (!lines.includes("event: next")) return undefined;
  const data = lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice("data: ".length));
  return data.length > 0 ? data.join("\n") : undefined;
}

function multipartBody(part: string): string | undefined {
  const start = part.indexOf("\r\n\r\n");
  return start === -1 ? undefined : part.slice(start + 4);
}

/** Every payload of `res`, read to its end. */
export async function allParts(res: Response): Promise<Part[]> {
  const parts: Part[] = [];
  for await (const part of readParts(res)) parts.push(part);
  return parts;
}

/** The one result `parts` make: deferred data merged in at its path, streamed items appended. */
export function mergeParts(parts: readonly Part[]): {
  data: Record<string, unknown>;
  errors: NonNullable<Part["errors"]>;
} {
  const [first, ...rest] = parts;
  const data = structuredClone(first?.data ?? {});
  const errors = [...(first?.errors ?? [])];
  for (const part of rest) {
    for (const piece of part.incremental ?? []) {
      errors.push(...(piece.errors ?? []));
      if (piece.items) {
        const list = at(data, piece.path.slice(0, -1)) as unknown[];
        list.splice(Number(piece.path.at(-1)), piece.items.length, ...structuredClone(piece.items));
      } else if (piece.data) {
        Object.assign(at(data, piece.path) as object, structuredClone(piece.data));
      }
    }
  }
  return { data, errors };
}

function at(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}
