/**
 * Raw HTTP against a running gateway, for tests of what arrives before typed documents matter:
 * limits, access checks, malformed requests. Documents are plain strings on purpose (hostile
 * ones are not valid operations of the graph).
 */

/** A response as a client sees it. */
export interface RawResponse {
  status: number;
  headers: Headers;
  body:
    | { data?: unknown; errors?: Array<{ message: string; path?: unknown[]; extensions?: Record<string, unknown> }> }
    | undefined;
  text: string;
  ms: number;
}

/** Sends a request to the gateway and reads the whole answer. */
export async function send(url: string, init: RequestInit = {}): Promise<RawResponse> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  let body: RawResponse["body"];
  try {
    body = JSON.parse(text) as RawResponse["body"];
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text, ms: performance.now() - started };
}

/** POSTs a document as JSON, as GraphiQL and every GraphQL client do. */
export function post(
  origin: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return send(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
}

/** The extensions.code of every error of a response. */
export function codes(res: RawResponse): unknown[] {
  return (res.body?.errors ?? []).map((e) => e.extensions?.code);
}

/** `{ root { a { b { a … } } } }`: `levels` selections deep, `root` then the cycle repeated. */
export function nested(root: string, cycle: readonly string[], levels: number, leaf = "id"): string {
  let open = `${root} { `;
  for (let i = 1; i < levels; i++) open += `${cycle[(i - 1) % cycle.length]} { `;
  return `{ ${open}${leaf}${" }".repeat(levels)} }`;
}
